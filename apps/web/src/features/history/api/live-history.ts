import { useEffect, useMemo } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import type { HistoryListResponse, MessageStatus } from '@zc/shared/api/messaging';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { createTrailingThrottle, MESSAGE_EVENTS, type MessageEvent } from '../../../lib/realtime';
import { ALL_STATUSES } from '../components/history-model';
import type { HistoryModule, HistoryParams } from './history-query';
import { historyKey, historyParamsOfKey } from './get-history';

/** A burst of events (a campaign) folds into one refetch per window. */
export const LIVE_REFETCH_MS = 700;

export type LiveAction = { kind: 'patch'; data: HistoryListResponse; refetch: boolean } | { kind: 'refetch' } | { kind: 'none' };

/** Statuses whose other fields change with them in ways the event does not carry. */
const REFETCH_ONLY: readonly string[] = ['PENDING', 'ERROR_CALL_ZALO', 'ERROR', 'ERROR_PUSH_QUEUE'];

function isStatus(v: string): v is MessageStatus {
  return (ALL_STATUSES as readonly string[]).includes(v);
}

/**
 * What one message event does to one cached history page (pure, tested):
 * - a row of the page moves to another status: patched in place; a move that brings fields the event
 *   does not carry also refetches (PUSHED_ZALO: Zalo's message id as the session id), and a retry
 *   (PENDING, with its error text), a failure (error text, refund, fallback) or a row leaving the
 *   status filter only refetches;
 * - a ZNS row whose fallback OA message moved: its fallback status is patched;
 * - a message not on the page that the filter would show: refetch the first page (a new send, or a row
 *   entering the filter); other pages keep still rather than shift under the reader.
 */
export function applyMessageEvent(module: HistoryModule, params: HistoryParams, list: HistoryListResponse | undefined, event: Pick<MessageEvent, 'type' | 'tenantId' | 'data'>): LiveAction {
  if (!list || event.tenantId !== params.tenantId) return { kind: 'none' };
  const { messageId, status } = event.data;
  if (!isStatus(status)) return { kind: 'refetch' };
  const filtered = params.status.length > 0;
  if (event.data.module !== module) {
    // An OA message that stands in for a ZNS one (ADR 0004): its status shows on the ZNS row.
    if (module !== 'ZNS') return { kind: 'none' };
    const i = list.data.findIndex((r) => r.fallbackMessageId === messageId);
    const row = list.data[i];
    if (!row || row.fallbackStatus === status) return { kind: 'none' };
    return { kind: 'patch', data: { ...list, data: list.data.map((r, j) => (j === i ? { ...r, fallbackStatus: status } : r)) }, refetch: false };
  }
  const i = list.data.findIndex((r) => r.id === messageId);
  const row = list.data[i];
  if (!row) {
    if (filtered && !params.status.includes(status)) return { kind: 'none' };
    return params.page === 1 && !params.cursor ? { kind: 'refetch' } : { kind: 'none' };
  }
  if (row.status === status) return { kind: 'none' };
  if (event.type === 'message.failed_permanently' || REFETCH_ONLY.includes(status)) return { kind: 'refetch' };
  if (filtered && !params.status.includes(status)) return { kind: 'refetch' };
  // Accepted or delivered: no error any more (the server clears it with these statuses).
  const data = { ...list, data: list.data.map((r, j) => (j === i ? { ...r, status, errorMsg: null } : r)) };
  return { kind: 'patch', data, refetch: status === 'PUSHED_ZALO' && !row.sessionId };
}

function paramsOf(query: Query): HistoryParams | null {
  return historyParamsOfKey(query.queryKey);
}

/**
 * Keeps the cached history pages of one module and tenant current from the realtime stream, instead
 * of polling: rows are patched in place, anything else refetches (at most once per LIVE_REFETCH_MS),
 * and everything refetches when events may have been missed.
 */
export function useLiveHistory(module: HistoryModule, tenantId: string): void {
  const queryClient = useQueryClient();
  const refetch = useMemo(
    () =>
      createTrailingThrottle(
        () => void queryClient.invalidateQueries({ queryKey: historyKey(module), predicate: (q) => paramsOf(q)?.tenantId === tenantId }),
        LIVE_REFETCH_MS,
      ),
    [queryClient, module, tenantId],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);

  useRealtimeEvent(MESSAGE_EVENTS, (event) => {
    if (event.tenantId !== tenantId) return;
    let needsRefetch = false;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: historyKey(module) })) {
      const params = paramsOf(query);
      if (!params) continue;
      // The cache entries of this key hold history pages (useHistory).
      const action = applyMessageEvent(module, params, query.state.data as HistoryListResponse | undefined, event);
      if (action.kind === 'none') continue;
      if (action.kind === 'patch') queryClient.setQueryData(query.queryKey, action.data);
      // A fetch in flight may answer with the row as it was before this event: fetch again after it.
      if (action.kind === 'refetch' || action.refetch || query.state.fetchStatus === 'fetching') needsRefetch = true;
    }
    if (needsRefetch) refetch.call();
  });
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: historyKey(module), predicate: (q) => paramsOf(q)?.tenantId === tenantId }));
}
