import { useTranslation } from 'react-i18next';
import { HistoryTable } from '../../features/history/components/history-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useLiveHistory } from '../../features/history/api/live-history';
import type { HistoryModule } from '../../features/history/api/history-query';
import { usePermissions, useScope } from '../../lib/scope-context';
import { RealtimeBadge } from '../../components/realtime-badge';
import { MessageClicks } from '../../features/clicks/components/message-clicks';

/** Keeps the module's history of the tenant current from the realtime stream (no polling) and says so. */
function LiveHistory({ module, tenantId }: { module: HistoryModule; tenantId: string }) {
  useLiveHistory(module, tenantId);
  return <RealtimeBadge />;
}

/** /tenant/zns-service/history: §2.13 notification-message module. */
export function ZnsHistoryPage() {
  const { t } = useTranslation('history');
  const { t: tClicks } = useTranslation('clicks');
  const { can } = usePermissions();
  const scope = useScope();
  if (!can('VIEW_HISTORY') || !scope.tenant) return <ErrorResult status={403} />;
  const tenantId = scope.tenant.id;
  return (
    <>
      <PageHeader title={t('history.znsTitle')} extra={<LiveHistory key={scope.tenant.id} module="ZNS" tenantId={scope.tenant.id} />} />
      <HistoryTable
        key={scope.tenant.id}
        module="ZNS"
        tenantId={scope.tenant.id}
        detailExtras={(r) => [{ key: 'clicks', label: tClicks('label'), children: <MessageClicks tenantId={tenantId} messageId={r.id} /> }]}
      />
    </>
  );
}

/** /tenant/zalo-oa/history and /tenant/zalo-oa/uid: §2.13 official-account module (with the UID export). */
export function OaHistoryPage() {
  const { t } = useTranslation('history');
  const { can } = usePermissions();
  const scope = useScope();
  if (!can('VIEW_HISTORY') || !scope.tenant) return <ErrorResult status={403} />;
  return (
    <>
      <PageHeader title={t('history.oaTitle')} extra={<LiveHistory key={scope.tenant.id} module="OA" tenantId={scope.tenant.id} />} />
      <HistoryTable key={scope.tenant.id} module="OA" tenantId={scope.tenant.id} />
    </>
  );
}
