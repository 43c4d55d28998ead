import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletHistoryEntry } from '@zc/shared/api/wallet';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import type { WalletRef } from './get-balance';

export interface BalanceHistoryQuery {
  page: number;
  size: number;
  type?: 'ADD' | 'SUB';
  orderBy: 'createdAt=asc' | 'createdAt=desc';
}

/** GET merchant/billing/merchant-balance-history or tenant-balance-history (page, size, type, orderBy). */
export async function getBalanceHistory(ref: WalletRef, query: BalanceHistoryQuery): Promise<ListResponse<WalletHistoryEntry>> {
  const path = ref.kind === 'merchant' ? 'merchant/billing/merchant-balance-history' : 'merchant/billing/tenant-balance-history';
  return apiGet<ListResponse<WalletHistoryEntry>>(path, { ...query }, { merchantId: ref.merchantId, tenantId: ref.kind === 'merchant' ? null : (ref.tenantId ?? null) });
}

export function getBalanceHistoryQueryOptions(ref?: WalletRef | null, query?: BalanceHistoryQuery) {
  return queryOptions({
    queryKey: ref && query ? ['wallet', 'history', ref.kind, ref.tenantId ?? ref.merchantId, query] : ['wallet', 'history'],
    queryFn: () => getBalanceHistory(ref as WalletRef, query as BalanceHistoryQuery),
    enabled: Boolean(ref && query),
    placeholderData: keepPreviousData,
  });
}

export function useBalanceHistory(ref: WalletRef | null, query: BalanceHistoryQuery) {
  return useQuery(getBalanceHistoryQueryOptions(ref, query));
}
