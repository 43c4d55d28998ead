import type { WalletBalance, WalletHistoryEntry, WalletMode } from '@zc/shared/api/wallet';
import type { WalletRow } from './ledger';
import type { WalletAbilities } from './policy';
import type { UserRef, WalletEntryRow } from './repo';

/**
 * Wallet row → §3 Wallet balance (whitelist; internal flags such as belowThreshold stay inside), with what
 * the caller may do with it (policy.ts).
 */
export function presentWallet(w: WalletRow, receivers: UserRef[], abilities: WalletAbilities): WalletBalance {
  return {
    id: w.id,
    kind: w.tenantId ? 'tenant' : 'merchant',
    merchantId: w.merchantId,
    tenantId: w.tenantId,
    balance: w.balance,
    threshold: w.threshold,
    // Stored values come only from the WALLET_MODES enum (schema-validated writes).
    mode: w.mode as WalletMode,
    receivers,
    isNoti: w.isNoti,
    postpaidUsage: w.postpaidUsage,
    updatedAt: w.updatedAt.toISOString(),
    abilities,
  };
}

/** Ledger entry → §3 Wallet history entry. */
export function presentEntry(e: WalletEntryRow, createdBy: UserRef | null): WalletHistoryEntry {
  return {
    id: e.id,
    // Entries are written only by the ledger core (ledger.ts, charge-sql.ts) with these literal unions.
    type: e.type as WalletHistoryEntry['type'],
    value: e.value,
    newBalance: e.newBalance,
    reason: e.reason as WalletHistoryEntry['reason'],
    messageId: e.messageId,
    holdId: e.holdId,
    createdAt: e.createdAt.toISOString(),
    createdBy,
  };
}

/** The settings part of a wallet, for audit before/after. */
export function walletAuditView(w: WalletRow) {
  return { balance: w.balance, mode: w.mode, threshold: w.threshold, isNoti: w.isNoti, receiverIds: w.receiverIds };
}
