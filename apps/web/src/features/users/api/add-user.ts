import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addUserBody, MemberUser } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getUsersByMerchantQueryOptions } from './get-users-by-merchant';

export type AddUserInput = z.input<typeof addUserBody> & { merchantId: string };

/** POST merchant/merchant/add-user. */
export async function addUser({ merchantId, ...body }: AddUserInput): Promise<MemberUser> {
  return (await apiRequest<DataResponse<MemberUser>>('merchant/merchant/add-user', { method: 'POST', body, merchantId, tenantId: null })).data;
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersByMerchantQueryOptions().queryKey }),
  });
}
