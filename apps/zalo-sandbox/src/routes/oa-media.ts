import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asInt, asString, dataParam, fail, jsonBody, query, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { nextHexId, nextNumericId, type OaMessageRecord, type SandboxArticle, type SandboxUser } from '../state';
import { userOf } from './oa-info';

const MB = 1024 * 1024;
const VIDEO_CONVERT_MS = 30_000;
const ARTICLE_PROCESS_MS = 1_000;

/** Reads the multipart field `file` (Zalo's name) fully; -201 when absent. */
async function readFile(req: FastifyRequest): Promise<{ name: string; mime: string; buf: Buffer }> {
  if (!req.isMultipart()) fail('oa', -201, 'file is invalid!');
  const part = await req.file();
  if (!part || part.fieldname !== 'file') fail('oa', -201, 'file is invalid!');
  return { name: part.filename, mime: part.mimetype, buf: await part.toBuffer() };
}

const isPng = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8;
const isGif = (b: Buffer) => b.subarray(0, 3).toString('latin1') === 'GIF';

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
    const v = [...ctx.sb.state.videos.values()].find((x) => x.videoId === videoId && x.oaId === ctx.oa.oaId);
    if (!v || ctx.now < v.createdAt + v.convertMs) fail('oa', -201, 'video_id is invalid!');
    return { oaId: ctx.oa.oaId, type, title, author, description, coverUrl: asString(b.avatar) ?? '', body: [], videoId, status, comment, updatedAt: ctx.now };
  }
  const cover = (typeof b.cover === 'object' && b.cover !== null ? b.cover : {}) as Record<string, unknown>;
  const body = Array.isArray(b.body) ? b.body : [];
  if (body.length === 0) fail('oa', -201, 'body is invalid!');
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

function messageView(m: OaMessageRecord, oa: RouteCtx['oa'], user: SandboxUser | undefined) {
  const fromOa = m.src === 0;
  return {
    src: m.src, time: m.time, type: m.type, message: m.text, message_id: m.msgId,
    from_id: fromOa ? oa.oaId : m.userId, to_id: fromOa ? m.userId : oa.oaId,
    from_display_name: fromOa ? oa.name : user?.displayName ?? '', from_avatar: fromOa ? oa.avatar : user?.avatar ?? '',
    to_display_name: fromOa ? user?.displayName ?? '' : oa.name, to_avatar: fromOa ? user?.avatar ?? '' : oa.avatar,
    ...(m.url ? { url: m.url, thumb: m.url } : {}),
  };
}

function page(ctx: RouteCtx): { offset: number; count: number; d: Record<string, unknown> } {
  const d = dataParam(ctx.req);
  const offset = asInt(d.offset, 'offset', 0);
  const count = asInt(d.count, 'count', 10);
  if (count < 1 || count > 10 || offset < 0) fail('oa', -210, 'count must be between 1 and 10');
  return { offset, count, d };
}

/** Uploads, articles, videos and conversations (REFERENCE §3.5, §3.7, §3.9). */
export function registerOaMediaRoutes(app: FastifyInstance, sb: Sandbox): void {
  const upload = (kind: 'image' | 'gif' | 'file') => async (ctx: RouteCtx) => {
    const f = await readFile(ctx.req);
    const limit = kind === 'image' ? MB : 5 * MB;
    if (f.buf.length === 0) fail('oa', -201, 'file is invalid!');
    if (f.buf.length > limit) fail('oa', -210, `file exceeds ${limit / MB} MB`);
    if (kind === 'image' && !isPng(f.buf) && !isJpeg(f.buf)) fail('oa', -201, 'file type is invalid!');
    if (kind === 'gif' && !isGif(f.buf)) fail('oa', -201, 'file type is invalid!');
    if (kind === 'file' && !/\.(pdf|docx?|csv)$/i.test(f.name)) fail('oa', -201, 'file type is invalid!');
    const id = nextHexId(sb.state, kind === 'file' ? 'ftok' : '');
    sb.state.uploads.set(id, { id, oaId: ctx.oa.oaId, kind, size: f.buf.length, createdAt: ctx.now });
    return kind === 'file' ? { token: id } : { attachment_id: id };
  };
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/upload/image', upload('image'));
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/upload/gif', upload('gif'));
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/upload/file', upload('file'));

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/create', (ctx) => {
    const fields = articleFields(ctx, jsonBody(ctx.req, 'oa'));
    const id = nextNumericId(sb.state);
    sb.state.articles.set(id, { ...fields, id, createdAt: ctx.now, views: 0, removed: false });
    const token = nextHexId(sb.state, 'atok');
    sb.state.articleJobs.set(token, { token, articleId: id, readyAt: ctx.now + ARTICLE_PROCESS_MS });
    return { token };
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/update', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const a = sb.state.articles.get(asString(b.id) ?? '');
    if (!a || a.oaId !== ctx.oa.oaId || a.removed) fail('oa', -201, 'id is invalid!');
    Object.assign(a, articleFields(ctx, b, a));
    const token = nextHexId(sb.state, 'atok');
    sb.state.articleJobs.set(token, { token, articleId: a.id, readyAt: ctx.now + ARTICLE_PROCESS_MS });
    return { token };
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/article/verify', (ctx) => {
    const job = sb.state.articleJobs.get(asString(jsonBody(ctx.req, 'oa').token) ?? '');
    if (!job || sb.state.articles.get(job.articleId)?.oaId !== ctx.oa.oaId) fail('oa', -201, 'token is invalid!');
    if (ctx.now < job.readyAt) fail('oa', -214);
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
    if (limit > 10 || limit < 1) fail('oa', -201, 'maximum limit is 10');
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
    if (!/\.(mp4|avi)$/i.test(f.name)) fail('oa', -201, 'file type is invalid!');
    const token = nextHexId(sb.state, 'vtok');
    const videoId = nextNumericId(sb.state);
    sb.state.videos.set(token, { token, videoId, oaId: ctx.oa.oaId, name: f.name, size: f.buf.length, createdAt: ctx.now, convertMs: VIDEO_CONVERT_MS });
    return { token };
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/article/upload_video/verify', (ctx) => {
    const header = ctx.req.headers.token;
    const token = typeof header === 'string' ? header : query(ctx.req).token;
    const v = token ? sb.state.videos.get(token) : undefined;
    if (!v || v.oaId !== ctx.oa.oaId) fail('oa', -201, 'token is invalid!');
    const elapsed = ctx.now - v.createdAt;
    const percent = v.convertMs === 0 ? 100 : Math.min(100, Math.floor((elapsed / v.convertMs) * 100));
    return { status: percent >= 100 ? 1 : 3, video_id: v.videoId, video_name: v.name, video_size: v.size, convert_percent: percent, convert_error_code: 0 };
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/oa/listrecentchat', (ctx) => {
    const { offset, count } = page(ctx);
    const users = sb.state.users.get(ctx.oa.oaId);
    const latest = new Map<string, OaMessageRecord>();
    for (const m of sb.state.oaMessages.get(ctx.oa.oaId) ?? []) latest.set(m.userId, m);
    return [...latest.values()].sort((a, b) => b.time - a.time).slice(offset, offset + count).map((m) => messageView(m, ctx.oa, users?.get(m.userId)));
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/oa/conversation', (ctx) => {
    const { offset, count, d } = page(ctx);
    const user = userOf(ctx, d.user_id);
    const list = (sb.state.oaMessages.get(ctx.oa.oaId) ?? []).filter((m) => m.userId === user.userId).reverse();
    return list.slice(offset, offset + count).map((m) => messageView(m, ctx.oa, user));
  });
}
