import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageHistory, walletEntries, wallets } from '../../db/schema/index';
import { enqueueOne, historyValues, replay, type Prepared, type SendResult } from './send-queue';

interface Pending {
  p: Prepared;
  resolve(r: SendResult): void;
  reject(e: unknown): void;
}

/** Raised inside a batch transaction to roll it back and send each request alone. */
class FallBack extends Error {}

/**
 * Sends per batch, and lanes written at the same time (each holds one pooled connection). Two
 * lanes measured best on the 2-core host (1: 0.84×, 2: 0.72×, 4: 0.55×, 8: 0.41× the bare INSERT,
 * noisy host): fewer, larger transactions win while CPU is the limit; a second lane keeps one slow
 * batch (e.g. waiting on another process's wallet lock) from stalling every tenant.
 * SEND_BATCH_LANES overrides it for larger machines.
 */
const MAX_BATCH = 200;
const MAX_IN_FLIGHT = Math.max(1, Math.min(32, Number(process.env.SEND_BATCH_LANES) || 2));

/**
 * Micro-batching of sends (ADR 0003). Tenants are spread over MAX_IN_FLIGHT lanes; each lane
 * writes one batch at a time, and sends arriving meanwhile wait and go together in its next one
 * (lanes never share a tenant, so concurrent batches never wait on each other's wallet locks).
 * A batch is one transaction: one multi-row history insert, the batch's wallets locked once in id order, ONE wallet update
 * statement for all of them and one multi-row ledger insert. At low load a batch is a single send
 * (no added latency); under load a busy tenant's wallet row — the hot spot — is locked once per
 * batch instead of once per message, and round trips are shared by all sends of the batch.
 * Anything unusual (a short balance, a threshold crossing that must alert, a missing wallet, a
 * database error) rolls the batch back and sends each request alone through the ordinary path,
 * so per-request answers (402, replays, mismatches) stay exactly those of the unbatched path.
 */
export class SendBatcher {
  /** One queue per lane; a tenant always maps to the same lane, so batches never share a wallet. */
  private readonly lanes: Pending[][] = Array.from({ length: MAX_IN_FLIGHT }, () => []);
  private readonly busy: boolean[] = Array.from({ length: MAX_IN_FLIGHT }, () => false);
  constructor(private readonly db: Db) {}

  submit(p: Prepared): Promise<SendResult> {
    return new Promise<SendResult>((resolve, reject) => {
      const lane = laneOf(p.tenantId);
      this.lanes[lane]?.push({ p, resolve, reject });
      this.pump(lane);
    });
  }

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
    if (batch.length === 1) {
      const [one] = batch;
      if (one) await enqueueOne(this.db, one.p).then(one.resolve, one.reject);
      return;
    }
    let inserted: Map<Pending, string>;
    try {
      inserted = await this.writeBatch(batch);
    } catch {
      // Rolled back: nothing of the batch was written. Each request is answered on its own.
      await Promise.all(batch.map((item) => enqueueOne(this.db, item.p).then(item.resolve, item.reject)));
      return;
    }
    for (const item of batch) {
      const id = inserted.get(item);
      if (id) item.resolve({ id, trackingId: item.p.trackingId, status: 'PENDING', replayed: false });
      else await replay(this.db, item.p).then(item.resolve, item.reject);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<Map<Pending, string>> {
    // A stable order of unique-slot claims keeps concurrent batches from deadlocking.
    const ordered = [...batch].sort((a, b) => (a.p.apiKeyId + a.p.trackingId < b.p.apiKeyId + b.p.trackingId ? -1 : 1));
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(messageHistory)
        .values(ordered.map((i) => historyValues(i.p)))
        .onConflictDoNothing()
        .returning({ id: messageHistory.id, apiKeyId: messageHistory.apiKeyId, trackingId: messageHistory.trackingId, price: messageHistory.price, tenantId: messageHistory.tenantId });
      const byKey = new Map(rows.map((r) => [`${r.apiKeyId ?? ''}\u0000${r.trackingId ?? ''}`, r]));
      const result = new Map<Pending, string>();
      const taken = new Set<string>();
      const charged: Array<{ id: string; price: number; tenantId: string }> = [];
      for (const item of ordered) {
        const row = byKey.get(`${item.p.apiKeyId}\u0000${item.p.trackingId}`);
        // Two identical sends in one batch: the first takes the row, the second replays it after commit.
        if (!row || taken.has(row.id)) continue;
        taken.add(row.id);
        result.set(item, row.id);
        if (row.price > 0) charged.push({ id: row.id, price: row.price, tenantId: row.tenantId });
      }
      if (charged.length === 0) return result;
      const totals = new Map<string, number>();
      for (const c of charged) totals.set(c.tenantId, (totals.get(c.tenantId) ?? 0) + c.price);
      // Lock the batch's wallets in id order: concurrent batches queue instead of deadlocking.
      const locked = await tx.select().from(wallets).where(inArray(wallets.tenantId, [...totals.keys()])).orderBy(asc(wallets.id)).for('update');
      if (locked.length !== totals.size) throw new FallBack('a tenant has no wallet yet');
      const byTenant = new Map(locked.map((w) => [w.tenantId ?? '', w]));
      const updates: SQL[] = [];
      const running = new Map<string, number>();
      for (const w of locked) {
        const total = totals.get(w.tenantId ?? '') ?? 0;
        if (w.mode === 'POSTPAID') {
          updates.push(sql`(${w.id}::uuid, 0::bigint, ${total}::bigint)`);
          continue;
        }
        const after = w.balance - total;
        if (after < 0) throw new FallBack('batch total exceeds the balance');
        // The ledger core alerts once per threshold crossing; let it handle the crossing batch.
        if (w.threshold > 0 && after < w.threshold && !w.belowThreshold) throw new FallBack('threshold crossing');
        running.set(w.id, w.balance);
        updates.push(sql`(${w.id}::uuid, ${total}::bigint, 0::bigint)`);
      }
      await tx.execute(sql`
        update ${wallets} set balance = ${wallets.balance} - v.debit, postpaid_usage = ${wallets.postpaidUsage} + v.usage, updated_at = now()
        from (values ${sql.join(updates, sql`, `)}) as v(id, debit, usage) where ${wallets.id} = v.id`);
      const entries = [];
      for (const c of charged) {
        const w = byTenant.get(c.tenantId);
        if (!w || w.mode === 'POSTPAID') continue;
        const next = (running.get(w.id) ?? 0) - c.price;
        running.set(w.id, next);
        entries.push({ walletId: w.id, type: 'SUB', value: c.price, newBalance: next, reason: 'CHARGE', messageId: c.id, note: 'message charge' });
      }
      if (entries.length) await tx.insert(walletEntries).values(entries);
      return result;
    });
  }
}

/** A stable lane per tenant (FNV-1a of the id). */
function laneOf(tenantId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < tenantId.length; i += 1) h = Math.imul(h ^ tenantId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % MAX_IN_FLIGHT;
}

const batchers = new WeakMap<Db, SendBatcher>();

export function batcherFor(db: Db): SendBatcher {
  let b = batchers.get(db);
  if (!b) {
    b = new SendBatcher(db);
    batchers.set(db, b);
  }
  return b;
}
