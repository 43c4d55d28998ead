import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { merchantRoleItem } from '@zc/shared/api/organisation';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export type MerchantRoleItem = z.infer<typeof merchantRoleItem>;

/** GET merchant/merchant-role: the roles an organisation member can hold. */
export async function getMerchantRoles(merchantId: string): Promise<MerchantRoleItem[]> {
  return (await apiGet<DataResponse<MerchantRoleItem[]>>('merchant/merchant-role', undefined, { merchantId, tenantId: null })).data;
}

export function getMerchantRolesQueryOptions(merchantId: string) {
  return queryOptions({ queryKey: ['merchant-roles', merchantId], queryFn: () => getMerchantRoles(merchantId), staleTime: 5 * 60_000 });
}

export function useMerchantRoles(merchantId: string) {
  return useQuery(getMerchantRolesQueryOptions(merchantId));
}
