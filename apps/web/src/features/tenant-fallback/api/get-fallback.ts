import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FallbackView } from '@zc/shared/api/fallback';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { FALLBACK_KEY } from './types';

/** GET merchant/fallback: the settings (defaults before the first save) and the trigger catalogue. */
export async function getFallback(tenantId: string): Promise<FallbackView> {
  return (await apiGet<DataResponse<FallbackView>>('merchant/fallback', undefined, { tenantId })).data;
}

export function getFallbackQueryOptions(tenantId?: string) {
  return queryOptions({
    queryKey: [...FALLBACK_KEY, 'settings', tenantId ?? ''],
    queryFn: () => getFallback(tenantId ?? ''),
    enabled: Boolean(tenantId),
  });
}

export function useFallback(tenantId: string) {
  return useQuery(getFallbackQueryOptions(tenantId));
}
