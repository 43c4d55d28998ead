/** The wallet rules of the contract (api/wallet.ts) without Zod, for the console's route chunks; the contract re-exports them. */

/** §3 / §9 enumerations: wallet modes. */
export const WALLET_MODES = ['PREPAID', 'POSTPAID'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];

/** Upper bound of one top-up or subtraction, in whole VND (keeps sums exact in JS numbers). */
export const WALLET_MAX_AMOUNT = 1_000_000_000_000;

/**
 * What the header wallet shows (§2.2): 'unlimited' for postpaid (any non-prepaid mode), the balance
 * for prepaid. The server only returns mode + balance; web and e2e share this decision.
 */
export function walletHeaderDisplay(w: { mode: string; balance: number }): { kind: 'unlimited' } | { kind: 'balance'; balance: number } {
  return w.mode === 'PREPAID' ? { kind: 'balance', balance: w.balance } : { kind: 'unlimited' };
}
