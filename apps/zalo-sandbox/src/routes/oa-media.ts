import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asInt, dataParam, fail, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { nextHexId, type OaMessageRecord, type SandboxUser } from '../state';
import { userOf } from './oa-info';

const MB = 1024 * 1024;

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

function messageView(m: OaMessageRecord, oa: RouteCtx['oa'], user: SandboxUser | undefined) {
  const fromOa = m.src === 0;
  return {
    src: m.src, time: m.time, type: m.type, message: m.text, message_id: m.msgId,
    from_id: fromOa ? oa.oaId : m.userId, to_id: fromOa ? m.userId : oa.oaId,
    from_display_name: fromOa ? oa.name : user?.displayName ?? '', from_avatar: fromOa ? oa.avatar : user?.avatar ?? '',
    to_display_name: fromOa ? user?.displayName ?? '' : oa.name, to_avatar: fromOa ? user?.avatar ?? '' : oa.avatar,
    ...(m.url ? { url: m.url, thumb: m.url } : {}),
    ...m.extra,
  };
}

function page(ctx: RouteCtx): { offset: number; count: number; d: Record<string, unknown> } {
  const d = dataParam(ctx.req);
  const offset = asInt(d.offset, 'offset', 0);
  const count = asInt(d.count, 'count', 10);
  if (count < 1 || count > 10 || offset < 0) fail('oa', -210, 'count must be between 1 and 10');
  return { offset, count, d };
}

/** Uploads and conversations (REFERENCE §3.5, §3.7); articles and videos are in oa-articles.ts. */
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
