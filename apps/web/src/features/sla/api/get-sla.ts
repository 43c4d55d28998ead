import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlaSettings } from '@zc/shared/api/tickets';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export const slaKey = ['sla-settings'] as const;

/** GET merchant/setting/tenant/sla: the tenant's settings or the defaults (`configured: false`). */
export async function getSla(tenantId: string, signal?: AbortSignal): Promise<SlaSettings> {
  return (await apiGet<DataResponse<SlaSettings>>('merchant/setting/tenant/sla', undefined, { tenantId, signal })).data;
}

export function slaQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: [...slaKey, tenantId], queryFn: ({ signal }) => getSla(tenantId, signal), enabled: Boolean(tenantId) });
}

export function useSla(tenantId: string) {
  return useQuery(slaQueryOptions(tenantId));
}
