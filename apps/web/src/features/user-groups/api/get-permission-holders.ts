import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionHolders } from '@zc/shared/api/user-groups';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** What group and membership changes invalidate. */
export const permissionHoldersKey = ['permission-holders'] as const;

/** GET merchant/user-group/permission-holders: for each permission, who holds it and how. */
export async function getPermissionHolders(tenantId: string): Promise<PermissionHolders> {
  return (await apiGet<DataResponse<PermissionHolders>>('merchant/user-group/permission-holders', undefined, { tenantId })).data;
}

export function usePermissionHolders(tenantId: string) {
  return useQuery(queryOptions({ queryKey: [...permissionHoldersKey, tenantId], queryFn: () => getPermissionHolders(tenantId) }));
}
