import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { zaloOas } from './zalo-oa';

/**
 * Zalo webhook events received, deduplicated on (event, msg id) so retries are idempotent. The
 * request only stores the verified event with `pending` set; the consumer (modules/zalo-webhooks/
 * consumer.ts, ADR 0019) applies its effects in `seq` order and clears `pending` in the same
 * transaction. Rows stored before the consumer existed default to not pending (already applied).
 */
export const zaloEvents = pgTable(
  'zalo_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zaloOaId: uuid('zalo_oa_id').references(() => zaloOas.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
    /** Arrival order (the order of one batch's VALUES list, batches in commit order per process). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** Stored, its effects not applied yet (or failed and waiting for `next_attempt_at`). */
    pending: boolean('pending').notNull().default(false),
    /** Failed attempts at applying its effects. */
    attempts: integer('attempts').notNull().default(0),
    /** A failed event is tried again from then (back-off); null: due now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The last failure (kept when the consumer gives up after its attempts). */
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('zalo_events_dedupe_key').on(t.dedupeKey), index('zalo_events_pending').on(t.seq).where(sql`pending`)],
);
