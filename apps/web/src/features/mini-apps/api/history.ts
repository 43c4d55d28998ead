import type { ZmaActivityRow } from '@zc/shared/api/zma-apps';
import type { ZmaActivityKind } from '@zc/shared/api/zma';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

export interface ActivityFilters {
  kind?: ZmaActivityKind;
  from?: string;
  to?: string;
  zmaAppId?: string;
  customerId?: string;
  branchId?: string;
}

/** GET zma/merchant/history (every mini app of the tenant) or zma/merchant/activity (the app of x-zma-id). */
export function useActivity(scope: 'tenant' | 'app', tenantId: string, filters: ActivityFilters, key: string) {
  const path = scope === 'tenant' ? 'zma/merchant/history' : 'zma/merchant/activity';
  return usePagedList({
    key: ['zma-activity', scope, key],
    filters,
    fetch: ({ size, cursor: _cursor, ...query }, signal) => apiGet<ListResponse<ZmaActivityRow>>(path, { ...query, pageSize: size }, { tenantId, signal }),
    enabled: Boolean(tenantId),
  });
}
