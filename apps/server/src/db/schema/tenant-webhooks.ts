import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookEvent } from '@zc/shared/api/webhooks';
import { ts, createdAt, updatedAt, oneOf, allOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

/** Tenant endpoints that receive signed delivery-status events. */
export const tenantWebhooks = pgTable(
  'tenant_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretEnc: text('secret_enc').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tenant_webhooks_tenant_idx').on(t.tenantId),
    check('tenant_webhooks_events_ck', sql`jsonb_typeof(${t.events}) = 'array' and ${allOf(t.events, WEBHOOK_EVENTS)}`),
  ],
);

/** The delivery log: every attempt series of one event to one endpoint. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id').notNull().references(() => tenantWebhooks.id, { onDelete: 'cascade' }),
    event: text('event', { enum: WEBHOOK_DELIVERY_EVENTS }).notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('PENDING'),
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
    check('webhook_deliveries_event_ck', oneOf(t.event, WEBHOOK_DELIVERY_EVENTS)),
    check('webhook_deliveries_status_ck', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);
