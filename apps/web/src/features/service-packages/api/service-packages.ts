import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServicePackage, ServicePackageInput, TenantPackage } from '@zc/shared/api/service-packages';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

export const PACKAGES_KEY = ['service-packages'] as const;

/** GET merchant/service-packages: the organisation's packages with their tenants (VIEW_TENANT). */
export function useServicePackages(merchantId: string) {
  return useQuery({
    queryKey: [...PACKAGES_KEY, 'org', merchantId],
    queryFn: ({ signal }) => apiGet<{ data: ServicePackage[] }>('merchant/service-packages', {}, { merchantId, signal }).then((r) => r.data),
    enabled: Boolean(merchantId),
  });
}

/** GET merchant/tenant-package: the tenant's package and unit prices (VIEW_TENANT_SERVICES). */
export function useTenantPackage(tenantId: string) {
  return useQuery({
    queryKey: [...PACKAGES_KEY, 'tenant', tenantId],
    queryFn: ({ signal }) => apiGet<{ data: TenantPackage }>('merchant/tenant-package', {}, { tenantId, signal }).then((r) => r.data),
    enabled: Boolean(tenantId),
  });
}

/** service_package.changed and tenant.settings_changed refetch: nothing polls. */
export function useLivePackages(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
  useRealtimeEvent('service_package.changed', refetch);
  useRealtimeEvent('tenant.settings_changed', refetch);
  useRealtimeResync(refetch);
}

export function useSavePackage(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ServicePackageInput }) =>
      apiRequest<{ data: ServicePackage }>(id ? `merchant/service-packages/${encodeURIComponent(id)}` : 'merchant/service-packages', { method: id ? 'PUT' : 'POST', body: input, merchantId }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKAGES_KEY }),
  });
}

export function useDeletePackage(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`merchant/service-packages/${encodeURIComponent(id)}`, { method: 'DELETE', merchantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKAGES_KEY }),
  });
}

export function useAssignPackage(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { tenantId: string; packageId: string | null }) => apiRequest('merchant/service-packages/assign', { method: 'POST', body, merchantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKAGES_KEY }),
  });
}
