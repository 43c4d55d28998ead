import { parseZaloWebhookEvent, type ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import { sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx, Tx } from '../../db/client';
import { settleIsolated } from '../../platform/isolated-batch';
import { startPollLoop, type PollLoop } from '../../platform/poll-loop';
import { applyChatEvents } from '../chat/service';
import { applyFollowerEvents } from '../followers/service';
import { recordOaEventStatsBatch } from '../oa-analytics/service';
import { applyTemplateQuality, applyTemplateStatus } from '../templates/service';
import { countDueEvents, hasDueEvents, lockPendingEvents, markEventFailed, markEventsProcessed, tryConsumerLock, type PendingEventRow } from './repo';

/** Events that change a synced follower (modules/followers applies them and announces oa_follower.changed). */
const FOLLOWER_EVENTS: ReadonlySet<string> = new Set(['follow', 'unfollow', 'user_withdraw', 'update_user_info', 'add_user_to_tag', 'remove_user_from_tag']);

export interface EventHandlers {
  /** Called for each delivery receipt, ZNS or OA (the messaging module moves the message to RECEIVED), in the consumer's transaction. */
  onDelivery?: (db: DbOrTx, e: { zaloOaId: string; msgId: string; trackingId?: string; deliveredAt: Date }) => Promise<void>;
}

/** Events applied by one transaction at most. */
export const CONSUMER_BATCH = 500;
/** Attempts at one event before it is kept for the operator only (`pending` cleared, `last_error` kept). */
export const MAX_EVENT_ATTEMPTS = 10;
/** Back-off after a failed attempt: 2 s, 4 s, 8 s … capped at 30 minutes. */
export function eventRetryDelayMs(attempts: number): number {
  return Math.min(30 * 60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

const errorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 2000);

interface Item {
  row: PendingEventRow;
  event: ZaloWebhookEvent;
}

const isFollowerEvent = (e: ZaloWebhookEvent) => FOLLOWER_EVENTS.has(e.type) || (e.type === 'interaction' && e.eventName === 'user_reply_consent');

/** The per-event effects that are neither counters nor follower changes, for one event, in the consumer's transaction. */
async function applySideEffects(tx: Tx, handlers: EventHandlers, zaloOaId: string, event: ZaloWebhookEvent): Promise<void> {
  if (event.type === 'zns_delivery' && handlers.onDelivery) {
    const t = Number(event.deliveryTime ?? event.timestamp);
    await handlers.onDelivery(tx, { zaloOaId, msgId: event.msgId, trackingId: event.trackingId, deliveredAt: Number.isFinite(t) ? new Date(t) : new Date() });
  } else if (event.type === 'message_received' && handlers.onDelivery) {
    // The OA form of the receipt: no tracking id or delivery time, the event's own time instead.
    const t = Number(event.timestamp);
    for (const msgId of event.msgIds) await handlers.onDelivery(tx, { zaloOaId, msgId, deliveredAt: Number.isFinite(t) ? new Date(t) : new Date() });
  } else if (event.type === 'template_status') {
    await applyTemplateStatus(tx, { zaloOaId, znsTemplateId: event.templateId, status: event.newStatus, reason: event.reason });
  } else if (event.type === 'template_quality') {
    await applyTemplateQuality(tx, { zaloOaId, znsTemplateId: event.templateId, quality: event.quality });
  }
  // Follower events are applied together (applyFollowerEvents); every other kind (tags, widget_*,
  // admin echoes, unknown names) was stored and needs nothing more.
}

/**
 * Applies a run of events (in arrival order) under one savepoint: rollups and chat sessions in one
 * batch (ADR 0015's statements), follower changes in a few more, then each event's other effects (receipts,
 * templates), then their `pending` mark cleared —
 * so effects and mark commit together (exactly once in effect). Throws if any of them fails.
 */
async function applyRun(tx: Tx, handlers: EventHandlers, items: readonly Item[]): Promise<true[]> {
  return tx.transaction(async (sp) => {
    const live = items.filter((i): i is Item & { row: { zaloOaId: string; tenantId: string } } => Boolean(i.row.zaloOaId && i.row.tenantId));
    await recordOaEventStatsBatch(
      sp,
      live.map((i) => ({ key: { tenantId: i.row.tenantId, zaloOaId: i.row.zaloOaId }, event: i.event })),
    );
    // Followers: the run's follow / unfollow events in few statements, in order per user (modules/followers).
    await applyFollowerEvents(
      sp,
      live.filter((i) => isFollowerEvent(i.event)).map((i) => ({ tenantId: i.row.tenantId, zaloOaId: i.row.zaloOaId, event: i.event })),
    );
    // The chat inbox: messages, receipts and reactions of the run (modules/chat, ADR 0021).
    await applyChatEvents(
      sp,
      live.map((i) => ({ tenantId: i.row.tenantId, zaloOaId: i.row.zaloOaId, event: i.event })),
    );
    for (const i of live) await applySideEffects(sp, handlers, i.row.zaloOaId, i.event);
    await markEventsProcessed(
      sp,
      items.map((i) => i.row.id),
    );
    return items.map(() => true as const);
  });
}

export interface ConsumeReport {
  /** Another process's consumer held the lock: nothing was read. */
  locked: boolean;
  processed: number;
  failed: number;
  /** A full batch was read: there may be more. */
  more: boolean;
}

/**
 * One pass of the webhook consumer (ADR 0019): in ONE transaction holding the consumer's advisory
 * lock (one consumer at a time across processes, so events apply in arrival order), reads up to
 * `limit` due pending events by `seq` and applies them. A run that fails is halved down to the single
 * event that fails (ARCHITECTURE rule 10, platform/isolated-batch): that event alone is marked with
 * its error and tried again after a back-off (given up after MAX_EVENT_ATTEMPTS), the rest commit.
 * A crash before the commit leaves every event of the pass pending: the next pass applies it once.
 */
export async function consumeZaloEvents(db: Db, handlers: EventHandlers, opts: { now?: Date; limit?: number } = {}): Promise<ConsumeReport> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? CONSUMER_BATCH;
  return db.transaction(async (tx) => {
    if (!(await tryConsumerLock(tx))) return { locked: true, processed: 0, failed: 0, more: false };
    const rows = await lockPendingEvents(tx, now, limit);
    const items = rows.map((row) => ({ row, event: parseZaloWebhookEvent(row.payload) }));
    const settled = await settleIsolated(items, (run) => applyRun(tx, handlers, run));
    let failed = 0;
    for (const [i, s] of settled.entries()) {
      if (s.ok) continue;
      failed += 1;
      const row = items[i]!.row; // settled has one entry per item
      const attempts = row.attempts + 1;
      const next = attempts >= MAX_EVENT_ATTEMPTS ? null : new Date(now.getTime() + eventRetryDelayMs(attempts));
      if (!next) console.error(`[zalo-events] gave up on event ${row.id} after ${attempts} attempts:`, s.error);
      await markEventFailed(tx, row.id, { attempts, nextAttemptAt: next, error: errorText(s.error) });
    }
    return { locked: false, processed: rows.length - failed, failed, more: rows.length === limit };
  });
}

/** The NOTIFY channel an API process wakes the worker role's consumer on (the payload is empty). */
export const ZALO_EVENTS_CHANNEL = 'zalo_events';

/** The consumer of each database: its handlers (from the route's composition) and its running loop. */
const consumers = new WeakMap<object, { handlers: EventHandlers; loop: PollLoop | null }>();
/** API processes whose consumer runs in the worker role: how they wake it (a coalesced NOTIFY). */
const elsewhere = new WeakMap<object, { notify(): void }>();

/**
 * Called by the ingest path after it committed new events: the consumer of this process runs now, or,
 * when it runs in the worker role (ADR 0019, "where it runs"), that consumer is woken by a NOTIFY.
 */
export function wakeZaloConsumer(db: Db): void {
  const local = consumers.get(db);
  if (local) local.loop?.wake();
  else elsewhere.get(db)?.notify();
}

/**
 * An API process whose events are applied by the worker role's consumer: after a batch is stored,
 * one `pg_notify` on ZALO_EVENTS_CHANNEL wakes it — at most one every `gapMs` (a burst of batches
 * costs a few statements a second, the last batch is always announced). A lost NOTIFY costs at most
 * the consumer's idle poll (500 ms); nothing is lost, the events are stored.
 */
export function announceZaloEventsElsewhere(db: Db, opts: { gapMs?: number; onError?: (err: unknown) => void } = {}): { stop(): void } {
  const gapMs = opts.gapMs ?? 10;
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  const send = () => {
    timer = null;
    last = Date.now();
    db.execute(sql`select pg_notify(${ZALO_EVENTS_CHANNEL}, '')`).catch((err: unknown) => opts.onError?.(err));
  };
  const entry = {
    notify() {
      if (timer) return;
      const wait = last + gapMs - Date.now();
      if (wait <= 0) send();
      else timer = setTimeout(send, wait);
    },
  };
  elsewhere.set(db, entry);
  return {
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (elsewhere.get(db) === entry) elsewhere.delete(db);
    },
  };
}

/**
 * Starts the consumer loop of `db` (one per process and database): woken by this process's ingest
 * (a pass at least `minGapMs`, 100 ms, after the previous one ended, unless that one was full), by a
 * NOTIFY on ZALO_EVENTS_CHANNEL when `listen` is given (the worker role: API processes announce their
 * batches), and every `idleMs` otherwise — events stored by a process that announces nothing, retries
 * that came due, events left pending by a process that died before applying them.
 */
export function startZaloEventConsumer(
  db: Db,
  handlers: EventHandlers,
  opts: { idleMs?: number; minGapMs?: number; listen?: Database['listen']; onError?: (err: unknown) => void } = {},
): PollLoop {
  const entry = { handlers, loop: null as PollLoop | null };
  consumers.set(db, entry);
  const gapMs = opts.minGapMs ?? 100;
  let lastEnd = 0;
  const loop = startPollLoop(async () => {
    // Woken by every ingest batch during a burst: leave `gapMs` after the previous pass so a pass takes
    // what accumulated (fewer, larger passes leave the CPU — and PGlite's one connection — to the
    // request path); after a full batch it goes on at once.
    const wait = lastEnd + gapMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // The idle poll is one index probe: no transaction (which would hold PGlite's only connection) when nothing is due.
    if (!(await hasDueEvents(db, new Date()))) return { busy: false };
    const r = await consumeZaloEvents(db, handlers).finally(() => (lastEnd = Date.now()));
    if (r.more) lastEnd = 0;
    return { busy: r.more };
  }, { idleMs: opts.idleMs ?? 500, onError: opts.onError });
  entry.loop = loop;
  // Events stored before the LISTEN is in place need no NOTIFY: the loop's first pass reads what is due.
  const listener = opts.listen?.(ZALO_EVENTS_CHANNEL, () => loop.wake(), { onReconnect: () => loop.wake(), onError: (err) => opts.onError?.(err) });
  listener?.catch((err: unknown) => opts.onError?.(err));
  return {
    wake: () => loop.wake(),
    async stop() {
      await listener?.then((l) => l.close()).catch(() => undefined);
      await loop.stop();
      if (consumers.get(db) === entry) consumers.delete(db);
    },
  };
}

/**
 * Applies every due pending event now and resolves when none is left (tests: the effects of a webhook
 * after its 200; tools). Uses the handlers the route registered for `db` unless given. Waits while
 * another consumer holds the lock.
 */
export async function drainZaloEvents(db: Db, handlers?: EventHandlers): Promise<number> {
  const h = handlers ?? consumers.get(db)?.handlers ?? {};
  let processed = 0;
  for (;;) {
    const r = await consumeZaloEvents(db, h);
    processed += r.processed;
    if (r.locked) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    if (!r.more && (await countDueEvents(db, new Date())) === 0) return processed;
  }
}
