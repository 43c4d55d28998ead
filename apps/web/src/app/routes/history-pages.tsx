import { useTranslation } from 'react-i18next';
import { HistoryTable } from '../../features/history/components/history-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { usePermissions, useScope } from '../../lib/scope-context';

/** /tenant/zns-service/history: §2.13 notification-message module. */
export function ZnsHistoryPage() {
  const { t } = useTranslation('gateway');
  const { can } = usePermissions();
  const scope = useScope();
  if (!can('VIEW_HISTORY') || !scope.tenant) return <ErrorResult status={403} />;
  return (
    <>
      <PageHeader title={t('history.znsTitle')} />
      <HistoryTable key={scope.tenant.id} module="ZNS" tenantId={scope.tenant.id} />
    </>
  );
}

/** /tenant/zalo-oa/history and /tenant/zalo-oa/uid: §2.13 official-account module (with the UID export). */
export function OaHistoryPage() {
  const { t } = useTranslation('gateway');
  const { can } = usePermissions();
  const scope = useScope();
  if (!can('VIEW_HISTORY') || !scope.tenant) return <ErrorResult status={403} />;
  return (
    <>
      <PageHeader title={t('history.oaTitle')} />
      <HistoryTable key={scope.tenant.id} module="OA" tenantId={scope.tenant.id} />
    </>
  );
}
