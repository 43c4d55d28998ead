import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import type { TaskCard } from './types';

/** The counter card of every tenant (what decisions, views and live events invalidate). */
export const taskCardKey = ['tasks', 'card'] as const;

/** GET merchant/task/card: §3 task counter card (unread requests and tickets, totals by status). */
export async function getTaskCard(tenantId: string, signal?: AbortSignal): Promise<TaskCard> {
  return (await apiGet<DataResponse<TaskCard>>('merchant/task/card', undefined, { tenantId, signal })).data;
}

export function taskCardQueryOptions(tenantId: string, enabled = true) {
  return queryOptions({
    queryKey: [...taskCardKey, tenantId],
    queryFn: ({ signal }) => getTaskCard(tenantId, signal),
    enabled: enabled && Boolean(tenantId),
    // A refused or failed card only leaves the counts out: no retries hammering a 403.
    retry: false,
  });
}

export function useTaskCard(tenantId: string, enabled = true) {
  return useQuery(taskCardQueryOptions(tenantId, enabled));
}
