import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { clearSession, readSession } from './session';

/** POST auth/logout (revokes the session); a failure is only logged (§8). */
export async function logout(): Promise<void> {
  const refreshToken = readSession('refreshToken');
  try {
    await apiRequest('auth/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {}, handleAuthErrors: false });
  } catch (error) {
    console.warn('Sign-out failed', error);
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
