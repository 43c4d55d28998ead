import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tenantServices, tenantServicesBody } from '@zc/shared/api/organisation';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';
import { MERCHANTS_QUERY_KEY } from './keys';

export type TenantServices = z.infer<typeof tenantServices>;

export const tenantServicesKey = (tenantId: string) => ['tenant-services', tenantId] as const;

/** GET merchant/service-manager/tenant-service (VIEW_TENANT_SERVICES). */
export function useTenantServices(tenantId: string) {
  return useQuery(
    queryOptions({
      queryKey: tenantServicesKey(tenantId),
      queryFn: async ({ signal }) => (await apiGet<DataResponse<TenantServices>>('merchant/service-manager/tenant-service', undefined, { tenantId, signal })).data,
      enabled: Boolean(tenantId),
    }),
  );
}

/**
 * POST merchant/service-manager/tenant-service (UPDATE_TENANT). A switch-off with work in flight
 * rejects with 409 SERVICE_IN_USE (read the list with serviceBlockersOf). The menus follow: the
 * organisations query (which carries each tenant's services) is refreshed.
 */
export function useSwitchServices(tenantId: string, merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof tenantServicesBody>) =>
      (await apiRequest<DataResponse<TenantServices>>('merchant/service-manager/tenant-service', { method: 'POST', body, tenantId, merchantId })).data,
    onSuccess: (data) => {
      queryClient.setQueryData(tenantServicesKey(tenantId), data);
      void queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY });
    },
  });
}
