import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Tenant, tenantFormFields } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getMerchantsQueryOptions } from './get-merchants';

/** The multipart fields of tenantFormFields, the avatar file, and the organisation. */
export type CreateTenantInput = z.input<typeof tenantFormFields> & { merchantId: string; file: File };

/** POST merchant/tenant as multipart (`name`, `file`). */
export async function createTenant({ merchantId, name, file }: CreateTenantInput): Promise<Tenant> {
  const form = new FormData();
  form.set('name', name.trim());
  form.set('file', file);
  return (await apiRequest<DataResponse<Tenant>>('merchant/tenant', { method: 'POST', body: form, merchantId, tenantId: null })).data;
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey }),
  });
}
