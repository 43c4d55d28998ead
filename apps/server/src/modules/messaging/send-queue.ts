import { and, eq, or, sql } from 'drizzle-orm';
import type { MessageStatus, MessageType } from '@zc/shared/api/messaging';
import type { Db, Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { wallets } from '../../db/schema/wallets';
import { AppError } from '../../platform/errors';
import { applyEntry, ensureTenantWallet } from '../wallets/service';

export interface SendResult {
  id: string;
  trackingId: string;
  status: MessageStatus;
  /** True when an earlier identical request is answered again. */
  replayed: boolean;
}

/** A validated, priced send ready to be written. */
export interface Prepared {
  tenantId: string;
  apiKeyId: string;
  zaloOaId: string;
  module: 'ZNS' | 'OA';
  trackingId: string;
  idempotencyKey: string | null;
  requestHash: string;
  values: Partial<typeof messageHistory.$inferInsert>;
  type: MessageType;
  price: number;
}


/** The history row of a send; isDirectZalo: sent with the tenant's own OA credentials (always, today). */
export function historyValues(p: Prepared): typeof messageHistory.$inferInsert {
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

/**
 * The insert IS the enqueue. The history row takes the (key, trackingId) and (key,
 * Idempotency-Key) unique slots first, so of concurrent identical requests exactly one inserts
 * and charges; the others wait on the index, find the committed row and replay it. A failed
 * charge (402) rolls the insert back: nothing is written.
 */
export async function enqueueOne(db: Db, p: Prepared): Promise<SendResult> {
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messageHistory)
      .values(historyValues(p))
      .onConflictDoNothing()
      .returning({ id: messageHistory.id });
    if (!row) return null;
    if (p.price > 0) await charge(tx, p.tenantId, row.id, p.price);
    return row;
  });
  if (inserted) return { id: inserted.id, trackingId: p.trackingId, status: 'PENDING', replayed: false };
  return replay(db, p);
}

/** Prepaid: a ledger CHARGE for the message (402 when short). Postpaid: accumulate usage. */
export async function charge(tx: Tx, tenantId: string, messageId: string, price: number): Promise<void> {
  const wallet = await ensureTenantWallet(tx, tenantId);
  if (wallet.mode === 'POSTPAID') {
    await tx.update(wallets).set({ postpaidUsage: sql`${wallets.postpaidUsage} + ${price}`, updatedAt: new Date() }).where(eq(wallets.id, wallet.id));
    return;
  }
  await applyEntry(tx, { walletId: wallet.id, type: 'SUB', value: price, reason: 'CHARGE', messageId, note: 'message charge' });
}

export async function replay(db: Db, p: Prepared): Promise<SendResult> {
  const slots = [eq(messageHistory.trackingId, p.trackingId)];
  if (p.idempotencyKey) slots.push(eq(messageHistory.idempotencyKey, p.idempotencyKey));
  const rows = await db
    .select({ id: messageHistory.id, trackingId: messageHistory.trackingId, requestHash: messageHistory.requestHash })
    .from(messageHistory)
    .where(and(eq(messageHistory.apiKeyId, p.apiKeyId), or(...slots)));
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
