import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import { walletHeaderDisplay } from '@zc/shared/api/wallet-rules';
import { getBalanceQueryOptions, useBalance, type WalletRef } from '../../features/wallet/api/get-balance';
import { WalletHistoryDialog } from '../../features/wallet/components/wallet-history-dialog';
import { WalletEditDialog } from '../../features/wallet/components/wallet-edit-dialog';
import { WalletViewDialog } from '../../features/wallet/components/wallet-view-dialog';
import { formatVnd } from '../../features/wallet/components/wallet-rules';
import Typography from 'antd/es/typography';
import { isForbiddenError } from '../../components/permission-alert';
import { MerchantDiscounts } from '../../features/discounts/components/merchant-discounts';
import { PageHeader } from '../../components/page-header';
import { usePermissions, useScope } from '../../lib/scope-context';

type Dialog = { kind: 'view' | 'history' | 'edit'; wallet: WalletRef } | null;

/**
 * /dashboard/billing (the Wallets menu item; VIEW_MERCHANT_BILLING_BALANCE or UPDATE_TENANT_BILLING_BALANCE,
 * checked by the router): the organisation's wallet and its tenants' wallets (view, history, edit).
 * A tenant wallet the caller may not see says so on its row.
 */
export function BillingPage() {
  const { t } = useTranslation('wallet');
  const scope = useScope();
  const { can } = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const merchantId = scope.merchant?.id ?? '';
  const tenants = scope.merchant?.tenants ?? [];
  const canView = can('VIEW_MERCHANT_BILLING_BALANCE');
  const merchantRef: WalletRef | null = canView && merchantId ? { kind: 'merchant', merchantId } : null;
  const merchantWallet = useBalance(merchantRef);
  const tenantWallets = useQueries({
    queries: tenants.map((tenant) => ({ ...getBalanceQueryOptions(canView || can('UPDATE_TENANT_BILLING_BALANCE') ? { kind: 'tenant', merchantId, tenantId: tenant.id } : null), retry: false })),
  });

  const w = merchantWallet.data;

  return (
    <>
      <PageHeader title={t('shell:menu.wallets')} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {merchantRef ? (
          <Card title={t('wallet.organisationWallet')} loading={merchantWallet.isPending} data-testid="merchant-wallet">
            {w ? (
              <Row gutter={24} align="middle">
                <Col flex="auto">
                  <Space size={48} wrap>
                    <Statistic title={t('wallet.balance')} value={walletHeaderDisplay(w).kind === 'unlimited' ? t('wallet.unlimited') : formatVnd(w.balance)} />
                    <Statistic title={t('wallet.mode')} value={t(`wallet.modes.${w.mode}`)} />
                    <Statistic title={t('wallet.threshold')} value={formatVnd(w.threshold)} />
                  </Space>
                </Col>
                <Col>
                  <Space>
                    <Button onClick={() => setDialog({ kind: 'view', wallet: merchantRef })}>{t('wallet.view')}</Button>
                    <Button onClick={() => setDialog({ kind: 'history', wallet: merchantRef })}>{t('wallet.historyTitle')}</Button>
                  </Space>
                </Col>
              </Row>
            ) : null}
          </Card>
        ) : null}
        <Card title={t('wallet.tenantWallets')}>
          <Table
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={tenants.map((tenant, i) => ({
              id: tenant.id,
              name: tenant.name,
              wallet: tenantWallets[i]?.data,
              failed: tenantWallets[i]?.isError ?? false,
              denied: isForbiddenError(tenantWallets[i]?.error),
            }))}
            columns={[
              { key: 'name', title: t('wallet.tenant'), dataIndex: 'name' },
              {
                key: 'balance',
                title: t('wallet.balance'),
                render: (_, row) =>
                  row.wallet ? (
                    walletHeaderDisplay(row.wallet).kind === 'unlimited' ? t('wallet.unlimited') : formatVnd(row.wallet.balance)
                  ) : row.denied ? (
                    <Typography.Text type="secondary" data-testid={`tenant-wallet-denied-${row.id}`}>
                      {t('access:noPermission.title', { what: t('tenants:detail.walletWhat') })}
                    </Typography.Text>
                  ) : row.failed ? (
                    '—'
                  ) : (
                    '…'
                  ),
              },
              { key: 'mode', title: t('wallet.mode'), render: (_, row) => (row.wallet ? <Tag color={row.wallet.mode === 'PREPAID' ? 'blue' : 'purple'}>{t(`wallet.modes.${row.wallet.mode}`)}</Tag> : null) },
              { key: 'threshold', title: t('wallet.threshold'), render: (_, row) => (row.wallet ? formatVnd(row.wallet.threshold) : null) },
              {
                key: 'actions',
                title: t('common:actions'),
                render: (_, row) => {
                  const ref: WalletRef = { kind: 'tenant', merchantId, tenantId: row.id };
                  return row.wallet ? (
                    <Space>
                      <Button size="small" onClick={() => setDialog({ kind: 'history', wallet: ref })}>
                        {t('wallet.historyTitle')}
                      </Button>
                      {row.wallet.abilities.update ? (
                        <Button size="small" type="primary" onClick={() => setDialog({ kind: 'edit', wallet: ref })} data-testid={`tenant-wallet-edit-${row.id}`}>
                          {t('wallet.edit')}
                        </Button>
                      ) : null}
                    </Space>
                  ) : null;
                },
              },
            ]}
          />
        </Card>
        {merchantId && can('VIEW_MERCHANT_DISCOUNT') ? <MerchantDiscounts merchantId={merchantId} /> : null}
      </Space>
      <WalletViewDialog open={dialog?.kind === 'view'} wallet={dialog?.wallet ?? null} onClose={() => setDialog(null)} />
      <WalletHistoryDialog open={dialog?.kind === 'history'} wallet={dialog?.wallet ?? null} onClose={() => setDialog(null)} />
      <WalletEditDialog open={dialog?.kind === 'edit'} wallet={dialog?.wallet ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
