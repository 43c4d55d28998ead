import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq } from 'drizzle-orm';
import { walletEntryEffect } from '@zc/shared/api/wallet';
import type { Database } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { statementLines, statements } from '../../db/schema/statements';
import { walletEntries } from '../../db/schema/wallets';
import { AppError } from '../../platform/errors';
import { buildOrganisation, buildTenant, createTestDatabase } from '../../test/helpers';
import { chargeMessage, closeHold, ensureTenantWallet, placeHold, recordTopUp, refundMessage } from '../wallets/service';
import { generateStatements } from './service';
import { insertMessage, lastDay, localTime, monthsAgo, nextPeriod, setWalletMode, stampRecent } from './test-fixtures';

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const VN = 7 * 60; // Asia/Ho_Chi_Minh has no daylight saving time
const M1 = monthsAgo(4);
const M2 = nextPeriod(M1);
const M3 = nextPeriod(M2);
const MONTHS = [M1, M2, M3];

type Op =
  | { kind: 'topup'; value: number }
  | { kind: 'send'; price: number; discount: number; template: number }
  | { kind: 'refund'; message: number }
  | { kind: 'hold'; value: number }
  | { kind: 'holdSend'; price: number; discount: number; template: number }
  | { kind: 'closeHold' }
  | { kind: 'mode'; postpaid: boolean };

const price = fc.integer({ min: 1, max: 5_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('topup' as const), value: fc.integer({ min: 1, max: 50_000 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('send' as const), price, discount: fc.integer({ min: 0, max: 2_000 }), template: fc.integer({ min: 0, max: 2 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), message: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('hold' as const), value: fc.integer({ min: 1, max: 8_000 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('holdSend' as const), price, discount: fc.integer({ min: 0, max: 2_000 }), template: fc.integer({ min: 0, max: 2 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('closeHold' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('mode' as const), postpaid: fc.boolean() }), weight: 1 },
);

/**
 * Instants spread over the three months, with the month boundaries themselves (23:59:59 on the last day,
 * 00:00:00 on the first) over-represented: a random instant becomes a boundary one a quarter of the time.
 */
const instant = fc.oneof(
  { arbitrary: fc.record({ m: fc.integer({ min: 0, max: 2 }), day: fc.integer({ min: 1, max: 28 }), minute: fc.integer({ min: 0, max: 1_439 }) }).map((r) => localTime(MONTHS[r.m] as string, r.day, Math.floor(r.minute / 60), r.minute % 60, VN)), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: 2 }).map((m) => localTime(MONTHS[m] as string, lastDay(MONTHS[m] as string), 23, 59, VN, 59)), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 2 }).map((m) => localTime(MONTHS[m] as string, 1, 0, 0, VN)), weight: 1 },
);

const TEMPLATES = [
  { id: 'tpl-a', name: 'Xác nhận đơn hàng' },
  { id: 'tpl-b', name: 'Mã OTP' },
  { id: 'tpl-c', name: 'Thông báo giao hàng' },
];

/** One run that surely has every kind of movement, across the month boundaries (fast-check runs it first). */
const EVERY_KIND: Array<[Op, Date]> = (
  [
    [{ kind: 'topup', value: 50_000 }, localTime(M1, 2, 9, 0, VN)],
    [{ kind: 'send', price: 1_000, discount: 200, template: 0 }, localTime(M1, 3, 9, 0, VN)],
    [{ kind: 'hold', value: 8_000 }, localTime(M1, 4, 9, 0, VN)],
    [{ kind: 'holdSend', price: 2_000, discount: 500, template: 1 }, localTime(M1, lastDay(M1), 23, 59, VN, 59)],
    [{ kind: 'holdSend', price: 1_500, discount: 0, template: 2 }, localTime(M2, 1, 0, 0, VN)],
    [{ kind: 'refund', message: 2 }, localTime(M2, 2, 9, 0, VN)],
    [{ kind: 'closeHold' }, localTime(M2, 3, 9, 0, VN)],
    [{ kind: 'refund', message: 0 }, localTime(M2, 4, 9, 0, VN)],
    [{ kind: 'mode', postpaid: true }, localTime(M2, 5, 9, 0, VN)],
    [{ kind: 'send', price: 3_000, discount: 1_000, template: 0 }, localTime(M2, lastDay(M2), 23, 59, VN, 59)],
    [{ kind: 'refund', message: 3 }, localTime(M3, 1, 0, 0, VN)],
    [{ kind: 'send', price: 700, discount: 0, template: 1 }, localTime(M3, 2, 9, 0, VN)],
    [{ kind: 'mode', postpaid: false }, localTime(M3, 3, 9, 0, VN)],
    [{ kind: 'send', price: 900, discount: 100, template: 2 }, localTime(M3, 4, 9, 0, VN)],
  ] as Array<[Op, Date]>
);

const signed = (e: { type: string; value: number }) => (e.type === 'ADD' ? e.value : -e.value);

describe('statements reconcile with the ledger (property)', () => {
  it('under random sends, refunds, holds, top-ups, discounts and mode changes: opening + movements = closing = the last entry, month after month', async () => {
    const org = await buildOrganisation(database);
    let holdSeq = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(op, instant), { minLength: 1, maxLength: 30 }), async (pairs) => {
        const tenant = await buildTenant(database, org.id, { znsService: true });
        const wallet = await ensureTenantWallet(database.db, tenant.id);
        // Strictly increasing instants: each ledger call gets its own (sorted, ties pushed by a second).
        const times = pairs.map((p) => p[1].getTime()).sort((a, b) => a - b);
        for (let i = 1; i < times.length; i += 1) if ((times[i] as number) <= (times[i - 1] as number)) times[i] = (times[i - 1] as number) + 1_000;
        const messages: string[] = [];
        let openHold: string | null = null;
        for (const [i, [o]] of pairs.entries()) {
          const at = new Date(times[i] as number);
          // Rows the ledger call needs are written first (PGlite has one connection: nothing outside the transaction while it is open).
          let messageId: string | null = null;
          if (o.kind === 'mode') await setWalletMode(database, wallet.id, o.postpaid ? 'POSTPAID' : 'PREPAID');
          if ((o.kind === 'send' || o.kind === 'holdSend') && (o.kind === 'send' || openHold)) {
            const tpl = TEMPLATES[o.template] as { id: string; name: string };
            messageId = await insertMessage(database, { tenantId: tenant.id, templateId: tpl.id, templateName: tpl.name, price: o.price, listPrice: o.price + o.discount });
          }
          try {
            await database.db.transaction(async (tx) => {
              if (o.kind === 'topup') await recordTopUp(tx, { walletId: wallet.id, amount: o.value });
              else if (o.kind === 'mode') return;
              else if (o.kind === 'refund') {
                const id = messages.length > 0 ? messages[o.message % messages.length] : undefined;
                if (id) await refundMessage(tx, { tenantId: tenant.id, messageId: id });
              } else if (o.kind === 'hold') {
                if (!openHold) {
                  holdSeq += 1;
                  openHold = (await placeHold(tx, { tenantId: tenant.id, ref: `test:${holdSeq}`, amount: o.value })).hold.id;
                }
              } else if (o.kind === 'closeHold') {
                if (openHold) await closeHold(tx, { holdId: openHold });
                openHold = null;
              } else if (messageId) {
                await chargeMessage(tx, { tenantId: tenant.id, messageId, price: o.price, holdId: o.kind === 'holdSend' ? openHold : null });
                messages.push(messageId);
              }
            });
          } catch (err) {
            if (!(err instanceof AppError) || err.code !== 'INSUFFICIENT_BALANCE') throw err;
            if (o.kind === 'hold') openHold = null;
          }
          await stampRecent(database, wallet.id, at);
        }

        const entries = await database.db.select().from(walletEntries).where(eq(walletEntries.walletId, wallet.id)).orderBy(asc(walletEntries.createdAt));
        for (const e of entries) seen.add(e.reason);
        let previousClosing: number | null = null;
        for (const period of MONTHS) {
          const r = await generateStatements((work) => database.db.transaction(work), { period, walletIds: [wallet.id], auditAsSystem: true });
          expect(r.failures).toEqual([]);
          const [s] = await database.db.select().from(statements).where(and(eq(statements.walletId, wallet.id), eq(statements.period, period)));
          if (!s) throw new Error(`no statement for ${period}`);
          const start = s.periodStart.getTime();
          const end = s.periodEnd.getTime();
          expect(start).toBe(localTime(period, 1, 0, 0, VN).getTime());
          const before = entries.filter((e) => e.createdAt.getTime() < start);
          const month = entries.filter((e) => e.createdAt.getTime() >= start && e.createdAt.getTime() < end);
          const balanceOf = (list: typeof entries) => list.filter((e) => walletEntryEffect(e.reason) === 'balance').reduce((n, e) => n + signed(e), 0);
          // Opening: the new balance of the last entry before the month (0 without one) = Σ of the balance entries.
          expect(s.openingBalance).toBe(before.length > 0 ? (before.at(-1)?.newBalance ?? 0) : 0);
          expect(s.openingBalance).toBe(balanceOf(before));
          if (previousClosing !== null) expect(s.openingBalance).toBe(previousClosing);
          const sum = (reason: string, sign: 1 | -1) => month.filter((e) => e.reason === reason).reduce((n, e) => n + sign * signed(e), 0);
          expect({ topUps: s.topUps, charges: s.charges, refunds: s.refunds, holdsPlaced: s.holdsPlaced, holdsReleased: s.holdsReleased, adjustments: s.adjustments, usage: s.usage, usageRefunds: s.usageRefunds, holdCharges: s.holdCharges, holdRefunds: s.holdRefunds }).toEqual({
            topUps: sum('TOPUP', 1),
            charges: sum('CHARGE', -1),
            refunds: sum('REFUND', 1),
            holdsPlaced: sum('HOLD', -1),
            holdsReleased: sum('RELEASE', 1),
            adjustments: sum('ADJUST', 1),
            usage: sum('USAGE', -1),
            usageRefunds: sum('USAGE_REFUND', 1),
            holdCharges: sum('HOLD_CHARGE', -1),
            holdRefunds: sum('HOLD_REFUND', 1),
          });
          // The balance identity, and the closing balance is the new balance of the month's last entry.
          expect(s.openingBalance + s.topUps - s.charges + s.refunds - s.holdsPlaced + s.holdsReleased + s.adjustments).toBe(s.closingBalance);
          expect(s.closingBalance).toBe(month.length > 0 ? month.at(-1)?.newBalance : s.openingBalance);
          expect(s.entryCount).toBe(month.length);
          expect(s.amountDue).toBe(Math.max(s.usage - s.usageRefunds, 0));
          // Charge lines: every message charge of the month, with its discount (list price − price).
          const lines = await database.db.select().from(statementLines).where(eq(statementLines.statementId, s.id));
          const charged = month.filter((e) => e.reason === 'CHARGE' || e.reason === 'USAGE' || e.reason === 'HOLD_CHARGE');
          expect(lines.reduce((n, l) => n + l.amount, 0)).toBe(s.charges + s.usage + s.holdCharges);
          expect(lines.reduce((n, l) => n + l.count, 0)).toBe(charged.length);
          const rows = charged.length > 0 ? await database.db.select().from(messageHistory).where(eq(messageHistory.tenantId, tenant.id)) : [];
          const listOf = new Map(rows.map((m) => [m.id, m.listPrice ?? m.price]));
          expect(lines.reduce((n, l) => n + l.discount, 0)).toBe(charged.reduce((n, e) => n + ((listOf.get(e.messageId ?? '') ?? e.value) - e.value), 0));
          for (const l of lines) expect(l.listAmount - l.amount).toBe(l.discount);
          previousClosing = s.closingBalance;
        }
      }),
      { numRuns: 30, examples: [[EVERY_KIND]] },
    );
    // The runs did exercise every kind of movement.
    for (const reason of ['TOPUP', 'CHARGE', 'REFUND', 'USAGE', 'HOLD', 'HOLD_CHARGE', 'RELEASE']) expect(seen).toContain(reason);
  });
});
