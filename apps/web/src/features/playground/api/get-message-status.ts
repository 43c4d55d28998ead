import { useQuery } from '@tanstack/react-query';
import type { PlaygroundMessageStatus } from '@zc/shared/api/playground';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/**
 * How the playground follows one send. Until the console's realtime stream exists (a later issue;
 * ARCHITECTURE rule 9), the page polls this one message's status: every second, at most a minute,
 * stopping at delivered or failed. Replace this poll with the stream's message.status events.
 */
export const STATUS_POLL = { intervalMs: 1000, maxMs: 60_000 } as const;

/** GET uid/message-playground/{id}: queued, accepted by Zalo, delivered, or failed with the decoded Zalo reason. */
export async function getPlaygroundMessageStatus(tenantId: string, id: string): Promise<PlaygroundMessageStatus> {
  return (await apiGet<DataResponse<PlaygroundMessageStatus>>(`uid/message-playground/${encodeURIComponent(id)}`, undefined, { tenantId })).data;
}

/** Whether the poll should go on: not final yet and inside the time bound. */
export function keepPolling(status: PlaygroundMessageStatus | undefined, startedAt: number, now: number): boolean {
  return !status?.final && now - startedAt < STATUS_POLL.maxMs;
}

/** The status of the message sent at `startedAt` (ms), polled while `keepPolling` holds. */
export function usePlaygroundMessageStatus(tenantId: string, id: string | undefined, startedAt: number) {
  return useQuery({
    queryKey: ['playground', 'message', tenantId, id ?? ''],
    queryFn: () => getPlaygroundMessageStatus(tenantId, id ?? ''),
    enabled: Boolean(tenantId && id),
    refetchInterval: (query) => (keepPolling(query.state.data, startedAt, Date.now()) ? STATUS_POLL.intervalMs : false),
    refetchIntervalInBackground: true,
    retry: 1,
  });
}
