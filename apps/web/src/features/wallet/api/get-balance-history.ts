import type { z } from 'zod';
import type { WalletHistoryEntry, walletHistoryQuery } from '@zc/shared/api/wallet';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import type { WalletRef } from './get-balance';

/** The wallet history's filters (walletHistoryQuery without paging; the hook adds page and size). */
export type BalanceHistoryFilters = Pick<z.input<typeof walletHistoryQuery>, 'type' | 'orderBy'>;

/** §9: wallet history dialog, 10 per page. */
export const WALLET_HISTORY_PAGE_SIZE = 10;

/** What mutations of a wallet invalidate (every history of every wallet). */
export const balanceHistoryKey = ['wallet', 'history'] as const;

/** GET merchant/billing/merchant-balance-history or tenant-balance-history (page, size, type, orderBy). */
export async function getBalanceHistory(ref: WalletRef, query: BalanceHistoryFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<WalletHistoryEntry>> {
  const path = ref.kind === 'merchant' ? 'merchant/billing/merchant-balance-history' : 'merchant/billing/tenant-balance-history';
  return apiGet<ListResponse<WalletHistoryEntry>>(path, { ...query }, {
    merchantId: ref.merchantId,
    tenantId: ref.kind === 'merchant' ? null : (ref.tenantId ?? null),
    signal,
  });
}

/** One wallet's ledger, paged by the console's paged-list hook (null: the dialog is closed). */
export function useBalanceHistory(ref: WalletRef | null, filters: BalanceHistoryFilters) {
  return usePagedList({
    key: [...balanceHistoryKey, ref?.kind ?? '', ref ? (ref.tenantId ?? ref.merchantId) : ''],
    filters,
    fetch: (query, signal) => getBalanceHistory(ref as WalletRef, query, signal), // enabled only with a ref
    enabled: ref !== null,
    initialSize: WALLET_HISTORY_PAGE_SIZE,
  });
}
