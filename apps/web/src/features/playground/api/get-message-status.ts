import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaygroundMessageStatus } from '@zc/shared/api/playground';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { MESSAGE_EVENTS, type MessageEvent } from '../../../lib/realtime';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/**
 * How the playground follows one send: the realtime stream's message events for its id refetch its
 * status (no polling, ARCHITECTURE rule 9); one fallback refetch `fallbackMs` after the send covers a
 * stream that is down; without a final status after `maxMs` the page says it stopped following.
 */
export const STATUS_POLL = { fallbackMs: 10_000, maxMs: 60_000 } as const;

/** GET uid/message-playground/{id}: queued, accepted by Zalo, delivered, or failed with the decoded Zalo reason. */
export async function getPlaygroundMessageStatus(tenantId: string, id: string): Promise<PlaygroundMessageStatus> {
  return (await apiGet<DataResponse<PlaygroundMessageStatus>>(`uid/message-playground/${encodeURIComponent(id)}`, undefined, { tenantId })).data;
}

/** Whether an event of the stream concerns the followed message (and so its status must be read again). */
export function isEventFor(event: Pick<MessageEvent, 'tenantId' | 'data'>, tenantId: string, id: string | undefined): boolean {
  return Boolean(id) && event.tenantId === tenantId && event.data.messageId === id;
}

/** When the one fallback refetch is due (ms from now), or null when none is needed: final already, or past the bound. */
export function fallbackRefetchIn(status: PlaygroundMessageStatus | undefined, startedAt: number, now: number): number | null {
  if (status?.final) return null;
  const at = startedAt + STATUS_POLL.fallbackMs;
  if (now - startedAt >= STATUS_POLL.maxMs) return null;
  return Math.max(0, at - now);
}

/** The status of the message sent at `startedAt` (ms), refetched on its realtime events. */
export function usePlaygroundMessageStatus(tenantId: string, id: string | undefined, startedAt: number) {
  const queryClient = useQueryClient();
  const queryKey = ['playground', 'message', tenantId, id ?? ''];
  const query = useQuery({
    queryKey,
    queryFn: () => getPlaygroundMessageStatus(tenantId, id ?? ''),
    enabled: Boolean(tenantId && id),
    retry: 1,
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  useRealtimeEvent(MESSAGE_EVENTS, (event) => {
    if (isEventFor(event, tenantId, id)) refetch();
  });
  useRealtimeResync(() => {
    if (id && !query.data?.final) refetch();
  });

  // One fallback refetch, armed once per send (a stream that was down, an event lost to a long transaction).
  const final = query.data?.final ?? false;
  useEffect(() => {
    if (!id || final) return;
    const due = fallbackRefetchIn(undefined, startedAt, Date.now());
    if (due === null) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['playground', 'message', tenantId, id], exact: true }), due);
    return () => clearTimeout(timer);
  }, [queryClient, tenantId, id, startedAt, final]);
  return query;
}
