import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBody } from '@zc/shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST merchant/auth/reset-password with the token of the mailed link. */
export async function resetPassword(input: z.input<typeof resetPasswordBody>): Promise<void> {
  await apiRequest('merchant/auth/reset-password', { method: 'POST', body: input, handleAuthErrors: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
