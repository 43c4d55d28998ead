import type { z } from 'zod';
import type { ApiKey, apiKeyQuery } from '@zc/shared/api/api-keys';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

/** The list's filters (page and size come from the paged-list hook); `zaloOAIds` and `teamIds` comma-joined. */
export type ApiKeysFilters = Pick<z.input<typeof apiKeyQuery>, 'orderBy' | 'status' | 'zaloOAIds' | 'teamIds'>;

/** What mutations invalidate: every page of every tenant's key list. */
export const apiKeysKey = ['api-keys'] as const;

/** GET merchant/api-key (page, size, service ZNS, orderBy, zaloOAIds, status, teamIds); rows carry their abilities. */
export async function getApiKeys(tenantId: string, query: ApiKeysFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<ApiKey>> {
  return apiGet<ListResponse<ApiKey>>('merchant/api-key', { service: 'ZNS', ...query }, { tenantId, signal });
}

export function useApiKeys(tenantId: string, filters: ApiKeysFilters) {
  return usePagedList({ key: [...apiKeysKey, tenantId], filters, fetch: (query, signal) => getApiKeys(tenantId, query, signal), enabled: Boolean(tenantId) });
}
