import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { FALLBACK_MESSAGE_KINDS } from '@zc/shared/api/fallback';
import { updatedAt, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

/** Per-tenant ZNS → OA fallback (ADR 0004); no row means the defaults (disabled). */
export const tenantFallbackSettings = pgTable('tenant_fallback_settings', {
  tenantId: uuid('tenant_id').primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  triggerCodes: integer('trigger_codes').array().notNull().default(sql`'{-114,-119,-139,-140,-141}'::integer[]`),
  /** 'text' (OA CS text) or 'transaction' (OA transaction message). */
  messageKind: text('message_kind', { enum: FALLBACK_MESSAGE_KINDS }).notNull().default('text'),
  header: text('header').notNull().default(''),
  content: text('content').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
}, (t) => [check('tenant_fallback_settings_message_kind_ck', oneOf(t.messageKind, FALLBACK_MESSAGE_KINDS))]);
