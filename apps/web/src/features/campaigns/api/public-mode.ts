import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZnsPublicMode, ZnsPublicModeBody } from '@zc/shared/api/campaigns';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';
import { campaignsKey } from './campaigns';

export interface TenantRef {
  merchantId: string;
  tenantId: string;
}

const key = (ref: TenantRef) => ['zns-public-mode', ref.merchantId, ref.tenantId] as const;

/** GET merchant/tenant/:id/zns-public-mode (VIEW_TENANT): production or development, and whether the caller may change it. */
export function useZnsPublicMode(ref: TenantRef | null) {
  return useQuery(
    queryOptions({
      queryKey: ref ? key(ref) : ['zns-public-mode'],
      queryFn: async () => (await apiGet<DataResponse<ZnsPublicMode>>(`merchant/tenant/${ref?.tenantId ?? ''}/zns-public-mode`, undefined, { merchantId: ref?.merchantId ?? '', tenantId: null })).data,
      enabled: Boolean(ref?.merchantId && ref.tenantId),
      staleTime: 15_000,
    }),
  );
}

/** PUT merchant/tenant/:id/zns-public-mode (UPDATE_TENANT). */
export function useSetZnsPublicMode(ref: TenantRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ZnsPublicModeBody) =>
      (await apiRequest<DataResponse<ZnsPublicMode>>(`merchant/tenant/${ref.tenantId}/zns-public-mode`, { method: 'PUT', body, merchantId: ref.merchantId, tenantId: null })).data,
    onSuccess: (data) => {
      queryClient.setQueryData(key(ref), data);
      // The campaign dialog's options carry the mode.
      void queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
}
