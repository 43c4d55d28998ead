import type { UpdateTenantBalanceBody } from '@zc/shared/api/wallet';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { applyEntry, checkThreshold, ensureMerchantWallet, ensureTenantWallet, findHold, type HoldKey, type WalletRow } from './ledger';
import { canUpdateWallet, walletAbilities } from './policy';
import { presentEntry, presentWallet, walletAuditView } from './presenter';
import { findTenantOfMerchant, findTenantReceivers, findTenantWallet, findUsersByIds, listEntries, lockTenantWallet, updateWalletSettings } from './repo';

/**
 * Money in one place (ADR 0010): the only ways other modules move money. Each is one ledger entry (or
 * none when already done), written under the wallet row lock in the caller's transaction.
 *
 * - `chargeMessage(tx, { tenantId, messageId, price, holdId? })`: prepaid → CHARGE (balance down, 402
 *   INSUFFICIENT_BALANCE when short); postpaid → USAGE (postpaid_usage up, balance unchanged); with a hold →
 *   HOLD_CHARGE (the hold's `used` up, ≤ amount else 402; balance unchanged: HOLD took it already). Once per
 *   message across the three kinds (`charged: false` on a repeat); price 0 writes nothing.
 * - `refundMessage(tx, { tenantId, messageId })`: gives back exactly what the message was charged, once
 *   (REFUND, USAGE_REFUND, or HOLD_REFUND into a still open hold — REFUND to the balance once it closed).
 *   `refundMessages(tx, { tenantId, messageIds })` does the same for many messages in a few statements.
 * - `messageChargeSql(cte)`: the same charges as SQL fragments for the outbox's one-statement batch;
 *   `holdChargeSql(cte, param)` the same for a batch paid from one hold (campaigns).
 * - `placeHold` (HOLD), `closeHold` (RELEASE of amount − used), `getHold`: reservations for campaigns.
 */
export { chargeMessage, refundMessage, refundMessages, placeHold, closeHold, ensureTenantWallet } from './ledger';
export type { ChargeInput, ChargeResult, RefundResult, PlaceHoldInput, HoldKey, HoldRow } from './ledger';
export { holdChargeSql, messageChargeSql } from './charge-sql';

/**
 * A payment received into a wallet (a statement paid, issue 16 #3): one TOPUP entry of `amount` (whole VND,
 * > 0) under the wallet row lock, in the caller's transaction. Answers the balance after it.
 */
export async function recordTopUp(tx: Tx, input: { walletId: string; amount: number; note?: string | null; createdBy?: string | null }): Promise<{ newBalance: number }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('a top-up is a whole, positive VND amount');
  const applied = await applyEntry(tx, { walletId: input.walletId, type: 'ADD', value: input.amount, reason: 'TOPUP', note: input.note ?? null, createdBy: input.createdBy ?? null });
  if (!applied) throw new Error('top-up entry was not written');
  return applied;
}

/** A hold by id (optionally of this tenant) or by the tenant's ref; null when none. */
export async function getHold(db: DbOrTx, key: HoldKey) {
  return findHold(db, key);
}

export interface HistoryQuery {
  page: number;
  size: number;
  type?: 'ADD' | 'SUB';
  orderBy: { field: 'createdAt'; direction: 'asc' | 'desc' };
}

async function present(db: DbOrTx, w: WalletRow, actor: Actor) {
  return presentWallet(w, await findUsersByIds(db, w.receiverIds), walletAbilities(actor, w));
}

/** The tenant's wallet, created empty and prepaid on first use. */
async function tenantWallet(db: DbOrTx, scope: TenantScope): Promise<WalletRow> {
  return (await findTenantWallet(db, scope)) ?? ensureTenantWallet(db, scopedTenantId(scope));
}

export async function tenantBalance(db: DbOrTx, scope: TenantScope, actor: Actor) {
  return present(db, await tenantWallet(db, scope), actor);
}

export async function merchantBalance(db: DbOrTx, merchantId: string, actor: Actor) {
  return present(db, await ensureMerchantWallet(db, merchantId), actor);
}

async function history(db: DbOrTx, wallet: WalletRow, q: HistoryQuery) {
  const page = await listEntries(db, { walletId: wallet.id, type: q.type, direction: q.orderBy.direction, limit: q.size, offset: (q.page - 1) * q.size });
  return { items: page.items.map((r) => presentEntry(r.entry, r.createdBy)), total: page.total };
}

export async function tenantHistory(db: DbOrTx, scope: TenantScope, q: HistoryQuery) {
  return history(db, await tenantWallet(db, scope), q);
}

export async function merchantHistory(db: DbOrTx, merchantId: string, q: HistoryQuery) {
  return history(db, await ensureMerchantWallet(db, merchantId), q);
}

/** Users who may be chosen as receivers of tenant :id's alerts; 404 outside the organisation. */
export async function availableReceivers(db: DbOrTx, merchantId: string, tenantId: string) {
  if (!(await findTenantOfMerchant(db, merchantId, tenantId))) throw notFound();
  return findTenantReceivers(db, merchantId, tenantId);
}

/**
 * §5 wallet edit: settings are replaced, the amount becomes one ledger entry (ADD → TOPUP,
 * SUB → ADJUST); the balance is never set directly. SUB may not exceed the balance; receivers must
 * be able to open the tenant; the notification toggle stays on. Runs under the wallet row lock.
 * The tenant (x-tenant-id of an organisation route) must be one of the organisation's: 404 otherwise.
 */
export async function updateTenantBalance(tx: Tx, input: { merchantId: string; tenantId: string; actor: Actor; body: UpdateTenantBalanceBody }) {
  const { body, actor } = input;
  const tenant = await findTenantOfMerchant(tx, input.merchantId, input.tenantId);
  if (!tenant) throw notFound();
  // The tenant row was read within the caller's organisation: its own id scopes the wallet.
  const scope = trustedTenantScope(tenant.id);
  if (!canUpdateWallet(actor, { tenantId: tenant.id })) throw new AppError('FORBIDDEN');
  const receiverIds = [...new Set(body.thresholdNotificationUserIds ?? [])];
  const allowed = await findTenantReceivers(tx, input.merchantId, tenant.id, receiverIds);
  if (allowed.length !== receiverIds.length) {
    const known = new Set(allowed.map((u) => u.id));
    const bad = receiverIds.filter((id) => !known.has(id));
    throw fieldError('thresholdNotificationUserIds', `Receivers must be users of this tenant: ${bad.join(', ')}`, 'not_tenant_user');
  }
  await tenantWallet(tx, scope);
  const before = await lockTenantWallet(tx, scope);
  if (!before) throw notFound();
  if (body.billingType === 'SUB' && body.billingBalance > before.balance) {
    throw fieldError('billingBalance', `The amount to subtract (${body.billingBalance}) cannot exceed the current balance (${before.balance})`, 'exceeds_balance');
  }
  const settled = await updateWalletSettings(tx, scope, { mode: body.billingMode, threshold: body.threshold, receiverIds, isNoti: true });
  if (!settled) throw notFound();
  let entry: { type: 'ADD' | 'SUB'; value: number; newBalance: number } | null = null;
  if (body.billingBalance > 0) {
    const applied = await applyEntry(tx, {
      walletId: before.id,
      type: body.billingType,
      value: body.billingBalance,
      reason: body.billingType === 'ADD' ? 'TOPUP' : 'ADJUST',
      createdBy: actor.userId,
    });
    if (applied) entry = { type: body.billingType, value: body.billingBalance, newBalance: applied.newBalance };
  } else {
    await checkThreshold(tx, settled);
  }
  const after = await findTenantWallet(tx, scope);
  if (!after) throw notFound();
  return { before: walletAuditView(before), after: { ...walletAuditView(after), entry }, wallet: await present(tx, after, actor) };
}
