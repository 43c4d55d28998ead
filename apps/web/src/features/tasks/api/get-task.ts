import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import type { TaskDetail } from './types';

/** Every task detail (what decisions invalidate). */
export const taskDetailKey = ['tasks', 'detail'] as const;

/** GET merchant/task/{id}: the task, its approvers in order, the frozen snapshot and its preview. */
export async function getTask(tenantId: string, id: string, signal?: AbortSignal): Promise<TaskDetail> {
  return (await apiGet<DataResponse<TaskDetail>>(`merchant/task/${encodeURIComponent(id)}`, undefined, { tenantId, signal })).data;
}

export function taskQueryOptions(tenantId: string, id: string) {
  return queryOptions({ queryKey: [...taskDetailKey, tenantId, id], queryFn: ({ signal }) => getTask(tenantId, id, signal), enabled: Boolean(tenantId && id) });
}

export function useTask(tenantId: string, id: string) {
  return useQuery(taskQueryOptions(tenantId, id));
}
