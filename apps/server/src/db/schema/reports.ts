import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { REPORT_EXPORT_STATUSES, REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_GROUP_BYS, REPORT_SCOPES } from '@zc/shared/api/reports';
import { createdAt, oneOf, ts, updatedAt } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';

/** Binary content (bytea), read back as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
  toDriver: (v) => v,
});

/**
 * A report export larger than the synchronous limit (REPORT_SYNC_EXPORT_ROWS), or a scheduled report
 * mail's file: written by the report export job, downloaded by the user who asked for it (or through
 * the signed link of a report mail until `expiresAt`). The file is kept here, not in the public upload
 * store (/api/files answers any key without a session; a report is the tenant's private data).
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    /** Null for an organisation report. */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** Who asked for it (null for a scheduled report's file). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: REPORT_SCOPES }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    groupBy: text('group_by').notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    lang: text('lang').notNull().default('vi'),
    status: text('status', { enum: REPORT_EXPORT_STATUSES }).notNull().default('PENDING'),
    rows: integer('rows').notNull().default(0),
    fileName: text('file_name').notNull(),
    content: bytea('content'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('report_exports_user_idx').on(t.userId, t.createdAt),
    index('report_exports_pending_idx').on(t.createdAt).where(sql`status = 'PENDING'`),
    check('report_exports_status_ck', oneOf(t.status, REPORT_EXPORT_STATUSES)),
    check('report_exports_scope_ck', oneOf(t.scope, REPORT_SCOPES)),
    check('report_exports_format_ck', oneOf(t.format, REPORT_FORMATS)),
  ],
);

/** A tenant's weekly or monthly report mail; `lastPeriod` (e.g. 2026-W47, 2026-10) is the last period mailed, so each goes once. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    groupBy: text('group_by', { enum: REPORT_GROUP_BYS }).notNull(),
    lang: text('lang').notNull().default('vi'),
    lastPeriod: text('last_period'),
    lastSentAt: ts('last_sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_schedules_tenant_idx').on(t.tenantId, t.createdAt),
    check('report_schedules_frequency_ck', oneOf(t.frequency, REPORT_FREQUENCIES)),
    check('report_schedules_format_ck', oneOf(t.format, REPORT_FORMATS)),
    check('report_schedules_group_by_ck', oneOf(t.groupBy, REPORT_GROUP_BYS)),
  ],
);
