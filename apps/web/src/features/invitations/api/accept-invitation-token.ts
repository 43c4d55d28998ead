import { useMutation } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import type { AcceptedInvitation } from './accept-invitation';

/** POST merchant/invitation/token/accept: the mailed link, signed in as the invited address. */
export async function acceptInvitationByToken(token: string): Promise<AcceptedInvitation> {
  return (await apiRequest<DataResponse<AcceptedInvitation>>('merchant/invitation/token/accept', { method: 'POST', body: { token }, merchantId: null, tenantId: null })).data;
}

export function useAcceptInvitationByToken() {
  return useMutation({ mutationFn: acceptInvitationByToken });
}
