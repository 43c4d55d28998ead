import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Follower } from '@zc/shared/api/followers';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export const FOLLOWER_PAGE_SIZE = 20;

/** GET merchant/oa-user/getlist (page, size, searchValue on the display name, zaloOAId). */
export async function getFollowers(tenantId: string, page: number, searchValue?: string, zaloOAId?: string): Promise<ListResponse<Follower>> {
  return apiGet<ListResponse<Follower>>('merchant/oa-user/getlist', { page, size: FOLLOWER_PAGE_SIZE, searchValue, zaloOAId }, { tenantId });
}

/** Infinite scroll: later pages are appended. */
export function getFollowersQueryOptions(tenantId: string, searchValue?: string, zaloOAId?: string) {
  return infiniteQueryOptions({
    queryKey: ['followers', tenantId, searchValue ?? '', zaloOAId ?? ''],
    queryFn: ({ pageParam }) => getFollowers(tenantId, pageParam, searchValue, zaloOAId),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.reduce((n, p) => n + p.data.length, 0) < last.meta.total && last.data.length > 0 ? all.length + 1 : undefined),
    enabled: Boolean(tenantId),
  });
}

export function useFollowers(tenantId: string, searchValue?: string, zaloOAId?: string) {
  return useInfiniteQuery(getFollowersQueryOptions(tenantId, searchValue, zaloOAId));
}
