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
import { enqueueTenantEvent } from '../tenant-webhooks/service';
import { emitEvent } from '../../platform/events';
import { claimDue, exponentialBackoff, leaseFence } from '../../platform/lease-queue';
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
}

export interface DeliveryReport {
  claimed: number;
  pushed: number;
  failed: number;
  retried: number;
  /** Results dropped because the lease had been taken over meanwhile. */
  lostLease: number;
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
  row: Pick<Row, 'id' | 'tenantId' | 'trackingId' | 'module' | 'fallbackOf'>,
  status: MessageStatus,
  extra: Record<string, unknown> = {},
  opts: { domainEvents?: boolean } = {},
) {
  const fallback = row.fallbackOf ? { fallbackOf: row.fallbackOf } : {};
  await enqueueTenantEvent(tx, row.tenantId, MESSAGE_EVENT, { id: row.id, trackingId: row.trackingId, module: row.module, status, ...fallback, ...extra });
  // PROCESSING is transient; a repeated tenant event (the fallback's outcome) is no new domain fact.
  if (status === 'PROCESSING' || opts.domainEvents === false) return;
  const data = { messageId: row.id, module: row.module === 'OA' ? ('OA' as const) : ('ZNS' as const), status, ...(typeof extra.errorCode === 'number' ? { zaloErrorCode: extra.errorCode } : {}) };
  await emitEvent(tx, { type: 'message.status_changed', tenantId: row.tenantId, data });
  if (status === 'ERROR_CALL_ZALO') await emitEvent(tx, { type: 'message.failed_permanently', tenantId: row.tenantId, data: { ...data, status } });
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
    onClaimed: async (tx, rows) => {
      for (const r of rows) await statusEvent(tx, r, 'PROCESSING', { attempt: r.attempts });
    },
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

const fenced = (row: Row) => leaseFence(messageHistory, row, ['PROCESSING']);

/**
 * One worker pass: claim up to `limit` due messages and deliver them through Zalo.
 * PENDING → PROCESSING → PUSHED_ZALO (session id = Zalo msg id) or ERROR_CALL_ZALO (errorMsg from
 * the code's bilingual explanation, charge refunded, `message.failed_permanently` announced — the
 * tenant's ZNS → OA fallback reacts to it, ADR 0004/0009); transient failures go back to PENDING with
 * back-off until `maxAttempts`. Zalo is called outside any transaction, so a killed worker leaves
 * a PROCESSING row whose lease expires and is claimed again: nothing is lost, and the charge and
 * refund are keyed by message id, so nothing is charged or refunded twice (delivery to Zalo is
 * at-least-once in that case).
 */
export async function processDueMessages(deps: DeliveryDeps, opts: { limit?: number; now?: Date } = {}): Promise<DeliveryReport> {
  const now = opts.now ?? new Date();
  const leaseMs = deps.leaseMs ?? 60_000;
  const maxAttempts = deps.maxAttempts ?? 6;
  const rows = await claimDueMessages(deps.db, { limit: opts.limit ?? 20, now, leaseMs });
  const report: DeliveryReport = { claimed: rows.length, pushed: 0, failed: 0, retried: 0, lostLease: 0 };
  const deliver = async (row: Row): Promise<void> => {
    let msgId: string | null = null;
    let failure: ReturnType<typeof errorMessageOf> | null = null;
    try {
      msgId = await sendOne(deps.zalo, row, deps.trackedLinks);
    } catch (e) {
      failure = errorMessageOf(e, row.module === 'ZNS' ? 'zns' : 'oa');
      // A refused connection never reached Zalo; anything else may have: keep it retryable but visible.
      if (e instanceof ZaloNetworkError && !e.beforeSend) failure.text += ' [may have reached Zalo]';
    }
    const outcome = await deps.db.transaction(async (tx) => {
      if (msgId !== null) {
        const [done] = await tx.update(messageHistory).set({ status: 'PUSHED_ZALO', sessionId: msgId, leaseUntil: null, errorCode: null, errorMsg: null, updatedAt: new Date() }).where(fenced(row)).returning({ id: messageHistory.id });
        if (!done) return 'lost';
        await statusEvent(tx, row, 'PUSHED_ZALO', { sessionId: msgId });
        // Zalo's receipt (ZNS or OA) may have arrived before this write (the ingest stored it and found nothing to move).
        const [early] = await tx.select({ payload: zaloEvents.payload }).from(zaloEvents).where(and(eq(zaloEvents.dedupeKey, `user_received_message:${msgId}`), eq(zaloEvents.zaloOaId, row.zaloOaId)));
        if (early) {
          const body = early.payload as { message?: { delivery_time?: unknown }; timestamp?: unknown }; // stored Zalo body
          const t = Number(body.message?.delivery_time ?? body.timestamp);
          await applyDelivered(tx, { zaloMsgId: msgId, deliveredAt: Number.isFinite(t) ? new Date(t) : new Date() });
        }
        return 'pushed';
      }
      const f = failure ?? { code: null, text: 'unknown failure', permanent: true };
      if (!f.permanent && row.attempts < maxAttempts) {
        const [again] = await tx
          .update(messageHistory)
          .set({ status: 'PENDING', nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)), leaseUntil: null, errorCode: f.code, errorMsg: f.text, updatedAt: new Date() })
          .where(fenced(row))
          .returning({ id: messageHistory.id });
        if (!again) return 'lost';
        await statusEvent(tx, row, 'PENDING', { errorMsg: f.text, retryAt: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString() });
        return 'retried';
      }
      const [failed] = await tx
        .update(messageHistory)
        .set({ status: 'ERROR_CALL_ZALO', isCharged: false, leaseUntil: null, errorCode: f.code, errorMsg: f.text, updatedAt: new Date() })
        .where(fenced(row))
        .returning({ id: messageHistory.id });
      if (!failed) return 'lost';
      // Exactly what was charged goes back, once (the wallets module, ADR 0010).
      await refundMessage(tx, { tenantId: row.tenantId, messageId: row.id, note: 'refund: Zalo refused the message' });
      // `message.failed_permanently` goes with it; the ZNS → OA fallback is a handler of it, run after
      // this commits (events/handlers.ts, ADR 0009), so the refunded price can pay the OA message.
      await statusEvent(tx, row, 'ERROR_CALL_ZALO', { errorMsg: f.text, errorCode: f.code });
      return 'failed';
    });
    if (outcome === 'pushed') report.pushed += 1;
    else if (outcome === 'failed') report.failed += 1;
    else if (outcome === 'retried') report.retried += 1;
    else report.lostLease += 1;
  };
  // Zalo calls dominate; a few in parallel keep one worker from being bound by Zalo's latency.
  const queue = [...rows];
  const lanes = Array.from({ length: Math.min(deps.concurrency ?? 8, queue.length) }, async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await deliver(row);
  });
  await Promise.all(lanes);
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
