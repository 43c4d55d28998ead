import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oa_followers_key').on(t.zaloOaId, t.userId),
    index('oa_followers_tenant_name_idx').on(t.tenantId, t.displayName),
    // ZNS fallback (ADR 0004): the follower of an OA by phone.
    index('oa_followers_phone_idx').on(t.zaloOaId, t.phone).where(sql`phone is not null`),
  ],
);
