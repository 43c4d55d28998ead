import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tenants } from '../../db/schema/organisation';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { emitEvent } from '../../platform/events';
import { AppError } from '../../platform/errors';

export type WalletRow = typeof wallets.$inferSelect;
export type EntryReason = 'TOPUP' | 'ADJUST' | 'CHARGE' | 'REFUND';

/** The tenant's wallet, created on first use (PREPAID, empty). */
export async function ensureTenantWallet(tx: DbOrTx, tenantId: string): Promise<WalletRow> {
  const [existing] = await tx.select().from(wallets).where(eq(wallets.tenantId, tenantId));
  if (existing) return existing;
  const [tenant] = await tx.select({ merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new AppError('NOT_FOUND');
  await tx.insert(wallets).values({ merchantId: tenant.merchantId, tenantId }).onConflictDoNothing();
  const [row] = await tx.select().from(wallets).where(eq(wallets.tenantId, tenantId));
  if (!row) throw new Error('wallet insert failed');
  return row;
}

/** The organisation's own wallet, created on first use. */
export async function ensureMerchantWallet(tx: DbOrTx, merchantId: string): Promise<WalletRow> {
  const find = () => tx.select().from(wallets).where(and(eq(wallets.merchantId, merchantId), isNull(wallets.tenantId)));
  const [existing] = await find();
  if (existing) return existing;
  await tx.insert(wallets).values({ merchantId }).onConflictDoNothing();
  const [row] = await find();
  if (!row) throw new Error('wallet insert failed');
  return row;
}

export interface EntryInput {
  walletId: string;
  type: 'ADD' | 'SUB';
  value: number;
  reason: EntryReason;
  messageId?: string | null;
  note?: string | null;
  createdBy?: string | null;
  /** SUB may not take a prepaid balance below zero (§5); charges answer 402 instead. */
  allowNegative?: boolean;
}

/**
 * Applies one ledger entry and moves the cached balance in the same statement order under the
 * wallet row lock. Returns null when the entry already exists for that message (idempotent
 * charge/refund). Announces a threshold crossing once per crossing.
 */
export async function applyEntry(tx: Tx, input: EntryInput): Promise<{ newBalance: number } | null> {
  if (!Number.isInteger(input.value) || input.value < 0) throw new Error('ledger values are whole, non-negative VND');
  const delta = input.type === 'ADD' ? input.value : -input.value;
  const [wallet] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${delta}`, updatedAt: new Date() })
    .where(input.allowNegative || delta >= 0 ? eq(wallets.id, input.walletId) : and(eq(wallets.id, input.walletId), sql`${wallets.balance} + ${delta} >= 0`))
    .returning();
  if (!wallet) throw new AppError('INSUFFICIENT_BALANCE');
  const inserted = await tx
    .insert(walletEntries)
    .values({
      walletId: input.walletId,
      type: input.type,
      value: input.value,
      newBalance: wallet.balance,
      reason: input.reason,
      messageId: input.messageId ?? null,
      note: input.note ?? null,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: walletEntries.id });
  if (inserted.length === 0) {
    // Already applied for this message: undo the balance move (same transaction) and report it.
    await tx.update(wallets).set({ balance: sql`${wallets.balance} - ${delta}` }).where(eq(wallets.id, input.walletId));
    return null;
  }
  await checkThreshold(tx, wallet);
  return { newBalance: wallet.balance };
}

/**
 * Records a prepaid balance crossing its threshold (either way) and announces it as
 * `wallet.threshold_crossed`; the alert to the receivers (in-app + mail, downward crossings only) is
 * a handler of that event (events/handlers.ts), run after commit. Exported so a settings change
 * (threshold, mode) without a ledger entry re-evaluates the crossing too.
 */
export async function checkThreshold(tx: Tx, wallet: WalletRow): Promise<void> {
  const below = wallet.mode === 'PREPAID' && wallet.threshold > 0 && wallet.balance < wallet.threshold;
  if (below === wallet.belowThreshold) return;
  await tx.update(wallets).set({ belowThreshold: below }).where(eq(wallets.id, wallet.id));
  await emitEvent(tx, {
    type: 'wallet.threshold_crossed',
    merchantId: wallet.merchantId,
    tenantId: wallet.tenantId,
    data: { walletId: wallet.id, balance: wallet.balance, threshold: wallet.threshold, below },
  });
}
