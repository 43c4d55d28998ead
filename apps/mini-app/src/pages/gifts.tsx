import { useEffect, useState } from 'react';
import { Box, Button, Header, Page, Sheet, Spinner, Text } from 'zmp-ui';
import { api, type CustomerGift } from '../api';
import { QrCode } from '../components/qr-code';
import { errorText } from '../errors';
import { formatDate, formatMoney, t, tMaybe } from '../i18n';

function discount(g: CustomerGift): string | null {
  if (g.discountValue == null) return null;
  return g.discountKind === 'PERCENT' ? `${g.discountValue}%` : formatMoney(g.discountValue);
}

/** My gifts: gifts and vouchers with their status, expiry and a QR code of the code. */
export function GiftsPage() {
  const [gifts, setGifts] = useState<CustomerGift[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [open, setOpen] = useState<CustomerGift | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    api.gifts().then(
      (list) => live && (setGifts(list), setFailure(null)),
      (err: unknown) => live && setFailure(err),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (failure !== null) {
    return (
      <Page className="page">
        <Header title={t('tabGifts')} showBackIcon={false} />
        <Text className="empty">{errorText(failure)}</Text>
        <div className="center-row">
          <Button variant="secondary" onClick={() => (setFailure(null), setAttempt((n) => n + 1))}>
            {t('retry')}
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page className="page">
      <Header title={t('tabGifts')} showBackIcon={false} />
      {gifts === null ? (
        <div className="center">
          <Spinner />
        </div>
      ) : gifts.length === 0 ? (
        <Text className="empty">{t('noGifts')}</Text>
      ) : (
        gifts.map((g) => {
          const off = discount(g);
          const usable = g.status === 'ALLOCATED';
          return (
            <Box key={g.codeId} className={`card gift ${usable ? '' : 'gift-done'}`} data-testid="gift" data-code={g.code} data-status={g.status}>
              <div className="gift-head">
                <span className={`tag tag-${g.type.toLowerCase()}`}>{g.type === 'VOUCHER' ? t('voucher') : t('item')}</span>
                <span className={`status status-${g.status.toLowerCase()}`} data-testid="gift-status">
                  {tMaybe(`status_${g.status}`) ?? g.status}
                </span>
              </div>
              <Text.Title size="normal">{g.name}</Text.Title>
              {off && (
                <Text size="small">
                  {t('off')} {off}
                  {g.minOrderValue ? ` · ${t('minOrder')} ${formatMoney(g.minOrderValue)}` : ''}
                </Text>
              )}
              {g.conditions && (
                <Text size="xSmall" className="muted">
                  {g.conditions}
                </Text>
              )}
              <Text size="small" className="code-line">
                {t('code')}: <code>{g.code}</code>
              </Text>
              {g.status === 'USED' && g.usedAt ? (
                <Text size="xSmall" className="muted">
                  {t('usedAt')} {formatDate(g.usedAt)}
                  {g.branchName ? ` ${t('at')} ${g.branchName}` : ''}
                </Text>
              ) : (
                g.expiresAt && (
                  <Text size="xSmall" className="muted">
                    {t('expires')}: {formatDate(g.expiresAt)}
                  </Text>
                )
              )}
              {usable && (
                <Button size="small" variant="secondary" onClick={() => setOpen(g)} data-testid="show-qr">
                  {t('showQr')}
                </Button>
              )}
            </Box>
          );
        })
      )}
      <Sheet visible={open !== null} onClose={() => setOpen(null)} autoHeight mask handler swipeToClose title={open?.name}>
        {open && (
          <div className="qr-sheet" data-testid="qr-sheet">
            <QrCode text={open.code} />
            <code className="qr-code-text">{open.code}</code>
            <Text size="small" className="muted">
              {t('qrHint')}
            </Text>
            <Button fullWidth variant="tertiary" onClick={() => setOpen(null)}>
              {t('close')}
            </Button>
          </div>
        )}
      </Sheet>
    </Page>
  );
}
