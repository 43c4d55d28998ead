import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageHistory, walletEntries, wallets } from '../../db/schema/index';
import { ensureTenantWallet } from '../wallets/ledger';
import { enqueueOne, historyValues, replay, type Prepared, type SendResult } from './send-queue';

interface Pending {
  p: Prepared;
  resolve(r: SendResult): void;
  reject(e: unknown): void;
}

/** Raised inside a batch transaction to roll it back and send each request alone. */
class FallBack extends Error {}

const MAX_BATCH = 200;

/**
 * Per-tenant micro-batching of sends (ADR 0003). At most one batch per tenant is in flight; sends
 * arriving meanwhile wait and go together in the next one: one transaction with one multi-row
 * history insert, ONE wallet update for the batch total and one multi-row ledger insert. At low
 * load a batch is a single send (no added latency); under load the wallet row — the hot spot of a
 * busy tenant — is locked once per batch instead of once per message. Anything unusual (a short
 * balance, a threshold crossing that must alert, a database error) rolls the batch back and sends
 * each request alone through the ordinary path, so per-request answers (402, replays, mismatches)
 * stay exactly those of the unbatched path.
 */
export class SendBatcher {
  private readonly queues = new Map<string, Pending[]>();
  private readonly busy = new Set<string>();
  constructor(private readonly db: Db) {}

  submit(p: Prepared): Promise<SendResult> {
    return new Promise<SendResult>((resolve, reject) => {
      const q = this.queues.get(p.tenantId);
      if (q) q.push({ p, resolve, reject });
      else this.queues.set(p.tenantId, [{ p, resolve, reject }]);
      if (!this.busy.has(p.tenantId)) void this.drain(p.tenantId);
    });
  }

  private async drain(tenantId: string): Promise<void> {
    this.busy.add(tenantId);
    try {
      for (;;) {
        const q = this.queues.get(tenantId);
        if (!q || q.length === 0) break;
        const batch = q.splice(0, MAX_BATCH);
        if (q.length === 0) this.queues.delete(tenantId);
        await this.run(batch);
      }
    } finally {
      this.busy.delete(tenantId);
      // A send that arrived between the last check and now still needs a drain.
      if (this.queues.get(tenantId)?.length) void this.drain(tenantId);
    }
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
      for (const item of batch) await enqueueOne(this.db, item.p).then(item.resolve, item.reject);
      return;
    }
    for (const item of batch) {
      const id = inserted.get(item);
      if (id) item.resolve({ id, trackingId: item.p.trackingId, status: 'PENDING', replayed: false });
      else await replay(this.db, item.p).then(item.resolve, item.reject);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<Map<Pending, string>> {
    // A stable order of unique-slot claims keeps two processes' batches from deadlocking.
    const ordered = [...batch].sort((a, b) => (a.p.apiKeyId + a.p.trackingId < b.p.apiKeyId + b.p.trackingId ? -1 : 1));
    const tenantId = ordered[0]?.p.tenantId ?? '';
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(messageHistory)
        .values(ordered.map((i) => historyValues(i.p)))
        .onConflictDoNothing()
        .returning({ id: messageHistory.id, apiKeyId: messageHistory.apiKeyId, trackingId: messageHistory.trackingId, price: messageHistory.price });
      const byKey = new Map(rows.map((r) => [`${r.apiKeyId ?? ''}\u0000${r.trackingId ?? ''}`, r]));
      const result = new Map<Pending, string>();
      const charged: Array<{ id: string; price: number }> = [];
      for (const item of ordered) {
        const k = `${item.p.apiKeyId}\u0000${item.p.trackingId}`;
        const row = byKey.get(k);
        // Two identical sends in one batch: the first takes the row, the second replays it after commit.
        if (!row || [...result.values()].includes(row.id)) continue;
        result.set(item, row.id);
        if (row.price > 0) charged.push({ id: row.id, price: row.price });
      }
      const total = charged.reduce((s, c) => s + c.price, 0);
      if (total === 0) return result;
      const wallet = await ensureTenantWallet(tx, tenantId);
      if (wallet.mode === 'POSTPAID') {
        await tx.update(wallets).set({ postpaidUsage: sql`${wallets.postpaidUsage} + ${total}`, updatedAt: new Date() }).where(eq(wallets.id, wallet.id));
        return result;
      }
      const [after] = await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} - ${total}`, updatedAt: new Date() })
        .where(and(eq(wallets.id, wallet.id), sql`${wallets.balance} >= ${total}`))
        .returning();
      if (!after) throw new FallBack('batch total exceeds the balance');
      // The ledger core alerts once per threshold crossing; let it handle the crossing batch.
      const crosses = after.threshold > 0 && after.balance < after.threshold && !after.belowThreshold;
      if (crosses) throw new FallBack('threshold crossing');
      let running = after.balance + total;
      await tx.insert(walletEntries).values(
        charged.map((c) => {
          running -= c.price;
          return { walletId: wallet.id, type: 'SUB', value: c.price, newBalance: running, reason: 'CHARGE', messageId: c.id, note: 'message charge' };
        }),
      );
      return result;
    });
  }
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
