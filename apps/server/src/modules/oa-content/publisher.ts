import { and, eq, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { OA_VIDEO_STATUS_OF_CODE } from '@zc/shared/api/oa-content';
import type { ZaloClient } from '@zc/zalo/client';
import { ZaloApiError, ZaloError } from '@zc/zalo/errors';
import { createArticle, getArticle, listArticles, prepareVideo, updateArticle, verifyArticle, verifyVideo, type ArticleBodyItem, type ArticleInput } from '@zc/zalo/oa-articles';
import type { Db } from '../../db/client';
import { oaContentMappings, oaVideos } from '../../db/schema/oa-content';
import { emitEvent } from '../../platform/events';
import { defineJob, type JobDefinition } from '../../platform/jobs';
import { exponentialBackoff } from '../../platform/lease-queue';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { claimDueMappings, findContent, lockContent, mappingsOf, markStatsChecked, publishedMappings, recordMapping, setStats, updateVideo, videosByKey, type ContentRow, type MappingRow, type VideoRow } from './repo';

/** A claimed mapping is this publisher's for this long (a crashed worker's rows come back after it). */
const LEASE_MS = 2 * 60_000;
/** Create/update failures (network, 5xx, retryable Zalo codes) before FAILED. */
export const MAX_PUBLISH_ATTEMPTS = 6;
/** Verifies answering -214 (still processing) before FAILED. */
export const MAX_VERIFY_ATTEMPTS = 30;
/** Between create and the first verify, and between verifies while Zalo processes. */
export const VERIFY_DELAY_MS = 2_000;
/** Back-off after a failed attempt: 5 s, 10 s, 20 s … capped at 10 min. */
export const publishBackoff = exponentialBackoff(5_000, 10 * 60_000);

export interface PublishOptions {
  now?: () => Date;
  limit?: number;
  /** Only this content's mappings (the job sent on approval). */
  contentId?: string;
}

export interface PublishSummary {
  attempted: number;
  published: number;
  failed: number;
  waiting: number;
}

class WaitForVideo extends Error {}

/** Zalo's message for a refusal (what the per-OA state shows), or the transport's. */
function messageOf(err: unknown): string {
  if (err instanceof ZaloApiError) return (err.zaloMessage || err.explanation.en.meaning).slice(0, 500);
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}
const isPermanent = (err: unknown) => err instanceof ZaloApiError && err.classification === 'permanent';

/** The OA's Zalo video id of an upload, refreshing its conversion state; throws WaitForVideo while converting. */
async function zaloVideoId(db: Db, zalo: ZaloClient, tenantId: string, zaloOaId: string, key: string): Promise<string> {
  const rows = (await videosByKey(db, trustedTenantScope(tenantId), [key])).filter((v) => v.zaloOaId === zaloOaId && !v.removedAt);
  const v = rows[0];
  if (!v) throw new Error('the video was not uploaded to this official account');
  const fresh = v.status === 'READY' && v.videoId ? v : await refreshVideo(db, zalo, v);
  if (fresh.status === 'READY' && fresh.videoId) return fresh.videoId;
  if (fresh.status === 'FAILED' || fresh.status === 'DELETED' || fresh.status === 'LOCKED') throw new Error(`the video cannot be used (${fresh.status})${fresh.error ? `: ${fresh.error}` : ''}`);
  throw new WaitForVideo(`waiting for the video conversion (${fresh.convertPercent}%)`);
}

/** The article Zalo receives for one OA (uploaded videos resolved to that OA's video id). */
async function articleFor(db: Db, zalo: ZaloClient, c: ContentRow, zaloOaId: string): Promise<ArticleInput> {
  const vid = (key: string) => zaloVideoId(db, zalo, c.tenantId, zaloOaId, key);
  if (c.type === 'video') {
    if (!c.videoKey) throw new Error('a video content needs its video');
    return { type: 'video', title: c.title, description: c.description, video_id: await vid(c.videoKey), avatar: c.avatar ?? '', status: 'show', comment: c.comment };
  }
  const body: ArticleBodyItem[] = [];
  for (const b of c.body) {
    if (b.type === 'text') body.push({ type: 'text', content: b.content });
    else if (b.type === 'image') body.push({ type: 'image', url: b.url, ...(b.caption ? { caption: b.caption } : {}) });
    else if (b.type === 'product') body.push({ type: 'product', id: b.id });
    else if (b.videoKey) body.push({ type: 'video', video_id: await vid(b.videoKey), ...(b.thumb ? { thumb: b.thumb } : {}) });
    else if (b.url) body.push({ type: 'video', url: b.url, ...(b.thumb ? { thumb: b.thumb } : {}) });
  }
  const cover =
    c.cover?.cover_type === 'video' && c.cover.videoKey
      ? { cover_type: 'video' as const, video_id: await vid(c.cover.videoKey), cover_view: c.cover.cover_view ?? 'horizontal', status: c.cover.status }
      : { cover_type: 'photo' as const, photo_url: c.cover?.photo_url ?? c.avatar ?? '', status: c.cover?.status ?? 'show' };
  return { type: 'normal', title: c.title, author: c.author, description: c.description, cover, body, status: 'show', comment: c.comment };
}

type Step = { values: Partial<typeof oaContentMappings.$inferInsert>; outcome: 'published' | 'failed' | 'waiting' };

async function step(db: Db, zalo: ZaloClient, m: MappingRow, c: ContentRow, now: Date): Promise<Step> {
  const later = (ms: number) => new Date(now.getTime() + ms);
  try {
    if (m.publishState === 'VERIFYING' && m.token) {
      const { id } = await verifyArticle(zalo, m.zaloOaId, m.token);
      const detail = await getArticle(zalo, m.zaloOaId, id).catch(() => null);
      return { outcome: 'published', values: { publishState: 'PUBLISHED', zaloContentId: id, linkView: detail?.link_view ?? null, token: null, lastError: null, publishedAt: now, nextAttemptAt: null } };
    }
    const article = await articleFor(db, zalo, c, m.zaloOaId);
    // A mapping that reached Zalo before (an earlier publication) is updated in place.
    const { token } = m.zaloContentId ? await updateArticle(zalo, m.zaloOaId, m.zaloContentId, article) : await createArticle(zalo, m.zaloOaId, article);
    return { outcome: 'waiting', values: { publishState: 'VERIFYING', token, attempts: 0, lastError: null, nextAttemptAt: later(VERIFY_DELAY_MS) } };
  } catch (err) {
    const attempts = m.attempts + 1;
    if (err instanceof WaitForVideo) return { outcome: 'waiting', values: { attempts: 0, lastError: err.message, nextAttemptAt: later(VERIFY_DELAY_MS) } };
    if (err instanceof ZaloApiError && err.code === -214) {
      if (attempts >= MAX_VERIFY_ATTEMPTS) return { outcome: 'failed', values: { publishState: 'FAILED', attempts, lastError: 'Zalo is still processing the article after every verify; publish it again', nextAttemptAt: null } };
      return { outcome: 'waiting', values: { attempts, lastError: null, nextAttemptAt: later(VERIFY_DELAY_MS) } };
    }
    const permanent = isPermanent(err) || !(err instanceof ZaloError);
    if (permanent || attempts >= MAX_PUBLISH_ATTEMPTS) return { outcome: 'failed', values: { publishState: 'FAILED', attempts, lastError: messageOf(err), token: null, nextAttemptAt: null } };
    return { outcome: 'waiting', values: { publishState: m.publishState === 'VERIFYING' ? 'VERIFYING' : 'CREATING', attempts, lastError: messageOf(err), nextAttemptAt: later(publishBackoff(attempts)) } };
  }
}

/**
 * Records one step of a mapping and announces it, under the content's row lock so that the last OA
 * to finish — and only it — announces `review.item_published` (once every OA is PUBLISHED or FAILED,
 * with at least one PUBLISHED).
 */
async function record(db: Db, m: MappingRow, s: Step): Promise<boolean> {
  return db.transaction(async (tx) => {
    const scope = trustedTenantScope(m.tenantId);
    const content = await lockContent(tx, scope, m.contentId);
    if (!content) return false;
    const row = await recordMapping(tx, m, s.values);
    if (!row) return false;
    await emitEvent(tx, { type: 'oa_content.changed', tenantId: m.tenantId, data: { contentId: m.contentId, status: content.status, zaloOaId: m.zaloOaId, publishState: row.publishState } });
    if (row.publishState === 'PUBLISHED' || row.publishState === 'FAILED') {
      const all = await mappingsOf(tx, scope, [m.contentId]);
      const settled = all.every((x) => x.publishState === 'PUBLISHED' || x.publishState === 'FAILED');
      if (settled && all.some((x) => x.publishState === 'PUBLISHED')) {
        await emitEvent(tx, {
          type: 'review.item_published',
          tenantId: m.tenantId,
          data: { kind: content.type === 'video' ? 'OA_CONTENT_VIDEO' : 'OA_CONTENT_POST', referenceId: content.id, name: (content.title || content.type).slice(0, 300), createdBy: content.createdBy },
        });
      }
    }
    return true;
  });
}

/**
 * The publisher: claims due mappings (FOR UPDATE SKIP LOCKED + lease, safe in several processes) and
 * moves each one step: create (or update) → token → verify (−214 while Zalo processes) → article id.
 * Retryable failures back off (publishBackoff) up to MAX_PUBLISH_ATTEMPTS; Zalo refusals (e.g. −223,
 * the OA's article quota) end FAILED with Zalo's message. One OA's failure never holds another's.
 */
export async function publishDue(db: Db, zalo: ZaloClient, opts: PublishOptions = {}): Promise<PublishSummary> {
  const now = opts.now?.() ?? new Date();
  const claimed = await claimDueMappings(db, now, LEASE_MS, opts.limit ?? 20, opts.contentId);
  const summary: PublishSummary = { attempted: 0, published: 0, failed: 0, waiting: 0 };
  for (const m of claimed) {
    const content = await findContent(db, trustedTenantScope(m.tenantId), m.contentId);
    if (!content) continue;
    const s = content.status === 'published' ? await step(db, zalo, m, content, now) : ({ outcome: 'failed', values: { publishState: 'FAILED', lastError: 'The content is no longer approved', nextAttemptAt: null } } satisfies Step);
    if (!(await record(db, m, s))) continue;
    summary.attempted += 1;
    summary[s.outcome] += 1;
  }
  return summary;
}

/* ─── Videos ─── */

/** Asks Zalo for a video's conversion state and stores it (announced with oa_video.changed when it moved). */
export async function refreshVideo(db: Db, zalo: ZaloClient, v: VideoRow): Promise<VideoRow> {
  if (!v.zaloToken) return v;
  try {
    const s = await verifyVideo(zalo, v.zaloOaId, v.zaloToken);
    const status = OA_VIDEO_STATUS_OF_CODE[s.status] ?? 'UNKNOWN';
    const percent = Math.max(0, Math.min(100, Math.round(s.convert_percent ?? 0)));
    if (status === v.status && percent === v.convertPercent && (s.video_id || null) === v.videoId) return v;
    return await db.transaction(async (tx) => {
      const [row] = await tx.update(oaVideos).set({ status, convertPercent: percent, videoId: s.video_id || null, error: status === 'FAILED' ? (s.status_message ?? 'conversion failed') : null, updatedAt: new Date() }).where(eq(oaVideos.id, v.id)).returning();
      await emitEvent(tx, { type: 'oa_video.changed', tenantId: v.tenantId, data: { videoId: v.id, status, convertPercent: percent } });
      return row ?? v;
    });
  } catch (err) {
    if (isPermanent(err)) return (await updateVideo(db, v.id, { status: 'FAILED', error: messageOf(err) })) ?? v;
    return v;
  }
}

/** Refreshes the videos still converting (oldest first). */
export async function refreshConvertingVideos(db: Db, zalo: ZaloClient, limit = 50): Promise<number> {
  const rows = await db.select().from(oaVideos).where(and(inArray(oaVideos.status, ['CONVERTING', 'UNKNOWN']), lte(oaVideos.createdAt, new Date()))).limit(limit);
  for (const v of rows) await refreshVideo(db, zalo, v);
  return rows.length;
}

/**
 * Sends one uploaded video to each OA (preparevideo, multipart) and records one row per OA. An OA
 * Zalo refuses gets a FAILED row with Zalo's message; the others stand.
 */
export async function sendVideoToOas(db: Db, zalo: ZaloClient, input: { tenantId: string; uploadKey: string; oaIds: string[]; file: { buf: Buffer; filename: string; mime: string }; fileUrl: string; createdBy: string }): Promise<VideoRow[]> {
  const rows: VideoRow[] = [];
  for (const zaloOaId of input.oaIds) {
    let token: string | null = null;
    let error: string | null = null;
    try {
      token = (await prepareVideo(zalo, zaloOaId, { data: new Uint8Array(input.file.buf), filename: input.file.filename, contentType: input.file.mime })).token;
    } catch (err) {
      if (!(err instanceof ZaloError)) throw err;
      error = messageOf(err);
    }
    const [row] = await db
      .insert(oaVideos)
      .values({ tenantId: input.tenantId, zaloOaId, uploadKey: input.uploadKey, name: input.file.filename, size: input.file.buf.length, fileUrl: input.fileUrl, zaloToken: token, status: token ? 'CONVERTING' : 'FAILED', error, createdBy: input.createdBy })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    rows.push(token ? await refreshVideo(db, zalo, row) : row);
  }
  return rows;
}

/* ─── Statistics ─── */

/** Mappings whose totals are older than this are refreshed. */
export const STATS_MAX_AGE_MS = 10 * 60_000;
/** getslice pages (10 articles each) read per OA and type per refresh. */
const STATS_PAGES = 20;

/**
 * Refreshes total_view / total_share / link_view of published mappings from getslice (Zalo's only
 * source of the totals, 10 per page), OA by OA. An OA Zalo does not answer keeps its figures.
 */
export async function refreshStats(db: Db, zalo: ZaloClient, opts: { now?: () => Date; limit?: number } = {}): Promise<{ refreshed: number }> {
  const now = opts.now?.() ?? new Date();
  const due = await publishedMappings(db, new Date(now.getTime() - STATS_MAX_AGE_MS), opts.limit ?? 500);
  const byOa = new Map<string, MappingRow[]>();
  for (const m of due) byOa.set(m.zaloOaId, [...(byOa.get(m.zaloOaId) ?? []), m]);
  let refreshed = 0;
  const changed = new Map<string, MappingRow>();
  for (const [oaId, mappings] of byOa) {
    const wanted = new Map(mappings.flatMap((m) => (m.zaloContentId ? [[m.zaloContentId, m] as const] : [])));
    try {
      for (const type of ['normal', 'video'] as const) {
        for (let page = 0; page < STATS_PAGES && wanted.size > 0; page += 1) {
          const slice = await listArticles(zalo, oaId, { offset: page * 10, limit: 10, type });
          for (const a of slice.medias) {
            const m = wanted.get(String(a.id));
            if (!m) continue;
            const totals = { totalView: Number(a.total_view) || 0, totalShare: Number(a.total_share) || 0 };
            await setStats(db, m.id, { ...totals, linkView: a.link_view || m.linkView, at: now });
            if (totals.totalView !== m.totalView || totals.totalShare !== m.totalShare) changed.set(m.contentId, m);
            wanted.delete(String(a.id));
            refreshed += 1;
          }
          if ((page + 1) * 10 >= slice.total) break;
        }
      }
      // Not found in the pages read (removed at Zalo, or older than they reach): checked, kept as they were.
      await markStatsChecked(db, [...wanted.values()].map((m) => m.id), now);
    } catch (err) {
      if (!(err instanceof ZaloError)) throw err;
    }
  }
  // The lists show the summed totals: one announcement per content whose figures moved.
  for (const m of changed.values()) {
    await db.transaction((tx) => emitEvent(tx, { type: 'oa_content.changed', tenantId: m.tenantId, data: { contentId: m.contentId, status: 'published', zaloOaId: null, publishState: null } }));
  }
  return { refreshed };
}

/* ─── Jobs ─── */

const publishPayload = z.object({ contentId: z.uuid().optional(), videoKey: z.uuid().optional() });

/** How long a job sent for one content or one upload keeps stepping it before the minute sweep takes over. */
const FOLLOW_MS = 2 * 60_000;

/**
 * `oa-content-publish`: every minute (all due mappings, videos still converting), and sent with a
 * `contentId` on approval or a `videoKey` after an upload — then it keeps stepping that item (publishing,
 * or conversion progress announced with oa_video.changed) for up to two minutes, so the screens follow
 * within seconds.
 */
export function oaContentPublishJob(db: Db, zalo: ZaloClient, opts: { sleep?: (ms: number) => Promise<void> } = {}): JobDefinition<typeof publishPayload> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return defineJob({
    name: 'oa-content-publish',
    payload: publishPayload,
    cron: '* * * * *',
    retry: { limit: 2, backoff: true },
    async handle(p) {
      if (!p.contentId && !p.videoKey) {
        await publishDue(db, zalo);
        await refreshConvertingVideos(db, zalo);
        return;
      }
      const deadline = Date.now() + FOLLOW_MS;
      while (Date.now() < deadline) {
        if (p.videoKey) {
          const rows = await db.select().from(oaVideos).where(and(eq(oaVideos.uploadKey, p.videoKey), inArray(oaVideos.status, ['CONVERTING', 'UNKNOWN'])));
          for (const v of rows) await refreshVideo(db, zalo, v);
          if (rows.length === 0) return;
          await sleep(VIDEO_POLL_MS);
          continue;
        }
        const contentId = p.contentId!;
        await publishDue(db, zalo, { contentId });
        const tenantId = await contentTenant(db, contentId);
        if (!tenantId) return;
        const left = (await mappingsOf(db, trustedTenantScope(tenantId), [contentId])).filter((m) => m.publishState !== 'PUBLISHED' && m.publishState !== 'FAILED');
        if (left.length === 0) return;
        const next = Math.min(...left.map((m) => m.nextAttemptAt?.getTime() ?? Date.now()));
        await sleep(Math.max(250, Math.min(10_000, next - Date.now())));
      }
    },
  });
}

/** Between two conversion checks of a video just uploaded. */
const VIDEO_POLL_MS = 3_000;

async function contentTenant(db: Db, contentId: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: oaContentMappings.tenantId }).from(oaContentMappings).where(eq(oaContentMappings.contentId, contentId)).limit(1);
  return row?.tenantId ?? null;
}

/** `oa-content-stats`: view and share totals from getslice every 15 minutes. */
export function oaContentStatsJob(db: Db, zalo: ZaloClient): JobDefinition {
  return defineJob({ name: 'oa-content-stats', payload: z.object({}), cron: '*/15 * * * *', handle: async () => void (await refreshStats(db, zalo)) });
}
