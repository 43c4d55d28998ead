import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantUser } from '@zc/shared/api/organisation';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/user-group/list-available/{id}: organisation members not in the group. */
export async function getAvailableUsers(tenantId: string, groupId: string): Promise<TenantUser[]> {
  return (await apiGet<DataResponse<TenantUser[]>>(`merchant/user-group/list-available/${groupId}`, undefined, { tenantId })).data;
}

export function getAvailableUsersQueryOptions(tenantId: string, groupId: string | null) {
  return queryOptions({
    queryKey: ['user-groups', tenantId, 'available', groupId],
    queryFn: () => getAvailableUsers(tenantId, groupId ?? ''),
    enabled: Boolean(groupId),
  });
}

export function useAvailableUsers(tenantId: string, groupId: string | null) {
  return useQuery(getAvailableUsersQueryOptions(tenantId, groupId));
}
