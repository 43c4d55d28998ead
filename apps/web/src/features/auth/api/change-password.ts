import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordAnswer, changePasswordBody } from '@zc/shared/api/auth';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { writeSession } from '../../../lib/session';

/** POST merchant/user/change-password; other sessions are revoked, this one gets fresh tokens. */
export async function changePassword(input: z.input<typeof changePasswordBody>): Promise<void> {
  const body = await apiRequest<DataResponse<z.infer<typeof changePasswordAnswer>>>('merchant/user/change-password', { method: 'POST', body: input });
  const { tokens } = body.data;
  writeSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
