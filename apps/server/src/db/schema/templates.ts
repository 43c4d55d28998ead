import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt, money, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { zaloOas } from './zalo-oa';

/**
 * The tenant's template library, synced from Zalo (template/all + info/v2). Status, tag and quality
 * are stored as Zalo sends them (sync and the change_template_* webhooks), so they stay open text:
 * a value Zalo adds must not make a webhook or a sync fail.
 */
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
  (t) => [
    uniqueIndex('zns_templates_key').on(t.tenantId, t.zaloOaId, t.znsTemplateId),
    index('zns_templates_tenant_idx').on(t.tenantId, t.status),
  ],
);

/** States of a template authored in the console (the `templateRequest` API schema lists the same). */
export const TEMPLATE_REQUEST_STATUSES = ['DRAFT', 'PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED'] as const;
export type TemplateRequestStatus = (typeof TEMPLATE_REQUEST_STATUSES)[number];

/** A tenant's request for a new template, with its tracked review status. */
export const templateRequests = pgTable(
  'template_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: TEMPLATE_REQUEST_STATUSES }).notNull().default('PENDING'),
    znsTemplateId: text('zns_template_id'),
    /** Zalo's state of the submitted template as Zalo sends it (webhook, polling); open text like zns_templates.status. */
    zaloStatus: text('zalo_status'),
    quality: text('quality'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('template_requests_tenant_idx').on(t.tenantId, t.createdAt),
    // The polling job walks the templates still waiting for Zalo's review.
    index('template_requests_zalo_pending_idx').on(t.zaloStatus).where(sql`${t.zaloStatus} = 'PENDING_REVIEW'`),
    check('template_requests_status_ck', oneOf(t.status, TEMPLATE_REQUEST_STATUSES)),
  ],
);
