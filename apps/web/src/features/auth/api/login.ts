import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody, loginResponse } from '@zc/shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type LoginInput = z.input<typeof loginBody>;
export type LoginResult = z.infer<typeof loginResponse>['data'];

/** POST auth/login/credential; 401/403 are answers here, not navigation triggers. */
export async function loginWithCredential(input: LoginInput): Promise<LoginResult> {
  const body = await apiRequest<z.infer<typeof loginResponse>>('auth/login/credential', {
    method: 'POST',
    body: input,
    handleAuthErrors: false,
    merchantId: null,
    tenantId: null,
  });
  return body.data;
}

export function useLogin() {
  return useMutation({ mutationFn: loginWithCredential });
}
