import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Follower, FollowerCity, FollowerSyncState, FollowerTagBody, FollowerTagOutcome, FollowerUpdateBody, ZaloCallResult, ZaloCallState } from '@zc/shared/api/followers';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

export const FOLLOWERS_PAGE = 30;
export const followersKey = ['oa-followers'] as const;

/** The followers API's answers (contract in packages/shared). */
export type TagOutcome = FollowerTagOutcome;
export type CallState = ZaloCallState;
export type CallResult = ZaloCallResult;

/** GET merchant/oa-user/getlist: infinite scroll (pages appended), display-name prefix search, OA filter. */
export function followersQueryOptions(tenantId: string, searchValue: string, zaloOAId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: [...followersKey, 'list', tenantId, searchValue, zaloOAId ?? ''],
    queryFn: ({ pageParam }) =>
      apiGet<ListResponse<Follower>>('merchant/oa-user/getlist', { page: pageParam, size: FOLLOWERS_PAGE, searchValue: searchValue || undefined, zaloOAId }, { tenantId }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.data.length === FOLLOWERS_PAGE && all.reduce((n, p) => n + p.data.length, 0) < last.meta.total ? all.length + 1 : undefined),
    enabled: Boolean(tenantId),
  });
}
export const useFollowerList = (tenantId: string, searchValue: string, zaloOAId?: string) => useInfiniteQuery(followersQueryOptions(tenantId, searchValue, zaloOAId));

export function useFollower(tenantId: string, id: string | null) {
  return useQuery({
    queryKey: [...followersKey, 'one', tenantId, id],
    queryFn: async () => (await apiGet<DataResponse<Follower>>(`merchant/oa-user/${id}`, undefined, { tenantId })).data,
    enabled: Boolean(tenantId && id),
  });
}

export function citiesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...followersKey, 'cities', tenantId],
    queryFn: async () => (await apiGet<DataResponse<FollowerCity[]>>('merchant/oa-user/cities', undefined, { tenantId })).data,
    enabled: Boolean(tenantId),
    staleTime: Infinity,
  });
}
export const useCities = (tenantId: string) => useQuery(citiesQueryOptions(tenantId));

export function useOaTags(tenantId: string, zaloOAId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...followersKey, 'tags', tenantId, zaloOAId],
    queryFn: async () => (await apiGet<DataResponse<string[]>>('merchant/oa-user/getTag', { zaloOAId }, { tenantId })).data,
    enabled: Boolean(tenantId && zaloOAId && enabled),
  });
}

export function useCallState(tenantId: string, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...followersKey, 'call', tenantId, id],
    queryFn: async () => (await apiGet<DataResponse<CallState>>('merchant/oa-user/zalo-call', { id }, { tenantId })).data,
    enabled: Boolean(tenantId && id && enabled),
    retry: false,
  });
}

export function useSyncState(tenantId: string, zaloOAId: string | undefined) {
  return useQuery({
    queryKey: [...followersKey, 'sync', tenantId, zaloOAId],
    queryFn: async () => (await apiGet<DataResponse<FollowerSyncState | null>>('merchant/oa-user/sync', { zaloOAId }, { tenantId })).data,
    enabled: Boolean(tenantId && zaloOAId),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: followersKey });
}

export function useUpdateFollower(tenantId: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: FollowerUpdateBody }) =>
      (await apiRequest<DataResponse<Follower>>(`merchant/oa-user/${id}`, { method: 'PATCH', body, tenantId })).data,
    onSuccess: done,
  });
}

export function useUpdateTags(tenantId: string) {
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: FollowerTagBody }) =>
      (await apiRequest<DataResponse<{ follower: Follower; results: TagOutcome[] }>>(`merchant/oa-user/updateTag/${id}`, { method: 'PATCH', body, tenantId })).data,
  });
}

export function useStartCall(tenantId: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: async (body: { id: string; callType: 'audio' | 'video' | 'audio_and_video' }) =>
      (await apiRequest<DataResponse<CallResult>>('merchant/oa-user/zalo-call', { method: 'POST', body, tenantId })).data,
    onSuccess: done,
  });
}

export function useStartSync(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (zaloOAId: string) =>
      (await apiRequest<DataResponse<FollowerSyncState & { synced: number }>>('merchant/oa-user/sync', { method: 'POST', body: { zaloOAId, background: true }, tenantId })).data,
    onSuccess: (s) => qc.setQueryData([...followersKey, 'sync', tenantId, s.zaloOAId], s),
  });
}

/**
 * Live: a follower changed (webhook, edit, label) → the lists and the open follower refetch; sync
 * progress updates the progress bar in place, and the list refetches when a sync ends.
 */
export function useLiveFollowers(tenantId: string): void {
  const qc = useQueryClient();
  useRealtimeEvent('oa_follower.changed', (event) => {
    if (event.tenantId === tenantId) void qc.invalidateQueries({ queryKey: followersKey });
  });
  useRealtimeEvent('oa_follower.sync_progress', (event) => {
    if (event.tenantId !== tenantId) return;
    const d = event.data;
    qc.setQueryData<FollowerSyncState | null>([...followersKey, 'sync', tenantId, d.zaloOaId], (old) =>
      old && old.syncId === d.syncId
        ? { ...old, status: d.status as FollowerSyncState['status'], done: d.done, total: d.total }
        : { syncId: d.syncId, zaloOAId: d.zaloOaId, status: d.status as FollowerSyncState['status'], done: d.done, total: d.total, error: null, startedAt: new Date().toISOString(), finishedAt: null },
    );
    if (d.status !== 'RUNNING') void qc.invalidateQueries({ queryKey: [...followersKey, 'list'] });
  });
  useRealtimeResync(() => void qc.invalidateQueries({ queryKey: followersKey }));
}
