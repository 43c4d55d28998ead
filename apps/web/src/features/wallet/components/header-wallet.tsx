import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { walletHeaderDisplay } from '@zc/shared/api/wallet';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { useBalance, type WalletRef } from '../api/get-balance';
import { formatVnd } from './wallet-rules';
import { WalletViewDialog } from './wallet-view-dialog';
import { WalletHistoryDialog } from './wallet-history-dialog';
import { WalletEditDialog } from './wallet-edit-dialog';

type Open = 'view' | 'history' | 'edit' | null;

/** §2.2 header wallet: 'unlimited' for postpaid (any non-prepaid mode), the balance for prepaid. */
export function HeaderWallet() {
  const { t } = useTranslation('gateway');
  const scope = useScope();
  const { can } = usePermissions();
  const [open, setOpen] = useState<Open>(null);
  const merchantId = scope.merchant?.id;
  const ref: WalletRef | null =
    !merchantId
      ? null
      : scope.level === 'tenant'
        ? scope.tenant && can('VIEW_TENANT_BILLING_BALANCE')
          ? { kind: 'tenant', merchantId, tenantId: scope.tenant.id }
          : null
        : can('VIEW_MERCHANT_BILLING_BALANCE')
          ? { kind: 'merchant', merchantId }
          : null;
  const balance = useBalance(ref);
  if (!ref || !balance.data) return null;
  const display = walletHeaderDisplay(balance.data);
  const canEdit = ref.kind === 'tenant' && can('UPDATE_TENANT_BILLING_BALANCE');
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'view', label: <span data-testid="wallet-menu-view">{t('wallet.view')}</span> },
            { key: 'history', label: <span data-testid="wallet-menu-history">{t('wallet.historyTitle')}</span> },
            ...(canEdit ? [{ key: 'edit', label: <span data-testid="wallet-menu-edit">{t('wallet.edit')}</span> }] : []),
          ],
          onClick: ({ key }) => setOpen(key as Open),
        }}
      >
        <Button type="text" icon={<WalletOutlined />} data-testid="header-wallet" aria-label={t('wallet.title')}>
          <span data-testid="header-wallet-value">{display.kind === 'unlimited' ? t('wallet.unlimited') : formatVnd(display.balance)}</span>
        </Button>
      </Dropdown>
      <WalletViewDialog open={open === 'view'} wallet={ref} onClose={() => setOpen(null)} />
      <WalletHistoryDialog open={open === 'history'} wallet={ref} onClose={() => setOpen(null)} />
      {canEdit ? <WalletEditDialog open={open === 'edit'} wallet={ref} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
