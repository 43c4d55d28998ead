import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryListResponse } from '@zc/shared/api/messaging';
import { apiGet } from '../../../lib/api-client';
import { toHistoryQuery, type HistoryModule, type HistoryParams } from './history-query';

const PATHS: Record<HistoryModule, string> = { ZNS: 'merchant/zns/history', OA: 'merchant/uid' };

/** GET merchant/zns/history (notification messages) or GET merchant/uid (official account), scoped by x-oa-id. */
export async function getHistory(module: HistoryModule, params: HistoryParams): Promise<HistoryListResponse> {
  // The OA comes from the params (hence the query key), never read from the session at fetch time.
  return apiGet<HistoryListResponse>(PATHS[module], toHistoryQuery(module, params), { tenantId: params.tenantId, oaId: params.oaId });
}

export function getHistoryQueryOptions(module: HistoryModule, params?: HistoryParams) {
  return queryOptions({
    // params carries oaId: switching the current OA is a different list.
    queryKey: params ? ['history', module, params] : ['history', module],
    queryFn: () => getHistory(module, params as HistoryParams),
    enabled: Boolean(params?.tenantId),
    placeholderData: keepPreviousData,
  });
}

/** One history page; it never polls: useLiveHistory (live-history.ts) keeps it current from the realtime stream. */
export function useHistory(module: HistoryModule, params: HistoryParams) {
  return useQuery(getHistoryQueryOptions(module, params));
}
