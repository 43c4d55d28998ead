import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryListResponse } from '@zc/shared/api/messaging';
import { apiGet } from '../../../lib/api-client';
import { toHistoryQuery, type HistoryModule, type HistoryParams } from './history-query';

const PATHS: Record<HistoryModule, string> = { ZNS: 'merchant/zns/history', OA: 'merchant/uid' };

/** GET merchant/zns/history (notification messages) or GET merchant/uid (official account). */
export async function getHistory(module: HistoryModule, { tenantId, ...params }: HistoryParams): Promise<HistoryListResponse> {
  return apiGet<HistoryListResponse>(PATHS[module], toHistoryQuery(module, { tenantId, ...params }), { tenantId });
}

export function getHistoryQueryOptions(module: HistoryModule, params?: HistoryParams) {
  return queryOptions({
    queryKey: params ? ['history', module, params] : ['history', module],
    queryFn: () => getHistory(module, params as HistoryParams),
    enabled: Boolean(params?.tenantId),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(module: HistoryModule, params: HistoryParams, refetchInterval?: number) {
  return useQuery({ ...getHistoryQueryOptions(module, params), refetchInterval });
}
