import type { FastifyInstance } from 'fastify';
import { asInt, asString, dataParam, fail, jsonBody, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { ddmmyyyy, type SandboxUser } from '../state';

const DAY = 86_400_000;

/** The user of the OA named by `user_id`, or `-201 user_id is invalid!`. */
export function userOf(ctx: RouteCtx, id: unknown): SandboxUser {
  const userId = asString(id);
  const user = userId ? ctx.sb.state.users.get(ctx.oa.oaId)?.get(userId) : undefined;
  if (!user) fail('oa', -201, 'user_id is invalid!');
  return user;
}

/** `last_interaction_period`: TODAY | YESTERDAY | L7D | L30D | YYYY_MM_DD:YYYY_MM_DD */
function periodFilter(period: string | undefined, now: number): ((u: SandboxUser) => boolean) | undefined {
  if (!period) return undefined;
  const since = (days: number) => (u: SandboxUser) => u.lastInteraction >= now - days * DAY;
  if (period === 'TODAY') return since(1);
  if (period === 'YESTERDAY') return (u) => u.lastInteraction >= now - 2 * DAY && u.lastInteraction < now - DAY;
  if (period === 'L7D') return since(7);
  if (period === 'L30D') return since(30);
  const m = /^(\d{4})_(\d{2})_(\d{2}):(\d{4})_(\d{2})_(\d{2})$/.exec(period);
  if (!m) fail('oa', -201, 'last_interaction_period is invalid!');
  const from = Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00+07:00`);
  const to = Date.parse(`${m[4]}-${m[5]}-${m[6]}T23:59:59+07:00`);
  return (u) => u.lastInteraction >= from && u.lastInteraction <= to;
}

function userDetail(u: SandboxUser) {
  return {
    user_id: u.userId, user_id_by_app: u.userIdByApp, user_external_id: '', display_name: u.displayName, user_alias: u.alias,
    is_sensitive: u.isSensitive, user_last_interaction_date: ddmmyyyy(u.lastInteraction), user_is_follower: u.isFollower,
    avatar: u.avatar, avatars: { '120': u.avatar, '240': u.avatar.replace('s120', 's240') }, dynamic_param: '',
    tags_and_notes_info: { notes: u.notes, tag_names: [...u.tags] }, shared_info: u.sharedInfo ?? null,
  };
}

/** getoa, followers, tags, quota (REFERENCE §3.1–3.3, §3.8). */
export function registerOaInfoRoutes(app: FastifyInstance, sb: Sandbox): void {
  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/oa/getoa', ({ oa, sb: s }) => ({
    oa_id: oa.oaId, oaid: oa.oaId, name: oa.name, description: oa.description, oa_alias: oa.alias, is_verified: oa.isVerified, oa_type: oa.oaType,
    cate_name: oa.cateName, num_follower: [...(s.state.users.get(oa.oaId)?.values() ?? [])].filter((u) => u.isFollower).length,
    avatar: oa.avatar, cover: oa.cover, package_name: oa.packageName, package_valid_through_date: oa.packageValidThrough,
    package_auto_renew_date: oa.packageValidThrough, linked_ZCA: '', linked_zca: '',
  }));

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v3.0/oa/user/getlist', (ctx) => {
    const d = dataParam(ctx.req);
    const offset = asInt(d.offset, 'offset', 0);
    const count = asInt(d.count, 'count', 50);
    if (count < 1 || count > 50) fail('oa', -210, 'count must be between 1 and 50');
    if (offset < 0 || offset > 9951) fail('oa', -210, 'offset must be between 0 and 9951');
    const tag = asString(d.tag_name);
    const follower = d.is_follower === undefined ? undefined : String(d.is_follower) === 'true';
    const byPeriod = periodFilter(asString(d.last_interaction_period), ctx.now);
    const all = [...(sb.state.users.get(ctx.oa.oaId)?.values() ?? [])].filter(
      (u) => (follower === undefined ? u.isFollower : u.isFollower === follower) && (!tag || u.tags.has(tag)) && (!byPeriod || byPeriod(u)),
    );
    const users = all.slice(offset, offset + count).map((u) => ({ user_id: u.userId }));
    return { total: all.length, count: users.length, offset, users };
  });

  const detail = (ctx: RouteCtx) => userDetail(userOf(ctx, ctx.req.method === 'GET' ? dataParam(ctx.req).user_id : jsonBody(ctx.req, 'oa').user_id));
  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v3.0/oa/user/detail', detail);
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/user/detail', detail);

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/user/update', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const u = userOf(ctx, b.user_id);
    if (b.user_alias !== undefined) u.alias = asString(b.user_alias) ?? '';
    if (Array.isArray(b.notes)) u.notes = b.notes.map(String);
    const info = b.shared_info;
    if (info !== undefined) {
      if (typeof info !== 'object' || info === null) fail('oa', -201, 'shared_info is invalid!');
      const i = info as Record<string, unknown>;
      const cur = u.sharedInfo ?? { name: u.displayName, phone: '', address: '', city: '', district: '', user_dob: '' };
      u.sharedInfo = {
        name: asString(i.name) ?? cur.name, phone: asString(i.phone) ?? cur.phone, address: asString(i.address) ?? cur.address,
        city: asString(i.city) ?? cur.city, district: asString(i.district) ?? cur.district, user_dob: asString(i.user_dob) ?? cur.user_dob,
      };
    }
    return { user_id: u.userId };
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/oa/tag/gettagsofoa', ({ oa }) => [...oa.tags]);

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/tag/tagfollower', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const u = userOf(ctx, b.user_id);
    const tag = asString(b.tag_name)?.trim();
    if (!tag) fail('oa', -201, 'tag_name is invalid!');
    if (!u.isFollower) fail('oa', -213);
    ctx.oa.tags.add(tag);
    u.tags.add(tag);
    sb.webhooks.emit(ctx.app.appId, { oa_id: ctx.oa.oaId, user_id_by_app: u.userIdByApp, event_name: 'add_user_to_tag', tag: { user_ids: [u.userId], name: tag } });
    return undefined;
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/tag/rmfollowerfromtag', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const u = userOf(ctx, b.user_id);
    const tag = asString(b.tag_name);
    if (!tag || !ctx.oa.tags.has(tag)) fail('oa', -201, 'tag_name is invalid!');
    u.tags.delete(tag);
    return undefined;
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/tag/rmtag', (ctx) => {
    const tag = asString(jsonBody(ctx.req, 'oa').tag_name);
    if (!tag || !ctx.oa.tags.has(tag)) fail('oa', -201, 'tag_name is invalid!');
    ctx.oa.tags.delete(tag);
    for (const u of sb.state.users.get(ctx.oa.oaId)?.values() ?? []) u.tags.delete(tag);
    return undefined;
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/quota/message', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    if (b.user_id === undefined) {
      // The asset form (SPEC190 §5.13): quota owned by the OA or the app.
      const product = asString(b.product_type) ?? 'cs';
      return [{ asset_id: `asset-${ctx.oa.oaId}-${product}`, product_type: product, quota_type: asString(b.quota_type) ?? 'sub_quota', valid_through: '31/12/2026', total: 2000, remain: 1990 }];
    }
    const u = userOf(ctx, b.user_id);
    const inWindow = ctx.now - u.lastInteraction < 7 * DAY;
    return {
      last_interaction: String(u.lastInteraction),
      cs_reply: { remain: inWindow ? 8 : 0, total: 8 },
      promotion: { daily_remain: 1, daily_total: 1, monthly_remain: 4, monthly_total: 4 },
    };
  });
}
