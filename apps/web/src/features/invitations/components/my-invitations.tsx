import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import Alert from 'antd/es/alert';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import type { ReceivedInvitation } from '@zc/shared/api/organisation';
import { ApiError } from '../../../lib/api-client';
import { useMyInvitations } from '../api/get-my-invitations';
import { useAcceptInvitation, type AcceptedInvitation } from '../api/accept-invitation';
import { useDeclineInvitation } from '../api/decline-invitation';
import { ReceivedInvitationSummary } from './received-invitation-summary';

/**
 * The signed-in person's pending invitations with Accept and Decline. Decline asks once more in
 * place (the confirm button takes the focus, Escape or Cancel steps back), so it works by keyboard.
 */
export function MyInvitations({ onAccepted, onDeclined }: { onAccepted: (accepted: AcceptedInvitation) => void; onDeclined?: () => void }) {
  const { t } = useTranslation('users');
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errorText = (error: unknown) => (error instanceof ApiError ? t(`errors:${error.code}`, { defaultValue: error.message }) : t('errors:INTERNAL'));

  if (invitations.isPending) return <Spin />;
  if (invitations.isError) return <Alert type="error" showIcon title={errorText(invitations.error)} />;
  if (invitations.data.length === 0) return <p style={{ color: 'rgba(0,0,0,0.45)', margin: 0 }}>{t('mine.empty')}</p>;

  const busy = (inv: ReceivedInvitation) => (accept.isPending && accept.variables === inv.id) || (decline.isPending && decline.variables === inv.id);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="my-invitations">
      {failure ? <Alert type="error" showIcon closable={{ onClose: () => setFailure(null) }} title={failure} /> : null}
      {invitations.data.map((inv) => (
        <ReceivedInvitationSummary
          key={inv.id}
          invitation={inv}
          actions={
            confirming === inv.id ? (
              <div
                role="group"
                aria-label={t('mine.declineTitle')}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setConfirming(null);
                }}
                style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <span>{t('mine.declineText', { name: inv.merchant.name })}</span>
                <Button
                  danger
                  autoFocus
                  loading={busy(inv)}
                  data-testid="invitation-decline-confirm"
                  onClick={async () => {
                    setFailure(null);
                    try {
                      await decline.mutateAsync(inv.id);
                      setConfirming(null);
                      onDeclined?.();
                    } catch (error) {
                      setFailure(errorText(error));
                    }
                  }}
                >
                  {t('mine.decline')}
                </Button>
                <Button onClick={() => setConfirming(null)}>{t('common:cancel')}</Button>
              </div>
            ) : (
              <>
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  loading={accept.isPending && accept.variables === inv.id}
                  disabled={busy(inv)}
                  data-testid="invitation-accept"
                  onClick={async () => {
                    setFailure(null);
                    try {
                      onAccepted(await accept.mutateAsync(inv.id));
                    } catch (error) {
                      setFailure(errorText(error));
                    }
                  }}
                >
                  {t('mine.accept')}
                </Button>
                <Button icon={<CloseOutlined />} disabled={busy(inv)} onClick={() => setConfirming(inv.id)} data-testid="invitation-decline">
                  {t('mine.decline')}
                </Button>
              </>
            )
          }
        />
      ))}
    </div>
  );
}
