import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptedInvitation } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getMyInvitationsQueryOptions } from './get-my-invitations';

export type AcceptedInvitation = z.infer<typeof acceptedInvitation>;

/** POST merchant/invitation/accept/{id}: the signed-in address joins the organisation. */
export async function acceptInvitation(id: string): Promise<AcceptedInvitation> {
  return (await apiRequest<DataResponse<AcceptedInvitation>>(`merchant/invitation/accept/${id}`, { method: 'POST', merchantId: null, tenantId: null })).data;
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSettled: () => queryClient.invalidateQueries({ queryKey: getMyInvitationsQueryOptions().queryKey }) });
}
