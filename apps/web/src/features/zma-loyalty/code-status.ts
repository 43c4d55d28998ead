import type { GiftCodeStatus } from '@zc/shared/api/zma';

/** §3 gift code statuses as tags: the colour of each (antd Tag presets). */
export const CODE_STATUS_COLOR: Record<GiftCodeStatus, string> = {
  NEW: 'blue',
  ALLOCATED: 'gold',
  USED: 'green',
  EXPIRED: 'default',
  CANCELLED: 'red',
};

/** §4: only a NEW code can be cancelled. */
export function canCancel(status: GiftCodeStatus): boolean {
  return status === 'NEW';
}

/** §4: a NEW or CANCELLED code can be recalled (removed; its history stays). */
export function canRecall(status: GiftCodeStatus): boolean {
  return status === 'NEW' || status === 'CANCELLED';
}

/** The bulk actions offered for a selection: how many selected codes each action applies to (0 → the button is disabled). */
export function bulkActions(statuses: readonly GiftCodeStatus[]): { cancel: number; recall: number } {
  return { cancel: statuses.filter(canCancel).length, recall: statuses.filter(canRecall).length };
}

/**
 * What the redeem panel says about a looked-up code: only an ALLOCATED code that has not run out
 * can be redeemed; every other state names why not (the same codes as the server's 409s).
 */
export type RedeemVerdict = { redeemable: true } | { redeemable: false; reason: 'GIFT_CODE_NOT_ALLOCATED' | 'GIFT_CODE_USED' | 'GIFT_CODE_EXPIRED' | 'GIFT_CODE_CANCELLED' };

export function redeemVerdict(code: { status: GiftCodeStatus; expiresAt: string | null }, now: Date = new Date()): RedeemVerdict {
  switch (code.status) {
    case 'NEW':
      return { redeemable: false, reason: 'GIFT_CODE_NOT_ALLOCATED' };
    case 'USED':
      return { redeemable: false, reason: 'GIFT_CODE_USED' };
    case 'EXPIRED':
      return { redeemable: false, reason: 'GIFT_CODE_EXPIRED' };
    case 'CANCELLED':
      return { redeemable: false, reason: 'GIFT_CODE_CANCELLED' };
    case 'ALLOCATED':
      // The expiry job may not have run yet: a code past its expiry is treated as expired.
      if (code.expiresAt && new Date(code.expiresAt).getTime() <= now.getTime()) return { redeemable: false, reason: 'GIFT_CODE_EXPIRED' };
      return { redeemable: true };
  }
}

/** A generation batch's progress in whole percent (0–100; a finished batch is 100). */
export function progressPercent(batch: { generated: number; requested: number; status: string }): number {
  if (batch.status === 'DONE') return 100;
  if (batch.requested <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((batch.generated / batch.requested) * 100)));
}
