import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteTenantTagBody, TenantTagsResponse } from '@zc/shared/api/settings';
import { apiGet, apiRequest, toQueryString, type DataResponse } from '../../../lib/api-client';

export const tenantTagsKey = (tenantId: string) => ['tenant-tags', tenantId] as const;

/** GET merchant/tenant-settings/tags (UPDATE_ZALO_OA_USER, OA service): each OA's labels with follower counts. */
export function useTenantTags(tenantId: string) {
  return useQuery(
    queryOptions({
      queryKey: tenantTagsKey(tenantId),
      queryFn: ({ signal }) => apiGet<TenantTagsResponse>('merchant/tenant-settings/tags', undefined, { tenantId, signal }),
      enabled: Boolean(tenantId),
    }),
  );
}

/** DELETE merchant/tenant-settings/tags?zaloOaId&tagName: removed on Zalo, then from the synced followers. */
export function useDeleteTenantTag(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeleteTenantTagBody) =>
      (await apiRequest<DataResponse<{ followers: number }>>(`merchant/tenant-settings/tags${toQueryString({ ...body })}`, { method: 'DELETE', tenantId })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantTagsKey(tenantId) }),
  });
}
