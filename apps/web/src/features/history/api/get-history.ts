import type { QueryKey } from '@tanstack/react-query';
import type { HistoryListResponse } from '@zc/shared/api/messaging';
import { apiGet } from '../../../lib/api-client';
import { pagedListKey, usePagedList } from '../../../lib/use-paged-list';
import { toHistoryQuery, type HistoryFilters, type HistoryModule, type HistoryParams } from './history-query';

const PATHS: Record<HistoryModule, string> = { ZNS: 'merchant/zns/history', OA: 'merchant/uid' };

/** GET merchant/zns/history (notification messages) or GET merchant/uid (official account), scoped by x-oa-id. */
export async function getHistory(module: HistoryModule, params: HistoryParams, signal?: AbortSignal): Promise<HistoryListResponse> {
  // The OA comes from the params (hence the query key), never read from the session at fetch time.
  return apiGet<HistoryListResponse>(PATHS[module], toHistoryQuery(module, params), { tenantId: params.tenantId, oaId: params.oaId, signal });
}

/** The prefix of every cached page of one module's history (what live updates and refreshes find). */
export function historyKey(module: HistoryModule): QueryKey {
  return ['history', module];
}

/** The cache key of one history page, as the paged-list hook builds it (the filters carry tenant and OA). */
export function historyPageKey(module: HistoryModule, params: HistoryParams): QueryKey {
  const { page, size, cursor, ...filters } = params;
  return pagedListKey(historyKey(module), filters, { page, cursor }, size);
}

/** The page a cached history query holds, read back from its key (historyPageKey); null for other keys. */
export function historyParamsOfKey(key: QueryKey): HistoryParams | null {
  const [, , filters, page, size, cursor] = key;
  if (typeof filters !== 'object' || filters === null || !('tenantId' in filters) || typeof page !== 'number' || typeof size !== 'number') return null;
  // pagedListKey puts the filters (HistoryFilters, checked above by their tenantId) third.
  const params: HistoryParams = { ...(filters as HistoryFilters), page, size };
  return typeof cursor === 'string' ? { ...params, cursor } : params;
}

/**
 * One module's history through the paged-list hook (offset pages, then keyset pages with a cursor past
 * the offset limit). It never polls: useLiveHistory (live-history.ts) keeps it current from the realtime stream.
 */
export function useHistory(module: HistoryModule, filters: HistoryFilters) {
  return usePagedList({
    key: historyKey(module),
    filters,
    fetch: (query, signal) => getHistory(module, query, signal),
    enabled: Boolean(filters.tenantId),
  });
}
