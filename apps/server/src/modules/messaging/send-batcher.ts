import { createHash } from 'node:crypto';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, RawSql } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { enqueueOne, historyValues, replay, type Prepared, type SendResult } from './send-queue';
import { oncePerTurn } from './once-per-turn';

interface Pending {
  p: Prepared;
  resolve(r: SendResult): void;
  reject(e: unknown): void;
}

/**
 * What the send path needs: drizzle for the ordinary path, raw prepared statements for the batch,
 * and the batching settings (config.ts; defaults: batching on, 2 lanes).
 */
export interface SendStore {
  db: Db;
  raw: RawSql;
  config?: Pick<Config, 'sendBatching' | 'sendBatchLanes'>;
}

/**
 * Sends per batch, and lanes written at the same time (each holds one pooled connection). Two
 * lanes measured best on the 2-core host (p99 at half of peak, open loop: 1 lane 22–25 ms, 2 lanes
 * 15–19 ms, 3 lanes 34–35 ms): fewer, larger statements win while CPU is the limit; a second lane
 * keeps one slow batch (e.g. waiting on another process's wallet lock) from stalling every tenant.
 * SEND_BATCH_LANES (config.sendBatchLanes) overrides it for larger machines.
 */
const MAX_BATCH = 200;
const DEFAULT_LANES = 2;

/**
 * Micro-batching of sends (ADR 0003). Tenants are spread over the configured lanes; each lane
 * writes one batch at a time, and sends arriving meanwhile wait and go together in its next one
 * (lanes never share a tenant, so concurrent batches never wait on each other's wallet locks).
 * A batch — also a batch of one, at low load — is ONE prepared autocommit statement
 * (`batchStatement`): the history rows, the wallet debits and the ledger entries. Under load a busy
 * tenant's wallet row, the hot spot, is updated once per batch instead of once per message, and a
 * round trip is shared by all sends of the batch. Anything unusual (a short balance, a threshold
 * crossing that must alert, a missing wallet) aborts the statement — nothing of the batch is
 * written — and each request is sent alone through the ordinary path (`enqueueOne`), so
 * per-request answers (402, replays, mismatches) stay exactly those of the unbatched path. Any other
 * failure of the statement is split in halves until the one send at fault stands alone: no send's
 * input decides another's outcome (ARCHITECTURE rule 10, ADR 0006).
 */
export class SendBatcher {
  /** One queue per lane; a tenant always maps to the same lane, so batches never share a wallet. */
  private readonly lanes: Pending[][];
  private readonly busy: boolean[];
  /**
   * Batches written as one statement, batches rolled back and sent request by request, and failed
   * batches split in halves to isolate the send that broke them.
   */
  readonly stats = { batched: 0, fellBack: 0, split: 0 };
  constructor(private readonly store: SendStore) {
    const count = store.config?.sendBatchLanes ?? DEFAULT_LANES;
    this.lanes = Array.from({ length: count }, () => []);
    this.busy = Array.from({ length: count }, () => false);
  }

  submit(p: Prepared): Promise<SendResult> {
    return new Promise<SendResult>((resolve, reject) => {
      this.lanes[laneOf(p.tenantId, this.lanes.length)]?.push({ p, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Idle lanes start writing one event-loop turn after an arrival, so the sends of every request
   * already read go into one batch. Without it an idle lane wrote each arrival alone; on PGlite (one
   * engine, in process at the time) batches never grew.
   */
  private readonly schedule = oncePerTurn(() => {
    for (let lane = 0; lane < this.lanes.length; lane += 1) this.pump(lane);
  });

  private pump(lane: number): void {
    const queue = this.lanes[lane];
    if (!queue || this.busy[lane] || queue.length === 0) return;
    const batch = queue.splice(0, MAX_BATCH);
    this.busy[lane] = true;
    void this.run(batch).finally(() => {
      this.busy[lane] = false;
      this.pump(lane);
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    let inserted: Map<Pending, string>;
    try {
      inserted = await this.writeBatch(batch);
      this.stats.batched += 1;
    } catch (err) {
      // The statement aborted: nothing of the batch was written.
      if (batch.length > 1 && !isPerRequestPrecondition(err)) {
        // Not a wallet rule but a statement some send's input broke (ADR 0006): halves are written
        // again one after the other, down to the single send at fault, which alone takes the error;
        // the others keep the batched path and the answer they would have had alone.
        this.stats.split += 1;
        const half = Math.ceil(batch.length / 2);
        await this.run(batch.slice(0, half));
        await this.run(batch.slice(half));
        return;
      }
      // A wallet rule (zc_assert) or a single send: each request alone through the ordinary path.
      this.stats.fellBack += 1;
      await Promise.all(batch.map((item) => enqueueOne(this.store.db, item.p).then(item.resolve, item.reject)));
      return;
    }
    for (const item of batch) {
      const id = inserted.get(item);
      if (id) item.resolve({ id, trackingId: item.p.trackingId, status: 'PENDING', replayed: false });
      else await replay(this.store.db, item.p).then(item.resolve, item.reject);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<Map<Pending, string>> {
    // A stable order of unique-slot claims keeps concurrent batches from deadlocking.
    const ordered = [...batch].sort((a, b) => (a.p.apiKeyId + a.p.trackingId < b.p.apiKeyId + b.p.trackingId ? -1 : 1));
    const { statement, json } = batchStatement(ordered.map((i) => historyValues(i.p)));
    const { rows } = await this.store.raw.query<{ rows: unknown }>(statement.text, [json], { name: statement.name });
    const byKey = new Map(parsedJson<Array<{ id: string; k: string | null; t: string | null }>>(rows[0]?.rows ?? '[]').map((r) => [`${r.k ?? ''}\u0000${r.t ?? ''}`, r.id]));
    const inserted = new Map<Pending, string>();
    const taken = new Set<string>();
    for (const item of ordered) {
      const id = byKey.get(`${item.p.apiKeyId}\u0000${item.p.trackingId}`);
      // Two identical sends in one batch: the first takes the row, the second replays it afterwards.
      if (!id || taken.has(id)) continue;
      taken.add(id);
      inserted.set(item, id);
    }
    return inserted;
  }
}

const historyColumns = getTableColumns(messageHistory);
type HistoryInsert = typeof messageHistory.$inferInsert;
const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * The batch as ONE autocommit statement over ONE jsonb parameter (ADR 0003): insert the rows (taking
 * the unique slots; a conflicting row is a replay and is not charged), total the charges per tenant,
 * debit prepaid wallets / grow postpaid usage, write one ledger CHARGE per charged row with its
 * running new_balance — and abort the whole statement through `zc_assert` (SQLSTATE ZC001) when a
 * tenant has no wallet, a prepaid balance would go negative or a threshold is crossed (the ledger
 * core must alert once), so that the batch is sent request by request instead. Hand-written because
 * drizzle's builder spent more CPU on a 200-row insert than PostgreSQL spent running it, and
 * prepared once per connection (the name identifies the text, which depends only on the columns).
 */
function batchStatement(rows: HistoryInsert[]): { statement: { name: string; text: string }; json: string } {
  const keys = [...new Set(rows.flatMap((r) => (Object.keys(r) as Array<keyof HistoryInsert>).filter((k) => r[k] !== undefined)))].sort();
  const columns = keys.map((k) => historyColumns[k]);
  const json = JSON.stringify(rows.map((r, i) => Object.fromEntries([['ord', i], ...keys.map((k, j) => [columns[j]?.name, r[k] ?? null])])));
  const signature = keys.join(',');
  let statement = statements.get(signature);
  if (!statement) {
    const definitions = columns.map((c) => `${quote(c.name)} ${c.getSQLType()}`).join(', ');
    const names = columns.map((c) => quote(c.name)).join(', ');
    const text = `
      with input as (select * from jsonb_to_recordset($1::jsonb) as x(ord int, ${definitions})),
      ins as (
        insert into ${quote(getTableName(messageHistory))} (${names}) select ${names} from input order by ord
        on conflict do nothing
        returning id, tenant_id, api_key_id, tracking_id, price),
      tot as (select tenant_id, sum(price)::bigint as total from ins where price > 0 group by tenant_id),
      upd as (
        update ${quote(getTableName(wallets))} w set
          balance = case when w.mode = 'POSTPAID' then w.balance else w.balance - tot.total end,
          postpaid_usage = case when w.mode = 'POSTPAID' then w.postpaid_usage + tot.total else w.postpaid_usage end,
          updated_at = now()
        from tot where w.tenant_id = tot.tenant_id
        returning w.id, w.tenant_id, w.mode, w.balance, w.threshold, w.below_threshold, tot.total),
      led as (
        insert into ${quote(getTableName(walletEntries))} (wallet_id, type, value, new_balance, reason, message_id, note)
        select u.id, 'SUB', i.price,
               u.balance + u.total - sum(i.price) over (partition by i.tenant_id order by i.api_key_id, i.tracking_id rows unbounded preceding),
               'CHARGE', i.id, 'message charge'
        from ins i join upd u on u.tenant_id = i.tenant_id
        where u.mode <> 'POSTPAID' and i.price > 0)
      select zc_assert((select count(*) from upd) = (select count(*) from tot), 'send batch: a tenant has no wallet') as wallets_found,
             zc_assert(not exists (select 1 from upd where mode <> 'POSTPAID' and (balance < 0 or (threshold > 0 and balance < threshold and not below_threshold))),
                       'send batch: a prepaid balance would go short or cross its threshold') as balances_ok,
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
 * The batch statement's own aborts (zc_assert, SQLSTATE ZC001: a short balance, a threshold to
 * alert, a missing wallet) are rules each request must meet alone; any other failure is a fault of
 * some item's input and is isolated by splitting.
 */
function isPerRequestPrecondition(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ZC001';
}

/** A stable lane per tenant (FNV-1a of the id). */
function laneOf(tenantId: string, lanes: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < tenantId.length; i += 1) h = Math.imul(h ^ tenantId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % lanes;
}

const batchers = new WeakMap<RawSql, SendBatcher>();

export function batcherFor(store: SendStore): SendBatcher {
  let b = batchers.get(store.raw);
  if (!b) {
    b = new SendBatcher(store);
    batchers.set(store.raw, b);
  }
  return b;
}
