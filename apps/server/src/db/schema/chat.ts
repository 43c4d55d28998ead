import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oaFollowers } from './followers';
import { tenants } from './organisation';
import { teams } from './teams';
import { zaloOas } from './zalo-oa';

/**
 * One conversation per OA and follower (or group) — the OA chat inbox (issue 15, ADR 0021). The
 * last-message columns and counters are kept by the writer of chat_messages (modules/chat) in the same
 * statement batch, so the inbox list reads this table alone.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    /** Zalo's user id of the follower (group id for a group chat). */
    userId: text('user_id').notNull(),
    followerId: uuid('follower_id').references(() => oaFollowers.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull().default(''),
    avatar: text('avatar'),
    /** 84… when the follower shared one (search by phone). */
    phone: text('phone'),
    isGroup: boolean('is_group').notNull().default(false),
    /** OPEN or CLOSED; a follower's new message reopens a closed conversation. */
    status: text('status').notNull().default('OPEN'),
    spam: boolean('spam').notNull().default(false),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Follower messages since an agent last read the conversation. */
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageKind: text('last_message_kind'),
    lastMessageDirection: text('last_message_direction'),
    lastMessagePreview: text('last_message_preview'),
    lastUserMessageAt: timestamp('last_user_message_at', { withTimezone: true }),
    lastOaMessageAt: timestamp('last_oa_message_at', { withTimezone: true }),
    /** When Zalo's conversation history was imported (null: on the first open). */
    historyImportedAt: timestamp('history_imported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_key').on(t.zaloOaId, t.userId),
    // The inbox (every OA of the tenant, or one OA) by last activity.
    index('chat_conversations_tenant_last_idx').on(t.tenantId, t.lastMessageAt.desc().nullsLast(), t.id),
    index('chat_conversations_oa_last_idx').on(t.zaloOaId, t.lastMessageAt.desc().nullsLast(), t.id),
    index('chat_conversations_assignee_idx').on(t.assigneeUserId, t.lastMessageAt.desc().nullsLast()).where(sql`assignee_user_id is not null`),
    index('chat_conversations_unread_idx').on(t.tenantId, t.lastMessageAt.desc().nullsLast()).where(sql`unread_count > 0`),
    index('chat_conversations_lname_idx').on(t.tenantId, sql`lower(${t.displayName}) collate "C"`),
    index('chat_conversations_phone_idx').on(t.tenantId, t.phone).where(sql`phone is not null`),
  ],
);

/** A message of a conversation: the follower's (IN), the OA's (OUT) or an internal note (NOTE). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    /** Zalo's msg_id (null: a note, or an OUT message Zalo has not accepted yet). */
    zaloMsgId: text('zalo_msg_id'),
    direction: text('direction').notNull(),
    kind: text('kind').notNull(),
    text: text('text'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    quoteZaloMsgId: text('quote_zalo_msg_id'),
    quoteText: text('quote_text'),
    /** OUT only: SENDING, SENT, RECEIVED, SEEN, FAILED. */
    status: text('status'),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    errorMessageVi: text('error_message_vi'),
    reactions: jsonb('reactions').$type<Array<{ icon: string; by: 'USER' | 'OA' }>>().notNull().default(sql`'[]'::jsonb`),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The outbox row an OUT message was sent as (message_history.id). */
    messageHistoryId: uuid('message_history_id'),
    /** The composer's id for the message: a repeated send answers the same row. */
    clientMessageId: text('client_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A Zalo retry, the echo of our own send and the history import store a message once.
    uniqueIndex('chat_messages_zalo_key').on(t.zaloOaId, t.zaloMsgId).where(sql`zalo_msg_id is not null`),
    uniqueIndex('chat_messages_client_key').on(t.conversationId, t.clientMessageId).where(sql`client_message_id is not null`),
    index('chat_messages_conversation_idx').on(t.conversationId, t.sentAt.desc(), t.id),
    index('chat_messages_history_idx').on(t.messageHistoryId).where(sql`message_history_id is not null`),
    // Search by message text (words, any language: the 'simple' configuration).
    index('chat_messages_text_idx').using('gin', sql`to_tsvector('simple', coalesce(${t.text}, ''))`),
  ],
);

/** Canned replies of a tenant, inserted in the composer by typing "/" and the shortcut. */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_canned_replies_shortcut').on(t.tenantId, sql`lower(${t.shortcut})`)],
);

/** Who is viewing or typing in a conversation now (a mark lapses at expires_at unless renewed). */
export const chatPresence = pgTable(
  'chat_presence',
  {
    conversationId: uuid('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
