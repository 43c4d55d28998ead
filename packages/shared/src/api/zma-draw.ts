import { z } from 'zod';
import { isoDate } from './common';
import { customerGift } from './zma-loyalty';
import {
  ZMA_CONDITION_TYPES,
  ZMA_FREQUENCIES,
  ZMA_GENDERS,
  ZMA_ITEM_TYPES,
  ZMA_PROBABILITY_SCALE,
  ZMA_SPIN_OUTCOMES,
  ZMA_STATUSES,
} from './zma';

/**
 * Lucky draw contract (issue 14 #6, #7; /tmp/zma-api.md §3; ADR 0022): draws and their prizes,
 * play rules and the rule tester, spins, affiliate campaigns and referrals, console-granted turns.
 * Probabilities are integers in parts per million (ZMA_PROBABILITY_SCALE); they sum to exactly 1,000,000.
 */

export const ZMA_DRAW_MIN_PRIZES = 2;
export const ZMA_DRAW_MAX_PRIZES = 12;

/** Paging of the mini-app lists: `page` (1-based) and `pageSize` (max 100); answers carry `meta.total`. */
export const zmaPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour like #12abef' });
const isoInput = z.iso.datetime({ offset: true });
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** The wheel's look. */
export const drawLook = z.strictObject({
  primaryColor: hexColor,
  secondaryColor: hexColor,
  buttonText: z.string().trim().min(1).max(40),
  backgroundUrl: httpUrl.nullable().optional(),
});
export type DrawLook = z.infer<typeof drawLook>;

export const DEFAULT_DRAW_LOOK: DrawLook = { primaryColor: '#e53935', secondaryColor: '#ffd54f', buttonText: 'Quay', backgroundUrl: null };

/** A slice of the wheel as configured: `giftItemId` null = a "no prize" slice (its stock is ignored: unlimited). */
export const drawPrizeInput = z.strictObject({
  /** An existing prize of this draw (PATCH keeps its `won`); absent = a new slice. */
  id: z.uuid().optional(),
  giftItemId: z.uuid().nullable(),
  label: z.string().trim().min(1).max(60),
  /** Parts per million (0–1,000,000). */
  probability: z.number().int().min(0).max(ZMA_PROBABILITY_SCALE),
  /** null = unlimited. Negative → 422 ZMA_DRAW_INVALID naming body.prizes.N.stock (checked by the server, not here). */
  stock: z.number().int().nullable(),
  color: hexColor.nullable().optional(),
});
export type DrawPrizeInput = z.infer<typeof drawPrizeInput>;

/**
 * Create body. The sum of probabilities, negative stock, endsAt ≤ startsAt and unknown/inactive gift
 * items are answered 422 ZMA_DRAW_INVALID naming the field (body.prizes, body.prizes.N.stock,
 * body.endsAt, body.prizes.N.giftItemId) by the server, so this schema only bounds the shapes.
 */
export const createDrawBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).nullable().optional(),
  status: z.enum(ZMA_STATUSES).optional(),
  startsAt: isoInput.nullable().optional(),
  endsAt: isoInput.nullable().optional(),
  look: drawLook,
  prizes: z.array(drawPrizeInput).min(ZMA_DRAW_MIN_PRIZES).max(ZMA_DRAW_MAX_PRIZES),
});
export type CreateDrawBody = z.infer<typeof createDrawBody>;

/** PATCH: any field; `prizes` (when present) replaces the wheel — prizes named by `id` keep their `won` (stock never below it). */
export const updateDrawBody = createDrawBody.partial();
export type UpdateDrawBody = z.infer<typeof updateDrawBody>;

export const drawListQuery = zmaPageQuery.extend({ status: z.enum(ZMA_STATUSES).optional() });

export const drawPrize = z.object({
  id: z.uuid(),
  giftItemId: z.uuid().nullable(),
  giftName: z.string().nullable(),
  giftType: z.enum(ZMA_ITEM_TYPES).nullable(),
  label: z.string(),
  probability: z.number().int(),
  stock: z.number().int().nullable(),
  won: z.number().int(),
  position: z.number().int(),
  color: z.string().nullable(),
});
export type DrawPrize = z.infer<typeof drawPrize>;

export const draw = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(ZMA_STATUSES),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  look: drawLook,
  prizes: z.array(drawPrize),
  branches: z.array(z.object({ id: z.uuid(), name: z.string() })),
  spins: z.number().int(),
  winners: z.number().int(),
  createdAt: isoDate,
});
export type Draw = z.infer<typeof draw>;

/** Rules (§3 condition types; meaning of each in ADR 0022). */
export const ruleBody = z.strictObject({
  /** null = every draw of the mini app. */
  drawId: z.uuid().nullable().optional(),
  name: z.string().trim().min(1).max(120),
  conditionType: z.enum(ZMA_CONDITION_TYPES),
  frequency: z.enum(ZMA_FREQUENCIES).default('DAILY'),
  /** 0 = Sunday … 6 = Saturday (Vietnam time); empty = every day. */
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  /** none = any gender. */
  gender: z.enum(ZMA_GENDERS).default('none'),
  value: z.number().int().min(0).max(1_000_000),
  status: z.enum(ZMA_STATUSES).default('ACTIVE'),
});
export type RuleBody = z.infer<typeof ruleBody>;

export const updateRuleBody = z.strictObject({
  drawId: z.uuid().nullable().optional(),
  name: z.string().trim().min(1).max(120).optional(),
  conditionType: z.enum(ZMA_CONDITION_TYPES).optional(),
  frequency: z.enum(ZMA_FREQUENCIES).optional(),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  gender: z.enum(ZMA_GENDERS).optional(),
  value: z.number().int().min(0).max(1_000_000).optional(),
  status: z.enum(ZMA_STATUSES).optional(),
});
export type UpdateRuleBody = z.infer<typeof updateRuleBody>;

export const ruleListQuery = z.strictObject({ drawId: z.uuid().optional() });

export const rule = z.object({
  id: z.uuid(),
  drawId: z.uuid().nullable(),
  drawName: z.string().nullable(),
  name: z.string(),
  conditionType: z.enum(ZMA_CONDITION_TYPES),
  frequency: z.enum(ZMA_FREQUENCIES),
  weekdays: z.array(z.number().int()),
  gender: z.enum(ZMA_GENDERS),
  value: z.number().int(),
  status: z.enum(ZMA_STATUSES),
  createdAt: isoDate,
});
export type Rule = z.infer<typeof rule>;

/** Why a customer may not play (the tester's and the spin's `details.reason`). */
export const PLAY_REASON_CODES = ['NOT_OPEN', 'NO_TURNS', 'WEEKDAY', 'GENDER', 'WIN_LIMIT', 'UNUSED_GIFTS', 'INFO_NOT_SHARED'] as const;
export type PlayReasonCode = (typeof PLAY_REASON_CODES)[number];

export const ruleTestBody = z.strictObject({
  drawId: z.uuid(),
  customerId: z.uuid(),
  /** The moment to test (default now). */
  at: isoInput.optional(),
});

export const ruleTestResult = z.object({
  allowed: z.boolean(),
  turnsLeft: z.number().int(),
  /** Turns of the current period (rules) and bonus turns, for the explanation. */
  periodTurns: z.object({ allowed: z.number().int(), used: z.number().int(), periodKey: z.string() }),
  bonusTurns: z.number().int(),
  reasons: z.array(z.object({ ruleId: z.uuid().nullable(), code: z.enum(PLAY_REASON_CODES), message: z.string() })),
});
export type RuleTestResult = z.infer<typeof ruleTestResult>;

export const spinParams = z.strictObject({ drawId: z.uuid() });

export const spinResult = z.object({
  spinId: z.uuid(),
  outcome: z.enum(ZMA_SPIN_OUTCOMES),
  /** The slice the wheel stops on (for NO_PRIZE after a sold-out prize: a "no prize" slice, else the sold-out one). */
  prize: z.object({ id: z.uuid(), label: z.string(), position: z.number().int(), color: z.string().nullable() }),
  /** The won gift with its code (the loyalty contract's CustomerGift). */
  gift: customerGift.nullable(),
  turnsLeft: z.number().int(),
});
export type SpinResult = z.infer<typeof spinResult>;

/** An open draw for the mini app's home screen. */
export const openDraw = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  look: drawLook,
  prizes: z.array(z.object({ id: z.uuid(), label: z.string(), color: z.string().nullable(), position: z.number().int() })),
  opensAt: isoDate.nullable(),
  closesAt: isoDate.nullable(),
});
export type OpenDraw = z.infer<typeof openDraw>;

/** Affiliate campaigns. */
export const affiliateCampaignBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  status: z.enum(ZMA_STATUSES).default('ACTIVE'),
  startsAt: isoInput.nullable().optional(),
  endsAt: isoInput.nullable().optional(),
  /** Bonus turns the referrer earns per rewarded referral. */
  rewardTurns: z.number().int().min(0).max(1000).default(0),
  /** A gift (ACTIVE item of this app) the referrer earns per rewarded referral. */
  rewardGiftItemId: z.uuid().nullable().optional(),
  /** Welcome bonus turns of the new customer. */
  newCustomerTurns: z.number().int().min(0).max(1000).default(0),
  /** 0 = no limit. */
  maxRewardsPerReferrer: z.number().int().min(0).max(100000).default(0),
});
export type AffiliateCampaignBody = z.infer<typeof affiliateCampaignBody>;

export const updateAffiliateCampaignBody = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  status: z.enum(ZMA_STATUSES).optional(),
  startsAt: isoInput.nullable().optional(),
  endsAt: isoInput.nullable().optional(),
  rewardTurns: z.number().int().min(0).max(1000).optional(),
  rewardGiftItemId: z.uuid().nullable().optional(),
  newCustomerTurns: z.number().int().min(0).max(1000).optional(),
  maxRewardsPerReferrer: z.number().int().min(0).max(100000).optional(),
});
export type UpdateAffiliateCampaignBody = z.infer<typeof updateAffiliateCampaignBody>;

export const affiliateListQuery = zmaPageQuery.extend({ status: z.enum(ZMA_STATUSES).optional() });

export const affiliateCampaign = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(ZMA_STATUSES),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  rewardTurns: z.number().int(),
  rewardGiftItemId: z.uuid().nullable(),
  rewardGiftName: z.string().nullable(),
  newCustomerTurns: z.number().int(),
  maxRewardsPerReferrer: z.number().int(),
  referrals: z.object({ total: z.number().int(), rewarded: z.number().int(), rejected: z.number().int() }),
  createdAt: isoDate,
});
export type AffiliateCampaign = z.infer<typeof affiliateCampaign>;

export const REFERRAL_STATUSES = ['REWARDED', 'REJECTED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
/** Why a referral earned nothing (fraud checks and limits; ADR 0022). */
export const REFERRAL_REJECT_REASONS = ['SELF_REFERRAL', 'REFERRER_UNKNOWN', 'CAMPAIGN_CLOSED', 'REFERRER_LIMIT', 'ALREADY_KNOWN'] as const;
export type ReferralRejectReason = (typeof REFERRAL_REJECT_REASONS)[number];

export const referralListQuery = zmaPageQuery.extend({ status: z.enum(REFERRAL_STATUSES).optional() });

export const referral = z.object({
  id: z.uuid(),
  campaignId: z.uuid(),
  referrer: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }),
  referredZaloUserId: z.string(),
  referred: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.enum(REFERRAL_REJECT_REASONS).nullable(),
  createdAt: isoDate,
});
export type Referral = z.infer<typeof referral>;

/** Console: grant bonus turns to a customer. */
export const grantTurnsParams = z.strictObject({ customerId: z.uuid() });
export const grantTurnsBody = z.strictObject({
  turns: z.number().int().min(1).max(1000),
  note: z.string().trim().max(500).optional(),
});
export const grantTurnsResult = z.object({ customerId: z.uuid(), bonusTurns: z.number().int() });
/** `POST /api/zma/v1/customers/{zaloUserId}/turns` (the tenant's backend, a mini-app API key): Zalo's user id of the customer. */
export const zaloUserParams = z.strictObject({ zaloUserId: z.string().trim().regex(/^\d{1,30}$/, 'Zalo user ids are digits') });
