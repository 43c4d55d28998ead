import type { FastifyInstance } from 'fastify';
import { asInt, asString, dataParam, fail, jsonBody, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { BROADCAST_CITIES, MAX_CITY_CODE } from '../cities';
import { ddmmyyyy, type SandboxUser } from '../state';
import { quotaAssetsOf } from './oa-quota';

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
  const info = u.sharedInfo;
  return {
    user_id: u.userId, user_id_by_app: u.userIdByApp, user_external_id: u.externalId, display_name: u.displayName, user_alias: u.alias,
    is_sensitive: u.isSensitive, user_last_interaction_date: ddmmyyyy(u.lastInteraction), user_is_follower: u.isFollower,
    avatar: u.avatar, avatars: { '120': u.avatar, '240': u.avatar.replace('s120', 's240') }, dynamic_param: '',
    tags_and_notes_info: { notes: u.notes, tag_names: [...u.tags] },
    shared_info: info ? { name: info.name, phone: info.phone, address: info.address, city: info.city, district: info.district, user_dob: info.user_dob } : null,
  };
}

const USER_UPDATE_FIELDS = new Set(['user_id', 'user_alias', 'user_external_id', 'shared_info']);
const SHARED_INFO_FIELDS = new Set(['name', 'phone', 'address', 'city_id', 'district_id', 'user_dob']);
/** Demo district names by id (the sandbox's own table: Zalo's district list is not public). */
const DISTRICT_NAMES = ['Quận 1', 'Quận 3', 'Quận 7', 'Bình Thạnh', 'Ba Đình', 'Cầu Giấy', 'Hải Châu', 'Ninh Kiều', 'Thủ Đức', 'Đống Đa'];
const DOB_FLOOR = Date.UTC(1970, 0, 1);

/** Every key of `o` must be one of `allowed`: Zalo's `-201 <field> is invalid!` otherwise (a `notes` field included). */
function onlyFields(o: Record<string, unknown>, allowed: Set<string>, prefix = ''): void {
  for (const k of Object.keys(o)) if (!allowed.has(k)) fail('oa', -201, `${prefix}${k} is invalid!`);
}

/** A string field of at most `max` characters, or `-201`. */
function textField(v: unknown, name: string, max: number): string {
  if (typeof v !== 'string' || v.length > max) fail('oa', -201, `${name} is invalid!`);
  return v;
}

/** An integer id (a JSON number, not a string) in `0..max`, or `-201`. */
function intField(v: unknown, name: string, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) fail('oa', -201, `${name} is invalid!`);
  return v;
}

/** `dd/MM/yyyy`, a real calendar day, not before 01/01/1970 and not in the future. */
function dobField(v: unknown, now: number): string {
  const m = typeof v === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v) : null;
  const at = m ? Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])) : NaN;
  const d = new Date(at);
  if (!m || Number.isNaN(at) || d.getUTCDate() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || at < DOB_FLOOR || at > now) fail('oa', -201, 'shared_info.user_dob is invalid!');
  return m[0];
}

/** getoa, followers, tags, quota (REFERENCE §3.1–3.3, §3.8). */
export function registerOaInfoRoutes(app: FastifyInstance, sb: Sandbox): void {
  // The documented key is `oaid` (REFERENCE §13.1); the older `oa_id` is no longer answered.
  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/oa/getoa', ({ oa, sb: s }) => ({
    oaid: oa.oaId, name: oa.name, description: oa.description, oa_alias: oa.alias, is_verified: oa.isVerified, oa_type: oa.oaType,
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

  // Body (REFERENCE §13.1): {user_id, user_alias, user_external_id, shared_info{name, phone, address,
  // city_id, district_id, user_dob}} — integer ids, no notes; every part is checked before anything changes.
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/user/update', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    onlyFields(b, USER_UPDATE_FIELDS);
    const u = userOf(ctx, b.user_id);
    const alias = b.user_alias === undefined ? undefined : textField(b.user_alias, 'user_alias', 100);
    const externalId = b.user_external_id === undefined ? undefined : textField(b.user_external_id, 'user_external_id', 100);
    let next = u.sharedInfo;
    if (b.shared_info !== undefined) {
      const i = b.shared_info;
      if (typeof i !== 'object' || i === null || Array.isArray(i)) fail('oa', -201, 'shared_info is invalid!');
      const info = i as Record<string, unknown>;
      onlyFields(info, SHARED_INFO_FIELDS, 'shared_info.');
      const cur = u.sharedInfo ?? { name: u.displayName, phone: '', address: '', city: '', district: '', user_dob: '' };
      next = { ...cur };
      if (info.name !== undefined) next.name = textField(info.name, 'shared_info.name', 100);
      if (info.phone !== undefined) {
        const phone = textField(info.phone, 'shared_info.phone', 20);
        if (!/^\+?\d{9,15}$/.test(phone)) fail('oa', -201, 'shared_info.phone is invalid!');
        next.phone = phone;
      }
      if (info.address !== undefined) next.address = textField(info.address, 'shared_info.address', 200);
      if (info.city_id !== undefined) {
        next.city_id = intField(info.city_id, 'shared_info.city_id', MAX_CITY_CODE);
        next.city = BROADCAST_CITIES[next.city_id] ?? String(next.city_id);
      }
      if (info.district_id !== undefined) {
        next.district_id = intField(info.district_id, 'shared_info.district_id', 99_999);
        next.district = DISTRICT_NAMES[next.district_id] ?? String(next.district_id);
      }
      if (info.user_dob !== undefined) next.user_dob = dobField(info.user_dob, ctx.now);
    }
    if (alias !== undefined) u.alias = alias;
    if (externalId !== undefined) u.externalId = externalId;
    u.sharedInfo = next;
    return { user_id: u.userId };
  });

  // Clears what the follower shared with the OA (REFERENCE §13.1).
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/deletefollowerinfo', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    onlyFields(b, new Set(['user_id']));
    const u = userOf(ctx, b.user_id);
    u.sharedInfo = undefined;
    return undefined;
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
    sb.webhooks.emit(ctx.app.appId, { oa_id: ctx.oa.oaId, user_id_by_app: u.userIdByApp, event_name: 'remove_user_from_tag', tag: { user_ids: [u.userId], name: tag } });
    return undefined;
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/tag/rmtag', (ctx) => {
    const tag = asString(jsonBody(ctx.req, 'oa').tag_name);
    if (!tag || !ctx.oa.tags.has(tag)) fail('oa', -201, 'tag_name is invalid!');
    ctx.oa.tags.delete(tag);
    for (const u of sb.state.users.get(ctx.oa.oaId)?.values() ?? []) u.tags.delete(tag);
    sb.webhooks.emit(ctx.app.appId, { oa_id: ctx.oa.oaId, event_name: 'remove_tag', tag: { name: tag } });
    return undefined;
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/quota/message', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    if (b.user_id === undefined) {
      // The asset form (SPEC190 §5.13): quota owned by the OA or the app.
      // Set per OA through the control API (routes/oa-quota.ts).
      return quotaAssetsOf(ctx.sb, ctx.oa.oaId, asString(b.product_type) ?? 'cs', asString(b.quota_type) ?? 'sub_quota');
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
