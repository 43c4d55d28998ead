import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { ZNS_TEMPLATE_STATUS_CODES, ZNS_TEMPLATE_TAGS_DOCUMENTED, ZNS_TEMPLATE_TAGS_OLDER, ZNS_TRACKING_ID_MAX } from '@zc/zalo/zns';
import { asInt, asString, fail, jsonBody, query, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { isNight, nextHexId, usageOf, type SandboxTemplate } from '../state';

const DEV_DAILY_QUOTA = 100;

function templateOf(ctx: RouteCtx, id: string | undefined): SandboxTemplate {
  if (!id) fail('zns', -109);
  const t = ctx.sb.state.templates.get(id);
  if (!t) fail('zns', -109);
  if (t.oaId !== ctx.oa.oaId) fail('zns', -117);
  return t;
}

/** Checks template_data against listParams: -111 empty, -1122 missing, -1121 too long. */
export function checkTemplateData(t: SandboxTemplate, data: unknown): void {
  if (data === undefined || data === null) fail('zns', -111);
  if (typeof data !== 'object' || Array.isArray(data)) fail('zns', -112);
  const d = data as Record<string, unknown>;
  if (Object.keys(d).length === 0 && t.params.length > 0) fail('zns', -111);
  for (const p of t.params) {
    const v = d[p.name];
    const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
    if (v !== undefined && s === undefined) fail('zns', -1124, `template data ${p.name} format is invalid`);
    if (!s) {
      if (p.require && !p.acceptNull) fail('zns', -1122, `template data ${p.name} is missing`);
      continue;
    }
    if (s.length > p.maxLength) fail('zns', -1121, `template data ${p.name} is break max length`);
    if (s.length < p.minLength) fail('zns', -1124, `template data ${p.name} is shorter than min length`);
  }
}

/** The common send path of phone and hash-phone sends. */
function send(ctx: RouteCtx, recipient: { phone: string; isAdmin: boolean }, body: Record<string, unknown>) {
  const t = templateOf(ctx, asString(body.template_id));
  if (t.status === 'DELETE') fail('zns', -109);
  if (t.status === 'DISABLE') fail('zns', -146);
  if (t.status !== 'ENABLE') fail('zns', -131);
  // tracking_id is required, 1–48 characters (REFERENCE §13.1): Zalo's parameter error otherwise.
  const trackingId = typeof body.tracking_id === 'string' ? body.tracking_id : undefined;
  if (trackingId === undefined || trackingId.length === 0) fail('zns', -132, 'tracking_id is required');
  if (trackingId.length > ZNS_TRACKING_ID_MAX) fail('zns', -132, `tracking_id is invalid (max ${ZNS_TRACKING_ID_MAX} characters)`);
  const sendingMode = asString(body.sending_mode) ?? '1';
  if (sendingMode !== '1' && sendingMode !== '3') fail('zns', -161);
  if (sendingMode === '3' && t.tag !== 'PROMOTION') fail('zns', -162);
  checkTemplateData(t, body.template_data);
  const dev = body.mode === 'development';
  const usage = usageOf(ctx.oa, ctx.now);
  if (dev) {
    if (!recipient.isAdmin) fail('zns', -127);
    if (usage.devZns >= DEV_DAILY_QUOTA) fail('zns', -126);
  } else {
    if (t.tag === 'PROMOTION' && isNight(ctx.now)) fail('zns', -133);
    if (usage.zns >= ctx.oa.znsDailyQuota && sendingMode !== '3') fail('zns', -144);
    if (t.tag === 'PROMOTION' && usage.znsPromotion >= ctx.oa.znsPromotionDailyQuota) fail('zns', -144);
  }
  if (dev) usage.devZns += 1;
  else {
    usage.zns += 1;
    if (t.tag === 'PROMOTION') usage.znsPromotion += 1;
  }
  const { state, settings, webhooks } = ctx.sb;
  const msgId = nextHexId(state);
  const deliverAt = ctx.now + settings.znsDeliveryDelayMs;
  state.znsMessages.set(msgId, { msgId, oaId: ctx.oa.oaId, phone: recipient.phone, templateId: t.templateId, trackingId, sentAt: ctx.now, deliverAt });
  // Bounded memory under benchmarks: forget the oldest message past 500k.
  if (state.znsMessages.size > 500_000) state.znsMessages.delete(state.znsMessages.keys().next().value as string);
  webhooks.emit(
    ctx.app.appId,
    {
      event_name: 'user_received_message',
      sender: { id: ctx.oa.oaId },
      recipient: { id: recipient.phone },
      message: { delivery_time: String(deliverAt), msg_id: msgId, tracking_id: trackingId },
    },
    { zns: true, at: deliverAt },
  );
  const result: Record<string, unknown> = { msg_id: msgId, sent_time: String(ctx.now), sending_mode: sendingMode };
  if (!dev) result.quota = { dailyQuota: String(ctx.oa.znsDailyQuota), remainingQuota: String(Math.max(0, ctx.oa.znsDailyQuota - usage.zns)) };
  return result;
}

// /template/create, /template/edit and /upload/image: routes/zns-templates.ts.

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** ZNS / ZBS routes under `/business` (REFERENCE §4). */
export function registerZnsRoutes(app: FastifyInstance, sb: Sandbox): void {
  zaloRoute(app, sb, 'zns', 'POST', '/business/message/template', (ctx) => {
    const body = jsonBody(ctx.req, 'zns');
    const phone = normalizeVietnamPhone(asString(body.phone));
    if (!phone) fail('zns', -108);
    return send(ctx, { phone, isAdmin: ctx.oa.adminPhones.has(phone) }, body);
  });

  zaloRoute(app, sb, 'zns', 'POST', '/business/message/template/hashphone', (ctx) => {
    const body = jsonBody(ctx.req, 'zns');
    const hash = asString(body.hash_phone)?.toLowerCase();
    if (!hash || !/^[0-9a-f]{64}$/.test(hash)) fail('zns', -108);
    const isAdmin = [...ctx.oa.adminPhones].some((p) => sha256(p) === hash);
    return send(ctx, { phone: hash, isAdmin }, body);
  });

  zaloRoute(app, sb, 'zns', 'GET', '/business/message/status', (ctx) => {
    const q = query(ctx.req);
    if (!q.message_id) fail('zns', -107);
    const m = sb.state.znsMessages.get(q.message_id);
    const phone = q.phone === undefined ? undefined : normalizeVietnamPhone(q.phone);
    if (!m || m.oaId !== ctx.oa.oaId || (q.phone !== undefined && phone !== m.phone)) return { status: -1, message: 'The message does not exist' };
    if (m.deliverAt > ctx.now) return { status: 0, message: 'The message has not been delivered to the user yet' };
    return { delivery_time: String(m.deliverAt), message: "The message was delivered to the user's phone", status: 1 };
  });

  zaloRoute(app, sb, 'zns', 'GET', '/business/message/quota', (ctx) => {
    const u = usageOf(ctx.oa, ctx.now);
    return {
      dailyQuota: ctx.oa.znsDailyQuota,
      remainingQuota: Math.max(0, ctx.oa.znsDailyQuota - u.zns),
      dailyQuotaPromotion: ctx.oa.znsPromotionDailyQuota,
      remainingQuotaPromotion: Math.max(0, ctx.oa.znsPromotionDailyQuota - u.znsPromotion),
      monthlyPromotionQuota: ctx.oa.znsPromotionDailyQuota * 30,
      remainingMonthlyPromotionQuota: ctx.oa.znsPromotionDailyQuota * 30 - u.znsPromotion,
      estimatedNextMonthPromotionQuota: ctx.oa.znsPromotionDailyQuota * 30,
    };
  });

  // Both vocabularies (REFERENCE §13.1): the documented sample first, then the older names.
  zaloRoute(app, sb, 'zns', 'GET', '/business/message/template-tag', () => [...ZNS_TEMPLATE_TAGS_DOCUMENTED, ...ZNS_TEMPLATE_TAGS_OLDER]);

  // status 1 ENABLE … 5 DELETE; filterPreset 1 keeps the templates made through this app (REFERENCE §13.1).
  zaloRoute(app, sb, 'zns', 'GET', '/business/template/all', (ctx) => {
    const q = query(ctx.req);
    const offset = asInt(q.offset, 'offset', 0, 'zns');
    const limit = asInt(q.limit, 'limit', 100, 'zns');
    if (limit < 1 || limit > 100 || offset < 0) fail('zns', -132, 'limit must be 1..100');
    const status = q.status === undefined ? undefined : asInt(q.status, 'status', 0, 'zns');
    if (status !== undefined && (status < 1 || status > 5)) fail('zns', -132, 'status is invalid');
    const preset = asInt(q.filterPreset, 'filterPreset', 0, 'zns');
    if (preset !== 0 && preset !== 1) fail('zns', -132, 'filterPreset is invalid');
    const all = [...sb.state.templates.values()].filter(
      (t) => t.oaId === ctx.oa.oaId && (status === undefined || ZNS_TEMPLATE_STATUS_CODES[t.status] === status) && (preset === 0 || t.viaApp),
    );
    ctx.extra.metadata = { total: all.length };
    return all.slice(offset, offset + limit).map((t) => ({
      templateId: Number(t.templateId), templateName: t.name, createdTime: t.createdTime, status: t.status, templateQuality: t.quality,
    }));
  });

  zaloRoute(app, sb, 'zns', 'GET', '/business/template/info', () => fail('zns', -106));

  zaloRoute(app, sb, 'zns', 'GET', '/business/template/info/v2', (ctx) => {
    const t = templateOf(ctx, query(ctx.req).template_id);
    return {
      templateId: t.templateId, templateName: t.name, status: t.status, listParams: t.params, listButtons: t.buttons, timeout: 7_200_000,
      previewUrl: `https://account.zalo.cloud/znspreview/sandbox-${t.templateId}`, templateQuality: t.quality, templateTag: t.tag,
      price: `${t.price}.0`, price_sdt: String(t.price), price_uid: String(Math.round(t.price * 0.7)),
      ...(t.status === 'REJECT' ? { reason: t.reason ?? '' } : {}),
    };
  });

  zaloRoute(app, sb, 'zns', 'GET', '/business/template/sample-data', (ctx) => templateOf(ctx, query(ctx.req).template_id).sample);

  zaloRoute(app, sb, 'zns', 'GET', '/business/quality', (ctx) => ({ oaCurrentQuality: ctx.oa.quality.current, oa7dayQuality: ctx.oa.quality.sevenDay }));

  zaloRoute(app, sb, 'zns', 'POST', '/business/rating/get', (ctx) => {
    const q = query(ctx.req);
    const t = templateOf(ctx, q.template_id);
    const from = asInt(q.from_time, 'from_time', 0, 'zns');
    const to = asInt(q.to_time, 'to_time', ctx.now, 'zns');
    const offset = asInt(q.offset, 'offset', 0, 'zns');
    const limit = asInt(q.limit, 'limit', 100, 'zns');
    const rows = (sb.state.ratings.get(t.templateId) ?? []).filter((r) => Number(r.submitDate) >= from && Number(r.submitDate) <= to);
    return { total: rows.length, data: rows.slice(offset, offset + limit) };
  });
}
