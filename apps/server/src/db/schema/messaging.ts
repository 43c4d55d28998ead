import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_MODULES, MESSAGE_STATUSES, MESSAGE_TYPES, SEND_MODES } from '@zc/shared/api/messaging';
import { FALLBACK_NOTES } from '@zc/shared/api/fallback';
import { ts, createdAt, updatedAt, money, oneOf } from './columns';
import { tenants } from './organisation';

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
    module: text('module', { enum: MESSAGE_MODULES }).notNull(),
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
    mode: text('mode', { enum: SEND_MODES }).notNull().default('production'),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    errorCode: integer('error_code'),
    errorMsg: text('error_msg'),
    isCharged: boolean('is_charged').notNull().default(false),
    isDirectZalo: boolean('is_direct_zalo').notNull().default(true),
    price: money('price').notNull().default(0),
    /** The list price before discounts (issue 13 #8); null on rows written before it was kept. */
    listPrice: money('list_price'),
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
    fallbackNote: text('fallback_note', { enum: FALLBACK_NOTES }),
    /** OA row: the ZNS message this one replaces. No foreign key: the hot insert path stays trigger-free. */
    fallbackOf: uuid('fallback_of'),
    /** ZNS row sent by a campaign (§7 campaign/history). No foreign key: the hot insert path stays trigger-free. */
    campaignId: uuid('campaign_id'),
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
    // Migration 0055 adds, in SQL (drizzle cannot declare INCLUDE), the campaign history's two indexes:
    // message_history_campaign_idx (campaign_id, created_at DESC, seq DESC) INCLUDE (tenant_id, module, status,
    // type, is_charged) and message_history_campaign_filter_idx (campaign_id, status, type, is_charged,
    // created_at DESC, seq DESC) INCLUDE (tenant_id, module), both WHERE campaign_id IS NOT NULL: a campaign's
    // pages and its bounded count (tenant and module checked too) are read from the index without visiting
    // the table, whose rows of one campaign are scattered among everything else sent meanwhile.
    // A campaign's messages still queued or in flight: the dispatcher counts them on every step.
    index('message_history_campaign_outstanding_idx').on(t.campaignId).where(sql`campaign_id is not null and status in ('PENDING', 'PROCESSING', 'PUSHED_QUEUE')`),
    uniqueIndex('message_history_fallback_of_key').on(t.fallbackOf).where(sql`fallback_of is not null`),
    check('message_history_module_ck', oneOf(t.module, MESSAGE_MODULES)),
    check('message_history_mode_ck', oneOf(t.mode, SEND_MODES)),
    check('message_history_type_ck', oneOf(t.type, MESSAGE_TYPES)),
    check('message_history_status_ck', oneOf(t.status, MESSAGE_STATUSES)),
    check('message_history_fallback_note_ck', oneOf(t.fallbackNote, FALLBACK_NOTES)),
  ],
);
