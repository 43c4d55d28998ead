import type { ContentKind } from '@zc/shared/api/approvals';
import type { CreateOaContentBody, OaContent, OaContentListQuery, OaContentQuota, OaVideoItem, UpdateOaContentBody } from '@zc/shared/api/oa-content';
import type { DbOrTx, Tx } from '../../db/client';
import type { StoredCover } from '../../db/schema/oa-content';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { decideTask, submitForReview, voidReview } from '../approvals/service';
import { canDeleteContent, canEditContent } from './policy';
import { presentContent, presentOa, presentVideoItem, type PresentCtx } from './presenter';
import {
  deleteContent,
  findContent,
  insertContent,
  listContents,
  listVideoKeys,
  lockContent,
  mappingsOf,
  queueMappings,
  removeVideos,
  setMappings,
  tasksByIds,
  teamChoice,
  tenantOas,
  updateContent,
  usageOfOas,
  usersByIds,
  videosByKey,
  type ContentRow,
  type VideoRow,
  findInFlightContents,
} from './repo';

/**
 * Articles (posts and videos) an OA may create: Zalo does not publish the number (REFERENCE §13.2,
 * `-223` when reached); this is the figure the quota popover shows as `total` (the sandbox's default).
 */
export const OA_ARTICLE_QUOTA = 100;

export const kindOf = (type: 'post' | 'video'): ContentKind => (type === 'video' ? 'OA_CONTENT_VIDEO' : 'OA_CONTENT_POST');

/* ─── Reading ─── */

async function presentCtx(db: DbOrTx, scope: TenantScope, rows: ContentRow[]): Promise<PresentCtx> {
  const ids = rows.map((r) => r.id);
  const [mappings, oas, tasks, videos] = await Promise.all([
    mappingsOf(db, scope, ids),
    tenantOas(db, scope),
    tasksByIds(db, scope, rows.flatMap((r) => (r.taskId ? [r.taskId] : []))),
    videosByKey(db, scope, [...new Set(rows.flatMap((r) => (r.videoKey ? [r.videoKey] : [])))]),
  ]);
  const users = await usersByIds(db, [...rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])), ...tasks.flatMap((t) => (t.nextApproverId ? [t.nextApproverId] : []))]);
  const byContent = new Map<string, typeof mappings>();
  for (const m of mappings) byContent.set(m.contentId, [...(byContent.get(m.contentId) ?? []), m]);
  const byKey = new Map<string, VideoRow[]>();
  for (const v of videos) byKey.set(v.uploadKey, [...(byKey.get(v.uploadKey) ?? []), v]);
  return {
    oas: new Map(oas.map((o) => [o.id, o])),
    users: new Map(users.map((u) => [u.id, u])),
    tasks: new Map(tasks.map((t) => [t.id, t])),
    mappings: byContent,
    videos: byKey,
  };
}

export async function findContents(db: DbOrTx, actor: Actor, scope: TenantScope, q: OaContentListQuery, page: { limit: number; offset: number }): Promise<{ rows: OaContent[]; total: number }> {
  const { rows, total } = await listContents(db, scope, q, page);
  const ctx = await presentCtx(db, scope, rows);
  return { rows: rows.map((r) => presentContent(actor, r, ctx)), total };
}

/** One content of the tenant (404 for another tenant's). */
export async function findContentDetail(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<OaContent> {
  const row = await findContent(db, scope, id);
  if (!row) throw notFound();
  return presentContent(actor, row, await presentCtx(db, scope, [row]));
}

/* ─── Writing ─── */

type Body = CreateOaContentBody | UpdateOaContentBody;

/** The selected OAs must all be the tenant's (400 naming zaloOAIds otherwise). */
async function checkOas(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await tenantOas(db, scope, unique);
  if (found.length !== unique.length) throw fieldError('zaloOAIds', 'Official account not found in this tenant', 'not_found');
  return unique;
}

/** §5 team select: required with several teams; a named team must be the tenant's. */
async function checkTeam(db: DbOrTx, scope: TenantScope, teamId: string | null): Promise<string | null> {
  const choice = await teamChoice(db, scope, teamId);
  if (teamId) {
    if (!choice.known) throw fieldError('teamId', 'Team not found in this tenant', 'not_found');
    return teamId;
  }
  if (choice.teams > 1) throw new AppError('TEAM_REQUIRED', undefined, { fields: [{ path: 'teamId', code: 'required', message: 'A team must be chosen when the tenant has several teams' }] });
  return null;
}

/** Every uploaded video the content names (its video, a video cover, video blocks) must be the tenant's and sent to every selected OA. */
async function checkVideos(db: DbOrTx, scope: TenantScope, body: Body, oaIds: readonly string[]): Promise<void> {
  const keys = new Set<string>();
  if (body.type === 'video' && body.videoId) keys.add(body.videoId);
  if (body.cover?.cover_type === 'video' && body.cover.videoKey) keys.add(body.cover.videoKey);
  for (const b of body.body) if (b.type === 'video' && b.videoKey) keys.add(b.videoKey);
  if (keys.size === 0) return;
  const rows = (await videosByKey(db, scope, [...keys])).filter((v) => !v.removedAt && v.status !== 'FAILED');
  for (const key of keys) {
    const have = new Set(rows.filter((v) => v.uploadKey === key).map((v) => v.zaloOaId));
    if (have.size === 0) throw fieldError(body.type === 'video' && key === body.videoId ? 'videoId' : 'body', 'Video not found', 'not_found');
    if (body.submit && oaIds.some((id) => !have.has(id))) throw fieldError(body.type === 'video' && key === body.videoId ? 'videoId' : 'body', 'The video was not uploaded to every selected official account', 'invalid');
  }
}

function fieldsOf(body: Body) {
  const cover: StoredCover | null = body.cover
    ? { cover_type: body.cover.cover_type, photo_url: body.cover.photo_url, videoKey: body.cover.videoKey, cover_view: body.cover.cover_view, status: body.cover.status }
    : null;
  return {
    type: body.type,
    title: body.title,
    author: body.author,
    description: body.description,
    body: body.body,
    avatar: body.avatar ?? null,
    cover,
    videoKey: body.type === 'video' ? (body.videoId ?? null) : null,
    comment: body.comment,
  };
}

async function announce(tx: Tx, row: ContentRow, zaloOaId: string | null = null, publishState: string | null = null): Promise<void> {
  await emitEvent(tx, { type: 'oa_content.changed', tenantId: row.tenantId, data: { contentId: row.id, status: row.status, zaloOaId, publishState } });
}

/** Submits the content (status approval) for review; an empty workflow approves (and queues publishing) at once. */
async function submit(tx: Tx, actor: Actor, scope: TenantScope, row: ContentRow): Promise<ContentRow> {
  const task = await submitForReview(tx, actor, scope, { kind: kindOf(row.type), referenceId: row.id });
  const fresh = await lockContent(tx, scope, row.id);
  if (!fresh) throw notFound();
  return updateContent(tx, scope, row.id, { taskId: task.id, version: fresh.version });
}

/** POST oa-content/create: saved as a draft, or submitted for review (`submit`). */
export async function createContent(tx: Tx, actor: Actor, scope: TenantScope, body: CreateOaContentBody): Promise<ContentRow> {
  const oaIds = await checkOas(tx, scope, body.zaloOAIds);
  const teamId = await checkTeam(tx, scope, body.teamId ?? null);
  await checkVideos(tx, scope, body, oaIds);
  let row = await insertContent(tx, scope, { ...fieldsOf(body), teamId, status: body.submit ? 'approval' : 'draft', createdBy: actor.userId });
  await setMappings(tx, scope, row.id, oaIds);
  if (body.submit) row = await submit(tx, actor, scope, row);
  await announce(tx, row);
  return row;
}

/**
 * PATCH oa-content/update/{id}: replaces the content. 409 OA_CONTENT_NOT_EDITABLE once published;
 * 409 CONFLICT when `version` is not the stored one. Editing an item in review voids its review
 * (ADR 0013); `submit` sends it to review again with a fresh snapshot.
 */
export async function editContent(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: UpdateOaContentBody): Promise<{ before: ContentRow; after: ContentRow }> {
  const before = await lockContent(tx, scope, id);
  if (!before) throw notFound();
  if (before.status === 'published') throw new AppError('OA_CONTENT_NOT_EDITABLE');
  if (!canEditContent(actor, before)) throw new AppError('FORBIDDEN');
  if (body.version !== undefined && body.version !== before.version) throw new AppError('CONFLICT', 'This content was changed by someone else; reload it');
  if (body.type !== before.type) throw fieldError('type', 'The type of a content cannot change', 'invalid');
  const oaIds = await checkOas(tx, scope, body.zaloOAIds);
  const teamId = await checkTeam(tx, scope, body.teamId ?? null);
  await checkVideos(tx, scope, body, oaIds);
  if (before.status === 'approval') await voidReview(tx, scope, kindOf(before.type), before.id);
  let after = await updateContent(tx, scope, id, { ...fieldsOf(body), teamId, status: body.submit ? 'approval' : 'draft', version: before.version + 1 });
  await setMappings(tx, scope, id, oaIds);
  if (body.submit) after = await submit(tx, actor, scope, after);
  await announce(tx, after);
  return { before, after };
}

/** PATCH oa-content/approved/{id}: the next approver decides the content's pending review (approvals engine). */
export async function decideContent(tx: Tx, actor: Actor, scope: TenantScope, id: string, input: { approval: boolean; comment: string }): Promise<ContentRow> {
  const row = await findContent(tx, scope, id);
  if (!row) throw notFound();
  if (row.status !== 'approval' || !row.taskId) throw new AppError('TASK_NOT_PENDING');
  await decideTask(tx, actor, scope, row.taskId, input);
  const after = await findContent(tx, scope, id);
  if (!after) throw notFound();
  return after;
}

/**
 * DELETE oa-content/{id} (§4, §6, §8): an approved (published) item never — 409 OA_CONTENT_APPROVED
 * 'OA Content was approved so cannot delete'; a draft by whoever may edit it; other statuses only with
 * DELETE_ZALO_OA_CONTENT. A pending review is voided first.
 */
export async function removeContent(tx: Tx, actor: Actor, scope: TenantScope, id: string): Promise<ContentRow> {
  const row = await lockContent(tx, scope, id);
  if (!row) throw notFound();
  if (row.status === 'published') throw new AppError('OA_CONTENT_APPROVED');
  if (!canDeleteContent(actor, row)) throw new AppError('FORBIDDEN');
  if (row.status === 'approval') await voidReview(tx, scope, kindOf(row.type), row.id);
  await deleteContent(tx, scope, id);
  await emitEvent(tx, { type: 'oa_content.changed', tenantId: row.tenantId, data: { contentId: row.id, status: 'deleted', zaloOaId: null, publishState: null } });
  return row;
}

/* ─── Review kind actions (inside the deciding transaction) ─── */

/** Approved: the content is published to each selected OA by the publisher (mappings queued now). */
export async function onContentApproved(tx: Tx, tenantId: string, contentId: string): Promise<void> {
  const scope = trustedTenantScope(tenantId);
  const row = await lockContent(tx, scope, contentId);
  if (!row) return;
  const after = await updateContent(tx, scope, contentId, { status: 'published' });
  const queued = await queueMappings(tx, scope, contentId, new Date());
  await announce(tx, after);
  for (const m of queued) await announce(tx, after, m.zaloOaId, m.publishState);
}

export async function onContentRejected(tx: Tx, tenantId: string, contentId: string): Promise<void> {
  const scope = trustedTenantScope(tenantId);
  const row = await lockContent(tx, scope, contentId);
  if (!row) return;
  await announce(tx, await updateContent(tx, scope, contentId, { status: 'disapproval' }));
}

/** The frozen review snapshot of a content (what the approvers see and approve). */
export async function contentSnapshot(db: DbOrTx, scope: TenantScope, id: string) {
  const row = await findContent(db, scope, id);
  if (!row) return null;
  const [mappings, oas] = await Promise.all([mappingsOf(db, scope, [id]), tenantOas(db, scope)]);
  const byId = new Map(oas.map((o) => [o.id, o]));
  return {
    name: row.title || (row.type === 'video' ? 'Video' : 'Post'),
    teamId: row.teamId,
    snapshot: {
      type: row.type,
      title: row.title,
      author: row.author,
      description: row.description,
      body: row.body,
      avatar: row.avatar,
      cover: row.cover,
      videoKey: row.videoKey,
      comment: row.comment,
      zaloOA: mappings.map((m) => presentOa(byId.get(m.zaloOaId), m.zaloOaId)),
    },
  };
}

/* ─── Videos ─── */

export async function findVideoItems(db: DbOrTx, scope: TenantScope, oaIds: string[] | undefined, page: { limit: number; offset: number }): Promise<{ rows: OaVideoItem[]; total: number }> {
  const { keys, total } = await listVideoKeys(db, scope, oaIds, page);
  const rows = (await videosByKey(db, scope, keys)).filter((v) => !v.removedAt && (!oaIds?.length || oaIds.includes(v.zaloOaId)));
  return { rows: keys.map((k) => presentVideoItem(k, rows.filter((v) => v.uploadKey === k))), total };
}

/** PATCH video/update {ids}: the uploads leave the picker (their Zalo videos stay at Zalo). */
export async function removeVideoItems(tx: Tx, scope: TenantScope, keys: string[]): Promise<VideoRow[]> {
  const known = await videosByKey(tx, scope, keys);
  const missing = keys.filter((k) => !known.some((v) => v.uploadKey === k));
  if (missing.length) throw notFound();
  const removed = await removeVideos(tx, scope, keys, new Date());
  for (const v of removed) await emitEvent(tx, { type: 'oa_video.changed', tenantId: v.tenantId, data: { videoId: v.id, status: 'DELETED', convertPercent: v.convertPercent } });
  return removed;
}

/* ─── Quotas ─── */

/** §3 Quota per OA: used = articles (published or publishing) + videos; total OA_ARTICLE_QUOTA; remain. */
export async function findQuotas(db: DbOrTx, scope: TenantScope, oaIds: string[] | undefined): Promise<OaContentQuota[]> {
  const oas = await tenantOas(db, scope, oaIds && oaIds.length ? oaIds : undefined);
  if (oaIds?.length && oas.length !== new Set(oaIds).size) throw notFound();
  const usage = await usageOfOas(db, scope, oas.map((o) => o.id));
  return oas.map((o) => {
    const u = usage.get(o.id) ?? { articles: 0, videos: 0 };
    const used = u.articles + u.videos;
    return { ...presentOa(o, o.id), value: { used, total: OA_ARTICLE_QUOTA, remain: Math.max(0, OA_ARTICLE_QUOTA - used) }, oaArticle: u.articles, oaVideo: u.videos };
  });
}

/* ─── For the broadcasts module ─── */

export interface PublishedArticle {
  contentId: string;
  type: 'post' | 'video';
  title: string;
  /** The cover photo or the avatar (thumbnail), for the broadcast preview. */
  cover: string | null;
  zaloOaId: string;
  /** Zalo's 20-hex article id: the broadcast's `attachment_id`. */
  zaloContentId: string;
}

/**
 * The published articles of the given contents of a tenant, one per OA they reached (for broadcasts:
 * `attachment_id` = zaloContentId). Contents of other tenants, unpublished ones and OAs where
 * publishing failed are left out.
 */
export async function publishedArticles(db: DbOrTx, tenantId: string, contentIds: readonly string[]): Promise<PublishedArticle[]> {
  if (contentIds.length === 0) return [];
  const scope = trustedTenantScope(tenantId);
  const mappings = await mappingsOf(db, scope, contentIds);
  const rows = await Promise.all([...new Set(mappings.map((m) => m.contentId))].map((id) => findContent(db, scope, id)));
  const byId = new Map(rows.flatMap((r) => (r && r.status === 'published' ? [[r.id, r] as const] : [])));
  return mappings.flatMap((m) => {
    const c = byId.get(m.contentId);
    if (!c || m.publishState !== 'PUBLISHED' || !m.zaloContentId) return [];
    return [{ contentId: c.id, type: c.type, title: c.title, cover: c.cover?.photo_url ?? c.avatar ?? null, zaloOaId: m.zaloOaId, zaloContentId: m.zaloContentId }];
  });
}

/**
 * The tenant's OA contents still in flight — pending review or being published — that must be
 * finished before its OA service may be switched off (status: PENDING_REVIEW or PUBLISHING).
 */
export async function inFlightContents(db: DbOrTx, scope: TenantScope, limit = 50): Promise<Array<{ id: string; name: string; status: string }>> {
  const rows = await findInFlightContents(db, scope, limit);
  return rows.map((r) => ({ id: r.id, name: r.title, status: r.status === 'approval' ? 'PENDING_REVIEW' : 'PUBLISHING' }));
}
