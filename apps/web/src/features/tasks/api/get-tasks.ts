import type { ContentKind, TaskModule } from '@zc/shared/api/approvals';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import type { TaskRow } from './types';

/** The list's filters (§2.14); page and size come from the paged-list hook. */
export interface TasksFilters {
  module?: TaskModule;
  type?: ContentKind;
  statusTask?: 'PENDING' | 'APPROVAL' | 'DISAPPROVAL';
  orderBy: 'createdAt=desc' | 'createdAt=asc';
  teamIds?: string;
  name?: string;
}

/** What decisions and views invalidate: every page of every tenant's task list. */
export const tasksKey = ['tasks', 'list'] as const;

/** GET merchant/task/list: the caller's review tasks, newest first unless asked otherwise. */
export async function getTasks(tenantId: string, query: TasksFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<TaskRow>> {
  return apiGet<ListResponse<TaskRow>>('merchant/task/list', { ...query }, { tenantId, signal });
}

export function useTasks(tenantId: string, filters: TasksFilters) {
  return usePagedList({ key: [...tasksKey, tenantId], filters, fetch: (query, signal) => getTasks(tenantId, query, signal), enabled: Boolean(tenantId) });
}
