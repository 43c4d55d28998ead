import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MemberUser, updateUserInfoBody } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { usersByMerchantKey } from './get-users-by-merchant';

export type UpdateUserInfoInput = z.input<typeof updateUserInfoBody> & { id: string; merchantId: string };

/** PUT merchant/merchant/update-user-info/{id}: the organisation's membership data (role, tenants), never the profile. */
export async function updateUserInfo({ id, merchantId, ...body }: UpdateUserInfoInput): Promise<MemberUser> {
  return (await apiRequest<DataResponse<MemberUser>>(`merchant/merchant/update-user-info/${id}`, { method: 'PUT', body, merchantId, tenantId: null })).data;
}

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersByMerchantKey }),
  });
}
