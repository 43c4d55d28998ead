import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import {
  isCalendarDay,
  OA_STAT_FIELDS,
  STAT_RANGE_MAX_DAYS,
  statRangeDays,
  type OaStatField,
  type OaStatsPoint,
  type OaStatsQuery,
  type OaStatsResult,
  type StatisticPeriod,
} from '@zc/shared/api/oa-analytics';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvent } from '../../platform/events';
import type { TenantScope } from '../../platform/tenant-scope';
import { addToHour, addToHours, findOaMessage, lockSessions, oaInTenant, replySession, saveSessions, sumBuckets, touchSession, type ChatSessionRow, type HourIncrements, type Increments } from './repo';

/** A user's messages belong to one chat session while each follows the previous one within 30 minutes (ADR 0014). */
export const CHAT_SESSION_GAP_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
/** Asia/Ho_Chi_Minh: UTC+7 all year (no DST). */
const VN_OFFSET_MS = 7 * HOUR_MS;

export const hourOf = (ms: number): Date => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);

/** A user message: counted, and a new chat session when it opens one. */
async function onUserMessage(tx: DbOrTx, key: { tenantId: string; zaloOaId: string }, userId: string, at: number): Promise<Increments> {
  const opened = await touchSession(tx, key.zaloOaId, userId, new Date(at), CHAT_SESSION_GAP_MS);
  return opened ? { userMessageCount: 1, chatSessionCount: 1 } : { userMessageCount: 1 };
}

/** The OA wrote to the user at `at`: the user's open session becomes replied (counted in the hour it started). */
async function onOaReply(tx: DbOrTx, key: { tenantId: string; zaloOaId: string }, userId: string, at: number): Promise<void> {
  const started = await replySession(tx, key.zaloOaId, userId, new Date(at), CHAT_SESSION_GAP_MS);
  if (started) await addToHour(tx, { ...key, hour: hourOf(started.getTime()) }, { repliedChatSessionCount: 1 });
}

/**
 * Applies a newly stored webhook event to the hourly rollup (in the ingest transaction, so a Zalo
 * retry — deduplicated before this — never counts twice). The event's own signed `timestamp` decides
 * its hour. OA messages sent through the product are counted by `countOaMessageSent`; an `oa_send_*`
 * echo counts only when an OA admin wrote it in Zalo's own chat (`admin_id`), so nothing counts twice.
 */
export async function recordOaEventStats(tx: DbOrTx, key: { tenantId: string; zaloOaId: string }, event: ZaloWebhookEvent): Promise<void> {
  const at = Number(event.timestamp);
  if (!Number.isFinite(at)) return;
  let inc: Increments = {};
  switch (event.type) {
    case 'follow':
      inc = { followCount: 1 };
      break;
    case 'unfollow':
      inc = { unFollowCount: 1 };
      break;
    case 'message_seen':
      inc = { userSeenMessageCount: 1 };
      break;
    case 'message_received':
      inc = { userReceivedMessageCount: 1 };
      break;
    case 'interaction':
      if (event.eventName === 'user_click_chatnow') inc = { userClickChatNowCount: 1 };
      break;
    case 'user_message':
      if (event.userId) inc = await onUserMessage(tx, key, event.userId, at);
      break;
    case 'oa_message':
      if (event.adminId) inc = { oaMessageCount: 1 };
      if (event.userId) await onOaReply(tx, key, event.userId, at);
      break;
    default:
      return;
  }
  await addToHour(tx, { ...key, hour: hourOf(at) }, inc);
}

/**
 * The batched form of `recordOaEventStats` for newly stored events, in the order given (the ingest
 * batcher's transaction, ADR 0015): the same rules, with the chat sessions of the batch read and
 * locked once, advanced in memory event by event exactly as `touchSession` / `replySession` would,
 * and written back with the hourly and daily counters in one statement each. Per batch: three
 * statements, whatever its size.
 */
export async function recordOaEventStatsBatch(tx: DbOrTx, items: ReadonlyArray<{ key: { tenantId: string; zaloOaId: string }; event: ZaloWebhookEvent }>): Promise<void> {
  const userOf = (e: ZaloWebhookEvent): string | undefined => ((e.type === 'user_message' || e.type === 'oa_message') && e.userId ? e.userId : undefined);
  const pairs = new Map<string, { zaloOaId: string; userId: string }>();
  for (const { key, event } of items) {
    const user = userOf(event);
    if (user && Number.isFinite(Number(event.timestamp))) pairs.set(`${key.zaloOaId}|${user}`, { zaloOaId: key.zaloOaId, userId: user });
  }
  const sessions = new Map<string, ChatSessionRow>();
  for (const r of await lockSessions(tx, [...pairs.values()])) sessions.set(`${r.zaloOaId}|${r.userId}`, r);
  const touched = new Set<string>();
  const rows: HourIncrements[] = [];
  const count = (key: { tenantId: string; zaloOaId: string }, ms: number, inc: Increments) => rows.push({ ...key, hour: hourOf(ms), inc });
  for (const { key, event } of items) {
    const at = Number(event.timestamp);
    if (!Number.isFinite(at)) continue;
    switch (event.type) {
      case 'follow':
        count(key, at, { followCount: 1 });
        break;
      case 'unfollow':
        count(key, at, { unFollowCount: 1 });
        break;
      case 'message_seen':
        count(key, at, { userSeenMessageCount: 1 });
        break;
      case 'message_received':
        count(key, at, { userReceivedMessageCount: 1 });
        break;
      case 'interaction':
        if (event.eventName === 'user_click_chatnow') count(key, at, { userClickChatNowCount: 1 });
        break;
      case 'user_message': {
        if (!event.userId) break;
        const k = `${key.zaloOaId}|${event.userId}`;
        const s = sessions.get(k);
        // touchSession: a gap of CHAT_SESSION_GAP_MS or more since the latest user message opens a new session.
        const next: ChatSessionRow = !s
          ? { zaloOaId: key.zaloOaId, userId: event.userId, startedAt: at, lastUserMessageAt: at, replied: false }
          : at - s.lastUserMessageAt >= CHAT_SESSION_GAP_MS
            ? { ...s, startedAt: at, lastUserMessageAt: Math.max(s.lastUserMessageAt, at), replied: false }
            : { ...s, lastUserMessageAt: Math.max(s.lastUserMessageAt, at) };
        sessions.set(k, next);
        touched.add(k);
        count(key, at, next.startedAt === at ? { userMessageCount: 1, chatSessionCount: 1 } : { userMessageCount: 1 });
        break;
      }
      case 'oa_message': {
        if (event.adminId) count(key, at, { oaMessageCount: 1 });
        if (!event.userId) break;
        const k = `${key.zaloOaId}|${event.userId}`;
        const s = sessions.get(k);
        // replySession: the open, unreplied session becomes replied, counted in the hour it started.
        if (s && !s.replied && s.startedAt <= at && at < s.lastUserMessageAt + CHAT_SESSION_GAP_MS) {
          sessions.set(k, { ...s, replied: true });
          touched.add(k);
          count(key, s.startedAt, { repliedChatSessionCount: 1 });
        }
        break;
      }
      default:
        break;
    }
  }
  await saveSessions(tx, [...touched].sort().map((k) => sessions.get(k)!));
  await addToHours(tx, rows);
}

/**
 * Handler of `message.status_changed`: an OA message the product sent reached Zalo (PUSHED_ZALO, once
 * per message). Counted in the hour of the event; it replies to the recipient's open session. Runs in
 * the dispatcher's transaction with its cursor, so a replay cannot count it twice.
 */
export async function countOaMessageSent(tx: Tx, event: DomainEvent<'message.status_changed'>): Promise<void> {
  if (event.data.module !== 'OA' || event.data.status !== 'PUSHED_ZALO') return;
  const row = await findOaMessage(tx, event.data.messageId);
  if (!row || row.module !== 'OA') return;
  const at = Date.parse(event.at);
  const key = { tenantId: row.tenantId, zaloOaId: row.zaloOaId };
  await addToHour(tx, { ...key, hour: hourOf(at) }, { oaMessageCount: 1 });
  if (row.uid) await onOaReply(tx, key, row.uid, at);
}

const rangeError = (field: 'from' | 'to', message: string) =>
  new AppError('DATE_RANGE_INVALID', message, { fields: [{ path: `querystring.${field}`, code: 'date_range', message }] });

/** The UTC instant a day (YYYY-MM-DD) starts in Asia/Ho_Chi_Minh. */
const vnDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - VN_OFFSET_MS);

/** Every bucket label of the range, in order (the labels `sumBuckets` answers). */
export function bucketLabels(from: string, to: string, period: StatisticPeriod): string[] {
  const out: string[] = [];
  const endMs = Date.parse(`${to}T00:00:00Z`) + 24 * HOUR_MS;
  if (period === 'MONTHLY') {
    const d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
    while (d.getTime() < endMs) {
      out.push(d.toISOString().slice(0, 7));
      d.setUTCMonth(d.getUTCMonth() + 1);
    }
    return out;
  }
  const step = period === 'HOURLY' ? HOUR_MS : 24 * HOUR_MS;
  for (let t = Date.parse(`${from}T00:00:00Z`); t < endMs; t += step) {
    const iso = new Date(t).toISOString();
    out.push(period === 'HOURLY' ? `${iso.slice(0, 13)}:00` : iso.slice(0, 10));
  }
  return out;
}

const zeros = (): Record<OaStatField, number> => Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, 0])) as Record<OaStatField, number>;

/**
 * The §3 statistics of one OA (404 when not the tenant's) or of all the tenant's OAs, per bucket over
 * the days `from`..`to` (Asia/Ho_Chi_Minh, both included). A range that ends before it starts, or is
 * longer than the period allows (STAT_RANGE_MAX_DAYS), answers 422 naming the field.
 */
export async function getOaStats(db: DbOrTx, scope: TenantScope, q: OaStatsQuery): Promise<OaStatsResult> {
  if (!isCalendarDay(q.from)) throw rangeError('from', 'from is not a calendar day');
  if (!isCalendarDay(q.to)) throw rangeError('to', 'to is not a calendar day');
  const days = statRangeDays(q.from, q.to);
  if (days < 1) throw rangeError('to', 'to must not be before from');
  const max = STAT_RANGE_MAX_DAYS[q.period];
  if (days > max) throw rangeError('to', `the range is at most ${max} days for ${q.period}`);
  const zaloOaId = q.zaloOAId === 'all' ? undefined : q.zaloOAId;
  if (zaloOaId && !(await oaInTenant(db, scope, zaloOaId))) throw notFound();
  const start = vnDayStart(q.from);
  const end = new Date(vnDayStart(q.to).getTime() + 24 * HOUR_MS);
  const rows = await sumBuckets(db, scope, { zaloOaId, fromDay: q.from, toDay: q.to, start, end, period: q.period });
  const byLabel = new Map(rows.map((r) => [r.time, r]));
  const totals = zeros();
  const points: OaStatsPoint[] = bucketLabels(q.from, q.to, q.period).map((time) => {
    const r = byLabel.get(time);
    const p = { time, ...zeros() };
    if (r) for (const f of OA_STAT_FIELDS) p[f] = Number(r[f]);
    for (const f of OA_STAT_FIELDS) totals[f] += p[f];
    return p;
  });
  return { period: q.period, from: q.from, to: q.to, zaloOAId: q.zaloOAId, points, totals };
}

/** The statistics as CSV (RFC 4180, header of the §3 field names, one line per bucket, a total line). */
export function statsCsv(r: OaStatsResult): string {
  const lines = [['time', ...OA_STAT_FIELDS].join(',')];
  for (const p of r.points) lines.push([p.time, ...OA_STAT_FIELDS.map((f) => String(p[f]))].join(','));
  lines.push(['total', ...OA_STAT_FIELDS.map((f) => String(r.totals[f]))].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
