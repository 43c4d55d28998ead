import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC_CALL } from './public-call';

/** POST merchant/invitation/token/decline: the mailed token alone says no. */
export async function declineInvitationByToken(token: string): Promise<void> {
  await apiRequest('merchant/invitation/token/decline', { method: 'POST', body: { token }, ...PUBLIC_CALL });
}

export function useDeclineInvitationByToken() {
  return useMutation({ mutationFn: declineInvitationByToken });
}
