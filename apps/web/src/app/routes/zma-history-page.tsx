import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { apiGet, type DataResponse } from '../../lib/api-client';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useZmaApps, useZmaPermissions, useZmaScope } from '../../lib/zma-scope';
import { ActivityTable } from '../../features/mini-apps/components/activity-table';
import { MiniAppsNav } from '../../features/mini-apps/components/mini-apps-nav';

/** `/tenant/zalo-mini-app/history` (issue 14 #1): the activity of every mini app of the tenant, by app. */
export function MiniAppHistoryPage() {
  const { t } = useTranslation('mini-apps');
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const { can } = usePermissions();
  const apps = useZmaApps(tenantId);
  return (
    <>
      <PageHeader title={t('history.title')} />
      <MiniAppsNav tenantId={tenantId} />
      <ActivityTable scope="tenant" tenantId={tenantId} apps={apps.data ?? []} mayExport={can('VIEW_ZMA_USER_HISTORY')} />
    </>
  );
}

/** `/tenant/mini-app/:id/history` (issue 14 #8): this app's activity by kind, customer, branch and date. */
export function MiniAppActivityPage() {
  const { t } = useTranslation('mini-apps');
  const scope = useScope();
  const { zmaAppId } = useZmaScope();
  const { can } = useZmaPermissions();
  // The branch filter's choices (GET zma/merchant/branch/all needs VIEW_ZMA_BRANCH; without it, no branch filter).
  const branches = useQuery({
    queryKey: ['zma-branch-all', zmaAppId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<{ id: string; name: string }[]>>('zma/merchant/branch/all', undefined, { signal })).data,
    enabled: can('VIEW_ZMA_BRANCH'),
  });
  return (
    <>
      <PageHeader title={t('history.activityTitle')} />
      <ActivityTable
        scope="app"
        tenantId={scope.tenant?.id ?? ''}
        zmaAppId={zmaAppId}
        branches={branches.data ?? []}
        mayExport={can(['EXPORT_ZMA_GIFT_ACTIVITY', 'VIEW_ZMA_USER_HISTORY'])}
      />
    </>
  );
}
