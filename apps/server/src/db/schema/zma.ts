import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  GIFT_CODE_STATUSES,
  ZMA_ACTIVITY_KINDS,
  ZMA_BRANCH_TYPES,
  ZMA_CONDITION_TYPES,
  ZMA_DISCOUNT_KINDS,
  ZMA_FREQUENCIES,
  ZMA_GENDERS,
  ZMA_ITEM_TYPES,
  ZMA_PRICE_MODES,
  ZMA_SPIN_OUTCOMES,
  ZMA_STATUSES,
} from '@zc/shared/api/zma';
import { createdAt, money, oneOf, ts, updatedAt } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { zaloOas } from './zalo-oa';

/**
 * Zalo Mini App loyalty (issue 14, ADR 0022). Every row carries its mini app (`zma_app_id`) and,
 * where a console list reads it, the tenant, so isolation is one equality away.
 */

/** A tenant's Zalo Mini App: the app id end users sign in through, its secret (encrypted at rest). */
export const zmaApps = pgTable(
  'zma_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    /** Zalo's app id (digits); unique across the product: the end-user sign-in resolves the app by it. */
    zaloAppId: text('zalo_app_id').notNull(),
    /** The app secret, sealed with platform/crypto (never returned, never logged). */
    appSecretEnc: text('app_secret_enc').notNull(),
    /** The OA customers are invited to follow from the mini app (optional). */
    zaloOaId: uuid('zalo_oa_id').references(() => zaloOas.id, { onDelete: 'set null' }),
    status: text('status', { enum: ZMA_STATUSES }).notNull().default('ACTIVE'),
    /** Mini-app settings (§2.1 settings): points, expiry defaults, look — shape in the shared contract. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('zma_apps_zalo_app_key').on(t.zaloAppId),
    index('zma_apps_tenant_idx').on(t.tenantId, t.createdAt),
    check('zma_apps_status_ck', oneOf(t.status, ZMA_STATUSES)),
  ],
);

/** Keys the tenant's own backend calls the mini-app API with (`/api/zma/v1/*`); stored as a SHA-256 hash. */
export const zmaApiKeys = pgTable(
  'zma_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('zma_api_keys_secret_key').on(t.secretHash), index('zma_api_keys_app_idx').on(t.zmaAppId, t.createdAt)],
);

/** A staff role of one mini app (§6 mini-app permissions), `/tenant/mini-app/{id}/user/{zMAUserRoleId}`. */
export const zmaRoles = pgTable(
  'zma_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('zma_roles_name_key').on(t.zmaAppId, t.name)],
);

/** A user's role in one mini app (at most one per app); its permissions join the §6 union. */
export const zmaRoleMembers = pgTable(
  'zma_role_members',
  {
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull().references(() => zmaRoles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.zmaAppId, t.userId] }), index('zma_role_members_role_idx').on(t.roleId)],
);

/** A branch where gifts are redeemed (BRANCH), or the mini app itself as an online branch (MINIAPP). */
export const zmaBranches = pgTable(
  'zma_branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ZMA_BRANCH_TYPES }).notNull().default('BRANCH'),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    /** Opening hours per weekday 0-6: [{ day, open: 'HH:mm', close: 'HH:mm' }] (shape in the shared contract). */
    openingHours: jsonb('opening_hours').$type<unknown[]>().notNull().default([]),
    status: text('status', { enum: ZMA_STATUSES }).notNull().default('ACTIVE'),
    /** Branch settings (VIEW/UPDATE_ZMA_BRANCH_SETTING): whether only the branch's staff may redeem there. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('zma_branches_app_idx').on(t.zmaAppId, t.createdAt),
    check('zma_branches_type_ck', oneOf(t.type, ZMA_BRANCH_TYPES)),
    check('zma_branches_status_ck', oneOf(t.status, ZMA_STATUSES)),
  ],
);

/** Staff of a branch (console users who redeem codes there). */
export const zmaBranchStaff = pgTable(
  'zma_branch_staff',
  {
    branchId: uuid('branch_id').notNull().references(() => zmaBranches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.userId] })],
);

/** The lucky draws a branch offers (`branch/{id}/assign-game`). */
export const zmaBranchGames = pgTable(
  'zma_branch_games',
  {
    branchId: uuid('branch_id').notNull().references(() => zmaBranches.id, { onDelete: 'cascade' }),
    drawId: uuid('draw_id').notNull().references(() => zmaDraws.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.drawId] }), index('zma_branch_games_draw_idx').on(t.drawId)],
);

/** Gift inventory (`gift-inventory`, `voucher`): a physical ITEM or a VOUCHER. */
export const zmaGiftItems = pgTable(
  'zma_gift_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ZMA_ITEM_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    /** The item's value in đồng (RANGE: valueMin–valueMax; COEFFICIENT: value × coefficient of the order). */
    priceMode: text('price_mode', { enum: ZMA_PRICE_MODES }).notNull().default('RANGE'),
    valueMin: money('value_min').notNull().default(0),
    valueMax: money('value_max').notNull().default(0),
    coefficient: integer('coefficient'),
    status: text('status', { enum: ZMA_STATUSES }).notNull().default('ACTIVE'),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    /** VOUCHER only: the discount, the minimum order, free-text conditions. */
    discountKind: text('discount_kind', { enum: ZMA_DISCOUNT_KINDS }),
    discountValue: money('discount_value'),
    minOrderValue: money('min_order_value'),
    conditions: text('conditions'),
    /** A code allocated to a customer expires this many days later (null: at validTo, or never). */
    codeValidityDays: integer('code_validity_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('zma_gift_items_app_idx').on(t.zmaAppId, t.type, t.createdAt),
    check('zma_gift_items_type_ck', oneOf(t.type, ZMA_ITEM_TYPES)),
    check('zma_gift_items_status_ck', oneOf(t.status, ZMA_STATUSES)),
    check('zma_gift_items_price_mode_ck', oneOf(t.priceMode, ZMA_PRICE_MODES)),
    check('zma_gift_items_values_ck', sql`value_min >= 0 and value_max >= value_min`),
  ],
);

/** Stock of an item at a branch (branch gift, §6 *_ZMA_BRANCH_GIFT); never negative. */
export const zmaBranchStock = pgTable(
  'zma_branch_stock',
  {
    branchId: uuid('branch_id').notNull().references(() => zmaBranches.id, { onDelete: 'cascade' }),
    giftItemId: uuid('gift_item_id').notNull().references(() => zmaGiftItems.id, { onDelete: 'cascade' }),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    /** Below this the dashboard lists the stock as running low. */
    lowThreshold: integer('low_threshold').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.giftItemId] }), check('zma_branch_stock_qty_ck', sql`quantity >= 0 and low_threshold >= 0`)],
);

/** One bulk generation of codes for an item (a job with progress). */
export const zmaGiftCodeBatches = pgTable('zma_gift_code_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
  giftItemId: uuid('gift_item_id').notNull().references(() => zmaGiftItems.id, { onDelete: 'cascade' }),
  requested: integer('requested').notNull(),
  generated: integer('generated').notNull().default(0),
  /** RUNNING, DONE or FAILED (with error). */
  status: text('status').notNull().default('RUNNING'),
  error: text('error'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  finishedAt: ts('finished_at'),
});

/**
 * A gift code (§3 Gift code; §4 transitions; ADR 0022): NEW → ALLOCATED (customer) → USED (branch) or
 * EXPIRED; NEW → CANCELLED; NEW or CANCELLED may be recalled (the row is removed, its events stay).
 */
export const zmaGiftCodes = pgTable(
  'zma_gift_codes',
  {
    /** Time-ordered (migration 0051): a million-code batch appends to the primary key instead of scattering. */
    id: uuid('id').primaryKey().default(sql`zc_uuid7()`),
    /** No foreign key: the item's cascades it (an item belongs to one app), one check less per generated row (ADR 0023). */
    zmaAppId: uuid('zma_app_id').notNull(),
    /** No foreign key: the app's cascades it, and a million-code batch would check each row (ADR 0023). */
    tenantId: uuid('tenant_id').notNull(),
    giftItemId: uuid('gift_item_id').notNull().references(() => zmaGiftItems.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id'),
    code: text('code').notNull(),
    status: text('status', { enum: GIFT_CODE_STATUSES }).notNull().default('NEW'),
    customerId: uuid('customer_id').references(() => zmaCustomers.id, { onDelete: 'set null' }),
    /** The branch it was redeemed at (USED). */
    branchId: uuid('branch_id').references(() => zmaBranches.id, { onDelete: 'set null' }),
    spinId: uuid('spin_id'),
    createdAt: createdAt(),
    assignedAt: ts('assigned_at'),
    usedAt: ts('used_at'),
    expiresAt: ts('expires_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('zma_gift_codes_code_key').on(t.zmaAppId, t.code),
    // Allocation takes a NEW code of the item (FOR UPDATE SKIP LOCKED).
    index('zma_gift_codes_new_idx').on(t.giftItemId).where(sql`status = 'NEW'`),
    index('zma_gift_codes_customer_idx').on(t.customerId, t.assignedAt.desc()).where(sql`customer_id is not null`),
    index('zma_gift_codes_app_list_idx').on(t.zmaAppId, t.createdAt.desc(), t.id),
    index('zma_gift_codes_expiry_idx').on(t.expiresAt).where(sql`status = 'ALLOCATED' and expires_at is not null`),
    // The dashboard's redemptions in a range, per app (and branch).
    index('zma_gift_codes_used_idx').on(t.zmaAppId, t.usedAt).where(sql`status = 'USED'`),
    check('zma_gift_codes_status_ck', oneOf(t.status, GIFT_CODE_STATUSES)),
  ],
);

/** Every transition of a code: who (staff or customer), where (branch) and when. Bulk creation is one batch row. */
export const zmaGiftCodeEvents = pgTable(
  'zma_gift_code_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: a recalled code's row is removed, its history is not. */
    codeId: uuid('code_id').notNull(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    fromStatus: text('from_status'),
    /** A §3 status, or RECALLED. */
    toStatus: text('to_status').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => zmaCustomers.id, { onDelete: 'set null' }),
    branchId: uuid('branch_id').references(() => zmaBranches.id, { onDelete: 'set null' }),
    note: text('note'),
    at: createdAt(),
  },
  (t) => [index('zma_gift_code_events_code_idx').on(t.codeId, t.id)],
);

/** An end user of a mini app (a Zalo user who opened it). */
export const zmaCustomers = pgTable(
  'zma_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    /** Zalo's user id for the app (`/me` id). */
    zaloUserId: text('zalo_user_id').notNull(),
    idByOa: text('id_by_oa'),
    name: text('name').notNull().default(''),
    avatar: text('avatar'),
    /** 84… once the customer shared it (the phone token exchanged on the server). */
    phone: text('phone'),
    phoneSharedAt: ts('phone_shared_at'),
    gender: text('gender', { enum: ZMA_GENDERS }).notNull().default('none'),
    isFollower: boolean('is_follower').notNull().default(false),
    /** Turns granted outside the rules' periods (affiliate rewards, the tenant's backend); spent after the period's turns. */
    bonusTurns: integer('bonus_turns').notNull().default(0),
    referredBy: uuid('referred_by'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    uniqueIndex('zma_customers_user_key').on(t.zmaAppId, t.zaloUserId),
    index('zma_customers_app_idx').on(t.zmaAppId, t.createdAt.desc(), t.id),
    index('zma_customers_phone_idx').on(t.zmaAppId, t.phone).where(sql`phone is not null`),
    // The console's name search: a case-insensitive prefix on lower(name) in byte order (as oa_followers).
    index('zma_customers_lname_idx').on(t.zmaAppId, sql`lower(${t.name}) collate "C"`),
    check('zma_customers_gender_ck', oneOf(t.gender, ZMA_GENDERS)),
    check('zma_customers_bonus_ck', sql`bonus_turns >= 0`),
  ],
);

/** A lucky draw (`lucky-draw-config`): schedule, look of the wheel, prizes. */
export const zmaDraws = pgTable(
  'zma_draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ZMA_STATUSES }).notNull().default('ACTIVE'),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    /** The wheel's look: colours, background image, button text (shape in the shared contract). */
    look: jsonb('look').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Bumped by every change of what a spin reads (the draw, its prizes, the app's rules): a spin runs on
     * an in-process copy of the configuration and its statement checks this number (ADR 0022).
     */
    configVersion: integer('config_version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('zma_draws_app_idx').on(t.zmaAppId, t.createdAt), check('zma_draws_status_ck', oneOf(t.status, ZMA_STATUSES))],
);

/** A slice of the wheel. giftItemId null = "no prize". probability in parts per million (sum = 1,000,000). */
export const zmaDrawPrizes = pgTable(
  'zma_draw_prizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    drawId: uuid('draw_id').notNull().references(() => zmaDraws.id, { onDelete: 'cascade' }),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    giftItemId: uuid('gift_item_id').references(() => zmaGiftItems.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    probability: integer('probability').notNull(),
    /** null = unlimited (always for "no prize"). */
    stock: integer('stock'),
    won: integer('won').notNull().default(0),
    position: integer('position').notNull().default(0),
    color: text('color'),
  },
  (t) => [
    index('zma_draw_prizes_draw_idx').on(t.drawId, t.position),
    check('zma_draw_prizes_ck', sql`probability >= 0 and probability <= 1000000 and (stock is null or (stock >= 0 and won <= stock)) and won >= 0`),
  ],
);

/** Who may play and how often (`rule`; §3 condition types; meaning in ADR 0022). drawId null = every draw of the app. */
export const zmaRules = pgTable(
  'zma_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    drawId: uuid('draw_id').references(() => zmaDraws.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    conditionType: text('condition_type', { enum: ZMA_CONDITION_TYPES }).notNull(),
    frequency: text('frequency', { enum: ZMA_FREQUENCIES }).notNull().default('DAILY'),
    /** Weekdays 0-6 the rule applies on (empty = every day). */
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    gender: text('gender', { enum: ZMA_GENDERS }).notNull().default('none'),
    /** The rule's number: turns per period (GAME_TURN), wins per period (GAME_RESULT), unused gifts held (GIFT_USAGE), turns before sharing (INFO_NOT_SHARED). */
    value: integer('value').notNull().default(0),
    status: text('status', { enum: ZMA_STATUSES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('zma_rules_app_idx').on(t.zmaAppId, t.createdAt),
    check('zma_rules_condition_ck', oneOf(t.conditionType, ZMA_CONDITION_TYPES)),
    check('zma_rules_frequency_ck', oneOf(t.frequency, ZMA_FREQUENCIES)),
    check('zma_rules_gender_ck', oneOf(t.gender, ZMA_GENDERS)),
    check('zma_rules_status_ck', oneOf(t.status, ZMA_STATUSES)),
    check('zma_rules_value_ck', sql`value >= 0`),
  ],
);

/** Turns a customer used in one draw and period (period key e.g. D2026-11-26 or W2026-11-23, Vietnam time). */
export const zmaTurnUsage = pgTable(
  'zma_turn_usage',
  {
    customerId: uuid('customer_id').notNull().references(() => zmaCustomers.id, { onDelete: 'cascade' }),
    drawId: uuid('draw_id').notNull().references(() => zmaDraws.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.drawId, t.periodKey] }), check('zma_turn_usage_ck', sql`used >= 0`)],
);

/** One spin, decided on the server. */
export const zmaSpins = pgTable(
  'zma_spins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key: the draw's cascades it (a draw belongs to one app), one check less per spin. */
    zmaAppId: uuid('zma_app_id').notNull(),
    drawId: uuid('draw_id').notNull().references(() => zmaDraws.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull().references(() => zmaCustomers.id, { onDelete: 'cascade' }),
    prizeId: uuid('prize_id').references(() => zmaDrawPrizes.id, { onDelete: 'set null' }),
    giftCodeId: uuid('gift_code_id'),
    outcome: text('outcome', { enum: ZMA_SPIN_OUTCOMES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('zma_spins_draw_idx').on(t.drawId, t.createdAt),
    index('zma_spins_app_idx').on(t.zmaAppId, t.createdAt),
    index('zma_spins_customer_idx').on(t.customerId, t.createdAt),
    check('zma_spins_outcome_ck', oneOf(t.outcome, ZMA_SPIN_OUTCOMES)),
  ],
);

/** A referral programme (`affiliate-campaign`). */
export const zmaAffiliateCampaigns = pgTable(
  'zma_affiliate_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ZMA_STATUSES }).notNull().default('ACTIVE'),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    /** The referrer's reward per new customer: bonus turns and/or a gift. */
    rewardTurns: integer('reward_turns').notNull().default(0),
    rewardGiftItemId: uuid('reward_gift_item_id').references(() => zmaGiftItems.id, { onDelete: 'set null' }),
    /** The new customer's welcome turns. */
    newCustomerTurns: integer('new_customer_turns').notNull().default(0),
    /** At most this many rewarded referrals per referrer (0 = no limit). */
    maxRewardsPerReferrer: integer('max_rewards_per_referrer').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('zma_affiliate_campaigns_app_idx').on(t.zmaAppId, t.createdAt), check('zma_affiliate_status_ck', oneOf(t.status, ZMA_STATUSES))],
);

/** A referral: one per new Zalo user and app, rewarded or rejected with the reason (fraud checks). */
export const zmaReferrals = pgTable(
  'zma_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull().references(() => zmaAffiliateCampaigns.id, { onDelete: 'cascade' }),
    referrerCustomerId: uuid('referrer_customer_id').notNull().references(() => zmaCustomers.id, { onDelete: 'cascade' }),
    referredZaloUserId: text('referred_zalo_user_id').notNull(),
    referredCustomerId: uuid('referred_customer_id').references(() => zmaCustomers.id, { onDelete: 'set null' }),
    /** REWARDED or REJECTED. */
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('zma_referrals_referred_key').on(t.zmaAppId, t.referredZaloUserId),
    index('zma_referrals_referrer_idx').on(t.referrerCustomerId, t.campaignId),
  ],
);

/** The mini-app activity history (one writer: modules/mini-apps/activity.ts). */
export const zmaActivity = pgTable(
  'zma_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zmaAppId: uuid('zma_app_id').notNull().references(() => zmaApps.id, { onDelete: 'cascade' }),
    /** No foreign key: the app's cascades it, and every spin writes a row. */
    tenantId: uuid('tenant_id').notNull(),
    kind: text('kind', { enum: ZMA_ACTIVITY_KINDS }).notNull(),
    customerId: uuid('customer_id'),
    branchId: uuid('branch_id'),
    giftItemId: uuid('gift_item_id'),
    giftCodeId: uuid('gift_code_id'),
    drawId: uuid('draw_id'),
    actorUserId: uuid('actor_user_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('zma_activity_app_idx').on(t.zmaAppId, t.createdAt.desc(), t.id.desc()),
    index('zma_activity_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('zma_activity_customer_idx').on(t.customerId, t.createdAt.desc()).where(sql`customer_id is not null`),
    check('zma_activity_kind_ck', oneOf(t.kind, ZMA_ACTIVITY_KINDS)),
  ],
);
