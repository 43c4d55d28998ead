import { createHash } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { MessageStatus, MessageType } from '@zc/shared/api/messaging';
import type { Db, DbOrTx, RawSql, Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { AppError } from '../../platform/errors';
import { chargeMessage, holdChargeSql, messageChargeSql } from '../wallets/service';

/**
 * The outbox (ARCHITECTURE rule 8, ADR 0009): the ONLY code that inserts into message_history. Given
 * prepared outgoing messages it charges (through the wallets module), records and enqueues them — the
 * insert IS the enqueue: the delivery worker claims PENDING rows — and answers each message on its own.
 */

export interface SendResult {
  id: string;
  trackingId: string;
  status: MessageStatus;
  /** True when an earlier identical request is answered again. */
  replayed: boolean;
}

/**
 * A validated, priced outgoing message ready to be written: ZNS by phone or OA by UID today; broadcasts
 * and campaigns add their kinds through `values` (the history columns of the kind) and pay from a
 * wallet hold through `holdId`.
 */
export interface OutgoingMessage {
  tenantId: string;
  /** The key the message is sent under (null: none, e.g. a key deleted since); scopes the unique slots. */
  apiKeyId: string | null;
  zaloOaId: string;
  module: 'ZNS' | 'OA';
  /** The (key, trackingId) unique slot: a second message with it is a replay (or a mismatch). */
  trackingId: string;
  idempotencyKey: string | null;
  /** Hash of the request's meaning: a replay must carry the same one, else IDEMPOTENCY_MISMATCH. */
  requestHash: string;
  /** The kind's own history columns (phone/template, uid/messageData, fallbackOf …). */
  values: Partial<typeof messageHistory.$inferInsert>;
  type: MessageType;
  /** Whole VND charged once the row is written (0: free). */
  price: number;
  /** Pay from this open wallet hold instead of the balance (campaigns). */
  holdId?: string | null;
}

/** @deprecated the former name; use OutgoingMessage. */
export type Prepared = OutgoingMessage;

/** One answer per message, in the order given: its row (new or replayed) or its own error. */
export type OutboxOutcome = { ok: true; result: SendResult } | { ok: false; error: unknown };

/**
 * Where the outbox writes:
 * - `{ tx }`: inside the caller's transaction (the fallback handler, campaigns). Every batch and every
 *   single write runs under its own savepoint, so one message's failure never undoes another's row or the
 *   caller's other work.
 * - `{ db, raw }`: autocommit (the public API's micro-batcher): a batch is ONE prepared statement, its own
 *   transaction, and a single message is its own transaction.
 */
export type OutboxTarget = { tx: Tx } | { db: Db; raw: RawSql };

/** Rows per batch statement. */
export const OUTBOX_MAX_BATCH = 200;

/** Counters of the batch path (the micro-batcher exposes them). */
export interface OutboxStats {
  batched: number;
  fellBack: number;
  split: number;
}

export interface OutboxOptions {
  /** Counters to add this call's batch statements to. */
  stats?: OutboxStats;
  /** false: every message alone through the ordinary path (SEND_BATCHING=off, measured by the bench). */
  batch?: boolean;
}

/**
 * Writes `messages` and answers each one, in batch statements of ≤ OUTBOX_MAX_BATCH rows: the history
 * rows, the wallet debits and the ledger entries (the wallets module's SQL fragment) in one statement;
 * messages paying from a hold are batched per hold (`holdChargeSql`: the hold's `used` and its
 * HOLD_CHARGE entries; a hold that cannot pay the whole batch sends each message alone). A batch
 * that breaks a wallet rule (SQLSTATE ZC001: short balance, threshold crossing to announce, no wallet)
 * is written message by message through `chargeMessage`, so 402 and the threshold event are exactly those
 * of a message sent alone; any other failure is split in halves until the message at fault stands alone
 * (ADR 0006): no message's input decides another's outcome.
 */
export async function writeOutbox(target: OutboxTarget, messages: readonly OutgoingMessage[], opts: OutboxOptions = {}): Promise<OutboxOutcome[]> {
  const out: OutboxOutcome[] = new Array<OutboxOutcome>(messages.length);
  const w = writerOf(target, opts.stats);
  // The balance-paid messages (key ''), then those of each hold, each group in its own statements.
  const groups = new Map<string, number[]>();
  for (let i = 0; i < messages.length; i += 1) {
    const m = messages[i] as OutgoingMessage;
    if (opts.batch === false) out[i] = await w.one(m);
    else groups.set(m.holdId ?? '', [...(groups.get(m.holdId ?? '') ?? []), i]);
  }
  for (const [holdId, group] of groups) {
    for (let at = 0; at < group.length; at += OUTBOX_MAX_BATCH) {
      const chunk = group.slice(at, at + OUTBOX_MAX_BATCH);
      const answers = await w.batch(
        chunk.map((i) => messages[i] as OutgoingMessage),
        holdId || null,
      );
      chunk.forEach((i, j) => {
        out[i] = answers[j] as OutboxOutcome;
      });
    }
  }
  return out;
}

/** The history row of a message; isDirectZalo: sent with the tenant's own OA credentials (always, today). */
function historyValues(p: OutgoingMessage): typeof messageHistory.$inferInsert {
  return {
    ...p.values,
    tenantId: p.tenantId,
    module: p.module,
    apiKeyId: p.apiKeyId,
    zaloOaId: p.zaloOaId,
    trackingId: p.trackingId,
    idempotencyKey: p.idempotencyKey,
    requestHash: p.requestHash,
    type: p.type,
    status: 'PENDING',
    price: p.price,
    isCharged: p.price > 0,
    isDirectZalo: true,
  };
}

const settle = <T>(promise: Promise<T>): Promise<{ ok: true; result: T } | { ok: false; error: unknown }> =>
  promise.then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );

function writerOf(target: OutboxTarget, stats?: OutboxStats) {
  const reader: DbOrTx = 'tx' in target ? target.tx : target.db;
  /** One message, alone: insert (taking the unique slots), charge, or replay what holds the slot. */
  const one = async (p: OutgoingMessage): Promise<OutboxOutcome> =>
    settle(
      (async () => {
        const run = (tx: Tx) => insertOne(tx, p);
        const inserted = 'tx' in target ? await target.tx.transaction(run) : await target.db.transaction(run);
        if (inserted) return { id: inserted, trackingId: p.trackingId, status: 'PENDING' as const, replayed: false };
        return replay(reader, p);
      })(),
    );
  const statement = async (rows: Array<typeof messageHistory.$inferInsert>, holdId: string | null): Promise<Array<{ id: string; k: string | null; t: string | null }>> => {
    const { statement: st, json } = batchStatement(rows, holdId !== null);
    const params: unknown[] = holdId === null ? [json] : [json, holdId];
    if ('tx' in target) {
      // The text's $1 / $2 become drizzle parameters (the savepoint runs through drizzle).
      const parts = st.text.split(/(\$[12])(?![0-9])/).map((part) => (part === '$1' ? sql`${params[0]}` : part === '$2' ? sql`${params[1]}` : sql.raw(part)));
      const res = (await target.tx.transaction((sp) => sp.execute(sql.join(parts)))) as unknown as { rows: Array<{ rows: unknown }> }; // both drivers answer { rows }
      return parsedJson(res.rows[0]?.rows ?? '[]');
    }
    const { rows: res } = await target.raw.query<{ rows: unknown }>(st.text, params, { name: st.name });
    return parsedJson(res[0]?.rows ?? '[]');
  };
  const batch = async (items: OutgoingMessage[], holdId: string | null = null): Promise<OutboxOutcome[]> => {
    // A stable order of unique-slot claims keeps concurrent batches from deadlocking.
    const order = items.map((_, i) => i).sort((a, b) => {
      const x = items[a] as OutgoingMessage;
      const y = items[b] as OutgoingMessage;
      const kx = `${x.apiKeyId ?? ''}${x.trackingId}`;
      const ky = `${y.apiKeyId ?? ''}${y.trackingId}`;
      return kx < ky ? -1 : kx > ky ? 1 : 0;
    });
    let written: Array<{ id: string; k: string | null; t: string | null }>;
    try {
      written = await statement(
        order.map((i) => historyValues(items[i] as OutgoingMessage)),
        holdId,
      );
      if (stats) stats.batched += 1;
    } catch (err) {
      // The statement aborted: nothing of the batch was written.
      if (items.length > 1 && !isPerMessagePrecondition(err)) {
        // Not a wallet rule but a statement some message's input broke (ADR 0006): halves are written
        // again one after the other, down to the single message at fault, which alone takes the error.
        if (stats) stats.split += 1;
        const half = Math.ceil(items.length / 2);
        return [...(await batch(items.slice(0, half), holdId)), ...(await batch(items.slice(half), holdId))];
      }
      // A wallet rule (zc_assert) or a single message: each alone, so it gets its own answer (402 …).
      if (stats) stats.fellBack += 1;
      if ('tx' in target) {
        // One transaction: its savepoints run one after the other.
        const answers: OutboxOutcome[] = [];
        for (const p of items) answers.push(await one(p));
        return answers;
      }
      return Promise.all(items.map(one));
    }
    const byKey = new Map(written.map((r) => [`${r.k ?? ''}\u0000${r.t ?? ''}`, r.id]));
    const taken = new Set<string>();
    const answers = new Array<OutboxOutcome>(items.length);
    for (const i of order) {
      const p = items[i] as OutgoingMessage;
      const id = byKey.get(`${p.apiKeyId ?? ''}\u0000${p.trackingId}`);
      // Two identical messages in one batch: the first takes the row, the second replays it afterwards.
      if (id && !taken.has(id)) {
        taken.add(id);
        answers[i] = { ok: true, result: { id, trackingId: p.trackingId, status: 'PENDING', replayed: false } };
      } else {
        answers[i] = await settle(replay(reader, p));
      }
    }
    return answers;
  };
  return { one, batch };
}

/**
 * The insert takes the (key, trackingId), (key, Idempotency-Key) and fallback_of unique slots first, so
 * of concurrent identical messages exactly one inserts and charges; the others wait on the index, find
 * the committed row and replay it. A failed charge (402) rolls the insert back: nothing is written.
 */
async function insertOne(tx: Tx, p: OutgoingMessage): Promise<string | null> {
  const [row] = await tx.insert(messageHistory).values(historyValues(p)).onConflictDoNothing().returning({ id: messageHistory.id });
  if (!row) return null;
  if (p.price > 0) await chargeMessage(tx, { tenantId: p.tenantId, messageId: row.id, price: p.price, holdId: p.holdId ?? null });
  return row.id;
}

/** The row holding this message's slot: the same request answers the same id, another one a mismatch. */
async function replay(db: DbOrTx, p: OutgoingMessage): Promise<SendResult> {
  const slots: SQL[] = [];
  if (p.apiKeyId) {
    const keySlots = [eq(messageHistory.trackingId, p.trackingId)];
    if (p.idempotencyKey) keySlots.push(eq(messageHistory.idempotencyKey, p.idempotencyKey));
    slots.push(and(eq(messageHistory.apiKeyId, p.apiKeyId), or(...keySlots)) as SQL);
  }
  if (p.values.fallbackOf) slots.push(eq(messageHistory.fallbackOf, p.values.fallbackOf));
  const rows = slots.length === 0 ? [] : await db.select({ id: messageHistory.id, trackingId: messageHistory.trackingId, requestHash: messageHistory.requestHash }).from(messageHistory).where(or(...slots));
  const first = rows[0];
  if (!first) {
    // The conflicting row vanished between the insert and this read (a tenant was deleted): a real conflict.
    throw new AppError('CONFLICT');
  }
  if (rows.length > 1 || first.requestHash !== p.requestHash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', undefined, { fields: [{ path: first.trackingId === p.trackingId ? 'trackingId' : 'idempotency-key', code: 'idempotency_mismatch', message: 'already used with a different request' }] });
  }
  // Same request: the same answer as the first time (the current status is in the history API).
  return { id: first.id, trackingId: p.trackingId, status: 'PENDING', replayed: true };
}

const historyColumns = getTableColumns(messageHistory);
type HistoryInsert = typeof messageHistory.$inferInsert;
const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const charges = messageChargeSql('ins');
const holdCharges = holdChargeSql('ins', '$2::uuid');

/**
 * A batch as ONE statement over ONE jsonb parameter (ADR 0003): insert the rows (taking the unique
 * slots; a conflicting row is a replay and is not charged), then the wallets module's charge of the rows
 * inserted (`messageChargeSql`, or `holdChargeSql` for a batch paid from one hold: debits, ledger entries, and `zc_assert` checks that abort the whole
 * statement with SQLSTATE ZC001 when a message must be charged alone). Hand-written because drizzle's
 * builder spent more CPU on a 200-row insert than PostgreSQL spent running it, and prepared once per
 * connection on the autocommit path (the name identifies the text, which depends only on the columns).
 */
function batchStatement(rows: HistoryInsert[], fromHold: boolean): { statement: { name: string; text: string }; json: string } {
  const keys = [...new Set(rows.flatMap((r) => (Object.keys(r) as Array<keyof HistoryInsert>).filter((k) => r[k] !== undefined)))].sort();
  const columns = keys.map((k) => historyColumns[k]);
  const json = JSON.stringify(rows.map((r, i) => Object.fromEntries([['ord', i], ...keys.map((k, j) => [columns[j]?.name, r[k] ?? null])])));
  const signature = `${fromHold ? 'hold:' : ''}${keys.join(',')}`;
  const pay = fromHold ? holdCharges : charges;
  let statement = statements.get(signature);
  if (!statement) {
    const definitions = columns.map((c) => `${quote(c.name)} ${c.getSQLType()}`).join(', ');
    const names = columns.map((c) => quote(c.name)).join(', ');
    const text = `
      with input as (select * from jsonb_to_recordset($1::jsonb) as x(ord int, ${definitions})),
      ins as (
        insert into ${quote(getTableName(messageHistory))} (${names}) select ${names} from input order by ord
        on conflict do nothing
        returning id, tenant_id, api_key_id, tracking_id, price)${pay.ctes}
      select ${pay.checks},
             (select coalesce(json_agg(json_build_object('id', id, 'k', api_key_id, 't', tracking_id)), '[]'::json) from ins) as rows`;
    statement = { name: `zc_send_batch_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text };
    statements.set(signature, statement);
  }
  return { statement, json };
}

const statements = new Map<string, { name: string; text: string }>();

/** json columns arrive parsed from node-postgres and PGlite; a string is parsed here just in case. */
function parsedJson<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T; // json_agg built in the statement above
}

/**
 * The batch statement's own aborts (zc_assert, SQLSTATE ZC001: a short balance, a threshold to announce,
 * a missing wallet) are rules each message must meet alone; any other failure is a fault of some
 * message's input and is isolated by splitting.
 */
function isPerMessagePrecondition(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === 'ZC001') return true;
  }
  return false;
}
