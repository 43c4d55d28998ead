import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { BROADCAST_CONTENT_TYPES, BROADCAST_HOLD_REASONS, BROADCAST_SEND_STATES, BROADCAST_STATUSES } from '@zc/shared/api/broadcasts';
import { ts, createdAt, updatedAt, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { teams } from './teams';
import { zaloOas } from './zalo-oa';

/** The audience as stored: code lists (REFERENCE §8). Cities, when set, override locations. */
export interface BroadcastTargetRow {
  ages: number[];
  gender: number;
  locations: number[];
  cities: number[];
}

/**
 * One broadcast to one OA (§3: one request per selected OA; a create call's rows share `group_id`).
 * `status` is the review state (§4); once approved, `send_state` tracks the hand-over to Zalo at the
 * schedule time: WAITING → SENDING → SENT | FAILED, or HELD with `hold_reason` (delivery window,
 * monthly quota, Zalo unreachable) until `next_attempt_at`.
 */
export const oaBroadcasts = pgTable(
  'oa_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** §2.3 tab: 'video' when every attachment is a video, otherwise 'post'. */
    contentType: text('content_type', { enum: BROADCAST_CONTENT_TYPES }).notNull().default('post'),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull().default('DRAFT'),
    scheduleTime: ts('schedule_time').notNull(),
    target: jsonb('target').$type<BroadcastTargetRow>().notNull(),
    /** Post/video ids of the content module, in order (1–5). */
    contentIds: jsonb('content_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The Zalo article ids sent (frozen at the hand-over). */
    articleIds: jsonb('article_ids').$type<string[]>(),
    sendState: text('send_state', { enum: BROADCAST_SEND_STATES }),
    holdReason: text('hold_reason', { enum: BROADCAST_HOLD_REASONS }),
    nextAttemptAt: ts('next_attempt_at'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    zaloMessageId: text('zalo_message_id'),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('oa_broadcasts_tenant_idx').on(t.tenantId, t.createdAt),
    index('oa_broadcasts_tenant_type_idx').on(t.tenantId, t.contentType, t.createdAt),
    index('oa_broadcasts_due_idx').on(t.nextAttemptAt).where(sql`${t.sendState} in ('WAITING', 'HELD')`),
    index('oa_broadcasts_oa_sent_idx').on(t.zaloOaId, t.sentAt),
    check('oa_broadcasts_status_ck', oneOf(t.status, BROADCAST_STATUSES)),
    check('oa_broadcasts_content_type_ck', oneOf(t.contentType, BROADCAST_CONTENT_TYPES)),
    check('oa_broadcasts_send_state_ck', sql`${t.sendState} is null or ${oneOf(t.sendState, BROADCAST_SEND_STATES)}`),
    check('oa_broadcasts_hold_reason_ck', sql`${t.holdReason} is null or ${oneOf(t.holdReason, BROADCAST_HOLD_REASONS)}`),
  ],
);
