import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CAMPAIGN_DISPATCH_STATES, CAMPAIGN_RECIPIENT_STATES, CAMPAIGN_START_MODES, CAMPAIGN_STATUSES, CAMPAIGN_UPLOAD_STATUSES } from '@zc/shared/api/campaigns';
import { SEND_MODES } from '@zc/shared/api/messaging';
import { ts, createdAt, updatedAt, money, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { teams } from './teams';
import { zaloOas } from './zalo-oa';
import { apiKeys } from './api-keys';

/**
 * An uploaded recipient list (`campaign/upload`), read as a stream into `campaign_recipients`
 * before any campaign exists; a campaign is created from a READY upload. `mapping` is the column of
 * the phone and of each template parameter; counts are what the rows gave.
 */
export const campaignUploads = pgTable(
  'campaign_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').references(() => zaloOas.id, { onDelete: 'cascade' }),
    znsTemplateId: text('zns_template_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    mapping: jsonb('mapping').$type<{ phone: string; params: Record<string, string> }>().notNull(),
    status: text('status', { enum: CAMPAIGN_UPLOAD_STATUSES }).notNull().default('PROCESSING'),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaign_uploads_tenant_idx').on(t.tenantId, t.createdAt), check('campaign_uploads_status_ck', oneOf(t.status, CAMPAIGN_UPLOAD_STATUSES))],
);

/** A row of an upload that failed validation: its line number, the raw values and the reason (the report). */
export const campaignUploadRejects = pgTable(
  'campaign_upload_rejects',
  {
    uploadId: uuid('upload_id').notNull().references(() => campaignUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    raw: jsonb('raw').$type<string[]>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [uniqueIndex('campaign_upload_rejects_key').on(t.uploadId, t.rowNumber)],
);

/**
 * A ZNS campaign (§3 Campaign): one template sent to an upload's valid rows with one API key.
 * `status` is the §3 review/outcome; once APPROVED, `dispatch_state` tracks the sending. The money is
 * held on approval (`hold_id`, wallet ref `campaign:<id>`) and settled per recipient.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').notNull().references(() => apiKeys.id, { onDelete: 'restrict' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id').notNull().references(() => campaignUploads.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    znsTemplateId: text('zns_template_id').notNull(),
    templateName: text('template_name').notNull(),
    /** The template's list price per message and the price charged after discounts. */
    listPrice: money('list_price').notNull().default(0),
    price: money('price').notNull().default(0),
    mode: text('mode', { enum: SEND_MODES }).notNull().default('production'),
    startMode: text('start_mode', { enum: CAMPAIGN_START_MODES }).notNull().default('IMMEDIATE'),
    scheduleAt: ts('schedule_at'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('PENDING'),
    dispatchState: text('dispatch_state', { enum: CAMPAIGN_DISPATCH_STATES }),
    nextRunAt: ts('next_run_at'),
    recordCount: integer('record_count').notNull().default(0),
    estimatedCost: money('estimated_cost').notNull().default(0),
    /** Settled so far (charges of sent recipients). */
    cost: money('cost').notNull().default(0),
    estimatedFinishAt: ts('estimated_finish_at'),
    holdId: uuid('hold_id'),
    sentCount: integer('sent_count').notNull().default(0),
    receivedCount: integer('received_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    cancelledCount: integer('cancelled_count').notNull().default(0),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    cancelledAt: ts('cancelled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_tenant_idx').on(t.tenantId, t.createdAt),
    index('campaigns_due_idx').on(t.nextRunAt).where(sql`status = 'APPROVED'`),
    check('campaigns_status_ck', oneOf(t.status, CAMPAIGN_STATUSES)),
    check('campaigns_start_mode_ck', oneOf(t.startMode, CAMPAIGN_START_MODES)),
    check('campaigns_dispatch_state_ck', oneOf(t.dispatchState, CAMPAIGN_DISPATCH_STATES)),
    check('campaigns_mode_ck', oneOf(t.mode, SEND_MODES)),
  ],
);

/**
 * A valid, de-duplicated row of an upload (unique phone per upload). `seq` orders sending; once a
 * campaign hands it to the outbox, `message_id` names the message row (idempotency key
 * `campaign:<campaignId>:<seq>` on the campaign's API key, so a restarted worker never sends twice).
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    uploadId: uuid('upload_id').notNull().references(() => campaignUploads.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    phone: text('phone').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    state: text('state', { enum: CAMPAIGN_RECIPIENT_STATES }).notNull().default('QUEUED'),
    messageId: uuid('message_id'),
  },
  (t) => [
    uniqueIndex('campaign_recipients_key').on(t.uploadId, t.seq),
    uniqueIndex('campaign_recipients_phone_key').on(t.uploadId, t.phone),
    index('campaign_recipients_queued_idx').on(t.uploadId, t.seq).where(sql`state = 'QUEUED'`),
    check('campaign_recipients_state_ck', oneOf(t.state, CAMPAIGN_RECIPIENT_STATES)),
  ],
);
