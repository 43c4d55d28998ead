import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { walletHeaderDisplay } from '@zc/shared/api/wallet-rules';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { createTrailingThrottle, MESSAGE_EVENTS } from '../../../lib/realtime';
import { getBalanceQueryOptions, useBalance, type WalletRef } from '../api/get-balance';
import { formatVnd } from './wallet-rules';
import { WalletViewDialog } from './wallet-view-dialog';
import { WalletHistoryDialog } from './wallet-history-dialog';
import { WalletEditDialog } from './wallet-edit-dialog';

type Open = 'view' | 'history' | 'edit' | null;

/** Sends settle in bursts: the balance refetches once per window after the tenant's message events. */
const CHARGE_REFETCH_MS = 2000;

/**
 * Keeps the header balance current from the realtime stream instead of polling: at once when its
 * wallet crosses the threshold, and (folded per CHARGE_REFETCH_MS) after message events of the
 * tenant of a prepaid wallet — a message that reached Zalo was charged, one that failed was refunded.
 */
function useLiveBalance(ref: WalletRef | null, wallet: { id: string; mode: string } | undefined) {
  const queryClient = useQueryClient();
  const kind = ref?.kind;
  const merchantId = ref?.merchantId;
  const tenantId = ref?.tenantId;
  const queryKey = useMemo(() => getBalanceQueryOptions(kind && merchantId ? { kind, merchantId, tenantId } : null).queryKey, [kind, merchantId, tenantId]);
  const refetch = useMemo(() => createTrailingThrottle(() => void queryClient.invalidateQueries({ queryKey }), CHARGE_REFETCH_MS), [queryClient, queryKey]);
  useEffect(() => () => refetch.cancel(), [refetch]);
  useRealtimeEvent('wallet.threshold_crossed', (event) => {
    if (wallet && event.data.walletId === wallet.id) void queryClient.invalidateQueries({ queryKey });
  });
  useRealtimeEvent(MESSAGE_EVENTS, (event) => {
    if (kind === 'tenant' && wallet?.mode === 'PREPAID' && event.tenantId === tenantId) refetch.call();
  });
  useRealtimeResync(() => {
    if (kind) void queryClient.invalidateQueries({ queryKey });
  });
}

/** §2.2 header wallet: 'unlimited' for postpaid (any non-prepaid mode), the balance for prepaid. */
export function HeaderWallet() {
  const { t } = useTranslation('wallet');
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
  useLiveBalance(ref, balance.data);
  if (!ref || !balance.data) return null;
  const display = walletHeaderDisplay(balance.data);
  // The server says whether this wallet may be edited (tenant wallets, UPDATE_TENANT_BILLING_BALANCE).
  const canEdit = balance.data.abilities.update;
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
