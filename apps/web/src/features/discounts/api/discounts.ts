import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Discount, DiscountInput } from '@zc/shared/api/discounts';
import { apiGet, apiRequest, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

export const DISCOUNTS_KEY = ['discounts'] as const;

/** GET merchant/zns-discount: the current tenant's discounts (VIEW_TENANT_DISCOUNT). */
export function useTenantDiscounts(tenantId: string) {
  return usePagedList({
    key: [...DISCOUNTS_KEY, 'tenant', tenantId],
    filters: {},
    fetch: (query, signal) => apiGet<ListResponse<Discount>>('merchant/zns-discount', { ...query }, { tenantId, signal }),
    enabled: Boolean(tenantId),
  });
}

/** GET merchant/zns-discount/list-merchant-discount: every tenant's discounts (VIEW_MERCHANT_DISCOUNT). */
export function useMerchantDiscounts(merchantId: string, enabled: boolean) {
  return usePagedList({
    key: [...DISCOUNTS_KEY, 'merchant', merchantId],
    filters: {},
    fetch: (query, signal) => apiGet<ListResponse<Discount>>('merchant/zns-discount/list-merchant-discount', { ...query }, { merchantId, signal }),
    enabled: Boolean(merchantId) && enabled,
  });
}

/** zns_discount.changed (and a resync) refetch the discount lists: nothing polls. */
export function useLiveDiscounts(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY });
  useRealtimeEvent('zns_discount.changed', refetch);
  useRealtimeResync(refetch);
}

export function useSaveDiscount(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DiscountInput }) =>
      apiRequest<{ data: Discount }>(id ? `merchant/zns-discount/${encodeURIComponent(id)}` : 'merchant/zns-discount', { method: id ? 'PUT' : 'POST', body: input, tenantId }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
  });
}

export function useDeleteDiscount(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`merchant/zns-discount/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
  });
}
