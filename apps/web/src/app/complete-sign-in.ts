import type { QueryClient } from '@tanstack/react-query';
import { checkEu, getCheckEuQueryOptions } from '../features/auth/api/check-eu';
import { getMerchants, getMerchantsQueryOptions } from '../features/organisation/api/get-merchants';
import { readSession, writeSession } from '../lib/session';

interface SignedIn {
  accessToken: string;
  refreshToken: string;
  user: { id: string };
}

/**
 * Stores the session and picks where to land: EU users go to their tenant (§6), everyone else to
 * the organisation dashboard of the remembered (or first) organisation.
 */
export async function completeSignIn(result: SignedIn, queryClient: QueryClient): Promise<string> {
  queryClient.clear();
  writeSession({ accessToken: result.accessToken, refreshToken: result.refreshToken, userId: result.user.id });
  const eu = await checkEu();
  queryClient.setQueryData(getCheckEuQueryOptions().queryKey, eu);
  if (eu.isEU) {
    writeSession({ euRole: 'EU', merchantId: eu.merchantId, tenantId: eu.tenantId });
    return eu.tenantId ? `/tenant?tenantId=${eu.tenantId}` : '/not-tenant';
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
  return merchant ? '/dashboard' : '/login-failed';
}
