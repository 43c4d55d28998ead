import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addUserBody, Invitation } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { organisationInvitationsKey } from './get-organisation-invitations';

export type AddUserInput = z.input<typeof addUserBody> & { merchantId: string };

/**
 * POST merchant/merchant/add-user: invites the address. The answer is the pending invitation,
 * the same whether or not the address has an account; membership starts on acceptance.
 */
export async function addUser({ merchantId, ...body }: AddUserInput): Promise<Invitation> {
  return (await apiRequest<DataResponse<Invitation>>('merchant/merchant/add-user', { method: 'POST', body, merchantId, tenantId: null })).data;
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationInvitationsKey }),
  });
}
