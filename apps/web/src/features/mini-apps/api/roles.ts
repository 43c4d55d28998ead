import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZmaRole, ZmaUser } from '@zc/shared/api/zma-apps';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

export const zmaRolesKey = (appId: string) => ['zma-roles', appId] as const;
const zmaUsersKey = (appId: string) => ['zma-users', appId] as const;

export interface RoleInput {
  name: string;
  description?: string | null;
  permissions: string[];
}

/** GET zma/merchant/role (VIEW_ZMA_ROLE). */
export function useZmaRoles(appId: string, enabled = true) {
  return useQuery({
    queryKey: zmaRolesKey(appId),
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ZmaRole[]>>('zma/merchant/role', undefined, { signal })).data,
    enabled,
  });
}

/** GET zma/merchant/role/{roleId}. */
export function useZmaRole(appId: string, roleId: string) {
  return useQuery({
    queryKey: [...zmaRolesKey(appId), roleId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ZmaRole>>(`zma/merchant/role/${encodeURIComponent(roleId)}`, undefined, { signal })).data,
    retry: false,
  });
}

function useRoleMutation<A, R>(appId: string, fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: zmaRolesKey(appId) });
      await queryClient.invalidateQueries({ queryKey: zmaUsersKey(appId) });
      // The caller's own union may have changed with the role.
      await queryClient.invalidateQueries({ queryKey: ['zma-me', appId] });
    },
  });
}

export function useCreateZmaRole(appId: string) {
  return useRoleMutation(appId, async (body: RoleInput) => (await apiRequest<DataResponse<ZmaRole>>('zma/merchant/role', { method: 'POST', body })).data);
}

export function useUpdateZmaRole(appId: string) {
  return useRoleMutation(
    appId,
    async ({ id, body }: { id: string; body: Partial<RoleInput> }) => (await apiRequest<DataResponse<ZmaRole>>(`zma/merchant/role/${encodeURIComponent(id)}`, { method: 'PATCH', body })).data,
  );
}

export function useDeleteZmaRole(appId: string) {
  return useRoleMutation(appId, async (id: string) => {
    await apiRequest<unknown>(`zma/merchant/role/${encodeURIComponent(id)}`, { method: 'DELETE' });
  });
}

/** GET zma/merchant/user (VIEW_ZMA_USER): tenant members with their role in this app; `roleId`: that role's members only. */
export function useZmaUsers(appId: string, filters: { search?: string; roleId?: string }, enabled = true) {
  return usePagedList({
    key: zmaUsersKey(appId),
    filters,
    fetch: ({ size, cursor: _cursor, ...query }, signal) => apiGet<ListResponse<ZmaUser>>('zma/merchant/user', { ...query, pageSize: size }, { signal }),
    enabled,
  });
}

/** PUT zma/merchant/user/{userId}/role `{ roleId|null }` (UPDATE_ZMA_USER). */
export function useAssignZmaRole(appId: string) {
  return useRoleMutation(appId, async ({ userId, roleId }: { userId: string; roleId: string | null }) => {
    await apiRequest<unknown>(`zma/merchant/user/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { roleId } });
  });
}
