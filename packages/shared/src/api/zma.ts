/**
 * Zalo Mini App loyalty (issue 14; §3 Enumerations "Mini-app", gift code statuses; §4 gift code
 * transitions; ADR 0022): the enumerations every mini-app contract file, table and screen share.
 * Each slice keeps its request/response schemas in its own file (zma-apps.ts, zma-loyalty.ts,
 * zma-draw.ts, zma-customer.ts); this file only names the closed sets.
 */

/** §3 Mini-app item types: a physical gift, or a voucher (a discount redeemed at a branch). */
export const ZMA_ITEM_TYPES = ['ITEM', 'VOUCHER'] as const;
export type ZmaItemType = (typeof ZMA_ITEM_TYPES)[number];

/** §3 status of mini apps, branches, items, draws, rules and affiliate campaigns. */
export const ZMA_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ZmaStatus = (typeof ZMA_STATUSES)[number];

/** §3 price modes of an item's value: a fixed range (min–max đồng) or a coefficient of the order. */
export const ZMA_PRICE_MODES = ['RANGE', 'COEFFICIENT'] as const;
export type ZmaPriceMode = (typeof ZMA_PRICE_MODES)[number];

/** §3 branch types: a physical branch, or the mini app itself (online redemption). */
export const ZMA_BRANCH_TYPES = ['BRANCH', 'MINIAPP'] as const;
export type ZmaBranchType = (typeof ZMA_BRANCH_TYPES)[number];

/** §3 rule frequency. */
export const ZMA_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
export type ZmaFrequency = (typeof ZMA_FREQUENCIES)[number];

/** §3 weekdays 0-6 (0 = Sunday, as JavaScript's getDay in Asia/Ho_Chi_Minh). */
export const ZMA_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** §3 game condition types of a rule (their meaning: docs/adr/0022). */
export const ZMA_CONDITION_TYPES = ['GAME_RESULT', 'GAME_TURN', 'GIFT_USAGE', 'INFO_NOT_SHARED'] as const;
export type ZmaConditionType = (typeof ZMA_CONDITION_TYPES)[number];

/** §3 genders (of a customer, and the gender a rule applies to; none = any / unknown). */
export const ZMA_GENDERS = ['none', 'male', 'female'] as const;
export type ZmaGender = (typeof ZMA_GENDERS)[number];

/** §3 gift code statuses. */
export const GIFT_CODE_STATUSES = ['NEW', 'ALLOCATED', 'USED', 'EXPIRED', 'CANCELLED'] as const;
export type GiftCodeStatus = (typeof GIFT_CODE_STATUSES)[number];

/** Voucher discount: an amount in đồng, or a percentage of the order. */
export const ZMA_DISCOUNT_KINDS = ['AMOUNT', 'PERCENT'] as const;
export type ZmaDiscountKind = (typeof ZMA_DISCOUNT_KINDS)[number];

/** A spin's outcome: a prize with a gift, or the configured "no prize" slice (or a prize whose stock ran out). */
export const ZMA_SPIN_OUTCOMES = ['WIN', 'NO_PRIZE'] as const;
export type ZmaSpinOutcome = (typeof ZMA_SPIN_OUTCOMES)[number];

/** Draw prize probabilities are integers out of this (parts per million): they must sum to it exactly. */
export const ZMA_PROBABILITY_SCALE = 1_000_000;

/**
 * What the mini-app activity history records (one writer: modules/mini-apps/activity.ts), shown on
 * `/tenant/zalo-mini-app/history` and `/tenant/mini-app/{id}/history` with filters and export.
 */
export const ZMA_ACTIVITY_KINDS = [
  'CUSTOMER_JOINED', 'PHONE_SHARED', 'OA_FOLLOWED', 'SPIN', 'GIFT_WON', 'CODE_ALLOCATED', 'CODE_USED',
  'CODE_EXPIRED', 'CODE_CANCELLED', 'CODE_RECALLED', 'CODES_GENERATED', 'TURNS_GRANTED', 'REFERRAL_REWARDED',
  'REFERRAL_REJECTED', 'STOCK_CHANGED', 'GIFTS_IMPORTED',
] as const;
export type ZmaActivityKind = (typeof ZMA_ACTIVITY_KINDS)[number];

/** §7: the header naming the mini app a `/api/zma/merchant/*` call acts on. */
export const ZMA_HEADER = 'x-zma-id';
