import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/user/get-user-permission-merchant: the caller's organisation-level permissions. */
export async function getMerchantPermissions(merchantId: string): Promise<string[]> {
  return (await apiGet<DataResponse<string[]>>('merchant/user/get-user-permission-merchant', undefined, { merchantId, tenantId: null })).data;
}

export function getMerchantPermissionsQueryOptions(merchantId?: string | null) {
  return queryOptions({
    queryKey: merchantId ? ['permissions', 'merchant', merchantId] : ['permissions', 'merchant'],
    queryFn: () => getMerchantPermissions(merchantId ?? ''),
    enabled: Boolean(merchantId),
    staleTime: 60_000,
  });
}

export function useMerchantPermissions(merchantId: string | null) {
  return useQuery(getMerchantPermissionsQueryOptions(merchantId));
}
