import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UserGroup, userGroupMembersBody } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getUserGroupsQueryOptions } from './get-user-groups';
import { tenantUsersKey } from './get-tenant-users';
import { permissionHoldersKey } from './get-permission-holders';

export type GroupMembersInput = z.input<typeof userGroupMembersBody> & { tenantId: string; groupId: string };

/** POST merchant/user-group/add-user/{id}. */
export async function addUsersToGroup({ tenantId, groupId, userIds }: GroupMembersInput): Promise<UserGroup> {
  return (await apiRequest<DataResponse<UserGroup>>(`merchant/user-group/add-user/${groupId}`, { method: 'POST', body: { userIds }, tenantId })).data;
}

/** DELETE merchant/user-group/remove-user/{id}. */
export async function removeUsersFromGroup({ tenantId, groupId, userIds }: GroupMembersInput): Promise<UserGroup> {
  return (await apiRequest<DataResponse<UserGroup>>(`merchant/user-group/remove-user/${groupId}`, { method: 'DELETE', body: { userIds }, tenantId })).data;
}

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getUserGroupsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: tenantUsersKey }),
      queryClient.invalidateQueries({ queryKey: permissionHoldersKey }),
    ]);
}

export function useAddUsersToGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: addUsersToGroup, onSuccess: invalidate });
}

export function useRemoveUsersFromGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: removeUsersFromGroup, onSuccess: invalidate });
}
