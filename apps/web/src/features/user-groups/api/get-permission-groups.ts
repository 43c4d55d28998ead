import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { permissionGroupItem } from '@zc/shared/api/organisation';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export type PermissionGroupItem = z.infer<typeof permissionGroupItem>;

/** GET merchant/user-group/list-permissions: the catalogue grouped by scope. */
export async function getPermissionGroups(tenantId: string): Promise<PermissionGroupItem[]> {
  return (await apiGet<DataResponse<PermissionGroupItem[]>>('merchant/user-group/list-permissions', undefined, { tenantId })).data;
}

export function getPermissionGroupsQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: ['permission-groups', tenantId], queryFn: () => getPermissionGroups(tenantId), staleTime: Infinity });
}

export function usePermissionGroups(tenantId: string) {
  return useQuery(getPermissionGroupsQueryOptions(tenantId));
}
