import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZmaBranchType, ZmaItemType, ZmaStatus, GiftCodeStatus } from '@zc/shared/api/zma';
import type {
  BranchSetting,
  BranchStockRow,
  CreateBranchBody,
  CreateGiftBody,
  GiftCode,
  GiftCodeBatch,
  GiftCodeBulkResult,
  GiftCodeEvent,
  GiftImportResult,
  PutBranchStockBody,
  UpdateBranchBody,
  UpdateGiftBody,
  ZmaBranch,
  ZmaGiftItem,
} from '@zc/shared/api/zma-loyalty';
import type { ZmaUser } from '@zc/shared/api/zma-apps';
import { apiGet, apiRequest, apiUpload, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { useZmaApp } from './scope';

/** Every query of this feature starts with this key and the mini app (what mutations invalidate). */
export const loyaltyKey = (zmaAppId: string) => ['zma-loyalty', zmaAppId] as const;

const B = 'zma/merchant/branch';
const enc = encodeURIComponent;

// ---------------------------------------------------------------- branches

export interface BranchFilters {
  search?: string;
  type?: ZmaBranchType;
}

export function useBranches(filters: BranchFilters) {
  const { zmaAppId, ready } = useZmaApp();
  return usePagedList({
    key: [...loyaltyKey(zmaAppId), 'branches'],
    filters,
    enabled: ready,
    fetch: ({ size, ...q }, signal) => apiGet<ListResponse<ZmaBranch>>(B, { ...q, pageSize: size }, { signal }),
  });
}

export function useBranch(branchId: string) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'branch', branchId],
    queryFn: ({ signal }) => apiGet<DataResponse<ZmaBranch>>(`${B}/${enc(branchId)}`, undefined, { signal }).then((r) => r.data),
    enabled: ready && Boolean(branchId),
  });
}

/** Invalidates every query of the feature in this mini app (lists, details, stock, codes). */
function useInvalidate() {
  const { zmaAppId } = useZmaApp();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: loyaltyKey(zmaAppId) });
}

export function useSaveBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateBranchBody | UpdateBranchBody }) =>
      apiRequest<DataResponse<ZmaBranch>>(id ? `${B}/${enc(id)}` : B, { method: id ? 'PATCH' : 'POST', body }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteBranch() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => apiRequest(`${B}/${enc(id)}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function useAssignGames(branchId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (drawIds: string[]) => apiRequest(`${B}/${enc(branchId)}/assign-game`, { method: 'PUT', body: { drawIds } }),
    onSuccess: invalidate,
  });
}

export function useBranchStock(branchId: string, enabled: boolean) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'stock', branchId],
    queryFn: ({ signal }) => apiGet<DataResponse<BranchStockRow[]>>(`${B}/${enc(branchId)}/stock`, undefined, { signal }).then((r) => r.data),
    enabled: ready && enabled,
  });
}

export function useSaveBranchStock(branchId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PutBranchStockBody) => apiRequest(`${B}/${enc(branchId)}/stock`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useBranchSetting(branchId: string, enabled: boolean) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'setting', branchId],
    queryFn: ({ signal }) => apiGet<DataResponse<BranchSetting>>(`${B}/${enc(branchId)}/setting`, undefined, { signal }).then((r) => r.data),
    enabled: ready && enabled,
  });
}

export function useSaveBranchSetting(branchId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BranchSetting) => apiRequest(`${B}/${enc(branchId)}/setting`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** The draws a branch can offer (assign-game picks among them): GET zma/merchant/lucky-draw, first 100. */
export function useDrawOptions(enabled: boolean) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'draw-options'],
    queryFn: ({ signal }) => apiGet<ListResponse<{ id: string; name: string; status: ZmaStatus }>>('zma/merchant/lucky-draw', { page: 1, pageSize: 100 }, { signal }).then((r) => r.data),
    enabled: ready && enabled,
  });
}

/** Staff candidates: the tenant's members as the mini app lists them (GET zma/merchant/user, VIEW_ZMA_USER). */
export function useStaffOptions(enabled: boolean) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'staff-options'],
    queryFn: ({ signal }) =>
      apiGet<DataResponse<ZmaUser[]>>('zma/merchant/user', { page: 1, pageSize: 100 }, { signal }).then((r) => r.data),
    enabled: ready && enabled,
  });
}

// ---------------------------------------------------------------- gift lookup and redeem (§5, §8)

export async function lookupGiftCode(code: string, branchId: string): Promise<GiftCode> {
  return (await apiGet<DataResponse<GiftCode>>(`${B}/gift-code`, { code, branchId })).data;
}

export function useRedeemGiftCode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { code: string; branchId: string }) => apiRequest<DataResponse<GiftCode>>(`${B}/gift-code/redeem`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- gift items and vouchers

const G = 'zma/merchant/gift';

export interface GiftFilters {
  type: ZmaItemType;
  search?: string;
  status?: ZmaStatus;
}

/** A page of gifts or vouchers; `options` for pickers (a larger first page, or not fetched without the permission). */
export function useGifts(filters: GiftFilters, options: { enabled?: boolean; initialSize?: number } = {}) {
  const { zmaAppId, ready } = useZmaApp();
  return usePagedList({
    key: [...loyaltyKey(zmaAppId), 'gifts'],
    filters,
    enabled: ready && options.enabled !== false,
    initialSize: options.initialSize,
    fetch: ({ size, ...q }, signal) => apiGet<ListResponse<ZmaGiftItem>>(G, { ...q, pageSize: size }, { signal }),
  });
}

export function useGift(id: string | null) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'gift', id],
    queryFn: ({ signal }) => apiGet<DataResponse<ZmaGiftItem>>(`${G}/${enc(id ?? '')}`, undefined, { signal }).then((r) => r.data),
    enabled: ready && Boolean(id),
  });
}

export function useSaveGift() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateGiftBody | UpdateGiftBody }) =>
      apiRequest<DataResponse<ZmaGiftItem>>(id ? `${G}/${enc(id)}` : G, { method: id ? 'PATCH' : 'POST', body }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteGift() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => apiRequest(`${G}/${enc(id)}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function uploadGiftImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<DataResponse<{ url: string }>>(`${G}/image`, form, onProgress).then((r) => r.data.url);
}

export function useImportGifts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<DataResponse<GiftImportResult>>(`${G}/import`, { method: 'POST', body: form }).then((r) => r.data);
    },
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- gift codes

const C = 'zma/merchant/gift-code';

export interface CodeFilters {
  giftItemId: string;
  status?: GiftCodeStatus;
  code?: string;
}

export function useGiftCodes(filters: CodeFilters) {
  const { zmaAppId, ready } = useZmaApp();
  return usePagedList({
    key: [...loyaltyKey(zmaAppId), 'codes'],
    filters,
    enabled: ready,
    fetch: ({ size, ...q }, signal) => apiGet<ListResponse<GiftCode>>(C, { ...q, pageSize: size }, { signal }),
  });
}

export function useGiftCodeEvents(codeId: string | null) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'code-events', codeId],
    queryFn: ({ signal }) => apiGet<DataResponse<GiftCodeEvent[]>>(`${C}/${enc(codeId ?? '')}/events`, undefined, { signal }).then((r) => r.data),
    enabled: ready && Boolean(codeId),
  });
}

export function useCodeBulkAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ action, ids }: { action: 'cancel' | 'recall'; ids: string[] }) =>
      apiRequest<DataResponse<GiftCodeBulkResult>>(`${C}/${action}`, { method: 'POST', body: { ids } }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useGenerateCodes() {
  return useMutation({
    mutationFn: ({ giftItemId, count }: { giftItemId: string; count: number }) =>
      apiRequest<DataResponse<{ batchId: string }>>(`${G}/${enc(giftItemId)}/codes`, { method: 'POST', body: { count } }).then((r) => r.data.batchId),
  });
}

/** A generation batch (the progress bar's state on open and after a missed event); live updates come from zma.codes_progress. */
export function useCodeBatch(batchId: string | null) {
  const { zmaAppId, ready } = useZmaApp();
  return useQuery({
    queryKey: [...loyaltyKey(zmaAppId), 'batch', batchId],
    queryFn: ({ signal }) => apiGet<DataResponse<GiftCodeBatch>>(`zma/merchant/gift-code-batch/${enc(batchId ?? '')}`, undefined, { signal }).then((r) => r.data),
    enabled: ready && Boolean(batchId),
  });
}
