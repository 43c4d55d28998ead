import type { FastifyInstance } from 'fastify';
import { fail, type RouteCtx } from '../http';
import type { Sandbox } from '../sandbox';
import { MAX_CITY_CODE } from '../cities';
import { isNight, nextHexId } from '../state';

/**
 * Broadcasts (`POST /v2.0/oa/message` with `recipient.target`, REFERENCE §3.6, §7, §13.3): verified
 * OAs only (-221), article attachments only, 1–5 of them, on this OA (-201); never at night (-234);
 * each OA's monthly broadcast quota (-211 'Out of quota'). An accepted broadcast is MODERATING for the
 * moderation delay (30 min by default), then DELIVERED — at once inside 06:00–21:59 (UTC+7), else at
 * the next 06:00. The control API approves, fails or delays one, and sets the delay and quotas.
 */

export type SandboxBroadcastStatus = 'MODERATING' | 'WAITING_WINDOW' | 'DELIVERED' | 'REJECTED';
export interface SandboxBroadcast {
  messageId: string;
  oaId: string;
  target: Record<string, string>;
  articleIds: string[];
  acceptedAt: number;
  moderatedAt: number;
  deliveredAt: number | null;
  status: SandboxBroadcastStatus;
  reason: string | null;
  monthKey: string;
}

interface BroadcastState {
  broadcasts: Map<string, SandboxBroadcast>;
  moderationDelayMs: number;
  /** Per-OA monthly quota; `defaultQuota` for OAs not listed. */
  quotas: Map<string, number>;
  defaultQuota: number;
}

export const BROADCAST_MODERATION_MS = 30 * 60_000;
export const BROADCAST_DEFAULT_MONTHLY_QUOTA = 4;
const HOUR = 3_600_000;
const VN = 7 * HOUR;

// Keyed by the state's article map, which `reset()` replaces: a reset forgets broadcasts too.
const states = new WeakMap<object, BroadcastState>();
export function broadcastState(sb: Sandbox): BroadcastState {
  let s = states.get(sb.state.articles);
  if (!s) {
    s = { broadcasts: new Map(), moderationDelayMs: BROADCAST_MODERATION_MS, quotas: new Map(), defaultQuota: BROADCAST_DEFAULT_MONTHLY_QUOTA };
    states.set(sb.state.articles, s);
  }
  return s;
}

const monthKey = (now: number) => new Date(now + VN).toISOString().slice(0, 7);

/** The next moment at or after `at` inside 06:00–21:59 Vietnam time. */
export function nextWindowOpening(at: number): number {
  if (!isNight(at)) return at;
  const local = new Date(at + VN);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sixToday = day + 6 * HOUR - VN;
  return local.getUTCHours() < 6 ? sixToday : sixToday + 24 * HOUR;
}

const obj = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** Accepts a string ('2,3'), an int (2) or an array ([2, '3']); every code in min..max, or -201. */
function targetCodes(v: unknown, name: string, min: number, max: number): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = Array.isArray(v) ? v : typeof v === 'number' ? [v] : typeof v === 'string' ? v.split(',') : [null];
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(typeof p === 'string' ? p.trim() : p);
    if (p === null || p === '' || !Number.isInteger(n) || n < min || n > max) fail('oa', -201, `${name} is invalid!`);
    out.push(n);
  }
  return out.join(',');
}

function settle(sb: Sandbox, b: SandboxBroadcast): void {
  if (b.status !== 'MODERATING' && b.status !== 'WAITING_WINDOW') return;
  const now = sb.clock.now();
  if (now < b.moderatedAt) return;
  const deliverAt = nextWindowOpening(b.moderatedAt);
  if (now >= deliverAt) {
    b.status = 'DELIVERED';
    b.deliveredAt = deliverAt;
  } else b.status = 'WAITING_WINDOW';
}

function scheduleSettle(sb: Sandbox, b: SandboxBroadcast): void {
  sb.clock.schedule(b.moderatedAt, () => settle(sb, b));
  sb.clock.schedule(nextWindowOpening(b.moderatedAt), () => settle(sb, b));
}

/** The broadcast branch of `POST /v2.0/oa/message` (the route lives in oa-messages.ts). */
export function handleBroadcast(ctx: RouteCtx, body: Record<string, unknown>, target: Record<string, unknown>): { message_id: string } {
  const { sb, oa, now } = ctx;
  if (!oa.isVerified) fail('oa', -221);
  const t: Record<string, string> = {};
  const put = (k: string, v: string | undefined) => {
    if (v !== undefined) t[k] = v;
  };
  put('ages', targetCodes(target.ages, 'ages', 0, 7));
  put('gender', targetCodes(target.gender, 'gender', 0, 2));
  put('locations', targetCodes(target.locations, 'locations', 0, 2));
  put('cities', targetCodes(target.cities, 'cities', 0, MAX_CITY_CODE));
  put('platform', targetCodes(target.platform, 'platform', 1, 3));
  const attachment = obj(obj(body.message)?.attachment);
  const payload = obj(attachment?.payload);
  const elements = Array.isArray(payload?.elements) ? payload.elements.map(obj) : [];
  if (attachment?.type !== 'template' || payload?.template_type !== 'media' || elements.length < 1 || elements.length > 5) fail('oa', -201, 'elements is invalid!');
  const articleIds: string[] = [];
  for (const e of elements) {
    if (e?.media_type !== 'article') fail('oa', -201, 'media_type is invalid!');
    const a = typeof e.attachment_id === 'string' ? sb.state.articles.get(e.attachment_id) : undefined;
    if (!a || a.oaId !== oa.oaId || a.removed) fail('oa', -201, 'attachment_id is invalid!');
    articleIds.push(a.id);
  }
  if (isNight(now)) fail('oa', -234);
  const s = broadcastState(sb);
  const month = monthKey(now);
  const used = [...s.broadcasts.values()].filter((b) => b.oaId === oa.oaId && b.monthKey === month && b.status !== 'REJECTED').length;
  if (used >= (s.quotas.get(oa.oaId) ?? s.defaultQuota)) fail('oa', -211);
  const b: SandboxBroadcast = { messageId: nextHexId(sb.state), oaId: oa.oaId, target: t, articleIds, acceptedAt: now, moderatedAt: now + s.moderationDelayMs, deliveredAt: null, status: 'MODERATING', reason: null, monthKey: month };
  s.broadcasts.set(b.messageId, b);
  scheduleSettle(sb, b);
  return { message_id: b.messageId };
}

type Body = Record<string, unknown>;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** Control API: list, settings (moderation delay, quotas), and approve / fail / delay one broadcast. */
export function registerOaBroadcastControl(app: FastifyInstance, sb: Sandbox): void {
  const list = () => {
    const s = broadcastState(sb);
    for (const b of s.broadcasts.values()) settle(sb, b);
    return { moderationDelayMs: s.moderationDelayMs, defaultQuota: s.defaultQuota, quotas: Object.fromEntries(s.quotas), broadcasts: [...s.broadcasts.values()] };
  };
  app.get('/_control/broadcasts', async () => list());
  app.post('/_control/broadcasts/settings', async (req) => {
    const b = obj(req.body) ?? {};
    const s = broadcastState(sb);
    const delay = num(b.moderationDelayMs);
    if (delay !== undefined) s.moderationDelayMs = Math.max(0, delay);
    const quota = num(b.monthlyQuota);
    if (quota !== undefined) {
      if (typeof b.oaId === 'string') s.quotas.set(b.oaId, Math.max(0, quota));
      else s.defaultQuota = Math.max(0, quota);
    }
    return list();
  });
  const one = (id: string) => broadcastState(sb).broadcasts.get(id);
  app.post<{ Params: { messageId: string } }>('/_control/broadcasts/:messageId/approve', async (req, reply) => {
    const b = one(req.params.messageId);
    if (!b) return reply.code(404).send({ error: 'unknown broadcast' });
    if (b.status === 'MODERATING') b.moderatedAt = sb.clock.now();
    settle(sb, b);
    if (b.status === 'WAITING_WINDOW') scheduleSettle(sb, b);
    return b;
  });
  app.post<{ Params: { messageId: string } }>('/_control/broadcasts/:messageId/fail', async (req, reply) => {
    const b = one(req.params.messageId);
    if (!b) return reply.code(404).send({ error: 'unknown broadcast' });
    const body = (obj(req.body) ?? {}) as Body;
    b.status = 'REJECTED';
    b.reason = typeof body.reason === 'string' ? body.reason : 'Violates our platform standards';
    return b;
  });
  app.post<{ Params: { messageId: string } }>('/_control/broadcasts/:messageId/delay', async (req, reply) => {
    const b = one(req.params.messageId);
    if (!b) return reply.code(404).send({ error: 'unknown broadcast' });
    if (b.status !== 'MODERATING') return reply.code(409).send({ error: 'not moderating' });
    b.moderatedAt += Math.max(0, num(obj(req.body)?.ms) ?? 0);
    scheduleSettle(sb, b);
    return b;
  });
}
