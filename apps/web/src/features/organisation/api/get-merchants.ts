import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Merchant } from '@zc/shared/api/organisation';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/tenant/list-by-user: the caller's organisations with the tenants they can open. */
export async function getMerchants(): Promise<Merchant[]> {
  return (await apiGet<DataResponse<Merchant[]>>('merchant/tenant/list-by-user', undefined, { merchantId: null, tenantId: null })).data;
}

export function getMerchantsQueryOptions() {
  return queryOptions({ queryKey: ['merchants'], queryFn: getMerchants, staleTime: 60_000 });
}

export function useMerchants() {
  return useQuery(getMerchantsQueryOptions());
}
