import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templateRequest } from '@zc/shared/api/templates';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export type TemplateRequest = z.infer<typeof templateRequest>;

/** GET merchant/template/new (page, size): the tenant's template requests with their tracked status. */
export async function getTemplateRequests(tenantId: string, page: number, size: number): Promise<ListResponse<TemplateRequest>> {
  return apiGet<ListResponse<TemplateRequest>>('merchant/template/new', { page, size }, { tenantId });
}

export function getTemplateRequestsQueryOptions(tenantId?: string, page = 1, size = 10) {
  return queryOptions({
    queryKey: tenantId ? ['templates', 'requests', tenantId, page, size] : ['templates', 'requests'],
    queryFn: () => getTemplateRequests(tenantId ?? '', page, size),
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
  });
}

export function useTemplateRequests(tenantId: string, page: number, size: number) {
  return useQuery(getTemplateRequestsQueryOptions(tenantId, page, size));
}
