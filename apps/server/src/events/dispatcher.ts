import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client';
import { domainEventCursors } from '../db/schema/events';
import { EVENT_CHANNEL, EVENT_COLUMNS, eventFromRow, findEventsByIds, type DomainEvent, type EventRow, type EventType } from '../platform/events';

/**
 * A reaction to domain events, registered in events/handlers.ts. It runs after the event's
 * transaction committed, inside the dispatcher's own transaction under a savepoint, so its writes
 * and the cursor that marks it done commit together; a crash or a throw runs it again later
 * (at least once). `name` keys its cursor: renaming a handler replays the retained history.
 */
export interface EventHandler<T extends EventType = EventType> {
  name: string;
  types: readonly T[];
  handle(tx: Tx, event: DomainEvent<T>): Promise<void>;
}

/** Typed registration: `event` is narrowed to the handler's types. */
export function defineHandler<T extends EventType>(handler: EventHandler<T>): EventHandler {
  // Names go into SQL array literals and key cursors: plain kebab-case only.
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(handler.name)) throw new Error(`event handler name ${handler.name} is not kebab-case`);
  return handler as unknown as EventHandler; // handle() only ever receives events of handler.types
}

export interface DispatchReport {
  handled: number;
  failed: number;
  retried: number;
}

/** Attempts of one (handler, event) before it is kept for the operator only. */
export const MAX_HANDLER_ATTEMPTS = 15;

/** Back-off between attempts: 5 s, 10 s, 20 s … capped at one hour. */
export function handlerRetryDelayMs(attempts: number): number {
  return Math.min(3600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

const errorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 2000);

async function runHandler(tx: Tx, handler: EventHandler, event: DomainEvent): Promise<unknown> {
  try {
    // A savepoint: a failing handler loses only its own writes, never the cursor's progress.
    await tx.transaction(async (sp) => handler.handle(sp, event));
    return null;
  } catch (err) {
    return err ?? new Error('handler failed');
  }
}

const ensured = new WeakMap<object, Set<string>>();

/**
 * One pass over every handler: due retries first, then the events after the handler's cursor.
 * Events are read in (transaction id, event id) order and only once their transaction is older
 * than every transaction still running (`pg_snapshot_xmin`): a transaction that allocated a lower
 * id but commits later can never be skipped. Each handler's pass is one transaction holding its
 * cursor row FOR UPDATE SKIP LOCKED, so workers in several processes share the handlers.
 */
export async function dispatchPendingEvents(db: Db, handlers: readonly EventHandler[], opts: { batch?: number; now?: Date } = {}): Promise<DispatchReport> {
  const batch = opts.batch ?? 200;
  const report: DispatchReport = { handled: 0, failed: 0, retried: 0 };
  let known = ensured.get(db);
  if (!known) ensured.set(db, (known = new Set()));
  for (const handler of handlers) {
    if (!known.has(handler.name)) {
      await db.insert(domainEventCursors).values({ handler: handler.name }).onConflictDoNothing();
      known.add(handler.name);
    }
    await db.transaction(async (tx) => {
      const cursor = ((await tx.execute(sql`select tx_id::text as tx_id, event_id::text as event_id from domain_event_cursors where handler = ${handler.name} for update skip locked`)) as unknown as { rows: Array<{ tx_id: string; event_id: string }> }).rows[0]; // both drivers answer { rows }
      if (!cursor) return; // another worker holds this handler right now
      const now = opts.now ?? new Date();

      const due = ((await tx.execute(
        sql`select event_id::text as event_id, attempts from domain_event_retries where handler = ${handler.name} and next_attempt_at <= ${now.toISOString()}::timestamptz order by next_attempt_at limit ${batch}`,
      )) as unknown as { rows: Array<{ event_id: string; attempts: number }> }).rows;
      if (due.length > 0) {
        const events = new Map((await findEventsByIds(tx, due.map((d) => Number(d.event_id)))).map((e) => [e.id, e]));
        for (const d of due) {
          const id = Number(d.event_id);
          const event = events.get(id);
          const err = event ? await runHandler(tx, handler, event) : null;
          if (!err) {
            // Done, or the event was pruned meanwhile: nothing left to retry.
            await tx.execute(sql`delete from domain_event_retries where handler = ${handler.name} and event_id = ${id}`);
            if (event) report.retried += 1;
            continue;
          }
          report.failed += 1;
          const attempts = d.attempts + 1;
          const next = attempts >= MAX_HANDLER_ATTEMPTS ? null : new Date(now.getTime() + handlerRetryDelayMs(attempts)).toISOString();
          if (!next) console.error(`[events] ${handler.name} gave up on event ${id} after ${attempts} attempts:`, err);
          await tx.execute(sql`update domain_event_retries set attempts = ${attempts}, next_attempt_at = ${next}::timestamptz, last_error = ${errorText(err)} where handler = ${handler.name} and event_id = ${id}`);
        }
      }

      // Every transaction older than this has ended: its events are all visible now or never.
      const horizon = ((await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`)) as unknown as { rows: Array<{ xmin: string }> }).rows[0]?.xmin ?? '0';
      const types = `{${handler.types.join(',')}}`;
      const rows = ((await tx.execute(sql`
        select ${EVENT_COLUMNS}, tx_id::text as tx_id from domain_events
        where type = any(${types}::text[])
          and (tx_id, id) > (${cursor.tx_id}::xid8, ${cursor.event_id}::bigint)
          and tx_id < ${horizon}::xid8
        order by tx_id, id
        limit ${batch}`)) as unknown as { rows: Array<EventRow & { tx_id: string }> }).rows;
      for (const row of rows) {
        const event = eventFromRow(row);
        if (!event) continue;
        const err = await runHandler(tx, handler, event);
        if (!err) {
          report.handled += 1;
          continue;
        }
        report.failed += 1;
        await tx.execute(sql`
          insert into domain_event_retries (handler, event_id, attempts, next_attempt_at, last_error)
          values (${handler.name}, ${event.id}, 1, ${new Date(now.getTime() + handlerRetryDelayMs(1)).toISOString()}::timestamptz, ${errorText(err)})
          on conflict do nothing`);
      }
      const last = rows.at(-1);
      if (last && rows.length === batch) {
        await tx.execute(sql`update domain_event_cursors set tx_id = ${last.tx_id}::xid8, event_id = ${Number(last.id)}, updated_at = now() where handler = ${handler.name}`);
      } else {
        // Everything before the horizon is read: move there, so a handler of rare types does not
        // hold back pruning (and skip the write when nothing moved).
        await tx.execute(sql`update domain_event_cursors set tx_id = ${horizon}::xid8, event_id = 0, updated_at = now() where handler = ${handler.name} and tx_id < ${horizon}::xid8`);
      }
    });
  }
  return report;
}

/**
 * Deletes events older than `retentionMs` (default 7 days) that the cursor of every handler in
 * `handlers` (the registered ones; a removed handler's cursor holds nothing back) has passed; the
 * realtime replay reaches back 24 hours only. Bounded per call so it never holds locks long.
 */
export async function pruneEvents(db: Db, handlers: readonly string[], opts: { retentionMs?: number; now?: Date; limit?: number } = {}): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.retentionMs ?? 7 * 86_400_000)).toISOString();
  const res = (await db.execute(sql`
    with doomed as (
      select id from domain_events e
      where e.created_at < ${cutoff}::timestamptz
        and not exists (select 1 from domain_event_cursors c where c.handler = any(${`{${handlers.join(',')}}`}::text[]) and c.tx_id <= e.tx_id)
      order by id
      limit ${opts.limit ?? 10_000}
    )
    delete from domain_events where id in (select id from doomed) returning id`)) as unknown as { rows: unknown[] }; // both drivers answer { rows }
  return res.rows.length;
}

export interface EventDispatcher {
  /** Resolves when the pass in progress (if any) is done; no pass starts after it. */
  stop(): Promise<void>;
  /** Runs a pass now (or right after the one in progress); resolves when it is done. */
  kick(): Promise<void>;
}

/**
 * The worker role's dispatcher: a pass on every NOTIFY (coalesced), every `pollMs` besides (an event
 * may wait for an older transaction that notifies nothing), and a prune every hour.
 */
export async function startEventDispatcher(
  database: Database,
  handlers: readonly EventHandler[],
  opts: { pollMs?: number; onError?: (err: unknown) => void } = {},
): Promise<EventDispatcher> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastPrune = 0;
  const pass = async (): Promise<void> => {
    do {
      again = false;
      try {
        await dispatchPendingEvents(database.db, handlers);
        if (Date.now() - lastPrune > 3600_000) {
          lastPrune = Date.now();
          await pruneEvents(database.db, handlers.map((h) => h.name));
        }
      } catch (err) {
        opts.onError?.(err);
      }
    } while (again && !stopped);
  };
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = null;
    });
    return running;
  };
  const listener = await database.listen(EVENT_CHANNEL, () => void kick(), { onReconnect: () => void kick(), onError: (err) => opts.onError?.(err) });
  const timer = setInterval(() => void kick(), opts.pollMs ?? 1000);
  timer.unref();
  void kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener.close();
      await running;
    },
  };
}
