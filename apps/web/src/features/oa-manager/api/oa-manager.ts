import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OaInfo, OaQuota, OaUpdateRequest } from '@zc/shared/api/oa-manager';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

export const oaManagerKey = ['oa-manager'] as const;

/** GET merchant/oa-manager/get-oa: the OA as Zalo describes it now. */
export function useOaZaloInfo(tenantId: string, zaloOAId: string | null) {
  return useQuery({
    queryKey: [...oaManagerKey, 'info', tenantId, zaloOAId],
    queryFn: async () => (await apiGet<DataResponse<OaInfo>>('merchant/oa-manager/get-oa', { zaloOAId }, { tenantId })).data,
    enabled: Boolean(tenantId && zaloOAId),
    retry: false,
    staleTime: 60_000,
  });
}

/** GET merchant/oa-manager/list-request for one OA, newest first. */
export function useOaUpdateRequests(tenantId: string, zaloOAId: string | null, page: number, size = 10) {
  return useQuery({
    queryKey: [...oaManagerKey, 'requests', tenantId, zaloOAId, page, size],
    queryFn: () => apiGet<ListResponse<OaUpdateRequest>>('merchant/oa-manager/list-request', { zaloOAId, page, size }, { tenantId }),
    enabled: Boolean(tenantId && zaloOAId),
    placeholderData: keepPreviousData,
  });
}

/** POST merchant/oa-manager/request-update (multipart: zaloOAId, name, description, avatar, cover). */
export function useRequestOaUpdate(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { zaloOAId: string; name?: string; description?: string; avatar?: File; cover?: File }) => {
      const form = new FormData();
      form.set('zaloOAId', input.zaloOAId);
      if (input.name) form.set('name', input.name);
      if (input.description) form.set('description', input.description);
      if (input.avatar) form.set('avatar', input.avatar);
      if (input.cover) form.set('cover', input.cover);
      return (await apiRequest<DataResponse<OaUpdateRequest>>('merchant/oa-manager/request-update', { method: 'POST', body: form, tenantId })).data;
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: oaManagerKey }),
  });
}

/** PUT merchant/oa-manager/cancel-request/{id}. */
export function useCancelOaUpdate(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DataResponse<{ id: string; status: string }>>(`merchant/oa-manager/cancel-request/${id}`, { method: 'PUT', tenantId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: oaManagerKey }),
  });
}

/** GET merchant/oa-quota for one OA. */
export function useOaQuota(tenantId: string, zaloOAId: string | null) {
  return useQuery({
    queryKey: [...oaManagerKey, 'quota', tenantId, zaloOAId],
    queryFn: async () => (await apiGet<DataResponse<OaQuota[]>>('merchant/oa-quota', { zaloOAId }, { tenantId })).data[0] ?? null,
    enabled: Boolean(tenantId && zaloOAId),
  });
}

/** POST merchant/oa-quota/sync for one OA. */
export function useSyncOaQuota(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (zaloOAId: string) =>
      (await apiRequest<DataResponse<{ synced: OaQuota[]; failed: Array<{ zaloOAId: string; message: string }> }>>('merchant/oa-quota/sync', { method: 'POST', body: { zaloOAId }, tenantId })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...oaManagerKey, 'quota'] }),
  });
}

/** Requests change status elsewhere (another admin, another tab): the list follows live. */
export function useLiveOaUpdateRequests(tenantId: string): void {
  const qc = useQueryClient();
  useRealtimeEvent('oa_update_request.changed', (event) => {
    if (event.tenantId === tenantId) void qc.invalidateQueries({ queryKey: [...oaManagerKey, 'requests'] });
  });
  useRealtimeResync(() => void qc.invalidateQueries({ queryKey: [...oaManagerKey, 'requests'] }));
}
