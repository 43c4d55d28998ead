import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@zc/shared/api/auth';
import { ApiError, apiGet, type DataResponse } from '../../../lib/api-client';
import { isSignedIn } from '../../../lib/session';

/**
 * GET auth, for the mail link: whom the browser is signed in as, or null. A dead session is not a
 * reason to leave the invitation page (no sign-out redirect): the page offers the password instead.
 */
export async function getSignedInEmail(): Promise<string | null> {
  if (!isSignedIn()) return null;
  try {
    return (await apiGet<DataResponse<Profile>>('auth', undefined, { handleAuthErrors: false, merchantId: null, tenantId: null })).data.email;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function getSignedInEmailQueryOptions() {
  return queryOptions({ queryKey: ['invitations', 'signed-in-email'], queryFn: getSignedInEmail, retry: false });
}

export function useSignedInEmail() {
  return useQuery(getSignedInEmailQueryOptions());
}
