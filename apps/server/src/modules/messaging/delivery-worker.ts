import { and, eq, sql } from 'drizzle-orm';
import type { ZaloClient } from '@zc/zalo/client';
import { envelopeData } from '@zc/zalo/client';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { ZaloApiError, ZaloError, ZaloNetworkError } from '@zc/zalo/errors';
import { sendZns } from '@zc/zalo/zns';
import { oaMessage, type MessageStatus } from '@zc/shared/api/messaging';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { refundMessage } from '../wallets/service';
import { withTrackedLinks, type TrackedLinks } from '../clicks/service';
import { enqueueTenantEvent, enqueueTenantEvents } from '../tenant-webhooks/service';
import { emitEvent, emitEvents, type EventInput } from '../../platform/events';
import { settleIsolated } from '../../platform/isolated-batch';
import { claimDue, exponentialBackoff } from '../../platform/lease-queue';
import { oaSendRequest } from './oa-payload';

export interface DeliveryDeps {
  db: Db;
  /** The server's Zalo client (token refresh on -216/-220/-124 happens inside `call`). */
  zalo: ZaloClient;
  /** Where tracked links redirect and the key that signs them (ADR 0016); absent: parameters go out as stored. */
  trackedLinks?: TrackedLinks;
  /** How long a claim is exclusive; an abandoned claim is taken over after it (default 60 s). */
  leaseMs?: number;
  /** Attempts before a transient failure becomes final (default 6). */
  maxAttempts?: number;
  /** Zalo calls in flight at once per pass (default 8; the client's per-OA rate limit still applies). */
  concurrency?: number;
  /** A result that could not be written even alone (see `processDueMessages`); default: logged. */
  onWriteError?: (messageId: string, err: unknown) => void;
}

export interface DeliveryReport {
  claimed: number;
  pushed: number;
  failed: number;
  retried: number;
  /** Results dropped because the lease had been taken over meanwhile. */
  lostLease: number;
  /** Results that could not be written at all (left to the lease: the row is claimed again after it). */
  unwritten: number;
}

type Row = typeof messageHistory.$inferSelect;

/** The tenant webhook event of every status change (tenant-webhooks WEBHOOK_EVENTS). */
export const MESSAGE_EVENT = 'message.status' as const;

/** Back-off of transient failures: 10 s, 20 s, 40 s … capped at 15 min. */
export const retryDelayMs = exponentialBackoff(10_000, 15 * 60_000);

/** Bilingual text for the history's errorMsg tooltip (vi / en, then the code). */
export function errorMessageOf(e: unknown, api: 'zns' | 'oa'): { code: number | null; text: string; permanent: boolean } {
  if (e instanceof ZaloApiError) {
    const x = e.explanation.known ? e.explanation : explainZaloError(e.code, api);
    return { code: e.code, text: `${x.vi.meaning} / ${x.en.meaning} (${e.code})`, permanent: x.classification === 'permanent' };
  }
  if (e instanceof ZaloError) {
    // Token errors that survive the client's one refresh are retried later: the OA may be re-connected.
    const permanent = e.classification === 'permanent';
    return { code: null, text: `Lỗi kết nối Zalo / Zalo call failed: ${e.message}`, permanent };
  }
  return { code: null, text: `Lỗi nội bộ / Internal error: ${e instanceof Error ? e.message : String(e)}`, permanent: false };
}

/**
 * The tenant webhook event of a status change, and — for every settled status (not the transient
 * PROCESSING) — the domain event `message.status_changed` (ADR 0007), plus
 * `message.failed_permanently` for ERROR_CALL_ZALO. A fallback OA message (ADR 0004) names the ZNS
 * message it replaces in every webhook event.
 */
export async function statusEvent(
  tx: Tx,
  row: StatusRow,
  status: MessageStatus,
  extra: Record<string, unknown> = {},
  opts: { domainEvents?: boolean } = {},
) {
  const e = statusEventParts({ row, status, extra, domainEvents: opts.domainEvents });
  await enqueueTenantEvent(tx, e.tenant.tenantId, e.tenant.event, e.tenant.payload);
  for (const d of e.domain) await emitEvent(tx, d);
}

type StatusRow = Pick<Row, 'id' | 'tenantId' | 'trackingId' | 'module' | 'fallbackOf'>;
interface StatusChange {
  row: StatusRow;
  status: MessageStatus;
  extra?: Record<string, unknown>;
  domainEvents?: boolean;
}

/** What `statusEvent` writes for one status change: its tenant event, then its domain events in order. */
function statusEventParts(c: StatusChange): { tenant: { tenantId: string; event: typeof MESSAGE_EVENT; payload: Record<string, unknown> }; domain: EventInput[] } {
  const { row, status } = c;
  const extra = c.extra ?? {};
  const fallback = row.fallbackOf ? { fallbackOf: row.fallbackOf } : {};
  const tenant = { tenantId: row.tenantId, event: MESSAGE_EVENT, payload: { id: row.id, trackingId: row.trackingId, module: row.module, status, ...fallback, ...extra } };
  // PROCESSING is transient; a repeated tenant event (the fallback's outcome) is no new domain fact.
  if (status === 'PROCESSING' || c.domainEvents === false) return { tenant, domain: [] };
  const data = { messageId: row.id, module: row.module === 'OA' ? ('OA' as const) : ('ZNS' as const), status, ...(typeof extra.errorCode === 'number' ? { zaloErrorCode: extra.errorCode } : {}) };
  const domain: EventInput[] = [{ type: 'message.status_changed', tenantId: row.tenantId, data }];
  if (status === 'ERROR_CALL_ZALO') domain.push({ type: 'message.failed_permanently', tenantId: row.tenantId, data: { ...data, status } });
  return { tenant, domain };
}

/**
 * `statusEvent` for many status changes in two statements (all tenant events, then all domain events):
 * per message the same events with the same payloads in the same order, messages in the given order.
 */
export async function statusEvents(tx: Tx, changes: readonly StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  const parts = changes.map(statusEventParts);
  await enqueueTenantEvents(tx, parts.map((p) => p.tenant));
  await emitEvents(tx, parts.flatMap((p) => p.domain));
}

/**
 * Claims due rows (PENDING, or PROCESSING whose lease ran out because a worker died) with
 * FOR UPDATE SKIP LOCKED, marks them PROCESSING with a lease, and bumps `attempts`, which is the
 * fence: a result is written only while `attempts` still equals the claimed value.
 */
export async function claimDueMessages(db: Db, opts: { limit: number; now: Date; leaseMs: number }): Promise<Row[]> {
  return claimDue(db, messageHistory, {
    due: ['PENDING', 'PROCESSING'],
    now: opts.now,
    leaseMs: opts.leaseMs,
    limit: opts.limit,
    set: (leaseUntil) => ({ status: 'PROCESSING' as const, attempts: sql`${messageHistory.attempts} + 1`, leaseUntil, updatedAt: opts.now }),
    // One statement for every claimed row's PROCESSING tenant event (PROCESSING has no domain event).
    onClaimed: (tx, rows) => statusEvents(tx, rows.map((r) => ({ row: r, status: 'PROCESSING' as const, extra: { attempt: r.attempts } }))),
  });
}

async function sendOne(zalo: ZaloClient, row: Row, trackedLinks?: TrackedLinks): Promise<string> {
  if (row.module === 'ZNS') {
    const r = await sendZns(zalo, row.zaloOaId, {
      phone: row.phone ?? '',
      templateId: row.znsTemplateId ?? '',
      // Validated and normalised to strings at send time; tracked URL parameters become our redirect (ADR 0016).
      templateData: withTrackedLinks((row.templateData ?? {}) as Record<string, string>, row.id, trackedLinks),
      trackingId: row.trackingId ?? undefined,
      development: row.mode === 'development',
    });
    return r.msg_id;
  }
  const message = oaMessage.parse(row.messageData);
  const req = oaSendRequest(row.uid ?? '', message);
  const data = envelopeData<{ message_id?: string }>(await zalo.call(row.zaloOaId, { api: 'oa', host: 'openapi', method: 'POST', path: req.path, json: req.json }));
  if (!data.message_id) throw new Error('Zalo answered without message_id');
  return data.message_id;
}

/** What one Zalo call came to, before it is written. */
interface Attempt {
  row: Row;
  msgId: string | null;
  failure: ReturnType<typeof errorMessageOf> | null;
}

type Outcome = 'pushed' | 'failed' | 'retried' | 'lost';

/** The row's next state after its attempt: what the per-message transaction wrote before ADR 0018, unchanged. */
function nextState(a: Attempt, now: Date, maxAttempts: number) {
  if (a.msgId !== null) return { outcome: 'pushed' as const, status: 'PUSHED_ZALO' as const, sessionId: a.msgId, retryAt: null, errorCode: null, errorMsg: null };
  const f = a.failure ?? { code: null, text: 'unknown failure', permanent: true };
  if (!f.permanent && a.row.attempts < maxAttempts) {
    return { outcome: 'retried' as const, status: 'PENDING' as const, sessionId: null, retryAt: new Date(now.getTime() + retryDelayMs(a.row.attempts)), errorCode: f.code, errorMsg: f.text };
  }
  return { outcome: 'failed' as const, status: 'ERROR_CALL_ZALO' as const, sessionId: null, retryAt: null, errorCode: f.code, errorMsg: f.text };
}

/**
 * Writes the results of a batch of attempts in the caller's transaction, set-based (ADR 0018):
 * 1. one UPDATE over all rows, each fenced by its claimed `attempts` and status PROCESSING — a row whose
 *    lease was lost (claimed again meanwhile) is not in what it returns, and nothing more is written for it;
 * 2. the refund of each permanently failed row (rare; through the wallets module, wallets locked in tenant order);
 * 3. every written row's tenant event in one statement, then their domain events in one statement;
 * 4. one lookup of Zalo receipts that overtook the pushed rows, each applied (RECEIVED after PUSHED_ZALO).
 * Per message these are exactly the writes, events and payloads of the former per-message transaction.
 */
async function writeResults(tx: Tx, attempts: readonly Attempt[], now: Date, maxAttempts: number): Promise<Outcome[]> {
  if (attempts.length === 0) return [];
  const states = attempts.map((a) => nextState(a, now, maxAttempts));
  const values = attempts.map((a, i) => {
    const st = states[i] as ReturnType<typeof nextState>;
    return { id: a.row.id, attempts: a.row.attempts, status: st.status, session_id: st.sessionId, next_attempt_at: st.retryAt?.toISOString() ?? null, error_code: st.errorCode, error_msg: st.errorMsg };
  });
  const updated = (await tx.execute(sql`
    update ${messageHistory} m set
      status = v.status,
      session_id = case when v.status = 'PUSHED_ZALO' then v.session_id else m.session_id end,
      next_attempt_at = coalesce(v.next_attempt_at, m.next_attempt_at),
      lease_until = null,
      error_code = v.error_code,
      error_msg = v.error_msg,
      is_charged = case when v.status = 'ERROR_CALL_ZALO' then false else m.is_charged end,
      updated_at = ${new Date().toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(id uuid, attempts int, status text, session_id text, next_attempt_at timestamptz, error_code int, error_msg text)
    where m.id = v.id and m.status = 'PROCESSING' and m.attempts = v.attempts
    returning m.id::text as id`)) as unknown as { rows: Array<{ id: string }> }; // both drivers answer { rows }
  const written = new Set(updated.rows.map((r) => r.id));
  const outcomes: Outcome[] = attempts.map((a, i) => (written.has(a.row.id) ? (states[i] as ReturnType<typeof nextState>).outcome : 'lost'));
  const at = (outcome: Outcome) => attempts.filter((_, i) => outcomes[i] === outcome);
  // Exactly what was charged goes back, once (the wallets module, ADR 0010); one wallet lock order for all.
  for (const a of [...at('failed')].sort((x, y) => (x.row.tenantId < y.row.tenantId ? -1 : x.row.tenantId > y.row.tenantId ? 1 : 0))) {
    await refundMessage(tx, { tenantId: a.row.tenantId, messageId: a.row.id, note: 'refund: Zalo refused the message' });
  }
  // `message.failed_permanently` goes with the refund; the ZNS → OA fallback is a handler of it, run after
  // this commits (events/handlers.ts, ADR 0009), so the refunded price can pay the OA message.
  await statusEvents(
    tx,
    attempts.flatMap((a, i): StatusChange[] => {
      const st = states[i] as ReturnType<typeof nextState>;
      if (outcomes[i] === 'lost') return [];
      if (st.outcome === 'pushed') return [{ row: a.row, status: 'PUSHED_ZALO', extra: { sessionId: st.sessionId } }];
      if (st.outcome === 'retried') return [{ row: a.row, status: 'PENDING', extra: { errorMsg: st.errorMsg, retryAt: st.retryAt?.toISOString() } }];
      return [{ row: a.row, status: 'ERROR_CALL_ZALO', extra: { errorMsg: st.errorMsg, errorCode: st.errorCode } }];
    }),
  );
  // Zalo's receipt (ZNS or OA) may have arrived before this write (the ingest stored it and found nothing to move).
  const pushed = at('pushed').map((a) => ({ key: `user_received_message:${a.msgId ?? ''}`, oa: a.row.zaloOaId, msgId: a.msgId ?? '' }));
  if (pushed.length > 0) {
    const early = (await tx.execute(sql`
      select z.dedupe_key, z.zalo_oa_id::text as zalo_oa_id, z.payload
      from jsonb_to_recordset(${JSON.stringify(pushed.map((p) => ({ key: p.key, oa: p.oa })))}::jsonb) as k(key text, oa uuid)
      join ${zaloEvents} z on z.dedupe_key = k.key and z.zalo_oa_id = k.oa`)) as unknown as { rows: Array<{ dedupe_key: string; zalo_oa_id: string; payload: unknown }> };
    const found = new Map(early.rows.map((r) => [`${r.dedupe_key} ${r.zalo_oa_id}`, r.payload]));
    for (const p of pushed) {
      const payload = found.get(`${p.key} ${p.oa}`);
      if (payload === undefined) continue;
      const body = (typeof payload === 'string' ? JSON.parse(payload) : payload) as { message?: { delivery_time?: unknown }; timestamp?: unknown }; // stored Zalo body
      const t = Number(body.message?.delivery_time ?? body.timestamp);
      await applyDelivered(tx, { zaloMsgId: p.msgId, deliveredAt: Number.isFinite(t) ? new Date(t) : new Date() });
    }
  }
  return outcomes;
}

async function attemptOne(deps: DeliveryDeps, row: Row): Promise<Attempt> {
  try {
    return { row, msgId: await sendOne(deps.zalo, row, deps.trackedLinks), failure: null };
  } catch (e) {
    const failure = errorMessageOf(e, row.module === 'ZNS' ? 'zns' : 'oa');
    // A refused connection never reached Zalo; anything else may have: keep it retryable but visible.
    if (e instanceof ZaloNetworkError && !e.beforeSend) failure.text += ' [may have reached Zalo]';
    return { row, msgId: null, failure };
  }
}

/**
 * One worker pass: claim up to `limit` due messages and deliver them through Zalo.
 * PENDING → PROCESSING → PUSHED_ZALO (session id = Zalo msg id) or ERROR_CALL_ZALO (errorMsg from
 * the code's bilingual explanation, charge refunded, `message.failed_permanently` announced — the
 * tenant's ZNS → OA fallback reacts to it, ADR 0004/0009); transient failures go back to PENDING with
 * back-off until `maxAttempts`. Zalo is called outside any transaction, so a killed worker leaves
 * a PROCESSING row whose lease expires and is claimed again: nothing is lost, and the charge and
 * refund are keyed by message id, so nothing is charged or refunded twice (delivery to Zalo is
 * at-least-once in that case).
 *
 * The pass's results are written together (ADR 0018): one transaction of a few set-based statements
 * for the whole batch. Each item stands alone (ARCHITECTURE rule 10): when that write fails, the batch
 * is split in halves down to single rows (`settleIsolated`), so only the row whose data makes a
 * statement fail fails; that row is then recorded as a transient failure naming the write error
 * (retried with back-off, final after `maxAttempts`), and if even that cannot be written it is left
 * to its lease and claimed again.
 */
export async function processDueMessages(deps: DeliveryDeps, opts: { limit?: number; now?: Date } = {}): Promise<DeliveryReport> {
  const now = opts.now ?? new Date();
  const leaseMs = deps.leaseMs ?? 60_000;
  const maxAttempts = deps.maxAttempts ?? 6;
  const rows = await claimDueMessages(deps.db, { limit: opts.limit ?? 20, now, leaseMs });
  const report: DeliveryReport = { claimed: rows.length, pushed: 0, failed: 0, retried: 0, lostLease: 0, unwritten: 0 };
  if (rows.length === 0) return report;
  // Zalo calls dominate; a few in parallel keep one worker from being bound by Zalo's latency.
  const attempts: Attempt[] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(deps.concurrency ?? 8, rows.length) }, async () => {
    for (let i = next++; i < rows.length; i = next++) attempts[i] = await attemptOne(deps, rows[i] as Row);
  });
  await Promise.all(lanes);
  const write = (batch: readonly Attempt[]) => deps.db.transaction((tx) => writeResults(tx, batch, now, maxAttempts));
  const settled = await settleIsolated(attempts, write);
  const count = (o: Outcome) => {
    if (o === 'pushed') report.pushed += 1;
    else if (o === 'failed') report.failed += 1;
    else if (o === 'retried') report.retried += 1;
    else report.lostLease += 1;
  };
  for (const [i, s] of settled.entries()) {
    if (s.ok) {
      count(s.value);
      continue;
    }
    const a = attempts[i] as Attempt;
    // Its own data made the write fail: record the attempt as a transient failure naming the write error.
    const failure = { ...errorMessageOf(s.error, a.row.module === 'ZNS' ? 'zns' : 'oa'), permanent: false };
    if (a.msgId !== null) failure.text += ' [may have reached Zalo]';
    try {
      const [o] = await write([{ row: a.row, msgId: null, failure }]);
      count(o ?? 'lost');
    } catch (err) {
      report.unwritten += 1;
      (deps.onWriteError ?? ((id, e) => console.error(`[delivery] the result of message ${id} could not be written; it is retried after its lease`, e)))(a.row.id, err);
    }
  }
  return report;
}

/** Moves a pushed message to RECEIVED inside the caller's transaction (scoped to the OA when given). */
async function applyDelivered(tx: Tx, p: { zaloMsgId: string; deliveredAt: Date; trackingId?: string | null; zaloOaId?: string }): Promise<string | null> {
  const conds = [eq(messageHistory.sessionId, p.zaloMsgId), eq(messageHistory.status, 'PUSHED_ZALO')];
  if (p.trackingId) conds.push(eq(messageHistory.trackingId, p.trackingId));
  if (p.zaloOaId) conds.push(eq(messageHistory.zaloOaId, p.zaloOaId));
  const [row] = await tx
    .update(messageHistory)
    .set({ status: 'RECEIVED', deliveredAt: p.deliveredAt, updatedAt: new Date() })
    .where(and(...conds))
    .returning({ id: messageHistory.id, tenantId: messageHistory.tenantId, trackingId: messageHistory.trackingId, module: messageHistory.module, fallbackOf: messageHistory.fallbackOf });
  if (!row) return null;
  await statusEvent(tx, row, 'RECEIVED', { deliveredAt: p.deliveredAt.toISOString() });
  return row.id;
}

/**
 * Zalo's delivery webhook (user_received_message) → RECEIVED. Called by the Zalo webhook ingest;
 * idempotent (a repeated event finds the row already RECEIVED and changes nothing). Returns the
 * message id, or null when no pushed message has that Zalo msg id — a receipt that overtook the
 * worker's own write stays in zalo_events and is applied when the worker records PUSHED_ZALO.
 */
export async function markDelivered(db: DbOrTx, p: { zaloMsgId: string; deliveredAt: Date; trackingId?: string | null; zaloOaId?: string }): Promise<string | null> {
  return db.transaction((tx) => applyDelivered(tx, p));
}
