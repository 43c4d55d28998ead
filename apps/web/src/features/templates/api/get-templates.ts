import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ZnsTemplate } from '@zc/shared/api/templates';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export interface TemplatesQuery {
  tenantId: string;
  page: number;
  size: number;
  templateZNSType?: string;
  status?: string;
  zaloOAId?: string;
  name?: string;
}

/** GET merchant/template (templateZNSType, status, zaloOAId, name). */
export async function getTemplates({ tenantId, ...query }: TemplatesQuery): Promise<ListResponse<ZnsTemplate>> {
  return apiGet<ListResponse<ZnsTemplate>>('merchant/template', { ...query }, { tenantId });
}

export function getTemplatesQueryOptions(query?: TemplatesQuery) {
  return queryOptions({
    queryKey: query ? ['templates', 'list', query] : ['templates', 'list'],
    queryFn: () => getTemplates(query as TemplatesQuery),
    enabled: Boolean(query?.tenantId),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(query: TemplatesQuery) {
  return useQuery(getTemplatesQueryOptions(query));
}
