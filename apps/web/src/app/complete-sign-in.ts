import type { QueryClient } from '@tanstack/react-query';
import { checkEu, getCheckEuQueryOptions } from '../features/auth/api/check-eu';
import { getMerchants, getMerchantsQueryOptions } from '../features/organisation/api/get-merchants';
import { getMyInvitations } from '../features/invitations/api/get-my-invitations';
import { readSession, writeSession } from '../lib/session';
import { PAGES, PUBLIC_PATHS, readNextParam, tenantHref } from '../lib/paths';

interface SignedIn {
  accessToken: string;
  refreshToken: string;
  user: { id: string };
}

/**
 * Stores the session and picks where to land: the page the user asked for before signing in (the
 * login page's `next`, an in-app path only), else EU users go to their tenant (§6) and everyone
 * else to the organisation dashboard of the remembered (or first) organisation.
 */
export async function completeSignIn(
  result: SignedIn,
  queryClient: QueryClient,
  requested: string | null = typeof window === 'undefined' ? null : readNextParam(window.location.search),
): Promise<string> {
  queryClient.clear();
  writeSession({ accessToken: result.accessToken, refreshToken: result.refreshToken, userId: result.user.id });
  const eu = await checkEu();
  queryClient.setQueryData(getCheckEuQueryOptions().queryKey, eu);
  if (eu.isEU) {
    writeSession({ euRole: 'EU', merchantId: eu.merchantId, tenantId: eu.tenantId });
    if (!eu.tenantId) return PUBLIC_PATHS.notTenant;
    // An end user works in the tenant area only (§6): a requested organisation page is not kept.
    const isTenantPage = requested !== null && /^\/tenant(\/|\?|$)/.test(requested);
    return isTenantPage ? requested : tenantHref(PAGES.tenantHome, eu.tenantId);
  }
  const merchants = await getMerchants();
  queryClient.setQueryData(getMerchantsQueryOptions().queryKey, merchants);
  const remembered = readSession('merchantId');
  const merchant = merchants.find((m) => m.id === remembered) ?? merchants[0];
  const tenantStillValid = merchant?.tenants.some((t) => t.id === readSession('tenantId'));
  writeSession({
    euRole: null,
    merchantId: merchant?.id ?? null,
    tenantId: tenantStillValid ? readSession('tenantId') : (merchant?.tenants[0]?.id ?? null),
  });
  // No organisation yet: the server let the person in because an invitation waits (issue 8).
  if (!merchant) return (await getMyInvitations()).length > 0 ? '/invitation' : PUBLIC_PATHS.loginFailed;
  return requested ?? PAGES.dashboard.path;
}
