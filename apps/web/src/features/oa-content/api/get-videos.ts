import { useQuery } from '@tanstack/react-query';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { CONTENT_LIMITS, oaVideosKey, type OaVideoItem } from './types';

/** GET merchant/oa-content/video/history (page 1, size 20, the OAs' ids): the uploaded videos with each OA's conversion. */
export async function getVideos(tenantId: string, zaloOAIds: readonly string[], signal?: AbortSignal): Promise<ListResponse<OaVideoItem>> {
  return apiGet<ListResponse<OaVideoItem>>('merchant/oa-content/video/history', { page: 1, size: CONTENT_LIMITS.videoPageSize, zaloOAId: zaloOAIds.join(',') || undefined }, { tenantId, signal });
}

export function useVideos(tenantId: string, zaloOAIds: readonly string[], enabled: boolean) {
  return useQuery({ queryKey: [...oaVideosKey, tenantId, zaloOAIds.join(',')], queryFn: ({ signal }) => getVideos(tenantId, zaloOAIds, signal), enabled: enabled && Boolean(tenantId) });
}
