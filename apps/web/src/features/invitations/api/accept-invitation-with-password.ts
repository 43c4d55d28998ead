import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptedWithSession, acceptInvitationWithPasswordBody } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { PUBLIC_CALL } from './public-call';

export type AcceptedWithSession = z.infer<typeof acceptedWithSession>;
export type AcceptWithPasswordInput = z.input<typeof acceptInvitationWithPasswordBody>;

/**
 * POST merchant/invitation/token/accept-with-password: the account's password (or a new account's
 * password and name) with the mailed token; answers a signed-in session.
 */
export async function acceptInvitationWithPassword(body: AcceptWithPasswordInput): Promise<AcceptedWithSession> {
  return (await apiRequest<DataResponse<AcceptedWithSession>>('merchant/invitation/token/accept-with-password', { method: 'POST', body, ...PUBLIC_CALL })).data;
}

export function useAcceptInvitationWithPassword() {
  return useMutation({ mutationFn: acceptInvitationWithPassword });
}
