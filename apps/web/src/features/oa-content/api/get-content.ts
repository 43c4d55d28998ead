import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { oaContentDetailKey, type OaContent } from './types';

/** GET merchant/oa-content/detail/{id}: the content with its per-OA mappings, next approver and abilities. */
export async function getContent(tenantId: string, id: string, signal?: AbortSignal): Promise<OaContent> {
  return (await apiGet<DataResponse<OaContent>>(`merchant/oa-content/detail/${encodeURIComponent(id)}`, undefined, { tenantId, signal })).data;
}

export function contentQueryOptions(tenantId: string, id: string | null) {
  return queryOptions({ queryKey: [...oaContentDetailKey, tenantId, id], queryFn: ({ signal }) => getContent(tenantId, id ?? '', signal), enabled: Boolean(tenantId && id) });
}

export function useContent(tenantId: string, id: string | null) {
  return useQuery(contentQueryOptions(tenantId, id));
}
