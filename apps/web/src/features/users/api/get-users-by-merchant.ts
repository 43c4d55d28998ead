import type { z } from 'zod';
import type { MemberUser, usersQuery } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

/** The list's filters (page and size come from the paged-list hook). */
export type UsersFilters = Pick<z.input<typeof usersQuery>, 'orderBy' | 'email' | 'tenantName'>;

/** What mutations invalidate: every page of every organisation's member list. */
export const usersByMerchantKey = ['users', 'by-merchant'] as const;

/** GET merchant/user/by-merchant (page, size, orderBy default createdAt=desc, email, tenantName); rows carry their abilities. */
export async function getUsersByMerchant(merchantId: string, query: UsersFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<MemberUser>> {
  return apiGet<ListResponse<MemberUser>>('merchant/user/by-merchant', { ...query }, { merchantId, tenantId: null, signal });
}

export function useUsersByMerchant(merchantId: string, filters: UsersFilters) {
  return usePagedList({
    key: [...usersByMerchantKey, merchantId],
    filters,
    fetch: (query, signal) => getUsersByMerchant(merchantId, query, signal),
    enabled: Boolean(merchantId),
  });
}
