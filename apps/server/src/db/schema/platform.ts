import { doublePrecision, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts every process of one deployment must agree on, keyed by name (platform/system-settings.ts):
 * the fingerprint of the at-rest encryption key, where the API process serves the Zalo sandbox.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate limits shared by every process (platform/rate-limiter.ts): one GCRA state per key — the
 * theoretical arrival time of the next request, in milliseconds of the database's clock.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tatMs: doublePrecision('tat_ms').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
