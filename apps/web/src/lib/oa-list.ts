import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { apiGet, type DataResponse } from './api-client';

/** GET merchant/zalo-oa/list-oa: the tenant's connected OAs (every tenant member may read it; §4 gate). */
export async function listOas(tenantId: string): Promise<ZaloOa[]> {
  return (await apiGet<DataResponse<ZaloOa[]>>('merchant/zalo-oa/list-oa', undefined, { tenantId })).data;
}

export function listOasQueryOptions(tenantId?: string | null) {
  return queryOptions({
    queryKey: tenantId ? ['zalo-oa', 'list', tenantId] : ['zalo-oa', 'list'],
    queryFn: () => listOas(tenantId ?? ''),
    enabled: Boolean(tenantId),
    staleTime: 30_000,
  });
}

export function useOaList(tenantId: string | null | undefined) {
  return useQuery(listOasQueryOptions(tenantId));
}
