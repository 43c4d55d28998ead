import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZnsTemplate } from '@zc/shared/api/templates';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/template/{id}: params, price, priceAfterDiscount, tag, quality, preview. */
export async function getTemplate(id: string): Promise<ZnsTemplate> {
  return (await apiGet<DataResponse<ZnsTemplate>>(`merchant/template/${encodeURIComponent(id)}`)).data;
}

export function getTemplateQueryOptions(id?: string | null) {
  return queryOptions({
    queryKey: id ? ['templates', 'detail', id] : ['templates', 'detail'],
    queryFn: () => getTemplate(id ?? ''),
    enabled: Boolean(id),
  });
}

export function useTemplate(id: string | null) {
  return useQuery(getTemplateQueryOptions(id));
}
