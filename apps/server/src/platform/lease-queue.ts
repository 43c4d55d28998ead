import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';

/**
 * A table used as a work queue: rows wait in one of the `due` statuses until `next_attempt_at`;
 * `attempts` counts the attempts and fences results (ADR 0003: the message history is its own
 * queue; tenant webhook deliveries work the same way).
 */
export type QueueTable = PgTable & { id: PgColumn; status: PgColumn; attempts: PgColumn; nextAttemptAt: PgColumn };

export interface ClaimOptions<T extends QueueTable> {
  /** Statuses a row may be claimed in (a claimed row whose lease ran out must be one of them too). */
  due: readonly string[];
  now: Date;
  /** How long the claim is exclusive: `next_attempt_at` moves this far ahead, so a dead worker's rows come back after it. */
  leaseMs: number;
  limit: number;
  /** Narrows the due rows (e.g. one id). */
  where?: SQL;
  /** Columns set on claim besides the lease (e.g. status PROCESSING, attempts + 1). */
  set?: (leaseUntil: Date) => PgUpdateSetSource<T>;
  /** Runs in the claiming transaction (e.g. an event per claimed row); without it the claim is one statement. */
  onClaimed?: (tx: Tx, rows: Array<T['$inferSelect']>) => Promise<void>;
}

/**
 * Claims up to `limit` due rows, oldest `next_attempt_at` first, in one UPDATE over a
 * `FOR UPDATE SKIP LOCKED` selection: concurrent workers (in any process) never claim the same
 * row, and none waits on another's locks. Returns the rows as leased.
 */
export async function claimDue<T extends QueueTable>(db: Db, table: T, opts: ClaimOptions<T>): Promise<Array<T['$inferSelect']>> {
  const leaseUntil = new Date(opts.now.getTime() + opts.leaseMs);
  const run = async (q: Db | Tx) => {
    const due = q
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(inArray(table.status, [...opts.due]), lte(table.nextAttemptAt, opts.now), opts.where))
      .orderBy(asc(table.nextAttemptAt))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    // The lease column is `nextAttemptAt` of every QueueTable; the caller's columns are typed by `set`.
    const set = { ...opts.set?.(leaseUntil), nextAttemptAt: leaseUntil } as PgUpdateSetSource<T>;
    // update(table).returning() is the table's row type; drizzle cannot name it for a generic table.
    return (await q.update(table).set(set).where(inArray(table.id, due)).returning()) as Array<T['$inferSelect']>;
  };
  if (!opts.onClaimed) return run(db);
  const onClaimed = opts.onClaimed;
  return db.transaction(async (tx) => {
    const rows = await run(tx);
    await onClaimed(tx, rows);
    return rows;
  });
}

/**
 * The condition under which a worker may record the result of its attempt: the row is still in
 * one of `statuses` and still at the attempt count it claimed. A worker whose lease ran out and
 * whose row was claimed again writes nothing.
 */
export function leaseFence<T extends QueueTable>(table: T, row: { id: unknown; attempts: unknown }, statuses: readonly string[]): SQL | undefined {
  return and(eq(table.id, row.id), inArray(table.status, [...statuses]), eq(table.attempts, row.attempts));
}

/** Delay before the next attempt after `failedAttempts` failures (1-based), in milliseconds. */
export type Backoff = (failedAttempts: number) => number;

/** base, 2 × base, 4 × base … capped at `capMs`. */
export function exponentialBackoff(baseMs: number, capMs: number): Backoff {
  return (failed) => Math.min(capMs, baseMs * 2 ** Math.max(0, failed - 1));
}

/** A fixed schedule (seconds per failure), its last step repeating. */
export function scheduledBackoff(scheduleSeconds: readonly number[]): Backoff {
  return (failed) => {
    const i = Math.min(Math.max(failed, 1), scheduleSeconds.length) - 1;
    return (scheduleSeconds[i] ?? scheduleSeconds[scheduleSeconds.length - 1] ?? 60) * 1000;
  };
}
