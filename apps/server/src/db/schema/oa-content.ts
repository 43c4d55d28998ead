import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OA_CONTENT_STATUSES, OA_CONTENT_TYPES, OA_PUBLISH_STATES, OA_VIDEO_STATUSES, type BodyBlock } from '@zc/shared/api/oa-content';
import { createdAt, oneOf, ts, updatedAt } from './columns';
import { users } from './auth';
import { tenants } from './organisation';
import { teams } from './teams';
import { zaloOas } from './zalo-oa';

/** The stored cover (REFERENCE §13.2): a photo URL, or an uploaded video (key) with its layout. */
export interface StoredCover {
  cover_type: 'photo' | 'video';
  photo_url?: string | undefined;
  videoKey?: string | undefined;
  cover_view?: 'horizontal' | 'vertical' | 'square' | undefined;
  status: 'show' | 'hide';
}

/**
 * OA posts and videos (SPEC §3 Content). One row per content; the OAs it goes to are its mappings.
 * `version` guards concurrent edits; `task_id` is the current (or last) review task.
 */
export const oaContents = pgTable(
  'oa_contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    type: text('type', { enum: OA_CONTENT_TYPES }).notNull(),
    status: text('status', { enum: OA_CONTENT_STATUSES }).notNull().default('draft'),
    title: text('title').notNull().default(''),
    author: text('author').notNull().default(''),
    description: text('description').notNull().default(''),
    body: jsonb('body').$type<BodyBlock[]>().notNull().default(sql`'[]'::jsonb`),
    avatar: text('avatar'),
    cover: jsonb('cover').$type<StoredCover | null>(),
    /** Video content: the upload key (oa_videos.upload_key). */
    videoKey: uuid('video_key'),
    comment: text('comment', { enum: ['show', 'hide'] }).notNull().default('show'),
    taskId: uuid('task_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('oa_contents_list_idx').on(t.tenantId, t.type, t.createdAt.desc()),
    index('oa_contents_status_idx').on(t.tenantId, t.type, t.status, t.createdAt.desc()),
    check('oa_contents_type_ck', oneOf(t.type, OA_CONTENT_TYPES)),
    check('oa_contents_status_ck', oneOf(t.status, OA_CONTENT_STATUSES)),
  ],
);

/**
 * One selected OA of a content and its publishing to Zalo: create/update → token → verify → the
 * 20-hex article id. `next_attempt_at` is the publisher's back-off; stats come from getslice.
 */
export const oaContentMappings = pgTable(
  'oa_content_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').notNull().references(() => oaContents.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    zaloContentId: text('zalo_content_id'),
    publishState: text('publish_state', { enum: OA_PUBLISH_STATES }).notNull().default('PENDING'),
    token: text('token'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    linkView: text('link_view'),
    totalView: integer('total_view').notNull().default(0),
    totalShare: integer('total_share').notNull().default(0),
    statsRefreshedAt: ts('stats_refreshed_at'),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('oa_content_mappings_key').on(t.contentId, t.zaloOaId),
    index('oa_content_mappings_oa_idx').on(t.tenantId, t.zaloOaId, t.publishState),
    index('oa_content_mappings_state_idx').on(t.publishState, t.nextAttemptAt),
    check('oa_content_mappings_state_ck', oneOf(t.publishState, OA_PUBLISH_STATES)),
  ],
);

/**
 * An uploaded video, one row per OA it was sent to (Zalo video ids are per OA). Rows of one upload
 * share `upload_key` (the §3 Video item key, used as a content's videoId). The file itself is kept
 * under DATA_DIR (`file_path`) for the player.
 */
export const oaVideos = pgTable(
  'oa_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    zaloOaId: uuid('zalo_oa_id').notNull().references(() => zaloOas.id, { onDelete: 'cascade' }),
    uploadKey: uuid('upload_key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileUrl: text('file_url').notNull(),
    zaloToken: text('zalo_token'),
    videoId: text('video_id'),
    status: text('status', { enum: OA_VIDEO_STATUSES }).notNull().default('CONVERTING'),
    convertPercent: integer('convert_percent').notNull().default(0),
    error: text('error'),
    removedAt: ts('removed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('oa_videos_list_idx').on(t.tenantId, t.zaloOaId, t.createdAt.desc()),
    index('oa_videos_key_idx').on(t.tenantId, t.uploadKey),
    check('oa_videos_status_ck', oneOf(t.status, OA_VIDEO_STATUSES)),
  ],
);
