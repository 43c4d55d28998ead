import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';
import { buildOrganisation, buildTenant, createTestDatabase } from '../../test/helpers';
import { applyEntry, chargeMessage, closeHold, ensureTenantWallet, placeHold, refundMessage, refundMessages } from './ledger';

/**
 * `refundMessages` (a campaign cancel's set-based refund) must leave exactly what `refundMessage` called
 * once per message leaves: the same balance, postpaid usage and hold usage, and the same entries (reason,
 * value, hold, and the balance each states) — whatever mix of prepaid charges, postpaid usage, charges
 * against an open or a closed hold, refunded-already and never-charged messages it is given.
 */

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

type Kind = 'charge' | 'usage' | 'openHold' | 'closedHold' | 'refunded' | 'uncharged';
const message = fc.record({ kind: fc.constantFrom<Kind>('charge', 'usage', 'openHold', 'closedHold', 'refunded', 'uncharged'), price: fc.integer({ min: 0, max: 5_000 }) });

/** One tenant with the given messages charged as their kind says; answers the message ids and the holds. */
async function build(orgId: string, messages: ReadonlyArray<{ kind: Kind; price: number }>) {
  const tenant = await buildTenant(database, orgId);
  const ids = messages.map(() => randomUUID());
  await database.db.transaction(async (tx) => {
    const wallet = await ensureTenantWallet(tx, tenant.id);
    await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value: 10_000_000, reason: 'TOPUP' });
    const open = await placeHold(tx, { tenantId: tenant.id, ref: 'open', amount: 1_000_000 });
    const closing = await placeHold(tx, { tenantId: tenant.id, ref: 'closing', amount: 1_000_000 });
    // Prepaid and hold charges first, then the postpaid ones (the mode at charge time decides).
    for (const [i, m] of messages.entries()) {
      const id = ids[i] ?? '';
      if (m.kind === 'charge' || m.kind === 'refunded') await chargeMessage(tx, { tenantId: tenant.id, messageId: id, price: m.price });
      if (m.kind === 'openHold') await chargeMessage(tx, { tenantId: tenant.id, messageId: id, price: m.price, holdId: open.hold.id });
      if (m.kind === 'closedHold') await chargeMessage(tx, { tenantId: tenant.id, messageId: id, price: m.price, holdId: closing.hold.id });
      if (m.kind === 'refunded') await refundMessage(tx, { tenantId: tenant.id, messageId: id });
    }
    await closeHold(tx, { holdId: closing.hold.id });
    await tx.update(wallets).set({ mode: 'POSTPAID' }).where(eq(wallets.id, wallet.id));
    for (const [i, m] of messages.entries()) if (m.kind === 'usage') await chargeMessage(tx, { tenantId: tenant.id, messageId: ids[i] ?? '', price: m.price });
  });
  return { tenantId: tenant.id, ids };
}

/** What the ledger of a tenant says, with message ids replaced by their position (the two tenants' ids differ). */
async function snapshot(tenantId: string, ids: readonly string[]) {
  const [wallet] = await database.db.select().from(wallets).where(eq(wallets.tenantId, tenantId));
  if (!wallet) throw new Error('no wallet');
  const holds = await database.db.select({ ref: walletHolds.ref, used: walletHolds.used, status: walletHolds.status }).from(walletHolds).where(eq(walletHolds.walletId, wallet.id)).orderBy(asc(walletHolds.ref));
  const refs = new Map((await database.db.select({ id: walletHolds.id, ref: walletHolds.ref }).from(walletHolds).where(eq(walletHolds.walletId, wallet.id))).map((h) => [h.id, h.ref]));
  const entries = (await database.db.select().from(walletEntries).where(eq(walletEntries.walletId, wallet.id)))
    .filter((e) => e.reason === 'REFUND' || e.reason === 'USAGE_REFUND' || e.reason === 'HOLD_REFUND')
    .map((e) => ({ message: ids.indexOf(e.messageId ?? ''), reason: e.reason, type: e.type, value: e.value, newBalance: e.newBalance, hold: e.holdId ? refs.get(e.holdId) : null }))
    .sort((a, b) => a.message - b.message);
  return { balance: wallet.balance, postpaidUsage: wallet.postpaidUsage, holds, entries };
}

describe('refundMessages (set-based refunds)', () => {
  it('leaves the same ledger as refundMessage once per message, in order', async () => {
    const org = await buildOrganisation(database);
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 12 }), async (messages) => {
        const one = await build(org.id, messages);
        const batch = await build(org.id, messages);
        await database.db.transaction(async (tx) => {
          for (const id of one.ids) await refundMessage(tx, { tenantId: one.tenantId, messageId: id, note: 'n' });
        });
        const result = await database.db.transaction((tx) => refundMessages(tx, { tenantId: batch.tenantId, messageIds: [...batch.ids, ...batch.ids], note: 'n' }));
        const expected = await snapshot(one.tenantId, one.ids);
        const actual = await snapshot(batch.tenantId, batch.ids);
        expect(actual).toEqual(expected);
        const fresh = messages.filter((m) => m.kind !== 'refunded' && m.kind !== 'uncharged' && m.price > 0);
        expect(result).toEqual({ refunded: fresh.length, value: fresh.reduce((s, m) => s + m.price, 0) });
        // Twice is once: nothing more is given back.
        expect(await database.db.transaction((tx) => refundMessages(tx, { tenantId: batch.tenantId, messageIds: batch.ids }))).toEqual({ refunded: 0, value: 0 });
      }),
      { numRuns: 20 },
    );
  });

  it('refunds nothing of another tenant’s messages', async () => {
    const org = await buildOrganisation(database);
    const a = await build(org.id, [{ kind: 'charge', price: 500 }]);
    const b = await build(org.id, [{ kind: 'charge', price: 500 }]);
    const before = await snapshot(a.tenantId, a.ids);
    expect(await database.db.transaction((tx) => refundMessages(tx, { tenantId: b.tenantId, messageIds: a.ids }))).toEqual({ refunded: 0, value: 0 });
    expect(await snapshot(a.tenantId, a.ids)).toEqual(before);
  });
});
