import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenantApiRateLimits, TenantApiRateLimitsBody } from '@zc/shared/api/api-rate-limits';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';

export interface TenantRef {
  merchantId: string;
  tenantId: string;
}

const key = (ref: TenantRef) => ['api-rate-limits', ref.merchantId, ref.tenantId] as const;

/** GET merchant/tenant/:id/api-rate-limits (VIEW_TENANT): defaults, the tenant's own values, the limits in force. */
export async function getTenantRateLimits(ref: TenantRef): Promise<TenantApiRateLimits> {
  return (await apiGet<DataResponse<TenantApiRateLimits>>(`merchant/tenant/${ref.tenantId}/api-rate-limits`, undefined, { merchantId: ref.merchantId, tenantId: null })).data;
}

export function useTenantRateLimits(ref: TenantRef | null) {
  return useQuery(
    queryOptions({
      queryKey: ref ? key(ref) : ['api-rate-limits'],
      queryFn: () => getTenantRateLimits(ref as TenantRef),
      enabled: Boolean(ref?.merchantId && ref.tenantId),
      staleTime: 15_000,
    }),
  );
}

/** PUT merchant/tenant/:id/api-rate-limits (UPDATE_TENANT); null returns a limit to the default. */
export function useUpdateTenantRateLimits(ref: TenantRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TenantApiRateLimitsBody) =>
      (await apiRequest<DataResponse<TenantApiRateLimits>>(`merchant/tenant/${ref.tenantId}/api-rate-limits`, { method: 'PUT', body, merchantId: ref.merchantId, tenantId: null })).data,
    onSuccess: (data) => queryClient.setQueryData(key(ref), data),
  });
}
