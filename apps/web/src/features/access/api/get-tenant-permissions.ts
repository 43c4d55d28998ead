import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/user/get-user-permission-tenant: effective permissions in one tenant. */
export async function getTenantPermissions(tenantId: string, merchantId: string | null): Promise<string[]> {
  return (await apiGet<DataResponse<string[]>>('merchant/user/get-user-permission-tenant', undefined, { tenantId, merchantId })).data;
}

export function getTenantPermissionsQueryOptions(tenantId?: string | null, merchantId?: string | null) {
  return queryOptions({
    queryKey: tenantId ? ['permissions', 'tenant', tenantId] : ['permissions', 'tenant'],
    queryFn: () => getTenantPermissions(tenantId ?? '', merchantId ?? null),
    enabled: Boolean(tenantId),
    staleTime: 60_000,
  });
}

export function useTenantPermissions(tenantId: string | null, merchantId: string | null) {
  return useQuery(getTenantPermissionsQueryOptions(tenantId, merchantId));
}
