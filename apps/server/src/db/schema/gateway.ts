import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants, tenants, users } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** Money in VND, whole đồng. */
const money = (name: string) => bigint(name, { mode: 'number' });

/** A connected Zalo Official Account; every credential is AES-256-GCM encrypted at rest. */
export const zaloOas = pgTable(
  'zalo_oas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    zappId: text('zapp_id').notNull(),
    zoaId: text('zoa_id').notNull(),
    secretKeyEnc: text('secret_key_enc').notNull(),
    webhookSecretEnc: text('webhook_secret_enc').notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    tokenStatus: text('token_status').notNull().default('ACTIVE'),
    lastRefreshError: text('last_refresh_error'),
    lastRefreshedAt: ts('last_refreshed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('zalo_oas_zoa_key').on(t.zoaId), index('zalo_oas_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** One wallet per organisation (tenant_id null) and per tenant. The balance caches the ledger. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().default('PREPAID'),
    balance: money('balance').notNull().default(0),
    threshold: money('threshold').notNull().default(0),
    isNoti: boolean('is_noti').notNull().default(true),
    receiverIds: jsonb('receiver_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** True while the balance is below the threshold: the alert fires once per crossing. */
    belowThreshold: boolean('below_threshold').notNull().default(false),
    /** Postpaid usage accumulated since the last settlement. */
    postpaidUsage: money('postpaid_usage').notNull().default(0),
    /** Tenant ZNS discount in percent (0–100) applied to template prices. */
    discountPercent: integer('discount_percent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallets_tenant_key').on(t.tenantId),
    uniqueIndex('wallets_merchant_key').on(t.merchantId).where(sql`tenant_id is null`),
  ],
);

/** Append-only ledger. One CHARGE and at most one REFUND per message, enforced by a unique index. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id').notNull().references(() => wallets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: money('value').notNull(),
    newBalance: money('new_balance').notNull(),
    reason: text('reason').notNull(),
    messageId: uuid('message_id'),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_wallet_idx').on(t.walletId, t.createdAt, t.id),
    uniqueIndex('wallet_entries_message_reason_key').on(t.messageId, t.reason).where(sql`message_id is not null`),
  ],
);

/** API keys of the public send API: one tenant, one OA; the secret is stored as a SHA-256 hash. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id'),
    name: text('name').notNull(),
    service: text('service').notNull().default('ZNS'),
    status: text('status').notNull().default('ACTIVE'),
    keyPrefix: text('key_prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: ts('last_used_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('api_keys_secret_key').on(t.secretHash), index('api_keys_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** The tenant's template library, synced from Zalo (template/all + info/v2). */
export const znsTemplates = pgTable(
  'zns_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    znsTemplateId: text('zns_template_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    tag: text('tag'),
    quality: text('quality'),
    price: money('price').notNull().default(0),
    params: jsonb('params').$type<Array<{ name: string; require: boolean; type: string; maxLength: number; minLength: number; acceptNull: boolean }>>().notNull().default(sql`'[]'::jsonb`),
    buttons: jsonb('buttons').$type<Array<{ type: number; title: string; content: string }>>().notNull().default(sql`'[]'::jsonb`),
    previewUrl: text('preview_url'),
    timeoutMs: integer('timeout_ms'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('zns_templates_key').on(t.tenantId, t.zaloOaId, t.znsTemplateId), index('zns_templates_tenant_idx').on(t.tenantId, t.status)],
);

/** A tenant's request for a new template, with its tracked review status. */
export const templateRequests = pgTable(
  'template_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('PENDING'),
    znsTemplateId: text('zns_template_id'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('template_requests_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * Sending history of ZNS (by phone) and OA (by UID) messages. The row is also the delivery queue:
 * status PENDING rows are claimed by workers with FOR UPDATE SKIP LOCKED, so enqueueing is the
 * insert itself, in the same transaction as the charge.
 */
export const messageHistory = pgTable(
  'message_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Monotonic tie-breaker for keyset pagination. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    apiKeyId: uuid('api_key_id'),
    zaloOaId: uuid('zalo_oa_id').notNull(),
    trackingId: text('tracking_id'),
    sessionId: text('session_id'),
    uid: text('uid'),
    znsTemplateId: text('zns_template_id'),
    templateName: text('template_name'),
    phone: text('phone'),
    templateData: jsonb('template_data'),
    messageData: jsonb('message_data'),
    mode: text('mode').notNull().default('production'),
    type: text('type').notNull(),
    status: text('status').notNull(),
    errorCode: integer('error_code'),
    errorMsg: text('error_msg'),
    isCharged: boolean('is_charged').notNull().default(false),
    isDirectZalo: boolean('is_direct_zalo').notNull().default(true),
    price: money('price').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deliveredAt: ts('delivered_at'),
    /** ZNS row: the OA message sent in its place (ADR 0004); unique, so a fallback is created once. */
    fallbackMessageId: uuid('fallback_message_id'),
    /** ZNS row: what the fallback did (FALLBACK_NOTES), null when no trigger matched. */
    fallbackNote: text('fallback_note'),
    /** OA row: the ZNS message this one replaces. No foreign key: the hot insert path stays trigger-free. */
    fallbackOf: uuid('fallback_of'),
  },
  (t) => [
    uniqueIndex('message_history_tracking_key').on(t.apiKeyId, t.trackingId).where(sql`tracking_id is not null`),
    uniqueIndex('message_history_idem_key').on(t.apiKeyId, t.idempotencyKey).where(sql`idempotency_key is not null`),
    index('message_history_list_idx').on(t.tenantId, t.module, t.createdAt.desc(), t.seq.desc()),
    index('message_history_phone_idx').on(t.tenantId, t.phone, t.createdAt.desc()),
    index('message_history_tracking_idx').on(t.tenantId, t.trackingId),
    index('message_history_session_idx').on(t.sessionId),
    index('message_history_uid_idx').on(t.tenantId, t.uid, t.createdAt.desc()),
    index('message_history_template_idx').on(t.tenantId, t.znsTemplateId, t.createdAt.desc()),
    index('message_history_queue_idx').on(t.nextAttemptAt).where(sql`status in ('PENDING', 'PROCESSING')`),
    // History filters of §2.13 without a selective id: status (multi), type and charge, in created order.
    index('message_history_filter_idx').on(t.tenantId, t.module, t.status, t.type, t.isCharged, t.createdAt.desc(), t.seq.desc()),
    index('message_history_template_name_idx').on(t.tenantId, t.templateName, t.createdAt.desc()),
    uniqueIndex('message_history_fallback_message_key').on(t.fallbackMessageId).where(sql`fallback_message_id is not null`),
    uniqueIndex('message_history_fallback_of_key').on(t.fallbackOf).where(sql`fallback_of is not null`),
  ],
);

/** Tenant endpoints that receive signed delivery-status events. */
export const tenantWebhooks = pgTable(
  'tenant_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretEnc: text('secret_enc').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tenant_webhooks_tenant_idx').on(t.tenantId)],
);

/** Per-tenant ZNS → OA fallback (ADR 0004); no row means the defaults (disabled). */
export const tenantFallbackSettings = pgTable('tenant_fallback_settings', {
  tenantId: uuid('tenant_id').primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  triggerCodes: integer('trigger_codes').array().notNull().default(sql`'{-114,-119,-139,-140,-141}'::integer[]`),
  /** 'text' (OA CS text) or 'transaction' (OA transaction message). */
  messageKind: text('message_kind').notNull().default('text'),
  header: text('header').notNull().default(''),
  content: text('content').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** The delivery log: every attempt series of one event to one endpoint. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id').notNull().references(() => tenantWebhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_tenant_idx').on(t.tenantId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status in ('PENDING', 'RETRYING')`),
  ],
);

/** In-app notifications (§3 Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('new'),
    action: text('action').notNull(),
    type: text('type').notNull(),
    referenceId: text('reference_id'),
    referenceType: text('reference_type'),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Zalo webhook events received, deduplicated on (event, msg id) so retries are idempotent. */
export const zaloEvents = pgTable(
  'zalo_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zaloOaId: uuid('zalo_oa_id').references(() => zaloOas.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('zalo_events_dedupe_key').on(t.dedupeKey)],
);
