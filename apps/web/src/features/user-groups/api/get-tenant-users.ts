import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tenantUser } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export type TenantUser = z.infer<typeof tenantUser>;

/** GET merchant/tenant/list-user-by-tenant: members of the tenant with their user group. */
export async function getTenantUsers(tenantId: string, page: number, size: number): Promise<ListResponse<TenantUser>> {
  return apiGet<ListResponse<TenantUser>>('merchant/tenant/list-user-by-tenant', { page, size }, { tenantId });
}

export function getTenantUsersQueryOptions(params?: { tenantId: string; page: number; size: number }) {
  return queryOptions({
    queryKey: params ? ['tenant-users', params] : ['tenant-users'],
    queryFn: () => (params ? getTenantUsers(params.tenantId, params.page, params.size) : Promise.resolve({ data: [], meta: { total: 0 } })),
    enabled: Boolean(params),
    placeholderData: keepPreviousData,
  });
}

export function useTenantUsers(params: { tenantId: string; page: number; size: number }) {
  return useQuery(getTenantUsersQueryOptions(params));
}
