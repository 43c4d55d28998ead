import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { WalletEntryReason } from '@zc/shared/api/wallet';
import type { DbOrTx, Tx } from '../../db/client';
import { tenants } from '../../db/schema/organisation';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';
import { emitEvent } from '../../platform/events';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql';

/**
 * The ledger core (ADR 0010): the ONLY code that writes `wallets` balances and usage, `wallet_entries` and
 * `wallet_holds` (scripts/check-writers.mjs fails CI otherwise). Internal to the wallets module: other
 * modules call service.ts. Every write locks the wallet row first (then a hold), so all movements of one
 * wallet are serialised in one order and never deadlock with each other.
 */

export type WalletRow = typeof wallets.$inferSelect;
export type HoldRow = typeof walletHolds.$inferSelect;
export type EntryReason = WalletEntryReason;
/** Reasons that move the balance and may be written by `applyEntry`. */
export type BalanceReason = Extract<EntryReason, 'TOPUP' | 'ADJUST' | 'CHARGE' | 'REFUND' | 'HOLD' | 'RELEASE'>;

const CHARGE_REASONS = ['CHARGE', 'USAGE', 'HOLD_CHARGE'] as const;
const REFUND_REASONS = ['REFUND', 'USAGE_REFUND', 'HOLD_REFUND'] as const;

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
  reason: BalanceReason;
  messageId?: string | null;
  holdId?: string | null;
  note?: string | null;
  createdBy?: string | null;
  /** SUB may not take a prepaid balance below zero (§5); charges answer 402 instead. */
  allowNegative?: boolean;
}

function assertAmount(value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new Error('ledger values are whole, non-negative VND');
}

/**
 * Applies one balance entry and moves the cached balance in the same statement order under the
 * wallet row lock. Returns null when the entry already exists for that message (idempotent
 * charge/refund). Announces a threshold crossing once per crossing.
 */
export async function applyEntry(tx: Tx, input: EntryInput): Promise<{ newBalance: number } | null> {
  assertAmount(input.value);
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
      holdId: input.holdId ?? null,
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

/** Locks a wallet row (a no-op update) and returns it; null when there is none. */
async function lockWallet(tx: Tx, where: SQL | undefined): Promise<WalletRow | null> {
  const [row] = await tx.update(wallets).set({ updatedAt: new Date() }).where(where).returning();
  return row ?? null;
}


interface NewEntry {
  walletId: string;
  type: 'ADD' | 'SUB';
  value: number;
  newBalance: number;
  reason: EntryReason;
  messageId: string;
  holdId: string | null;
  note: string;
}

/**
 * Inserts a message's entry unless the message already has one of the same family (a charge of any
 * kind, or a refund of any kind): one charge and one refund per message across kinds, not only per
 * reason (the unique index). Runs after the wallet lock, so the check sees every committed entry.
 */
async function insertMessageEntry(tx: Tx, e: NewEntry, family: readonly EntryReason[]): Promise<boolean> {
  const familyList = sql.join(family.map((r) => sql`${r}`), sql`, `);
  const result = await tx.execute(sql`
    insert into ${walletEntries} (wallet_id, type, value, new_balance, reason, message_id, hold_id, note)
    select ${e.walletId}, ${e.type}, ${e.value}, ${e.newBalance}, ${e.reason}, ${e.messageId}, ${e.holdId}, ${e.note}
    where not exists (select 1 from ${walletEntries} where message_id = ${e.messageId} and reason in (${familyList}))
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

export interface ChargeInput {
  tenantId: string;
  messageId: string;
  /** Whole VND, ≥ 0; 0 writes nothing. */
  price: number;
  /** Pay from this open hold of the tenant's wallet instead of the balance. */
  holdId?: string | null;
}

export interface ChargeResult {
  /** False: price 0, or the message was already charged (nothing written). */
  charged: boolean;
  reason: 'CHARGE' | 'USAGE' | 'HOLD_CHARGE' | null;
  /** The wallet's balance after the charge (unchanged by USAGE and HOLD_CHARGE). */
  newBalance: number | null;
}

export async function chargeMessage(tx: Tx, input: ChargeInput): Promise<ChargeResult> {
  assertAmount(input.price);
  if (input.price === 0) return { charged: false, reason: null, newBalance: null };
  if (input.holdId) return chargeFromHold(tx, input, input.holdId);
  const price = input.price;
  const debit = () =>
    tx
      .update(wallets)
      .set({
        balance: sql`case when ${wallets.mode} = 'POSTPAID' then ${wallets.balance} else ${wallets.balance} - ${price} end`,
        postpaidUsage: sql`case when ${wallets.mode} = 'POSTPAID' then ${wallets.postpaidUsage} + ${price} else ${wallets.postpaidUsage} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(wallets.tenantId, input.tenantId), sql`(${wallets.mode} = 'POSTPAID' or ${wallets.balance} >= ${price})`))
      .returning();
  let [wallet] = await debit();
  if (!wallet) {
    // No wallet yet (created empty and prepaid, so still short), or a prepaid balance that is short.
    await ensureTenantWallet(tx, input.tenantId);
    [wallet] = await debit();
    if (!wallet) throw new AppError('INSUFFICIENT_BALANCE');
  }
  const postpaid = wallet.mode === 'POSTPAID';
  const reason = postpaid ? 'USAGE' : 'CHARGE';
  const inserted = await insertMessageEntry(
    tx,
    { walletId: wallet.id, type: 'SUB', value: price, newBalance: wallet.balance, reason, messageId: input.messageId, holdId: null, note: 'message charge' },
    CHARGE_REASONS,
  );
  if (!inserted) {
    await tx
      .update(wallets)
      .set(postpaid ? { postpaidUsage: sql`${wallets.postpaidUsage} - ${price}` } : { balance: sql`${wallets.balance} + ${price}` })
      .where(eq(wallets.id, wallet.id));
    return { charged: false, reason: null, newBalance: null };
  }
  if (!postpaid) await checkThreshold(tx, wallet);
  return { charged: true, reason, newBalance: wallet.balance };
}

async function chargeFromHold(tx: Tx, input: ChargeInput, holdId: string): Promise<ChargeResult> {
  const wallet = await lockWallet(tx, eq(wallets.tenantId, input.tenantId));
  if (!wallet) throw new AppError('NOT_FOUND');
  const price = input.price;
  const [hold] = await tx
    .update(walletHolds)
    .set({ used: sql`${walletHolds.used} + ${price}` })
    .where(and(eq(walletHolds.id, holdId), eq(walletHolds.walletId, wallet.id), eq(walletHolds.status, 'OPEN'), sql`${walletHolds.used} + ${price} <= ${walletHolds.amount}`))
    .returning();
  if (!hold) {
    const [known] = await tx.select({ id: walletHolds.id }).from(walletHolds).where(and(eq(walletHolds.id, holdId), eq(walletHolds.walletId, wallet.id)));
    // A hold of another wallet is not this tenant's; a closed or exhausted one cannot pay.
    throw new AppError(known ? 'INSUFFICIENT_BALANCE' : 'NOT_FOUND');
  }
  const inserted = await insertMessageEntry(
    tx,
    { walletId: wallet.id, type: 'SUB', value: price, newBalance: wallet.balance, reason: 'HOLD_CHARGE', messageId: input.messageId, holdId, note: 'message charge (hold)' },
    CHARGE_REASONS,
  );
  if (!inserted) {
    await tx.update(walletHolds).set({ used: sql`${walletHolds.used} - ${price}` }).where(eq(walletHolds.id, holdId));
    return { charged: false, reason: null, newBalance: null };
  }
  return { charged: true, reason: 'HOLD_CHARGE', newBalance: wallet.balance };
}

export interface RefundResult {
  /** False: the message was never charged, or was refunded already. */
  refunded: boolean;
  reason: 'REFUND' | 'USAGE_REFUND' | 'HOLD_REFUND' | null;
  value: number;
}

/**
 * Gives back exactly what the message was charged, once: a CHARGE to the balance (REFUND), USAGE off the
 * postpaid usage (USAGE_REFUND), a HOLD_CHARGE into its hold while it is open (HOLD_REFUND) or to the
 * balance once it is closed (REFUND, with the hold named). The mode or hold state at charge time decides,
 * not the wallet's mode now.
 */
export async function refundMessage(tx: Tx, input: { tenantId: string; messageId: string; note?: string }): Promise<RefundResult> {
  const none: RefundResult = { refunded: false, reason: null, value: 0 };
  const wallet = await lockWallet(tx, eq(wallets.tenantId, input.tenantId));
  if (!wallet) return none;
  const entries = await tx
    .select({ reason: walletEntries.reason, value: walletEntries.value, holdId: walletEntries.holdId })
    .from(walletEntries)
    .where(and(eq(walletEntries.messageId, input.messageId), eq(walletEntries.walletId, wallet.id)));
  const isIn = (list: readonly string[]) => (e: { reason: string }) => list.includes(e.reason);
  const charge = entries.find(isIn(CHARGE_REASONS));
  if (!charge || charge.value === 0 || entries.some(isIn(REFUND_REASONS))) return none;
  const note = input.note ?? 'message refund';
  const entry = (reason: EntryReason, newBalance: number, holdId: string | null): NewEntry => ({
    walletId: wallet.id,
    type: 'ADD',
    value: charge.value,
    newBalance,
    reason,
    messageId: input.messageId,
    holdId,
    note,
  });
  if (charge.reason === 'USAGE') {
    const [after] = await tx.update(wallets).set({ postpaidUsage: sql`${wallets.postpaidUsage} - ${charge.value}` }).where(eq(wallets.id, wallet.id)).returning();
    if (!after) return none;
    await insertMessageEntry(tx, entry('USAGE_REFUND', after.balance, null), REFUND_REASONS);
    return { refunded: true, reason: 'USAGE_REFUND', value: charge.value };
  }
  if (charge.reason === 'HOLD_CHARGE' && charge.holdId) {
    const [hold] = await tx
      .update(walletHolds)
      .set({ used: sql`${walletHolds.used} - ${charge.value}` })
      .where(and(eq(walletHolds.id, charge.holdId), eq(walletHolds.status, 'OPEN')))
      .returning({ id: walletHolds.id });
    if (hold) {
      await insertMessageEntry(tx, entry('HOLD_REFUND', wallet.balance, charge.holdId), REFUND_REASONS);
      return { refunded: true, reason: 'HOLD_REFUND', value: charge.value };
    }
  }
  // A prepaid CHARGE, or a hold charge whose hold has closed (its RELEASE kept what was used): the balance.
  const [after] = await tx.update(wallets).set({ balance: sql`${wallets.balance} + ${charge.value}` }).where(eq(wallets.id, wallet.id)).returning();
  if (!after) return none;
  await insertMessageEntry(tx, entry('REFUND', after.balance, charge.holdId), REFUND_REASONS);
  await checkThreshold(tx, after);
  return { refunded: true, reason: 'REFUND', value: charge.value };
}

/**
 * `refundMessage` for many messages of one tenant at once (a campaign cancel takes back everything it
 * queued): the same entries with the same values and the same rules per message (once per message; the
 * charge's kind and its hold's state decide where the money goes), written in a few statements instead
 * of five per message. Under the wallet lock, so the refunds already written are all visible. Returns
 * how many messages were refunded and the total given back.
 */
export async function refundMessages(tx: Tx, input: { tenantId: string; messageIds: readonly string[]; note?: string }): Promise<{ refunded: number; value: number }> {
  const ids = [...new Set(input.messageIds)];
  if (ids.length === 0) return { refunded: 0, value: 0 };
  const wallet = await lockWallet(tx, eq(wallets.tenantId, input.tenantId));
  if (!wallet) return { refunded: 0, value: 0 };
  const entries: Array<{ messageId: string | null; reason: EntryReason; value: number; holdId: string | null }> = [];
  for (let at = 0; at < ids.length; at += 1000) {
    entries.push(
      ...(await tx
        .select({ messageId: walletEntries.messageId, reason: walletEntries.reason, value: walletEntries.value, holdId: walletEntries.holdId })
        .from(walletEntries)
        .where(and(eq(walletEntries.walletId, wallet.id), inArray(walletEntries.messageId, ids.slice(at, at + 1000))))),
    );
  }
  const refundedAlready = new Set(entries.filter((e) => (REFUND_REASONS as readonly string[]).includes(e.reason)).map((e) => e.messageId));
  const chargeOf = new Map(entries.filter((e) => (CHARGE_REASONS as readonly string[]).includes(e.reason) && e.value > 0 && !refundedAlready.has(e.messageId)).map((e) => [e.messageId, e]));
  // In the order asked, as refundMessage called once per message would write them.
  const charges = ids.flatMap((id) => chargeOf.get(id) ?? []);
  if (charges.length === 0) return { refunded: 0, value: 0 };
  const sum = (list: typeof charges) => list.reduce((total, c) => total + c.value, 0);
  // Hold charges go back into their hold while it is open, else to the balance (its RELEASE kept what was used).
  const openHolds = new Set<string>();
  for (const holdId of new Set(charges.flatMap((c) => (c.reason === 'HOLD_CHARGE' && c.holdId ? [c.holdId] : [])))) {
    const [open] = await tx
      .update(walletHolds)
      .set({ used: sql`${walletHolds.used} - ${sum(charges.filter((c) => c.reason === 'HOLD_CHARGE' && c.holdId === holdId))}` })
      .where(and(eq(walletHolds.id, holdId), eq(walletHolds.walletId, wallet.id), eq(walletHolds.status, 'OPEN')))
      .returning({ id: walletHolds.id });
    if (open) openHolds.add(holdId);
  }
  const usage = charges.filter((c) => c.reason === 'USAGE');
  if (usage.length > 0) await tx.update(wallets).set({ postpaidUsage: sql`${wallets.postpaidUsage} - ${sum(usage)}` }).where(eq(wallets.id, wallet.id));
  const note = input.note ?? 'message refund';
  const out: NewEntry[] = [];
  // Each entry states the balance after it, as if written one after the other.
  let running = wallet.balance;
  for (const c of charges) {
    const reason: EntryReason = c.reason === 'USAGE' ? 'USAGE_REFUND' : c.reason === 'HOLD_CHARGE' && c.holdId && openHolds.has(c.holdId) ? 'HOLD_REFUND' : 'REFUND';
    if (reason === 'REFUND') running += c.value;
    out.push({ walletId: wallet.id, type: 'ADD', value: c.value, newBalance: running, reason, messageId: c.messageId ?? '', holdId: c.holdId, note });
  }
  const toBalance = running - wallet.balance;
  if (toBalance > 0) {
    const [after] = await tx.update(wallets).set({ balance: sql`${wallets.balance} + ${toBalance}` }).where(eq(wallets.id, wallet.id)).returning();
    if (!after) throw new Error('wallet vanished under its lock');
    await checkThreshold(tx, after);
  }
  for (let at = 0; at < out.length; at += 500) {
    const chunk = out.slice(at, at + 500);
    const inserted = await tx.insert(walletEntries).values(chunk).returning({ id: walletEntries.id });
    // The wallet lock makes the refunds read above complete: a conflict here would be a ledger bug.
    if (inserted.length !== chunk.length) throw new Error('refund entries conflicted under the wallet lock');
  }
  return { refunded: out.length, value: out.reduce((total, e) => total + e.value, 0) };
}

export interface PlaceHoldInput {
  tenantId: string;
  /** What holds it, e.g. `campaign:<id>`; one hold per (wallet, ref). */
  ref: string;
  amount: number;
  createdBy?: string | null;
}

/**
 * Reserves `amount` of the tenant's balance (ledger HOLD, SUB, hold named): 402 when the balance is short,
 * whatever the mode (a hold reserves prepaid money). Placing the same ref again returns the existing hold
 * (created false) and moves nothing; with a different amount it is a 409 CONFLICT.
 */
export async function placeHold(tx: Tx, input: PlaceHoldInput): Promise<{ hold: HoldRow; created: boolean }> {
  assertAmount(input.amount);
  await ensureTenantWallet(tx, input.tenantId);
  const wallet = await lockWallet(tx, eq(wallets.tenantId, input.tenantId));
  if (!wallet) throw new AppError('NOT_FOUND');
  const [existing] = await tx.select().from(walletHolds).where(and(eq(walletHolds.walletId, wallet.id), eq(walletHolds.ref, input.ref)));
  if (existing) {
    if (existing.amount !== input.amount) throw new AppError('CONFLICT', `Hold ${input.ref} already exists with another amount`);
    return { hold: existing, created: false };
  }
  if (wallet.balance < input.amount) throw new AppError('INSUFFICIENT_BALANCE');
  const [hold] = await tx.insert(walletHolds).values({ walletId: wallet.id, ref: input.ref, amount: input.amount, createdBy: input.createdBy ?? null }).returning();
  if (!hold) throw new Error('hold insert failed');
  await applyEntry(tx, { walletId: wallet.id, type: 'SUB', value: input.amount, reason: 'HOLD', holdId: hold.id, note: `hold ${input.ref}`, createdBy: input.createdBy ?? null });
  return { hold, created: true };
}

export type HoldKey = { holdId: string; tenantId?: string } | { tenantId: string; ref: string };

/** A hold by id (optionally of this tenant only) or by the tenant's ref; null when there is none. */
export async function findHold(db: DbOrTx, key: HoldKey): Promise<HoldRow | null> {
  const rows = await db
    .select({ hold: walletHolds })
    .from(walletHolds)
    .innerJoin(wallets, eq(wallets.id, walletHolds.walletId))
    .where(
      'holdId' in key
        ? and(eq(walletHolds.id, key.holdId), key.tenantId ? eq(wallets.tenantId, key.tenantId) : undefined)
        : and(eq(wallets.tenantId, key.tenantId), eq(walletHolds.ref, key.ref)),
    );
  return rows[0]?.hold ?? null;
}

/**
 * Closes an open hold: the unused rest (amount − used) goes back to the balance as one RELEASE entry
 * (none when nothing is left), status CLOSED. Closing again is a no-op (closed false, released 0).
 * 404 when the hold does not exist.
 */
export async function closeHold(tx: Tx, key: HoldKey): Promise<{ hold: HoldRow; closed: boolean; released: number }> {
  const found = await findHold(tx, key);
  if (!found) throw new AppError('NOT_FOUND');
  await lockWallet(tx, eq(wallets.id, found.walletId));
  const [hold] = await tx
    .update(walletHolds)
    .set({ status: 'CLOSED', closedAt: new Date() })
    .where(and(eq(walletHolds.id, found.id), eq(walletHolds.status, 'OPEN')))
    .returning();
  if (!hold) {
    const [now] = await tx.select().from(walletHolds).where(eq(walletHolds.id, found.id));
    return { hold: now ?? found, closed: false, released: 0 };
  }
  const rest = hold.amount - hold.used;
  if (rest > 0) await applyEntry(tx, { walletId: hold.walletId, type: 'ADD', value: rest, reason: 'RELEASE', holdId: hold.id, note: `release ${hold.ref}` });
  return { hold, closed: true, released: rest };
}
