import { useTranslation } from 'react-i18next';
import { WalletPanel } from '../../features/wallet/components/wallet-panel';
import { PageHeader } from '../../components/page-header';
import { useScope } from '../../lib/scope-context';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/**
 * /tenant/settings/wallet (§3 settings tab `wallet`, VIEW_TENANT_BILLING_BALANCE): the tenant's
 * wallet — balance or unlimited, mode, threshold, receivers — with its history and, for
 * UPDATE_TENANT_BILLING_BALANCE, the edit dialog (the header wallet's dialogs).
 */
export function WalletSettingsPage() {
  const { t } = useTranslation('fallback');
  const scope = useScope();
  const merchantId = scope.merchant?.id;
  const tenantId = scope.tenant?.id;
  return (
    <>
      <PageHeader title={t('tabs.wallet')} />
      <TenantSettingsTabs active="wallet" />
      {merchantId && tenantId ? <WalletPanel wallet={{ kind: 'tenant', merchantId, tenantId }} /> : null}
    </>
  );
}
