import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordBody } from '@zc/shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST merchant/auth/forgot-password: always answers ok (no account enumeration). */
export async function requestPasswordReset(input: z.input<typeof forgotPasswordBody>): Promise<void> {
  await apiRequest('merchant/auth/forgot-password', { method: 'POST', body: input, handleAuthErrors: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
