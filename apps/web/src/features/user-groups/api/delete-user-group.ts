import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getUserGroupsQueryOptions } from './get-user-groups';
import { tenantUsersKey } from './get-tenant-users';
import { permissionHoldersKey } from './get-permission-holders';

export interface DeletedUserGroup {
  id: string;
  movedTo: { id: string; name: string } | null;
  movedUserIds: string[];
}

/** DELETE merchant/user-group/{id}: its members fall back to the default group. */
export async function deleteUserGroup({ tenantId, id }: { tenantId: string; id: string }): Promise<DeletedUserGroup> {
  return (await apiRequest<DataResponse<DeletedUserGroup>>(`merchant/user-group/${id}`, { method: 'DELETE', tenantId })).data;
}

export function useDeleteUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserGroupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: tenantUsersKey }),
        queryClient.invalidateQueries({ queryKey: permissionHoldersKey }),
      ]),
  });
}
