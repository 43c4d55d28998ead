import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asInt, asString, fail, jsonBody, query, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { nextHexId, nextNumericId, type SandboxArticle, type SandboxState } from '../state';

/**
 * Articles and article videos (REFERENCE §3.9, §13.2): create/update answer a token, verify answers
 * `-214` while Zalo processes and then the 20-hex article id; `-223` once the OA used its article
 * quota (modelled per OA); video conversion reports status 3 with rising `convert_percent` over a
 * few verifies (or the sandbox clock), then 1. The control API (`/_control/articles/*`) can hold,
 * approve, fail or delay an article job or a video, and set an OA's quota.
 */

const MB = 1024 * 1024;
const VIDEO_CONVERT_MS = 30_000;
const ARTICLE_PROCESS_MS = 1_000;
/**
 * Verifies answered -214 before an article job is done (unless the clock finished it first). Three:
 * the client repeats a -214 verify up to three times in one call, so one call sees -214 and the next
 * call gets the id.
 */
const DEFAULT_PENDING_VERIFIES = 3;
/** Each earlier verify of a video moves its conversion this far. */
const VIDEO_STEP_PERCENT = 50;
export const DEFAULT_ARTICLE_QUOTA = 100;

interface ArticleJob {
  token: string;
  articleId: string;
  oaId: string;
  readyAt: number;
  verifies: number;
  pendingVerifies: number;
  /** Held until the control API approves it. */
  held: boolean;
  /** Verify answers this Zalo error (control fail); the article is not created. */
  failure?: { code: number; message: string } | undefined;
  /** The article of a create, added when the job completes. */
  create?: SandboxArticle | undefined;
}

interface VideoJob {
  token: string;
  videoId: string;
  oaId: string;
  name: string;
  size: number;
  createdAt: number;
  convertMs: number;
  verifies: number;
  failed: boolean;
  held: boolean;
}

interface OaArticleSettings {
  quota: number;
  pendingVerifies: number;
  hold: boolean;
  /** The next `count` verifies of this OA answer `code`. */
  failNext?: { code: number; message: string; count: number } | undefined;
}

interface ArticleSandboxState {
  jobs: Map<string, ArticleJob>;
  videos: Map<string, VideoJob>;
  oas: Map<string, OaArticleSettings>;
  /** Articles created per OA (what the quota counts, removals do not give it back). */
  created: Map<string, number>;
}

// Keyed by the state's article map, which `sandbox.reset()` replaces, so a reset starts this over too.
const states = new WeakMap<SandboxState['articles'], ArticleSandboxState>();
function stateOf(sb: Sandbox): ArticleSandboxState {
  let s = states.get(sb.state.articles);
  if (!s) {
    s = { jobs: new Map(), videos: new Map(), oas: new Map(), created: new Map() };
    states.set(sb.state.articles, s);
  }
  return s;
}
function oaSettings(sb: Sandbox, oaId: string): OaArticleSettings {
  const s = stateOf(sb);
  let o = s.oas.get(oaId);
  if (!o) {
    o = { quota: DEFAULT_ARTICLE_QUOTA, pendingVerifies: DEFAULT_PENDING_VERIFIES, hold: false };
    s.oas.set(oaId, o);
  }
  return o;
}

/** A 20-character hex id, as Zalo's article ids are. */
const hexId20 = () => randomBytes(10).toString('hex');

async function readFile(req: FastifyRequest): Promise<{ name: string; mime: string; buf: Buffer }> {
  if (!req.isMultipart()) fail('oa', -201, 'file is invalid!');
  const part = await req.file();
  if (!part || part.fieldname !== 'file') fail('oa', -201, 'file is invalid!');
  return { name: part.filename, mime: part.mimetype, buf: await part.toBuffer() };
}

/** mp4 (`ftyp` at offset 4) or avi (`RIFF....AVI `). */
const isMp4 = (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp';
const isAvi = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 11).toString('latin1') === 'AVI';

function videoOf(sb: Sandbox, oaId: string, videoId: string | undefined): { videoId: string; ready: boolean } | undefined {
  if (!videoId) return undefined;
  for (const v of stateOf(sb).videos.values()) if (v.videoId === videoId && v.oaId === oaId) return { videoId, ready: videoPercent(v, sb.clock.now()) >= 100 && !v.failed };
  // Seeded videos live in the shared state.
  for (const v of sb.state.videos.values()) if (v.videoId === videoId && v.oaId === oaId) return { videoId, ready: sb.clock.now() >= v.createdAt + v.convertMs };
  return undefined;
}

function articleFields(ctx: RouteCtx, b: Record<string, unknown>, existing?: SandboxArticle): Omit<SandboxArticle, 'id' | 'createdAt' | 'views' | 'removed'> {
  const type = b.type ?? existing?.type;
  if (type !== 'normal' && type !== 'video') fail('oa', -201, 'type is invalid!');
  const title = asString(b.title) ?? '';
  if (title.length < 1 || title.length > 150) fail('oa', -201, 'title allow 1 to 150 characters');
  const author = asString(b.author) ?? '';
  if (author.length > 50) fail('oa', -201, 'author allow 0 to 50 characters');
  const description = asString(b.description) ?? '';
  if (description.length > 300) fail('oa', -201, 'description allow 0 to 300 characters');
  const status = b.status === 'show' ? 'show' : 'hide';
  const comment = b.comment === 'hide' ? 'hide' : 'show';
  if (type === 'video') {
    const videoId = asString(b.video_id);
    const v = videoOf(ctx.sb, ctx.oa.oaId, videoId);
    if (!v || !v.ready) fail('oa', -201, 'video_id is invalid!');
    return { oaId: ctx.oa.oaId, type, title, author, description, coverUrl: asString(b.avatar) ?? '', body: [], videoId, status, comment, updatedAt: ctx.now };
  }
  const cover = (typeof b.cover === 'object' && b.cover !== null ? b.cover : {}) as Record<string, unknown>;
  if (cover.cover_type === 'video' && !videoOf(ctx.sb, ctx.oa.oaId, asString(cover.video_id))?.ready) fail('oa', -201, 'cover is invalid!');
  if (cover.cover_type !== 'video' && !asString(cover.photo_url)) fail('oa', -201, 'cover is invalid!');
  const body = Array.isArray(b.body) ? b.body : [];
  if (body.length === 0) fail('oa', -201, 'body is invalid!');
  for (const item of body as Array<Record<string, unknown>>) {
    const kind = item?.type;
    if (kind === 'text' && typeof item.content === 'string') continue;
    if (kind === 'image' && typeof item.url === 'string') continue;
    if (kind === 'video' && (typeof item.url === 'string' || typeof item.video_id === 'string')) continue;
    if (kind === 'product' && (typeof item.id === 'string' || typeof item.id === 'number')) continue;
    fail('oa', -201, 'body is invalid!');
  }
  return { oaId: ctx.oa.oaId, type, title, author, description, coverUrl: asString(cover.photo_url) ?? '', body, status, comment, updatedAt: ctx.now };
}

function articleView(a: SandboxArticle) {
  return {
    id: a.id, type: a.type, title: a.title, author: a.author, description: a.description, status: a.status, comment: a.comment,
    thumb: a.coverUrl, cover: { cover_type: 'photo', photo_url: a.coverUrl, status: 'show' }, body: a.body, video_id: a.videoId,
    create_date: a.createdAt, update_date: a.updatedAt, total_view: a.views, total_share: Math.floor(a.views / 20),
    link_view: `https://zalo.me/s/sandbox/${a.id}`,
  };
}

function videoPercent(v: VideoJob, now: number): number {
  if (v.held) return Math.min(99, v.verifies * VIDEO_STEP_PERCENT);
  const byClock = v.convertMs === 0 ? 100 : Math.floor(((now - v.createdAt) / v.convertMs) * 100);
  return Math.max(0, Math.min(100, Math.max(byClock, v.verifies * VIDEO_STEP_PERCENT)));
}

function newJob(ctx: RouteCtx, articleId: string, create?: SandboxArticle): string {
  const o = oaSettings(ctx.sb, ctx.oa.oaId);
  const token = nextHexId(ctx.sb.state, 'atok');
  stateOf(ctx.sb).jobs.set(token, { token, articleId, oaId: ctx.oa.oaId, readyAt: ctx.now + ARTICLE_PROCESS_MS, verifies: 0, pendingVerifies: o.pendingVerifies, held: o.hold, create });
  return token;
}

/** Article create/update/verify/remove/getslice/getdetail and video preparevideo/verify. */
export function registerOaArticleRoutes(app: FastifyInstance, sb: Sandbox): void {
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/create', (ctx) => {
    const fields = articleFields(ctx, jsonBody(ctx.req, 'oa'));
    const s = stateOf(sb);
    const used = s.created.get(ctx.oa.oaId) ?? 0;
    if (used >= oaSettings(sb, ctx.oa.oaId).quota) fail('oa', -223, 'Your OA has reach the limit quota create article');
    s.created.set(ctx.oa.oaId, used + 1);
    const id = hexId20();
    return { token: newJob(ctx, id, { ...fields, id, createdAt: ctx.now, views: 0, removed: false }) };
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/update', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const a = sb.state.articles.get(asString(b.id) ?? '');
    if (!a || a.oaId !== ctx.oa.oaId || a.removed) fail('oa', -201, 'id is invalid!');
    Object.assign(a, articleFields(ctx, b, a));
    return { token: newJob(ctx, a.id) };
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/verify', (ctx) => {
    const job = stateOf(sb).jobs.get(asString(jsonBody(ctx.req, 'oa').token) ?? '');
    if (!job || job.oaId !== ctx.oa.oaId) fail('oa', -201, 'token is invalid!');
    const o = oaSettings(sb, ctx.oa.oaId);
    if (o.failNext && o.failNext.count > 0) {
      o.failNext.count -= 1;
      const { code, message } = o.failNext;
      if (o.failNext.count === 0) o.failNext = undefined;
      fail('oa', code, message);
    }
    if (job.failure) fail('oa', job.failure.code, job.failure.message);
    job.verifies += 1;
    const done = !job.held && (job.verifies > job.pendingVerifies || ctx.now >= job.readyAt);
    if (!done) fail('oa', -214, 'Article is being processed');
    if (job.create) {
      sb.state.articles.set(job.create.id, job.create);
      job.create = undefined;
    }
    return { id: job.articleId };
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/remove', (ctx) => {
    const a = sb.state.articles.get(asString(jsonBody(ctx.req, 'oa').id) ?? '');
    if (!a || a.oaId !== ctx.oa.oaId || a.removed) fail('oa', -201, 'id is invalid!');
    a.removed = true;
    return { message: 'Delete article successfully' };
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/article/getslice', (ctx) => {
    const q = query(ctx.req);
    const offset = asInt(q.offset, 'offset', 0);
    const limit = asInt(q.limit, 'limit', 10);
    if (limit > 10) fail('oa', -201, 'maximum limit is 10');
    if (limit < 1 || offset < 0) fail('oa', -201, 'limit is invalid!');
    const type = q.type ?? 'normal';
    if (type !== 'normal' && type !== 'video') fail('oa', -201, 'type is invalid!');
    const all = [...sb.state.articles.values()].filter((a) => a.oaId === ctx.oa.oaId && !a.removed && a.type === type).sort((x, y) => y.createdAt - x.createdAt);
    return { medias: all.slice(offset, offset + limit).map(articleView), total: all.length };
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/article/getdetail', (ctx) => {
    const a = sb.state.articles.get(query(ctx.req).id ?? '');
    if (!a || a.oaId !== ctx.oa.oaId || a.removed) fail('oa', -201, 'id is invalid!');
    return articleView(a);
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/upload_video/preparevideo', async (ctx) => {
    const f = await readFile(ctx.req);
    if (f.buf.length === 0 || f.buf.length > 50 * MB) fail('oa', -210, 'video must be 1 byte to 50 MB');
    if (!/\.(mp4|avi)$/i.test(f.name) && !isMp4(f.buf) && !isAvi(f.buf)) fail('oa', -201, 'file type is invalid!');
    const token = nextHexId(sb.state, 'vtok');
    const videoId = nextNumericId(sb.state);
    stateOf(sb).videos.set(token, { token, videoId, oaId: ctx.oa.oaId, name: f.name, size: f.buf.length, createdAt: ctx.now, convertMs: VIDEO_CONVERT_MS, verifies: 0, failed: false, held: false });
    return { token };
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/article/upload_video/verify', (ctx) => {
    const header = ctx.req.headers.token;
    const token = typeof header === 'string' ? header : query(ctx.req).token;
    const v = token ? stateOf(sb).videos.get(token) : undefined;
    if (!v) {
      const seeded = token ? sb.state.videos.get(token) : undefined;
      if (!seeded || seeded.oaId !== ctx.oa.oaId) fail('oa', -201, 'token is invalid!');
      return { status: 1, status_message: 'ready', video_id: seeded.videoId, video_name: seeded.name, video_size: seeded.size, convert_percent: 100, convert_error_code: 0 };
    }
    if (v.oaId !== ctx.oa.oaId) fail('oa', -201, 'token is invalid!');
    const base = { video_id: v.videoId, video_name: v.name, video_size: v.size };
    if (v.failed) return { ...base, status: 4, status_message: 'convert failed', convert_percent: Math.min(99, v.verifies * VIDEO_STEP_PERCENT), convert_error_code: 1 };
    const percent = videoPercent(v, ctx.now);
    v.verifies += 1;
    return { ...base, status: percent >= 100 ? 1 : 3, status_message: percent >= 100 ? 'ready' : 'converting', convert_percent: percent, convert_error_code: 0 };
  });
}

type Body = Record<string, unknown>;
const body = (b: unknown): Body => (typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : {});
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : undefined);

/**
 * Control API for articles and videos (not Zalo):
 * - `GET  /_control/articles` — per-OA quota, created count and settings; pending jobs and videos.
 * - `POST /_control/articles/oa/:oaId` {quota?, pendingVerifies?, hold?, failNext?: {code, message?, count?}}
 * - `POST /_control/articles/jobs/:token` {action: 'approve'|'fail'|'delay', code?, message?, verifies?}
 * - `POST /_control/articles/videos/:token` {action: 'ready'|'fail'|'hold'}
 */
export function registerArticleControlRoutes(app: FastifyInstance, sb: Sandbox): void {
  app.get('/_control/articles', async () => {
    const s = stateOf(sb);
    return {
      oas: [...sb.state.oas.keys()].map((oaId) => ({ oaId, created: s.created.get(oaId) ?? 0, ...oaSettings(sb, oaId) })),
      jobs: [...s.jobs.values()].map((j) => ({ token: j.token, articleId: j.articleId, oaId: j.oaId, verifies: j.verifies, held: j.held, failure: j.failure ?? null, done: !j.create })),
      videos: [...s.videos.values()].map((v) => ({ token: v.token, videoId: v.videoId, oaId: v.oaId, name: v.name, size: v.size, verifies: v.verifies, failed: v.failed, held: v.held })),
    };
  });

  app.post('/_control/articles/oa/:oaId', async (req, reply) => {
    const oaId = (req.params as { oaId: string }).oaId;
    if (!sb.state.oas.has(oaId)) return reply.code(404).send({ error: 'unknown OA' });
    const o = oaSettings(sb, oaId);
    const b = body(req.body);
    if (b.quota !== undefined) o.quota = Math.max(0, num(b.quota) ?? o.quota);
    if (b.pendingVerifies !== undefined) o.pendingVerifies = Math.max(0, num(b.pendingVerifies) ?? o.pendingVerifies);
    if (typeof b.hold === 'boolean') o.hold = b.hold;
    if (b.failNext === null) o.failNext = undefined;
    else if (b.failNext !== undefined) {
      const f = body(b.failNext);
      const code = num(f.code);
      if (code === undefined) return reply.code(400).send({ error: 'failNext.code is required' });
      o.failNext = { code, message: typeof f.message === 'string' ? f.message : `error ${code}`, count: num(f.count) ?? 1 };
    }
    return { oaId, created: stateOf(sb).created.get(oaId) ?? 0, ...o };
  });

  app.post('/_control/articles/jobs/:token', async (req, reply) => {
    const job = stateOf(sb).jobs.get((req.params as { token: string }).token);
    if (!job) return reply.code(404).send({ error: 'unknown token' });
    const b = body(req.body);
    if (b.action === 'approve') {
      job.held = false;
      job.pendingVerifies = 0;
      job.failure = undefined;
    } else if (b.action === 'fail') {
      job.failure = { code: num(b.code) ?? -201, message: typeof b.message === 'string' ? b.message : 'Article was rejected' };
    } else if (b.action === 'delay') {
      job.pendingVerifies = job.verifies + Math.max(1, num(b.verifies) ?? 1);
      job.readyAt = Number.MAX_SAFE_INTEGER;
    } else return reply.code(400).send({ error: 'action must be approve, fail or delay' });
    return { ok: true };
  });

  app.post('/_control/articles/videos/:token', async (req, reply) => {
    const v = stateOf(sb).videos.get((req.params as { token: string }).token);
    if (!v) return reply.code(404).send({ error: 'unknown token' });
    const b = body(req.body);
    if (b.action === 'ready') {
      v.held = false;
      v.failed = false;
      v.convertMs = 0;
    } else if (b.action === 'fail') v.failed = true;
    else if (b.action === 'hold') v.held = true;
    else return reply.code(400).send({ error: 'action must be ready, fail or hold' });
    return { ok: true };
  });
}
