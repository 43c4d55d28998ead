import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Tenant, tenantUpdateFields } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getMerchantsQueryOptions } from './get-merchants';

/** The multipart fields of tenantUpdateFields, an optional new avatar, and the tenant. */
export type UpdateTenantInput = z.input<typeof tenantUpdateFields> & { id: string; merchantId: string; file?: File };

/** PATCH merchant/tenant/{id} as multipart (`name?`, `file?`). */
export async function updateTenant({ id, merchantId, name, file }: UpdateTenantInput): Promise<Tenant> {
  const form = new FormData();
  if (name !== undefined) form.set('name', name.trim());
  if (file) form.set('file', file);
  return (await apiRequest<DataResponse<Tenant>>(`merchant/tenant/${id}`, { method: 'PATCH', body: form, merchantId, tenantId: id })).data;
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey }),
  });
}
