import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaygroundApiKey } from '@zc/shared/api/playground';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/uid/list-api-key-playground: the tenant's active keys, by name and OA (no VIEW_API_KEYS needed). */
export async function getPlaygroundKeys(tenantId: string): Promise<PlaygroundApiKey[]> {
  return (await apiGet<DataResponse<PlaygroundApiKey[]>>('merchant/uid/list-api-key-playground', undefined, { tenantId })).data;
}

export function getPlaygroundKeysQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: ['playground', 'api-keys', tenantId], queryFn: () => getPlaygroundKeys(tenantId), enabled: Boolean(tenantId) });
}

export function usePlaygroundKeys(tenantId: string) {
  return useQuery(getPlaygroundKeysQueryOptions(tenantId));
}
