import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroup } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';

/** GET merchant/user-group for one tenant (all groups: size 1000). */
export async function getUserGroups(tenantId: string): Promise<ListResponse<UserGroup>> {
  return apiGet<ListResponse<UserGroup>>('merchant/user-group', { page: 1, size: 1000 }, { tenantId });
}

export function getUserGroupsQueryOptions(tenantId?: string) {
  return queryOptions({
    queryKey: tenantId ? ['user-groups', tenantId] : ['user-groups'],
    queryFn: () => getUserGroups(tenantId ?? ''),
    enabled: Boolean(tenantId),
  });
}

export function useUserGroups(tenantId: string) {
  return useQuery(getUserGroupsQueryOptions(tenantId));
}
