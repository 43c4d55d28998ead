import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberUser } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export interface UsersQuery {
  merchantId: string;
  page: number;
  size: number;
  orderBy?: string;
  email?: string;
  tenantName?: string;
}

/** GET merchant/user/by-merchant (page, size, orderBy default createdAt=desc, email, tenantName). */
export async function getUsersByMerchant({ merchantId, ...query }: UsersQuery): Promise<ListResponse<MemberUser>> {
  return apiGet<ListResponse<MemberUser>>('merchant/user/by-merchant', { ...query }, { merchantId, tenantId: null });
}

export function getUsersByMerchantQueryOptions(query?: UsersQuery) {
  return queryOptions({
    queryKey: query ? ['users', 'by-merchant', query] : ['users', 'by-merchant'],
    queryFn: () => (query ? getUsersByMerchant(query) : Promise.resolve({ data: [], meta: { total: 0 } })),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  });
}

export function useUsersByMerchant(query: UsersQuery) {
  return useQuery(getUsersByMerchantQueryOptions(query));
}
