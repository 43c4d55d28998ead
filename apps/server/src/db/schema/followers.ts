import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tenants } from './organisation';
import { zaloOas } from './zalo-oa';

/** Followers of an OA as last synced from Zalo (getlist + user/detail). */
export const oaFollowers = pgTable(
  'oa_followers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    avatar: text('avatar'),
    isFollower: boolean('is_follower').notNull().default(true),
    lastInteractionDate: text('last_interaction_date'),
    sharedInfo: jsonb('shared_info').$type<Record<string, string>>(),
    /** shared_info.phone normalised to 84… (parseVietnamPhone), null when absent or not a mobile number. */
    phone: text('phone'),
    tagNames: jsonb('tag_names').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    userAlias: text('user_alias'),
    userExternalId: text('user_external_id'),
    /** Call consent as Zalo last told it (checkconsent or user_reply_consent): none, pending, accepted, rejected, expired. */
    callConsent: text('call_consent'),
    callConsentExpiresAt: timestamp('call_consent_expires_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oa_followers_key').on(t.zaloOaId, t.userId),
    // Display-name search is a case-insensitive prefix match on lower(display_name) in byte order (collation C),
    // so one index both finds the prefix range and yields the list order (name, id); per tenant and per OA.
    index('oa_followers_tenant_lname_idx').on(t.tenantId, sql`lower(${t.displayName}) collate "C"`, t.id),
    index('oa_followers_oa_lname_idx').on(t.zaloOaId, sql`lower(${t.displayName}) collate "C"`, t.id),
    // ZNS fallback (ADR 0004): the follower of an OA by phone.
    index('oa_followers_phone_idx').on(t.zaloOaId, t.phone).where(sql`phone is not null`),
  ],
);

/**
 * A full resynchronisation of one OA's followers (a resumable job): the next getlist offset is stored after
 * every page, so an interrupted run continues where it stopped; at most one RUNNING sync per OA.
 */
export const oaFollowerSyncs = pgTable(
  'oa_follower_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    /** RUNNING, DONE or FAILED. */
    status: text('status').notNull().default('RUNNING'),
    nextOffset: integer('next_offset').notNull().default(0),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    error: text('error'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oa_follower_syncs_running').on(t.zaloOaId).where(sql`status = 'RUNNING'`),
    index('oa_follower_syncs_oa_idx').on(t.zaloOaId, t.createdAt),
  ],
);
