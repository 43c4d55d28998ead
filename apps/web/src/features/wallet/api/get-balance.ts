import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletBalance } from '@zc/shared/api/wallet';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export type WalletKind = 'merchant' | 'tenant';

/** The wallet a dialog works on: the organisation's, or one tenant's. */
export interface WalletRef {
  kind: WalletKind;
  merchantId: string;
  tenantId?: string;
}

/** GET merchant/billing/merchant-balance or merchant/billing/tenant-balance (x-tenant-id). */
export async function getBalance(ref: WalletRef): Promise<WalletBalance> {
  if (ref.kind === 'merchant') return (await apiGet<DataResponse<WalletBalance>>('merchant/billing/merchant-balance', undefined, { merchantId: ref.merchantId, tenantId: null })).data;
  return (await apiGet<DataResponse<WalletBalance>>('merchant/billing/tenant-balance', undefined, { merchantId: ref.merchantId, tenantId: ref.tenantId ?? null })).data;
}

export function getBalanceQueryOptions(ref?: WalletRef | null) {
  return queryOptions({
    queryKey: ref ? ['wallet', 'balance', ref.kind, ref.kind === 'merchant' ? ref.merchantId : (ref.tenantId ?? '')] : ['wallet', 'balance'],
    queryFn: () => getBalance(ref as WalletRef),
    enabled: Boolean(ref && (ref.kind === 'merchant' ? ref.merchantId : ref.tenantId)),
    staleTime: 15_000,
  });
}

export function useBalance(ref: WalletRef | null) {
  return useQuery(getBalanceQueryOptions(ref));
}
