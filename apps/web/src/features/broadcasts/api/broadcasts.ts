import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Broadcast, BroadcastCity, BroadcastContentType, BroadcastPayload, BroadcastStatus } from '@zc/shared/api/broadcasts';
import type { OaContent } from '@zc/shared/api/oa-content';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/** What broadcast mutations and live events invalidate. */
export const broadcastsKey = ['oa-broadcasts'] as const;

export interface BroadcastFilters {
  /** §2.3 content-type tab. */
  type?: BroadcastContentType | undefined;
  status?: BroadcastStatus | undefined;
  title?: string | undefined;
  teamIds?: string | undefined;
}

/** GET merchant/oa-content/broadcast/getList (page, size, orderBy createdAt=desc, type, status, title, teamIds). */
export async function getBroadcasts(tenantId: string, query: BroadcastFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<Broadcast>> {
  return apiGet<ListResponse<Broadcast>>('merchant/oa-content/broadcast/getList', { ...query, orderBy: 'createdAt=desc' }, { tenantId, signal });
}

export function useBroadcasts(tenantId: string, filters: BroadcastFilters) {
  return usePagedList({ key: [...broadcastsKey, 'list', tenantId], filters, fetch: (q, signal) => getBroadcasts(tenantId, q, signal), enabled: Boolean(tenantId) });
}

/** GET merchant/oa-content/broadcast/detail/{id}. */
export function useBroadcast(tenantId: string, id: string | null | undefined) {
  return useQuery({
    queryKey: [...broadcastsKey, 'detail', tenantId, id],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Broadcast>>(`merchant/oa-content/broadcast/detail/${encodeURIComponent(id ?? '')}`, undefined, { tenantId, signal })).data,
    enabled: Boolean(tenantId && id),
  });
}

/** GET merchant/oa-content/broadcast/attribute?type=CODE_PROVINCE_CITY_ZALO: the province codes. */
export function useBroadcastCities(tenantId: string, enabled = true) {
  return useQuery({
    queryKey: [...broadcastsKey, 'cities', tenantId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<BroadcastCity[]>>('merchant/oa-content/broadcast/attribute', { type: 'CODE_PROVINCE_CITY_ZALO' }, { tenantId, signal })).data,
    enabled: Boolean(tenantId) && enabled,
    staleTime: Infinity,
  });
}

/** Published posts or videos of the chosen OAs, for the picker (§2.6: first page of 100). */
export function usePublishedContents(tenantId: string, type: 'post' | 'video', zaloOAIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: [...broadcastsKey, 'picker', tenantId, type, zaloOAIds],
    queryFn: async ({ signal }) =>
      apiGet<ListResponse<OaContent>>('merchant/oa-content/getList', { type, status: 'published', zaloOAId: zaloOAIds.join(',') || undefined, page: 1, size: 100, orderBy: 'createdAt=desc' }, { tenantId, signal }),
    enabled: Boolean(tenantId) && enabled && zaloOAIds.length > 0,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: broadcastsKey });
}

/** POST merchant/oa-content/broadcast/create: one payload per selected OA. */
export function useCreateBroadcasts(tenantId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (payloads: BroadcastPayload[]) => (await apiRequest<DataResponse<Broadcast[]>>('merchant/oa-content/broadcast/create', { method: 'POST', body: payloads, tenantId })).data,
    onSuccess: invalidate,
  });
}

/** PATCH merchant/oa-content/broadcast/update/{id}. */
export function useUpdateBroadcast(tenantId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, payload }: { id: string; payload: BroadcastPayload }) => (await apiRequest<DataResponse<Broadcast>>(`merchant/oa-content/broadcast/update/${encodeURIComponent(id)}`, { method: 'PATCH', body: payload, tenantId })).data,
    onSuccess: invalidate,
  });
}

/** DELETE merchant/oa-content/broadcast/delete/{id}. */
export function useDeleteBroadcast(tenantId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => apiRequest(`merchant/oa-content/broadcast/delete/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId }),
    onSuccess: invalidate,
  });
}

/** PATCH merchant/oa-content/broadcast/approved/{id} {approval, comment}. */
export function useDecideBroadcast(tenantId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, approval, comment }: { id: string; approval: boolean; comment: string }) =>
      (await apiRequest<DataResponse<Broadcast>>(`merchant/oa-content/broadcast/approved/${encodeURIComponent(id)}`, { method: 'PATCH', body: { approval, comment }, tenantId })).data,
    onSuccess: invalidate,
  });
}

/** Refetches the shown broadcast queries when one of this tenant's changes (oa_broadcast.changed) or events may have been missed. */
export function useLiveBroadcasts(tenantId: string): void {
  const invalidate = useInvalidate();
  useRealtimeEvent(['oa_broadcast.changed', 'task.decided', 'task.advanced'], (event) => {
    if (tenantId && event.tenantId === tenantId) void invalidate();
  });
  useRealtimeResync(() => void invalidate());
}
