import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginResponse, registerBody } from '@zc/shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type RegisterInput = z.input<typeof registerBody>;

/** POST auth/register: creates the user and an organisation they own, answers a token pair. */
export async function registerAccount(input: RegisterInput): Promise<z.infer<typeof loginResponse>['data']> {
  const body = await apiRequest<z.infer<typeof loginResponse>>('auth/register', { method: 'POST', body: input, handleAuthErrors: false });
  return body.data;
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
