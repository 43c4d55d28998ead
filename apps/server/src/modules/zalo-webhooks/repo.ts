import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { executePrepared, rowsOf } from '../../platform/sql';

/** The OAs of a Zalo app (the webhook body names the app; its OA is picked by the ids in the body). */
export async function findOasOfApp(db: DbOrTx, appId: string) {
  return db.select().from(zaloOas).where(eq(zaloOas.zappId, appId));
}

/** Stores an event once: false when the same delivery (a Zalo retry) was stored before. */
export async function insertEventOnce(db: DbOrTx, values: typeof zaloEvents.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(zaloEvents).values(values).onConflictDoNothing().returning({ id: zaloEvents.id });
  return inserted.length > 0;
}

/** Stores a batch of events in ONE statement; answers the dedupe keys stored now (the rest were stored before). */
export async function insertEventsOnce(db: DbOrTx, values: ReadonlyArray<Pick<typeof zaloEvents.$inferInsert, 'zaloOaId' | 'eventName' | 'dedupeKey' | 'payload' | 'pending'>>): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  // The batch travels as one jsonb parameter to one prepared statement (ADR 0026): building a multi-row
  // VALUES list value by value cost the ingest route more CPU than the insert itself.
  const rows = values.map((v) => ({ zalo_oa_id: v.zaloOaId ?? null, event_name: v.eventName, dedupe_key: v.dedupeKey, payload: v.payload, pending: v.pending ?? false }));
  const inserted = rowsOf<{ dedupeKey: string }>(
    await executePrepared(
      db,
      sql`insert into zalo_events (zalo_oa_id, event_name, dedupe_key, payload, pending)
        select r.zalo_oa_id, r.event_name, r.dedupe_key, r.payload, r.pending
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(zalo_oa_id uuid, event_name text, dedupe_key text, payload jsonb, pending boolean)
        on conflict do nothing
        returning dedupe_key as "dedupeKey"`,
    ),
  );
  return new Set(inserted.map((r) => r.dedupeKey));
}

/** A stored event whose effects are not applied yet (the consumer's view, ADR 0019). */
export interface PendingEventRow {
  id: string;
  seq: number;
  zaloOaId: string | null;
  tenantId: string | null;
  payload: unknown;
  attempts: number;
}

/** Key of the transaction-scoped advisory lock one consumer holds during its pass (one consumer at a time, per-OA order). */
const CONSUMER_LOCK_KEY = 7_125_001_912;

/** Takes the consumer lock for this transaction; false when another process's consumer holds it. */
export async function tryConsumerLock(tx: DbOrTx): Promise<boolean> {
  const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${CONSUMER_LOCK_KEY}::bigint) as ok`)) as unknown as { rows: Array<{ ok: boolean }> }; // both drivers answer { rows }
  return res.rows[0]?.ok === true;
}

/** Pending events due at `now`, in arrival order, locked for this transaction. */
export async function lockPendingEvents(tx: DbOrTx, now: Date, limit: number): Promise<PendingEventRow[]> {
  const res = (await tx.execute(sql`
    select e.id, e.seq, e.zalo_oa_id, o.tenant_id, e.payload, e.attempts
    from zalo_events e left join zalo_oas o on o.id = e.zalo_oa_id
    where e.pending and (e.next_attempt_at is null or e.next_attempt_at <= ${now.toISOString()}::timestamptz)
    order by e.seq
    limit ${limit}
    for update of e skip locked`)) as unknown as { rows: Array<{ id: string; seq: string | number; zalo_oa_id: string | null; tenant_id: string | null; payload: unknown; attempts: number }> };
  return res.rows.map((r) => ({ id: r.id, seq: Number(r.seq), zaloOaId: r.zalo_oa_id, tenantId: r.tenant_id, payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload, attempts: r.attempts }));
}

/** Marks events applied: cleared in the transaction that applied their effects. */
export async function markEventsProcessed(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // One array parameter to one prepared statement: a pass clears up to CONSUMER_BATCH ids, which as one
  // placeholder each Drizzle would build value by value and PostgreSQL parse and plan anew every pass.
  await executePrepared(tx, sql`update zalo_events set pending = false, next_attempt_at = null where id = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/** Records a failed attempt: tried again from `nextAttemptAt`, or given up (no longer pending) when it is null. */
export async function markEventFailed(tx: DbOrTx, id: string, p: { attempts: number; nextAttemptAt: Date | null; error: string }): Promise<void> {
  await tx
    .update(zaloEvents)
    .set({ attempts: p.attempts, lastError: p.error, nextAttemptAt: p.nextAttemptAt, ...(p.nextAttemptAt ? {} : { pending: false }) })
    .where(eq(zaloEvents.id, id));
}

/** How many events are due now (drain in tests, the kill-mid-burst check). */
export async function countDueEvents(db: DbOrTx, now: Date): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from zalo_events where pending and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()}::timestamptz)`)) as unknown as { rows: Array<{ n: number }> };
  return res.rows[0]?.n ?? 0;
}

/** Whether any pending event is due at `now`: one index probe, no transaction (the consumer's idle poll). */
export async function hasDueEvents(db: DbOrTx, now: Date): Promise<boolean> {
  const res = (await db.execute(sql`select 1 as x from zalo_events where pending and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()}::timestamptz) limit 1`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}
