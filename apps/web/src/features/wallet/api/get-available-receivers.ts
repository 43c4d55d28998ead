import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletUser } from '@zc/shared/api/wallet';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/billing/available-tenant-receiver/{tenantId}: who may receive the low-balance alerts. */
export async function getAvailableReceivers(merchantId: string, tenantId: string): Promise<WalletUser[]> {
  return (await apiGet<DataResponse<WalletUser[]>>(`merchant/billing/available-tenant-receiver/${encodeURIComponent(tenantId)}`, undefined, { merchantId, tenantId: null })).data;
}

export function getAvailableReceiversQueryOptions(merchantId?: string, tenantId?: string) {
  return queryOptions({
    queryKey: tenantId ? ['wallet', 'receivers', tenantId] : ['wallet', 'receivers'],
    queryFn: () => getAvailableReceivers(merchantId ?? '', tenantId ?? ''),
    enabled: Boolean(merchantId && tenantId),
  });
}

export function useAvailableReceivers(merchantId: string | undefined, tenantId: string | undefined) {
  return useQuery(getAvailableReceiversQueryOptions(merchantId, tenantId));
}
