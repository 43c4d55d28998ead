import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tenantServices, tenantServicesBody } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getMerchantsQueryOptions } from './get-merchants';

export type TenantServices = z.infer<typeof tenantServices>;

export interface UpdateTenantServicesInput {
  tenantId: string;
  merchantId: string;
  services: z.input<typeof tenantServicesBody>;
}

/** POST merchant/service-manager/tenant-service for the tenant named by x-tenant-id. */
export async function updateTenantServices({ tenantId, merchantId, services }: UpdateTenantServicesInput): Promise<TenantServices> {
  return (
    await apiRequest<DataResponse<TenantServices>>('merchant/service-manager/tenant-service', { method: 'POST', body: services, tenantId, merchantId })
  ).data;
}

export function useUpdateTenantServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantServices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey }),
  });
}
