import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { removeUserBody } from '@zc/shared/api/organisation';
import { apiRequest } from '../../../lib/api-client';
import { usersByMerchantKey } from './get-users-by-merchant';

/** POST merchant/merchant/remove-user. */
export async function removeUser({ merchantId, ...body }: z.input<typeof removeUserBody> & { merchantId: string }): Promise<void> {
  await apiRequest('merchant/merchant/remove-user', { method: 'POST', body, merchantId, tenantId: null });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersByMerchantKey }),
  });
}
