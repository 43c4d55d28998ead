import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkEuResponse } from '@zc/shared/api/auth';
import { apiGet } from '../../../lib/api-client';

export type EuCheck = z.infer<typeof checkEuResponse>['data'];

/** GET merchant/merchant/check-eu-by-user: EU users go straight to their tenant. */
export async function checkEu(): Promise<EuCheck> {
  return (await apiGet<z.infer<typeof checkEuResponse>>('merchant/merchant/check-eu-by-user', undefined, { merchantId: null, tenantId: null })).data;
}

export function getCheckEuQueryOptions() {
  return queryOptions({ queryKey: ['check-eu'], queryFn: checkEu, staleTime: 5 * 60_000 });
}

export function useCheckEu() {
  return useQuery(getCheckEuQueryOptions());
}
