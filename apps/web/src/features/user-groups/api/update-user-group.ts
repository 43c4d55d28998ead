import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateUserGroupBody, UserGroup } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getUserGroupsQueryOptions } from './get-user-groups';
import { permissionHoldersKey } from './get-permission-holders';

export type UpdateUserGroupInput = z.input<typeof updateUserGroupBody> & { tenantId: string };

/** POST merchant/user-group/update-user: rename a group or replace its permissions. */
export async function updateUserGroup({ tenantId, ...body }: UpdateUserGroupInput): Promise<UserGroup> {
  return (await apiRequest<DataResponse<UserGroup>>('merchant/user-group/update-user', { method: 'POST', body, tenantId })).data;
}

export function useUpdateUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserGroupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: permissionHoldersKey }),
      ]),
  });
}
