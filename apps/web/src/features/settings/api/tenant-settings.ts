import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant } from '@zc/shared/api/organisation';
import type { TenantSettingsBody } from '@zc/shared/api/settings';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { MERCHANTS_QUERY_KEY } from './keys';

/** PATCH merchant/tenant/:id/settings (UPDATE_TENANT): time zone and industry. */
export function useUpdateTenantSettings(tenantId: string, merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TenantSettingsBody) =>
      (await apiRequest<DataResponse<Tenant>>(`merchant/tenant/${encodeURIComponent(tenantId)}/settings`, { method: 'PATCH', body, merchantId, tenantId: null })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY }),
  });
}
