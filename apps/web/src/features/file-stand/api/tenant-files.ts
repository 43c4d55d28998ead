import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantFile } from '@zc/shared/api/tenant-files';
import { apiGet, apiRequest, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

export const TENANT_FILES_KEY = ['tenant-files'] as const;

/** GET merchant/tenant-files: the tenant's uploads, newest first, with where each is used. */
export function useTenantFiles(tenantId: string, search: string) {
  return usePagedList({
    key: [...TENANT_FILES_KEY, tenantId],
    filters: { search },
    fetch: (query, signal) => apiGet<ListResponse<TenantFile>>('merchant/tenant-files', { page: query.page, size: query.size, ...(query.search ? { search: query.search } : {}) }, { tenantId, signal }),
    enabled: Boolean(tenantId),
  });
}

export function useDeleteTenantFile(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`merchant/tenant-files/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANT_FILES_KEY }),
  });
}
