import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_MODULES, MESSAGE_TYPES } from '@zc/shared/api/messaging';
import { money, ts } from './columns';
import { merchants, tenants } from './organisation';

/**
 * Message statistics (ADR 0024). A message is counted where it was created (its hour; its day and
 * month in Asia/Ho_Chi_Minh) under the counters its status puts it in:
 * total (every message), pending (PENDING, PROCESSING, PUSHED_QUEUE), sent (PUSHED_ZALO, RECEIVED),
 * delivered (RECEIVED), failed (ERROR_PUSH_QUEUE, ERROR, ERROR_CALL_ZALO); cost = price of charged
 * messages, listCost = their list price (cost before discounts).
 */
const counters = () => ({
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  sent: bigint('sent', { mode: 'number' }).notNull().default(0),
  delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
  failed: bigint('failed', { mode: 'number' }).notNull().default(0),
  charged: bigint('charged', { mode: 'number' }).notNull().default(0),
  cost: money('cost').notNull().default(0),
  listCost: money('list_cost').notNull().default(0),
});

/** "None" in a key column (a rollup key column is never null, so that it can be a primary key). */
export const STATS_NONE_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * What changed, appended by the `message_history` statement triggers only (migration
 * 0037_message_stats): one row per statement and key, with the counters' differences. Folded into
 * the rollups by the stats fold loop (modules/stats/fold.ts), which deletes what it folded. No
 * foreign key: the send path's statements insert here and must not pay for a check; the fold drops
 * rows of a tenant that is gone.
 */
export const messageStatDeltas = pgTable('message_stat_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  hour: ts('hour').notNull(),
  module: text('module', { enum: MESSAGE_MODULES }).notNull(),
  zaloOaId: uuid('zalo_oa_id').notNull(),
  type: text('type', { enum: MESSAGE_TYPES }).notNull(),
  templateId: text('template_id').notNull(),
  apiKeyId: uuid('api_key_id').notNull(),
  campaignId: uuid('campaign_id').notNull(),
  errorCode: integer('error_code').notNull(),
  ...counters(),
});

/** Per tenant, hour and module: the hourly charts (HOURLY period). */
export const messageStatsHourly = pgTable(
  'message_stats_hourly',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    hour: ts('hour').notNull(),
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'message_stats_hourly_pk', columns: [t.tenantId, t.hour, t.module] })],
);

/**
 * Per tenant, Vietnam day and the detail keys (module, OA, type, template, API key, campaign): the
 * daily and monthly charts, the breakdowns and the reports. Key columns use '' / STATS_NONE_UUID for none.
 */
export const messageStatsDaily = pgTable(
  'message_stats_daily',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
    zaloOaId: uuid('zalo_oa_id').notNull(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    templateId: text('template_id').notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    ...counters(),
  },
  (t) => [
    primaryKey({ name: 'message_stats_daily_pk', columns: [t.tenantId, t.day, t.module, t.zaloOaId, t.type, t.templateId, t.apiKeyId, t.campaignId] }),
    index('message_stats_daily_day_idx').on(t.day),
  ],
);

/** Per tenant and Vietnam day and module: one row a day, for organisation-wide charts over many tenants. */
export const messageStatsTenantDaily = pgTable(
  'message_stats_tenant_daily',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'message_stats_tenant_daily_pk', columns: [t.tenantId, t.day, t.module] }), index('message_stats_tenant_daily_day_idx').on(t.day, t.tenantId)],
);

/** Failed messages per tenant, Vietnam day, module and Zalo error code (0: failed without a Zalo code). */
export const messageErrorStatsDaily = pgTable(
  'message_error_stats_daily',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
    errorCode: integer('error_code').notNull(),
    failed: bigint('failed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'message_error_stats_daily_pk', columns: [t.tenantId, t.day, t.module, t.errorCode] })],
);

export const STATS_COUNTER_COLUMNS = ['total', 'pending', 'sent', 'delivered', 'failed', 'charged', 'cost', 'list_cost'] as const;

/**
 * Per organisation and hour and module: the organisation dashboard's hourly chart for a caller who
 * sees every tenant, one row an hour instead of one per tenant (issue 16 figure: p95 ≤ 100 ms at 100
 * tenants). Kept by the fold with the other rollups; a deleted tenant's messages stay counted here
 * (the organisation sent and charged them), while the per-tenant rollups go with the tenant.
 */
export const messageStatsMerchantHourly = pgTable(
  'message_stats_merchant_hourly',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    hour: ts('hour').notNull(),
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'message_stats_merchant_hourly_pk', columns: [t.merchantId, t.hour, t.module] })],
);

/** Per organisation and Vietnam day and module: its daily and monthly charts (as the hourly one above). */
export const messageStatsMerchantDaily = pgTable(
  'message_stats_merchant_daily',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'message_stats_merchant_daily_pk', columns: [t.merchantId, t.day, t.module] })],
);

/** The breakdown dimensions of the organisation rollup below (SQL keys: type, template_id, zalo_oa_id). */
export const STATS_MERCHANT_DIMENSIONS = ['type', 'template', 'oa'] as const;

/**
 * Per organisation, Vietnam day, dimension and key (a message type, a template id '' for none, an OA
 * id): the organisation dashboard's breakdowns for a caller who sees every tenant, without the
 * module / API key / campaign / tenant detail of message_stats_daily (a type breakdown reads a few
 * rows a day instead of thousands). Kept by the fold like the organisation rollups above.
 */
export const messageStatsMerchantDimDaily = pgTable(
  'message_stats_merchant_dim_daily',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    dimension: text('dimension', { enum: STATS_MERCHANT_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'message_stats_merchant_dim_daily_pk', columns: [t.merchantId, t.dimension, t.day, t.key] })],
);

/**
 * `message_stats_merchant_dim_daily` by Vietnam month (`month` is its first day): a breakdown over a
 * long range reads the whole months here and only the partial months at its ends by day (a year's
 * template breakdown: 12 rows a key instead of 365). Kept by the fold with the daily one.
 */
export const messageStatsMerchantDimMonthly = pgTable(
  'message_stats_merchant_dim_monthly',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    dimension: text('dimension', { enum: STATS_MERCHANT_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'message_stats_merchant_dim_monthly_pk', columns: [t.merchantId, t.dimension, t.month, t.key] })],
);
