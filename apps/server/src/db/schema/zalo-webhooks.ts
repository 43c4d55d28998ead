import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { zaloOas } from './zalo-oa';

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
