import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OA_UPDATE_REQUEST_STATUSES } from '@zc/shared/api/oa-manager';
import { ts, createdAt, updatedAt, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { zaloOas } from './zalo-oa';

/** The nine §3 OA statistics counters, the same columns in the hourly and the daily rollup. */
const statCounters = () => ({
    followCount: integer('follow_count').notNull().default(0),
    unFollowCount: integer('unfollow_count').notNull().default(0),
    userSeenMessageCount: integer('user_seen_message_count').notNull().default(0),
    userClickChatNowCount: integer('user_click_chatnow_count').notNull().default(0),
    userReceivedMessageCount: integer('user_received_message_count').notNull().default(0),
    userMessageCount: integer('user_message_count').notNull().default(0),
    oaMessageCount: integer('oa_message_count').notNull().default(0),
    chatSessionCount: integer('chat_session_count').notNull().default(0),
    repliedChatSessionCount: integer('replied_chat_session_count').notNull().default(0),
});

/**
 * OA statistics (SPEC §3) per OA and hour, kept incrementally as webhook events are ingested and as
 * OA messages are sent (ADR 0014). `hour` is the start of the hour; Asia/Ho_Chi_Minh has no DST and a
 * whole-hour offset, so its hours are UTC hours and only days and months are cut in UTC+7 on read.
 */
export const oaStatsHourly = pgTable(
  'oa_stats_hourly',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    hour: ts('hour').notNull(),
    ...statCounters(),
  },
  (t) => [
    primaryKey({ name: 'oa_stats_hourly_pk', columns: [t.tenantId, t.zaloOaId, t.hour] }),
    // Covering (index-only scans): a 90-day hourly read of a tenant's OAs touches no heap page.
    index('oa_stats_hourly_cover_idx').on(
      t.tenantId,
      t.hour,
      t.zaloOaId,
      t.followCount,
      t.unFollowCount,
      t.userSeenMessageCount,
      t.userClickChatNowCount,
      t.userReceivedMessageCount,
      t.userMessageCount,
      t.oaMessageCount,
      t.chatSessionCount,
      t.repliedChatSessionCount,
    ),
  ],
);

/** The same counters per OA and day in Asia/Ho_Chi_Minh, kept with the hourly ones: DAILY and MONTHLY read ≤ 1 row per OA and day. */
export const oaStatsDaily = pgTable(
  'oa_stats_daily',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    ...statCounters(),
  },
  (t) => [primaryKey({ name: 'oa_stats_daily_pk', columns: [t.tenantId, t.zaloOaId, t.day] }), index('oa_stats_daily_tenant_day_idx').on(t.tenantId, t.day)],
);

/**
 * The open (or last) chat session of a user with an OA (ADR 0014): a session starts with a user
 * message 30 min or more after the user's previous one; it is replied once the OA writes to the user
 * before it closes. `startedAt` is the hour the session (and its reply) is counted in.
 */
export const oaChatSessions = pgTable(
  'oa_chat_sessions',
  {
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    startedAt: ts('started_at').notNull(),
    lastUserMessageAt: ts('last_user_message_at').notNull(),
    replied: boolean('replied').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'oa_chat_sessions_pk', columns: [t.zaloOaId, t.userId] })],
);

/**
 * A request to change an OA's name, avatar, cover or description (§7 oa-manager). Zalo has no public
 * API for these: the request is reviewed by the tenant's administrators, who make the change on
 * oa.zalo.me (ADR 0014). PENDING until cancelled or decided.
 */
export const oaUpdateRequests = pgTable(
  'oa_update_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OA_UPDATE_REQUEST_STATUSES }).notNull().default('PENDING'),
    name: text('name'),
    description: text('description'),
    avatar: text('avatar'),
    cover: text('cover'),
    /** What the OA looked like (getoa) when the request was made. */
    current: jsonb('current').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('oa_update_requests_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.seq.desc()),
    check('oa_update_requests_status_ck', oneOf(t.status, OA_UPDATE_REQUEST_STATUSES)),
  ],
);

/** Per-OA message quota assets as last read from Zalo (`POST /v3.0/oa/quota/message`, REFERENCE §3.8). */
export const oaQuotas = pgTable(
  'oa_quotas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    assetId: text('asset_id').notNull(),
    productType: text('product_type').notNull(),
    quotaType: text('quota_type').notNull(),
    validThrough: text('valid_through'),
    total: bigint('total', { mode: 'number' }).notNull(),
    remain: bigint('remain', { mode: 'number' }).notNull(),
    syncedAt: ts('synced_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('oa_quotas_key').on(t.zaloOaId, t.productType, t.quotaType, t.assetId), index('oa_quotas_tenant_idx').on(t.tenantId)],
);
