import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { oaContentListKey, type OaContent, type OaContentStatus, type OaContentType } from './types';

export interface ContentFilters {
  type: OaContentType;
  status?: OaContentStatus;
  title?: string;
  teamIds?: string[];
}

/** GET merchant/oa-content/getList (page, size, orderBy, type, status, title, teamIds): one tab's contents, newest first. */
export async function getContents(tenantId: string, query: ContentFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<OaContent>> {
  const { teamIds, ...rest } = query;
  return apiGet<ListResponse<OaContent>>('merchant/oa-content/getList', { ...rest, orderBy: 'createdAt=desc', teamIds: teamIds?.length ? teamIds.join(',') : undefined }, { tenantId, signal });
}

export function useContents(tenantId: string, filters: ContentFilters) {
  return usePagedList({ key: [...oaContentListKey, tenantId], filters, fetch: (query, signal) => getContents(tenantId, query, signal), enabled: Boolean(tenantId) });
}
