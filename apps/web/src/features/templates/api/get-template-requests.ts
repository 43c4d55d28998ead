import type { TemplateRequest } from '@zc/shared/api/templates';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

export type { TemplateRequest } from '@zc/shared/api/templates';

/** What a new request invalidates: every page of the request list. */
export const templateRequestsKey = ['templates', 'requests'] as const;

/** GET merchant/template/new (page, size): the tenant's template requests with their tracked status. */
export async function getTemplateRequests(tenantId: string, query: { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<TemplateRequest>> {
  return apiGet<ListResponse<TemplateRequest>>('merchant/template/new', { ...query }, { tenantId, signal });
}

/** `enabled` false without VIEW_REQUEST_TEMPLATE (the page still offers the request form). */
export function useTemplateRequests(tenantId: string, enabled: boolean) {
  return usePagedList({ key: [...templateRequestsKey, tenantId], filters: {}, fetch: (query, signal) => getTemplateRequests(tenantId, query, signal), enabled: enabled && Boolean(tenantId) });
}
