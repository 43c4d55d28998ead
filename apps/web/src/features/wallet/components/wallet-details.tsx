import { useTranslation } from 'react-i18next';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import { walletHeaderDisplay } from '@zc/shared/api/wallet-rules';
import type { WalletBalance } from '@zc/shared/api/wallet';
import { formatDateTime } from '../../../lib/formatters';
import { formatVnd } from './wallet-rules';

/** §2.9 a wallet's figures: balance (or unlimited), mode, threshold, receivers, notification flag. */
export function WalletDetails({ wallet: w }: { wallet: WalletBalance }) {
  const { t } = useTranslation('wallet');
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      items={[
        {
          key: 'balance',
          label: t('wallet.balance'),
          children: <strong data-testid="wallet-view-balance">{walletHeaderDisplay(w).kind === 'unlimited' ? t('wallet.unlimited') : formatVnd(w.balance)}</strong>,
        },
        { key: 'mode', label: t('wallet.mode'), children: <Tag color={w.mode === 'PREPAID' ? 'blue' : 'purple'}>{t(`wallet.modes.${w.mode}`)}</Tag> },
        ...(w.mode === 'POSTPAID' ? [{ key: 'usage', label: t('wallet.postpaidUsage'), children: formatVnd(w.postpaidUsage) }] : []),
        { key: 'threshold', label: t('wallet.threshold'), children: formatVnd(w.threshold) },
        { key: 'isNoti', label: t('wallet.notify'), children: w.isNoti ? t('wallet.on') : t('wallet.off') },
        {
          key: 'receivers',
          label: t('wallet.receivers'),
          children: w.receivers.length ? (
            <Space size={[4, 4]} wrap>
              {w.receivers.map((r) => (
                <Tag key={r.id}>{r.displayName || r.email}</Tag>
              ))}
            </Space>
          ) : (
            '—'
          ),
        },
        { key: 'updatedAt', label: t('wallet.updatedAt'), children: formatDateTime(w.updatedAt) },
      ]}
    />
  );
}
