import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getUsersByMerchantQueryOptions } from './get-users-by-merchant';

/** POST merchant/merchant/remove-user. */
export async function removeUser({ userId, merchantId }: { userId: string; merchantId: string }): Promise<void> {
  await apiRequest('merchant/merchant/remove-user', { method: 'POST', body: { userId }, merchantId, tenantId: null });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersByMerchantQueryOptions().queryKey }),
  });
}
