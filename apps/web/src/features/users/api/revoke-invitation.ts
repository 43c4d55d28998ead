import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organisationInvitationsKey } from './get-organisation-invitations';

/** POST merchant/invitation/revoke/{id}: the link stops working. */
export async function revokeInvitation({ id, merchantId }: { id: string; merchantId: string }): Promise<void> {
  await apiRequest(`merchant/invitation/revoke/${id}`, { method: 'POST', merchantId, tenantId: null });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationInvitationsKey }),
  });
}
