import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';
import { createTestApp, type TestContext } from '../../test/helpers';
import { AppError } from '../../platform/errors';
import { placeHold } from '../wallets/service';
import { writeOutbox, type OutboxOutcome, type OutboxStats, type OutgoingMessage } from './outbox';
import { buildSendFixture, oaMessage as oa, znsMessage as zns, type SendFixture } from './test-fixtures';

// The outbox (ADR 0009): one function writes, charges and enqueues outgoing messages, in the caller's
// transaction or autocommit, and answers each message on its own.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeOf = (o: OutboxOutcome | undefined) => (o && !o.ok ? (o.error instanceof AppError ? o.error.code : 'OTHER') : null);
const balanceOf = async (f: SendFixture) => (await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId)))[0]?.balance;
const entriesOf = async (f: SendFixture) => t.database.db.select().from(walletEntries).where(eq(walletEntries.walletId, f.walletId));
const rowsOf = async (f: SendFixture) => t.database.db.select().from(messageHistory).where(eq(messageHistory.tenantId, f.tenantId));

describe.each([
  ['in the caller’s transaction', 'tx'],
  ['autocommit (the micro-batcher’s target)', 'auto'],
] as const)('writeOutbox %s', (_label, mode) => {
  const write = async (messages: OutgoingMessage[], stats?: OutboxStats): Promise<OutboxOutcome[]> =>
    mode === 'tx' ? t.database.db.transaction((tx) => writeOutbox({ tx }, messages, { stats })) : writeOutbox(t.database, messages, { stats });

  it('writes a mixed batch of ZNS and OA messages of two tenants in one statement, charged once each', async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const b = await buildSendFixture(t.database, t.config.appSecret, { balance: 0, mode: 'POSTPAID', merchantId: a.merchantId });
    const stats: OutboxStats = { batched: 0, fellBack: 0, split: 0 };
    const out = await write([zns(a, 'z1'), oa(a, 'o1'), zns(b, 'z2'), oa(b, 'o2', 0)], stats);
    expect(stats).toEqual({ batched: 1, fellBack: 0, split: 0 });
    expect(out.map((o) => o.ok && !o.result.replayed)).toEqual([true, true, true, true]);
    const rows = await t.database.db.select().from(messageHistory).where(inArray(messageHistory.tenantId, [a.tenantId, b.tenantId]));
    expect(rows.map((r) => [r.trackingId, r.module, r.status, r.price, r.isCharged]).sort()).toEqual([
      ['o1', 'OA', 'PENDING', 55, true],
      ['o2', 'OA', 'PENDING', 0, false],
      ['z1', 'ZNS', 'PENDING', 300, true],
      ['z2', 'ZNS', 'PENDING', 300, true],
    ]);
    expect(await balanceOf(a)).toBe(10_000 - 355);
    expect((await entriesOf(a)).map((e) => e.reason).sort()).toEqual(['CHARGE', 'CHARGE']);
    expect((await entriesOf(b)).map((e) => [e.reason, e.value])).toEqual([['USAGE', 300]]);
  });

  it('answers a replay with the same id and charges nothing more; a different request on the slot is a mismatch', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const [first] = await write([zns(f, 'r1')]);
    const again = await write([zns(f, 'r1'), { ...zns(f, 'r1'), requestHash: 'other' }, zns(f, 'r2')]);
    expect(first?.ok && first.result.replayed).toBe(false);
    expect(again[0]).toMatchObject({ ok: true, result: { id: first?.ok ? first.result.id : '', replayed: true } });
    expect(codeOf(again[1])).toBe('IDEMPOTENCY_MISMATCH');
    expect(again[2]).toMatchObject({ ok: true, result: { replayed: false } });
    expect((await rowsOf(f)).map((r) => r.trackingId).sort()).toEqual(['r1', 'r2']);
    expect(await balanceOf(f)).toBe(10_000 - 600);
  });

  it('answers 402 to the message its wallet cannot pay, alone: the others of the batch are written and charged', async () => {
    const rich = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const poor = await buildSendFixture(t.database, t.config.appSecret, { balance: 100, merchantId: rich.merchantId });
    const stats: OutboxStats = { batched: 0, fellBack: 0, split: 0 };
    const out = await write([zns(rich, 'p1'), zns(poor, 'p2'), oa(poor, 'p3'), oa(rich, 'p4')], stats);
    expect(stats.fellBack).toBe(1);
    expect(out.map((o) => (o.ok ? 'ok' : codeOf(o)))).toEqual(['ok', 'INSUFFICIENT_BALANCE', 'ok', 'ok']);
    expect((await rowsOf(poor)).map((r) => r.trackingId)).toEqual(['p3']);
    expect(await balanceOf(poor)).toBe(100 - 55);
    expect(await balanceOf(rich)).toBe(10_000 - 355);
  });

  it('isolates a message whose input breaks the statement: its neighbours keep the batched path', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const stats: OutboxStats = { batched: 0, fellBack: 0, split: 0 };
    const bad: OutgoingMessage = { ...zns(f, 'bad'), zaloOaId: 'not-a-uuid' };
    const out = await write([zns(f, 'g1'), oa(f, 'g2'), bad, zns(f, 'g3')], stats);
    expect(out.map((o) => o.ok)).toEqual([true, true, false, true]);
    expect(stats.split).toBeGreaterThan(0);
    expect((await rowsOf(f)).map((r) => r.trackingId).sort()).toEqual(['g1', 'g2', 'g3']);
    expect(await balanceOf(f)).toBe(10_000 - 655);
    expect((await entriesOf(f)).filter((e) => e.reason === 'CHARGE')).toHaveLength(3);
  });

  it('charges a message with a holdId against the hold (HOLD_CHARGE), the balance untouched, 402 past the hold', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const { hold } = await t.database.db.transaction((tx) => placeHold(tx, { tenantId: f.tenantId, ref: `campaign:${mode}`, amount: 400 }));
    const before = await balanceOf(f);
    const out = await write([{ ...zns(f, 'h1'), holdId: hold.id }, { ...zns(f, 'h2'), holdId: hold.id }, zns(f, 'h3')]);
    expect(out.map((o) => (o.ok ? 'ok' : codeOf(o)))).toEqual(['ok', 'INSUFFICIENT_BALANCE', 'ok']);
    const entries = await entriesOf(f);
    expect(entries.filter((e) => e.reason === 'HOLD_CHARGE').map((e) => [e.holdId, e.value])).toEqual([[hold.id, 300]]);
    expect(await balanceOf(f)).toBe((before ?? 0) - 300); // h3 from the balance; h1 from the hold
  });

  it('writes the messages of one hold in one statement: one HOLD_CHARGE each, the hold used by their total, the balance untouched', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const other = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000, merchantId: f.merchantId });
    const { hold } = await t.database.db.transaction((tx) => placeHold(tx, { tenantId: f.tenantId, ref: `campaign:batch:${mode}`, amount: 2_000 }));
    const before = await balanceOf(f);
    const stats: OutboxStats = { batched: 0, fellBack: 0, split: 0 };
    const out = await write([1, 2, 3, 4].map((n) => ({ ...zns(f, `b${n}`), holdId: hold.id })), stats);
    expect(stats).toEqual({ batched: 1, fellBack: 0, split: 0 });
    expect(out.every((o) => o.ok && !o.result.replayed)).toBe(true);
    const charges = (await entriesOf(f)).filter((e) => e.reason === 'HOLD_CHARGE');
    expect(charges.map((e) => [e.holdId, e.value, e.newBalance])).toEqual(Array.from({ length: 4 }, () => [hold.id, 300, before]));
    expect(await balanceOf(f)).toBe(before);
    const [h] = await t.database.db.select().from(walletHolds).where(eq(walletHolds.id, hold.id));
    expect(h?.used).toBe(1_200);
    // Replays charge nothing more; another tenant's messages cannot pay from this hold (each answered alone).
    const again = await write([{ ...zns(f, 'b1'), holdId: hold.id }, { ...zns(other, 'x1'), holdId: hold.id }]);
    expect(again.map((o) => (o.ok ? o.result.replayed : codeOf(o)))).toEqual([true, 'NOT_FOUND']);
    const [h2] = await t.database.db.select().from(walletHolds).where(eq(walletHolds.id, hold.id));
    expect(h2?.used).toBe(1_200);
    expect(await rowsOf(other)).toEqual([]);
  });
});
