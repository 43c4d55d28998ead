import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@zc/shared/api/api-keys';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export interface ApiKeysQuery {
  tenantId: string;
  page: number;
  size: number;
  orderBy?: string;
  /** Comma-joined OA ids. */
  zaloOAIds?: string;
  status?: 'ACTIVE' | 'INACTIVE';
}

/** GET merchant/api-key (page, size, service ZNS, orderBy, zaloOAIds, status). */
export async function getApiKeys({ tenantId, ...query }: ApiKeysQuery): Promise<ListResponse<ApiKey>> {
  return apiGet<ListResponse<ApiKey>>('merchant/api-key', { service: 'ZNS', ...query }, { tenantId });
}

export function getApiKeysQueryOptions(query?: ApiKeysQuery) {
  return queryOptions({
    queryKey: query ? ['api-keys', query] : ['api-keys'],
    queryFn: () => (query ? getApiKeys(query) : Promise.resolve({ data: [], meta: { total: 0 } })),
    enabled: Boolean(query?.tenantId),
    placeholderData: keepPreviousData,
  });
}

export function useApiKeys(query: ApiKeysQuery) {
  return useQuery(getApiKeysQueryOptions(query));
}
