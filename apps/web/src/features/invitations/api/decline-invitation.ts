import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getMyInvitationsQueryOptions } from './get-my-invitations';

/** POST merchant/invitation/decline/{id}. */
export async function declineInvitation(id: string): Promise<void> {
  await apiRequest(`merchant/invitation/decline/${id}`, { method: 'POST', merchantId: null, tenantId: null });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineInvitation, onSettled: () => queryClient.invalidateQueries({ queryKey: getMyInvitationsQueryOptions().queryKey }) });
}
