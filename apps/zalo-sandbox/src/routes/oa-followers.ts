import type { FastifyInstance } from 'fastify';
import { asString, dataParam, fail, jsonBody, zaloRoute } from '../http';
import { createPrng, digits } from '../prng';
import type { Sandbox } from '../sandbox';
import type { SandboxUser } from '../state';
import { userOf } from './oa-info';

/**
 * Calls and call consent (REFERENCE §13.4) plus control endpoints for followers: a bulk of
 * followers for the sync figure and the user's answer to a consent request. Follower detail,
 * update and tag routes live in ./oa-info (they came first); this file adds what they lack.
 */

const CALL_TYPES = new Set(['audio', 'video', 'audio_and_video']);
const REASONS = new Set([101, 103, 105, 106, 107]);
/** A consent lasts 30 days. */
const CONSENT_MS = 30 * 86_400_000;
/** Outbound call links stay valid 48 hours. */
const CALL_TTL_S = 172_800;

export interface ConsentRecord {
  phone: string;
  userId: string;
  callType: string;
  status: 'pending' | 'accepted' | 'rejected';
  requestedAt: number;
  expiresAt?: number;
}

/** Per sandbox, per OA: consents by phone (kept beside the shared state, not in it). */
const consents = new WeakMap<Sandbox, Map<string, Map<string, ConsentRecord>>>();

export function consentsOf(sb: Sandbox, oaId: string): Map<string, ConsentRecord> {
  let byOa = consents.get(sb);
  if (!byOa) consents.set(sb, (byOa = new Map()));
  let m = byOa.get(oaId);
  if (!m) byOa.set(oaId, (m = new Map()));
  return m;
}

const digitsOnly = (p: string) => p.replace(/\D/g, '').replace(/^0/, '84');

function userByPhone(sb: Sandbox, oaId: string, phone: string): SandboxUser | undefined {
  const want = digitsOnly(phone);
  for (const u of sb.state.users.get(oaId)?.values() ?? []) if (u.sharedInfo?.phone && digitsOnly(u.sharedInfo.phone) === want) return u;
  return undefined;
}

function consentView(c: ConsentRecord | undefined, now: number) {
  if (!c) return { consent: false, status: 'none' };
  if (c.status === 'accepted' && c.expiresAt !== undefined && c.expiresAt <= now) return { consent: false, status: 'expired', call_type: c.callType, expired_time: c.expiresAt };
  return { consent: c.status === 'accepted', status: c.status, call_type: c.callType, ...(c.expiresAt !== undefined ? { expired_time: c.expiresAt } : {}) };
}

export function registerOaFollowerRoutes(app: FastifyInstance, sb: Sandbox): void {
  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v2.0/oa/call/requestconsent', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const phone = asString(b.phone);
    if (!phone || !/^\+?\d{9,15}$/.test(phone)) fail('oa', -201, 'phone is invalid!');
    const callType = asString(b.call_type);
    if (!callType || !CALL_TYPES.has(callType)) fail('oa', -201, 'call_type is invalid!');
    if (typeof b.reason_code !== 'number' || !REASONS.has(b.reason_code)) fail('oa', -201, 'reason_code is invalid!');
    const user = userByPhone(sb, ctx.oa.oaId, phone);
    if (!user || !user.isFollower) fail('oa', -213);
    const m = consentsOf(sb, ctx.oa.oaId);
    const cur = m.get(digitsOnly(phone));
    // An accepted, unexpired consent stands; otherwise a new request replaces the old one.
    if (!(cur?.status === 'accepted' && (cur.expiresAt ?? 0) > ctx.now)) {
      m.set(digitsOnly(phone), { phone: digitsOnly(phone), userId: user.userId, callType, status: 'pending', requestedAt: ctx.now });
    }
    sb.webhooks.emit(ctx.app.appId, { event_name: 'oa_send_consent', oa_id: ctx.oa.oaId, sender: { id: ctx.oa.oaId }, recipient: { id: user.userId }, phone: digitsOnly(phone), call_type: callType });
    return undefined;
  });

  zaloRoute(app, sb, 'oa', 'GET', '/openapi/v2.0/oa/call/checkconsent', (ctx) => {
    const phone = asString(dataParam(ctx.req).phone);
    if (!phone || !/^\+?\d{9,15}$/.test(phone)) fail('oa', -201, 'phone is invalid!');
    return consentView(consentsOf(sb, ctx.oa.oaId).get(digitsOnly(phone)), ctx.now);
  });

  zaloRoute(app, sb, 'oa', 'POST', '/openapi/v3.0/oa/call/outbound', (ctx) => {
    const b = jsonBody(ctx.req, 'oa');
    const user = userOf(ctx, b.user_id);
    const callType = asString(b.call_type) ?? 'audio';
    if (!CALL_TYPES.has(callType)) fail('oa', -201, 'call_type is invalid!');
    const phone = user.sharedInfo?.phone;
    const c = phone ? consentsOf(sb, ctx.oa.oaId).get(digitsOnly(phone)) : undefined;
    if (!consentView(c, ctx.now).consent) fail('oa', -201, 'user has not granted call consent');
    const token = digits(createPrng(ctx.now % 1_000_003), 16);
    sb.webhooks.emit(ctx.app.appId, { event_name: 'oa_call_user', oa_id: ctx.oa.oaId, sender: { id: ctx.oa.oaId }, recipient: { id: user.userId }, call_type: callType });
    return { call_link: `https://zalo.me/call/${ctx.oa.oaId}/${token}`, qr_code: `https://qr.zalo.me/call/${token}.png`, ttl: CALL_TTL_S };
  });

  /** The user answers the OA's consent request in Zalo: `user_reply_consent`. */
  app.post('/_control/calls/reply', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const oa = sb.state.oas.get(String(b.oaId ?? ''));
    const c = oa ? consentsOf(sb, oa.oaId).get(digitsOnly(String(b.phone ?? ''))) : undefined;
    if (!oa || !c) return reply.code(404).send({ error: 'no consent request for this OA and phone' });
    const now = sb.clock.now();
    c.status = b.accept === false ? 'rejected' : 'accepted';
    c.expiresAt = c.status === 'accepted' ? now + CONSENT_MS : undefined;
    sb.webhooks.emit(oa.appId, {
      event_name: 'user_reply_consent', oa_id: oa.oaId, sender: { id: c.userId }, recipient: { id: oa.oaId },
      consent: { phone: c.phone, status: c.status, call_type: c.callType, ...(c.expiresAt ? { expired_time: c.expiresAt } : {}) },
    });
    return { ok: true, status: c.status, expiresAt: c.expiresAt ?? null };
  });

  /** Adds `count` followers (up to 10,000: getlist pages no further) for sync figures and tests. */
  app.post('/_control/followers/bulk', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const oaId = String(b.oaId ?? '');
    const users = sb.state.users.get(oaId);
    const count = Number(b.count);
    if (!users || !Number.isInteger(count) || count < 1 || count > 10_000) return reply.code(400).send({ error: 'oaId of a sandbox OA and count 1..10000 expected' });
    const rand = createPrng(users.size * 31 + count);
    const now = sb.clock.now();
    for (let i = 0; i < count; i += 1) {
      const userId = digits(rand, 19);
      users.set(userId, {
        userId, userIdByApp: digits(rand, 18), oaId, displayName: `Khách ${users.size + 1}`, alias: '', externalId: '', avatar: '', isFollower: true, isSensitive: false,
        lastInteraction: now - Math.floor(rand() * 14 * 86_400_000), tags: new Set(), notes: [], gender: rand() < 0.5 ? 1 : 2, ageGroup: 3, cityCode: 4, platform: 2,
      });
    }
    return { ok: true, followers: users.size };
  });
}
