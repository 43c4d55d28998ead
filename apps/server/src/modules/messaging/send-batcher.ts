import type { Config } from '../../config';
import type { Db, RawSql } from '../../db/client';
import { writeOutbox, OUTBOX_MAX_BATCH, type OutboxStats, type OutgoingMessage, type SendResult } from './outbox';
import { oncePerTurn } from './once-per-turn';

interface Pending {
  p: OutgoingMessage;
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
const DEFAULT_LANES = 2;

/**
 * Micro-batching of sends (ADR 0003): a thin collector in front of the outbox (ADR 0009). Tenants are
 * spread over the configured lanes; each lane hands the outbox one batch at a time, and sends arriving
 * meanwhile wait and go together in its next one (lanes never share a tenant, so concurrent batches
 * never wait on each other's wallet locks). The outbox writes a batch — also a batch of one, at low
 * load — as ONE prepared autocommit statement and answers each send on its own (402, replays,
 * mismatches exactly as if sent alone; a send whose input breaks the statement is isolated by
 * splitting: ARCHITECTURE rule 10, ADR 0006).
 */
export class SendBatcher {
  /** One queue per lane; a tenant always maps to the same lane, so batches never share a wallet. */
  private readonly lanes: Pending[][];
  private readonly busy: boolean[];
  /**
   * Batches written as one statement, batches rolled back and sent request by request, and failed
   * batches split in halves to isolate the send that broke them.
   */
  readonly stats: OutboxStats = { batched: 0, fellBack: 0, split: 0 };
  constructor(private readonly store: SendStore) {
    const count = store.config?.sendBatchLanes ?? DEFAULT_LANES;
    this.lanes = Array.from({ length: count }, () => []);
    this.busy = Array.from({ length: count }, () => false);
  }

  submit(p: OutgoingMessage): Promise<SendResult> {
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
    const batch = queue.splice(0, OUTBOX_MAX_BATCH);
    this.busy[lane] = true;
    void this.run(batch).finally(() => {
      this.busy[lane] = false;
      this.pump(lane);
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    const outcomes = await writeOutbox(this.store, batch.map((item) => item.p), { stats: this.stats }).catch((err: unknown) => batch.map(() => ({ ok: false as const, error: err })));
    batch.forEach((item, i) => {
      const o = outcomes[i];
      if (o?.ok) item.resolve(o.result);
      else item.reject(o ? o.error : new Error('no outbox answer'));
    });
  }
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
