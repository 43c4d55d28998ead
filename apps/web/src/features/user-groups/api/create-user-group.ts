import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UserGroup } from '@zc/shared/api/organisation';
import type { createUserGroupBody } from '@zc/shared/api/user-groups';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getUserGroupsQueryOptions } from './get-user-groups';
import { permissionHoldersKey } from './get-permission-holders';

export type CreateUserGroupInput = z.input<typeof createUserGroupBody> & { tenantId: string };

/** POST merchant/user-group: a new group of the tenant. */
export async function createUserGroup({ tenantId, ...body }: CreateUserGroupInput): Promise<UserGroup> {
  return (await apiRequest<DataResponse<UserGroup>>('merchant/user-group', { method: 'POST', body, tenantId })).data;
}

export function useCreateUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserGroupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: permissionHoldersKey }),
      ]),
  });
}
