import { z } from 'zod';
import { abilities, isoDate, orderByQuery, pageQuery } from './common';
import { WALLET_MAX_AMOUNT, WALLET_MODES } from './wallet-rules';

// The rules without Zod live in wallet-rules.ts, which the console imports.
export { WALLET_MAX_AMOUNT, WALLET_MODES, walletHeaderDisplay, type WalletMode } from './wallet-rules';

/** §3 / §9 enumerations: ledger entry types (wallet modes: wallet-rules.ts). */

export const WALLET_ENTRY_TYPES = ['ADD', 'SUB'] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

/**
 * Why a ledger entry exists (ADR 0010). Each reason moves exactly one amount:
 * - the balance: TOPUP, ADJUST (manual §5 edits), CHARGE (a prepaid message), REFUND (a CHARGE given back,
 *   or a HOLD_CHARGE given back after its hold closed), HOLD (an amount reserved), RELEASE (the unused rest
 *   of a hold given back when it closes);
 * - the postpaid usage (balance unchanged, `newBalance` = balance): USAGE (a postpaid message), USAGE_REFUND;
 * - a hold's `used` (balance unchanged): HOLD_CHARGE (a message paid from a hold), HOLD_REFUND (back into the
 *   still open hold).
 */
export const WALLET_ENTRY_REASONS = ['TOPUP', 'ADJUST', 'CHARGE', 'REFUND', 'USAGE', 'USAGE_REFUND', 'HOLD', 'RELEASE', 'HOLD_CHARGE', 'HOLD_REFUND'] as const;
export type WalletEntryReason = (typeof WALLET_ENTRY_REASONS)[number];

/** What an entry of this reason moves: the balance, the postpaid usage, or its hold's `used`. */
export function walletEntryEffect(reason: WalletEntryReason): 'balance' | 'usage' | 'hold' {
  if (reason === 'USAGE' || reason === 'USAGE_REFUND') return 'usage';
  if (reason === 'HOLD_CHARGE' || reason === 'HOLD_REFUND') return 'hold';
  return 'balance';
}


export const walletUser = z.object({ id: z.uuid(), displayName: z.string(), email: z.string() });
export type WalletUser = z.infer<typeof walletUser>;

/** §3 Wallet balance, for both kinds (merchant: tenantId null). */
export const walletBalance = z.object({
  id: z.uuid(),
  kind: z.enum(['merchant', 'tenant']),
  merchantId: z.uuid(),
  tenantId: z.uuid().nullable(),
  balance: z.number().int(),
  threshold: z.number().int(),
  mode: z.enum(WALLET_MODES),
  receivers: z.array(walletUser),
  isNoti: z.boolean(),
  /** Postpaid usage accumulated since the last settlement (VND). */
  postpaidUsage: z.number().int(),
  updatedAt: isoDate,
  /** `update`: the caller may edit this wallet (§5: top up/subtract, mode, threshold, receivers). */
  abilities: abilities(['update']),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/**
 * §3 Wallet history entry. `reason` tells top-ups (TOPUP/ADJUST) from message charges, refunds, postpaid
 * usage and holds (WALLET_ENTRY_REASONS); `holdId` names the hold an entry places, charges or releases.
 */
export const walletHistoryEntry = z.object({
  id: z.uuid(),
  type: z.enum(WALLET_ENTRY_TYPES),
  value: z.number().int(),
  newBalance: z.number().int(),
  reason: z.enum(WALLET_ENTRY_REASONS),
  messageId: z.uuid().nullable(),
  holdId: z.uuid().nullable(),
  createdAt: isoDate,
  createdBy: walletUser.nullable(),
});
export type WalletHistoryEntry = z.infer<typeof walletHistoryEntry>;

export const walletHistoryQuery = pageQuery.extend({
  type: z.enum(WALLET_ENTRY_TYPES).optional(),
  orderBy: orderByQuery(['createdAt'], 'createdAt=desc'),
});

/**
 * §7 update-tenant-balance. `billingBalance` is the amount to add or subtract (never the new
 * balance: the balance is derived from the ledger); §5: amount and threshold ≥ 0, SUB ≤ balance.
 */
export const updateTenantBalanceBody = z.strictObject({
  billingBalance: z.number().int().min(0).max(WALLET_MAX_AMOUNT),
  billingMode: z.enum(WALLET_MODES),
  billingType: z.enum(WALLET_ENTRY_TYPES),
  threshold: z.number().int().min(0).max(WALLET_MAX_AMOUNT),
  thresholdNotificationUserIds: z.array(z.uuid()).max(100).default([]),
});
export type UpdateTenantBalanceBody = z.input<typeof updateTenantBalanceBody>;

