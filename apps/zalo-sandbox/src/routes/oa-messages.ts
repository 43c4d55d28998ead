import type { FastifyInstance } from 'fastify';
import { emitOaReaction, hasMessage, mediaHost } from '../chat-sim';
import { emitOaMessageEvents, pushMessage } from '../events';
import { asString, fail, jsonBody, zaloRoute, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { isNight, nextHexId, type SandboxUser } from '../state';
import { userOf } from './oa-info';
import { handleBroadcast } from './oa-broadcast';
import { checkTemplateData } from './zns';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);
const DAY = 86_400_000;
const ASSET_TTL = 7 * DAY;

const TRANSACTION_TYPES = new Set([
  'transaction_billing', 'transaction_order', 'transaction_reward', 'transaction_contract', 'transaction_booking', 'transaction_membership',
  'transaction_event', 'transaction_transaction', 'transaction_account', 'transaction_internal', 'transaction_partnership',
  'transaction_education', 'transaction_rating',
]);
const BUTTON_TYPES = new Set(['oa.open.url', 'oa.query.show', 'oa.query.hide', 'oa.open.phone', 'oa.open.sms']);

function recipientOf(ctx: RouteCtx, body: Obj): SandboxUser {
  return userOf(ctx, obj(body.recipient)?.user_id);
}

function checkAsset(ctx: RouteCtx, id: unknown, kind: 'image' | 'gif' | 'file'): void {
  const a = typeof id === 'string' ? ctx.sb.state.uploads.get(id) : undefined;
  if (!a || a.oaId !== ctx.oa.oaId || (kind !== 'file' && a.kind === 'file')) fail('oa', -201, `${kind === 'file' ? 'token' : 'attachment_id'} is invalid!`);
  if (ctx.now - a.createdAt > ASSET_TTL) fail('oa', -100);
}

/** Validates a consultation message and returns its conversation type and echo event. */
function checkCsMessage(ctx: RouteCtx, message: Obj): { type: string; text: string; echo: string; url?: string } {
  const text = message.text;
  if (text !== undefined && (typeof text !== 'string' || text.length === 0)) fail('oa', -201, 'text is invalid!');
  if (typeof text === 'string' && text.length > 2000) fail('oa', -210, 'text exceeds 2000 characters');
  const att = obj(message.attachment);
  if (!att) {
    if (typeof text !== 'string') fail('oa', -233);
    return { type: 'text', text, echo: 'oa_send_text' };
  }
  const payload = obj(att.payload) ?? {};
  if (att.type === 'file') {
    checkAsset(ctx, payload.token, 'file');
    return { type: 'file', text: '', echo: 'oa_send_file' };
  }
  if (att.type !== 'template') fail('oa', -233);
  const elements = Array.isArray(payload.elements) ? payload.elements.map(obj) : [];
  if (payload.template_type === 'request_user_info') {
    const e = elements[0];
    if (elements.length !== 1 || !e || typeof e.title !== 'string' || typeof e.subtitle !== 'string' || typeof e.image_url !== 'string') fail('oa', -201, 'elements is invalid!');
    return { type: 'request_user_info', text: e.title, echo: 'oa_send_template' };
  }
  if (payload.template_type !== 'media' || elements.length !== 1 || !elements[0]) fail('oa', -233);
  const e = elements[0];
  const mediaType = e.media_type;
  if (mediaType !== 'image' && mediaType !== 'gif' && mediaType !== 'sticker') fail('oa', -201, 'media_type is invalid!');
  if (mediaType === 'sticker') {
    if (typeof e.attachment_id !== 'string') fail('oa', -201, 'attachment_id is invalid!');
  } else if (e.attachment_id !== undefined) checkAsset(ctx, e.attachment_id, mediaType);
  else if (typeof e.url !== 'string') fail('oa', -201, 'attachment_id is invalid!');
  if (mediaType === 'gif' && (typeof e.width !== 'number' || typeof e.height !== 'number')) fail('oa', -201, 'width is invalid!');
  // Where Zalo shows it (the history's url/thumb, the echo's attachment): the given url, else the sandbox's stand-in.
  const url = typeof e.url === 'string' ? e.url : `${mediaHost(ctx.sb)}/${mediaType}/${String(e.attachment_id)}.png`;
  return { type: mediaType === 'image' ? 'photo' : mediaType === 'gif' ? 'GIF' : 'sticker', text: typeof text === 'string' ? text : '', echo: `oa_send_${mediaType}`, url };
}

/** Transaction / promotion elements and buttons with Zalo's length limits (REFERENCE §3.4). */
function checkRichPayload(payload: Obj): string {
  const elements = Array.isArray(payload.elements) ? payload.elements.map(obj) : [];
  if (elements.length === 0) fail('oa', -201, 'elements is invalid!');
  let summary = '';
  for (const e of elements) {
    if (!e) fail('oa', -201, 'elements is invalid!');
    const content = e.content;
    if (e.type === 'banner') {
      if (typeof e.attachment_id !== 'string' && typeof e.image_url !== 'string') fail('oa', -201, 'banner is invalid!');
    } else if (e.type === 'header') {
      if (typeof content !== 'string' || content.length > 100) fail('oa', -201, 'header is invalid!');
      summary ||= content;
    } else if (e.type === 'text') {
      if (typeof content !== 'string' || content.length > 1000) fail('oa', -201, 'text is invalid!');
    } else if (e.type === 'table') {
      if (!Array.isArray(content) || content.length === 0) fail('oa', -201, 'table is invalid!');
      for (const row of content.map(obj)) {
        if (!row || typeof row.key !== 'string' || row.key.length > 25 || typeof row.value !== 'string' || row.value.length > 100) fail('oa', -201, 'table is invalid!');
      }
    } else fail('oa', -201, 'element type is invalid!');
  }
  const buttons = payload.buttons === undefined ? [] : Array.isArray(payload.buttons) ? payload.buttons.map(obj) : [undefined];
  if (buttons.length > 5) fail('oa', -201, 'buttons is invalid!');
  for (const b of buttons) {
    if (!b || typeof b.title !== 'string' || b.title.length > 35 || typeof b.type !== 'string' || !BUTTON_TYPES.has(b.type)) fail('oa', -201, 'buttons is invalid!');
    const p = b.payload;
    const ok =
      b.type === 'oa.open.url' ? typeof obj(p)?.url === 'string'
      : b.type === 'oa.open.phone' ? typeof obj(p)?.phone_code === 'string'
      : b.type === 'oa.open.sms' ? typeof obj(p)?.phone_code === 'string' && typeof obj(p)?.content === 'string'
      : typeof p === 'string';
    if (!ok) fail('oa', -201, 'button payload is invalid!');
  }
  return summary;
}

function record(ctx: RouteCtx, user: SandboxUser, type: string, text: string, echo: string, url?: string): string {
  const msgId = nextHexId(ctx.sb.state);
  const m = { msgId, oaId: ctx.oa.oaId, userId: user.userId, src: 0 as const, type, text, time: ctx.now, ...(url ? { url } : {}) };
  pushMessage(ctx.sb, m);
  emitOaMessageEvents(ctx.sb, m, echo);
  return msgId;
}

/** Message sending: cs, transaction, promotion, template by UID, v2 broadcast / reaction. */
export function registerOaMessageRoutes(app: FastifyInstance, sb: Sandbox): void {
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/message/cs', (ctx) => {
    const body = jsonBody(ctx.req, 'oa');
    const user = recipientOf(ctx, body);
    if (ctx.now - user.lastInteraction > 7 * DAY) fail('oa', -230);
    const msg = checkCsMessage(ctx, obj(body.message) ?? fail('oa', -201, 'message is invalid!'));
    const msgId = record(ctx, user, msg.type, msg.text, msg.echo, msg.url);
    const inFreeWindow = ctx.now - user.lastInteraction < 2 * DAY;
    return { message_id: msgId, user_id: user.userId, sent_time: String(ctx.now), quota: inFreeWindow ? { quota_type: 'reply', remain: '7', total: '8' } : { quota_type: 'purchase_quota', owner_type: 'OA', owner_id: ctx.oa.oaId } };
  });

  for (const kind of ['transaction', 'promotion'] as const) {
    zaloRoute(app, sb, 'oa', 'POST', `/openapi/v3.0/oa/message/${kind}`, (ctx) => {
      const body = jsonBody(ctx.req, 'oa');
      const user = recipientOf(ctx, body);
      if (!user.isFollower) fail('oa', -213);
      const payload = obj(obj(obj(body.message)?.attachment)?.payload) ?? fail('oa', -201, 'payload is invalid!');
      const tt = asString(payload.template_type) ?? '';
      if (kind === 'transaction' ? !TRANSACTION_TYPES.has(tt) : tt !== 'promotion') fail('oa', -201, 'template_type is invalid!');
      if (payload.language !== undefined && payload.language !== 'VI' && payload.language !== 'EN') fail('oa', -201, 'language is invalid!');
      if (kind === 'promotion' && isNight(ctx.now)) fail('oa', -234);
      const summary = checkRichPayload(payload);
      const msgId = record(ctx, user, 'template', summary, 'oa_send_template');
      return { message_id: msgId, user_id: user.userId, sent_time: String(ctx.now), quota: { quota_type: 'sub_quota', remain: '1990', total: '2000', expired_date: '31/12/2026' } };
    });
  }

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/message/template', (ctx) => {
    const body = jsonBody(ctx.req, 'oa');
    const user = userOf(ctx, body.user_id);
    const t = sb.state.templates.get(asString(body.template_id) ?? '');
    if (!t || t.oaId !== ctx.oa.oaId) fail('oa', -201, 'template_id is invalid!');
    if (!t.uidCapable) fail('oa', -249);
    checkTemplateData(t, body.template_data);
    const msgId = record(ctx, user, 'template', t.name, 'oa_send_template');
    return { message_id: msgId, user_id: user.userId, sent_time: String(ctx.now), quota: { quota_type: 'sub_quota', remain: '1990', total: '2000' } };
  });

  // v2: only broadcast, anonymous replies and reactions remain; text to a user_id is shut down (-240).
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/message', (ctx) => {
    const body = jsonBody(ctx.req, 'oa');
    const recipient = obj(body.recipient) ?? fail('oa', -201, 'recipient is invalid!');
    const action = obj(body.sender_action);
    if (action) {
      const user = userOf(ctx, recipient.user_id);
      if (typeof action.react_message_id !== 'string' || typeof action.react_icon !== 'string') fail('oa', -201, 'sender_action is invalid!');
      if (!hasMessage(sb, ctx.oa.oaId, user.userId, action.react_message_id)) fail('oa', -201, 'react_message_id is invalid!');
      // Echoed to the OA's webhook like its other actions (REFERENCE §5.4 oa_reacted_message).
      emitOaReaction(sb, ctx.oa, user, { msgId: action.react_message_id, icon: action.react_icon });
      return { message_id: nextHexId(sb.state), user_id: user.userId };
    }
    const target = obj(recipient.target);
    if (!target) fail('oa', -240);
    return handleBroadcast(ctx, body, target);
  });
}
