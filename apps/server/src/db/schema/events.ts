import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EVENT_PAYLOADS, type EventType } from '@zc/shared/api/events';
import { oneOf } from './columns';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * PostgreSQL's 64-bit transaction id. Kept as text on the JavaScript side (it is only compared in
 * SQL); the dispatcher releases an event once its transaction is older than every running one.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Every domain event type, from the shared payload catalogue; a new type needs a migration of the check below. */
export const DOMAIN_EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as [EventType, ...EventType[]];

/**
 * Domain events (ADR 0007): facts a module announces, written in the transaction that made them
 * true. No foreign keys: this is an append-only log, pruned by age, and a deleted tenant's last
 * events may still be replayed to nobody.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    /** Stream position and SSE `id:`; allocated at insert, so commit order may differ slightly. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type', { enum: DOMAIN_EVENT_TYPES }).notNull(),
    merchantId: uuid('merchant_id').notNull(),
    tenantId: uuid('tenant_id'),
    payload: jsonb('payload').notNull(),
    /** The writing transaction: handlers read an event only once no older transaction can still commit. */
    txId: xid8('tx_id').notNull().default(sql`pg_current_xact_id()`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Replay of one organisation's events after a Last-Event-ID.
    index('domain_events_merchant_idx').on(t.merchantId, t.id),
    // A handler's cursor walks the types it handles in transaction order.
    index('domain_events_type_tx_idx').on(t.type, t.txId, t.id),
    check('domain_events_type_ck', oneOf(t.type, DOMAIN_EVENT_TYPES)),
  ],
);

/** How far each handler has read (transaction id, then event id); one row per handler name. */
export const domainEventCursors = pgTable('domain_event_cursors', {
  handler: text('handler').primaryKey(),
  txId: xid8('tx_id').notNull().default(sql`'0'::xid8`),
  eventId: bigint('event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** An event a handler failed on: retried with back-off, apart from the cursor, so it blocks nothing. */
export const domainEventRetries = pgTable(
  'domain_event_retries',
  {
    handler: text('handler').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** Null once the attempts are spent: kept for the operator, no longer tried. */
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.handler, t.eventId] }), index('domain_event_retries_due_idx').on(t.handler, t.nextAttemptAt)],
);
