import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { domainEvents } from '../../db/schema/events';
import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';
import { AppError } from '../../platform/errors';
import { buildOrganisation, buildTenant, createTestDatabase } from '../../test/helpers';
import { applyEntry } from './ledger';
import { chargeMessage, closeHold, ensureTenantWallet, getHold, messageChargeSql, placeHold, refundMessage } from './service';

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => database.db.transaction(fn);

async function wallet(opts: { balance?: number; mode?: 'PREPAID' | 'POSTPAID'; threshold?: number } = {}) {
  const org = await buildOrganisation(database);
  const tenant = await buildTenant(database, org.id);
  const w = await ensureTenantWallet(database.db, tenant.id);
  // Settings only (a test may set them directly); money arrives through the ledger.
  await database.db.update(wallets).set({ mode: opts.mode ?? 'PREPAID', threshold: opts.threshold ?? 0 }).where(eq(wallets.id, w.id));
  if (opts.balance) await inTx((tx) => applyEntry(tx, { walletId: w.id, type: 'ADD', value: opts.balance ?? 0, reason: 'TOPUP' }));
  const read = async () => {
    const [row] = await database.db.select().from(wallets).where(eq(wallets.id, w.id));
    if (!row) throw new Error('wallet');
    return row;
  };
  const entries = () => database.db.select().from(walletEntries).where(eq(walletEntries.walletId, w.id)).orderBy(walletEntries.createdAt, walletEntries.id);
  const setMode = (mode: 'PREPAID' | 'POSTPAID') => database.db.update(wallets).set({ mode }).where(eq(wallets.id, w.id));
  return { tenantId: tenant.id, walletId: w.id, merchantId: org.id, read, entries, setMode };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return e.code;
    const pg = (e as { code?: string; cause?: { code?: string } });
    return pg.code ?? pg.cause?.code ?? String(e);
  }
}

describe('chargeMessage / refundMessage', () => {
  it('prepaid: a CHARGE takes the price from the balance once, 402 when short, and a REFUND gives it back once', async () => {
    const w = await wallet({ balance: 1_000 });
    const m = randomUUID();
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m, price: 300 }))).toEqual({ charged: true, reason: 'CHARGE', newBalance: 700 });
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m, price: 300 }))).toMatchObject({ charged: false });
    expect((await w.read()).balance).toBe(700);
    expect(await code(inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: randomUUID(), price: 701 })))).toBe('INSUFFICIENT_BALANCE');
    expect(await inTx((tx) => refundMessage(tx, { tenantId: w.tenantId, messageId: m }))).toEqual({ refunded: true, reason: 'REFUND', value: 300 });
    expect(await inTx((tx) => refundMessage(tx, { tenantId: w.tenantId, messageId: m }))).toMatchObject({ refunded: false });
    expect((await w.read()).balance).toBe(1_000);
    expect((await w.entries()).map((e) => [e.reason, e.type, e.value, e.newBalance])).toEqual([
      ['TOPUP', 'ADD', 1_000, 1_000],
      ['CHARGE', 'SUB', 300, 700],
      ['REFUND', 'ADD', 300, 1_000],
    ]);
  });

  it('price 0 writes nothing; a message never charged is not refunded; another tenant cannot refund it', async () => {
    const w = await wallet({ balance: 500 });
    const other = await wallet({ balance: 500 });
    const m = randomUUID();
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m, price: 0 }))).toMatchObject({ charged: false });
    expect(await inTx((tx) => refundMessage(tx, { tenantId: w.tenantId, messageId: m }))).toMatchObject({ refunded: false });
    await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m, price: 100 }));
    expect(await inTx((tx) => refundMessage(tx, { tenantId: other.tenantId, messageId: m }))).toMatchObject({ refunded: false });
    expect((await other.read()).balance).toBe(500);
    expect((await w.read()).balance).toBe(400);
  });

  it('a tenant without a wallet yet: created empty, so a charge is a 402 and nothing is written', async () => {
    const org = await buildOrganisation(database);
    const tenant = await buildTenant(database, org.id);
    expect(await code(inTx((tx) => chargeMessage(tx, { tenantId: tenant.id, messageId: randomUUID(), price: 1 })))).toBe('INSUFFICIENT_BALANCE');
  });

  it('postpaid: USAGE grows the usage with the balance unchanged; the refund is USAGE_REFUND even after a switch to prepaid', async () => {
    const w = await wallet({ balance: 50, mode: 'POSTPAID' });
    const m = randomUUID();
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m, price: 300 }))).toEqual({ charged: true, reason: 'USAGE', newBalance: 50 });
    expect(await w.read()).toMatchObject({ balance: 50, postpaidUsage: 300 });
    await w.setMode('PREPAID');
    // One charge per message across kinds: a prepaid charge of the same message is a repeat.
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m, price: 10 }))).toMatchObject({ charged: false });
    expect(await inTx((tx) => refundMessage(tx, { tenantId: w.tenantId, messageId: m }))).toEqual({ refunded: true, reason: 'USAGE_REFUND', value: 300 });
    expect(await w.read()).toMatchObject({ balance: 50, postpaidUsage: 0 });
    expect((await w.entries()).map((e) => [e.reason, e.type, e.value, e.newBalance])).toEqual([
      ['TOPUP', 'ADD', 50, 50],
      ['USAGE', 'SUB', 300, 50],
      ['USAGE_REFUND', 'ADD', 300, 50],
    ]);
  });

  it('a charge crossing the threshold announces it once', async () => {
    const w = await wallet({ balance: 1_000, threshold: 600 });
    const crossings = async () =>
      (await database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, w.tenantId), eq(domainEvents.type, 'wallet.threshold_crossed')))).length;
    const before = await crossings();
    await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: randomUUID(), price: 500 }));
    await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: randomUUID(), price: 100 }));
    expect(await crossings()).toBe(before + 1);
    expect((await w.read()).belowThreshold).toBe(true);
  });
});

describe('holds', () => {
  it('places, charges against, refunds into, and closes a hold: the balance moves only at HOLD and RELEASE', async () => {
    const w = await wallet({ balance: 10_000 });
    const placed = await inTx((tx) => placeHold(tx, { tenantId: w.tenantId, ref: 'campaign:1', amount: 1_000 }));
    expect(placed).toMatchObject({ created: true, hold: { amount: 1_000, used: 0, status: 'OPEN' } });
    const holdId = placed.hold.id;
    expect((await w.read()).balance).toBe(9_000);
    // The same ref again: the same hold, nothing moved; another amount: a conflict.
    expect(await inTx((tx) => placeHold(tx, { tenantId: w.tenantId, ref: 'campaign:1', amount: 1_000 }))).toMatchObject({ created: false, hold: { id: holdId } });
    expect(await code(inTx((tx) => placeHold(tx, { tenantId: w.tenantId, ref: 'campaign:1', amount: 5 })))).toBe('CONFLICT');
    expect((await w.read()).balance).toBe(9_000);

    const [m1, m2, m3] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m1, price: 400, holdId }))).toEqual({ charged: true, reason: 'HOLD_CHARGE', newBalance: 9_000 });
    await inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m2, price: 400, holdId }));
    // 800 used of 1,000: 300 more would exceed the hold.
    expect(await code(inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m3, price: 300, holdId })))).toBe('INSUFFICIENT_BALANCE');
    expect((await getHold(database.db, { holdId }))?.used).toBe(800);
    expect(await inTx((tx) => refundMessage(tx, { tenantId: w.tenantId, messageId: m1 }))).toEqual({ refunded: true, reason: 'HOLD_REFUND', value: 400 });
    expect((await getHold(database.db, { tenantId: w.tenantId, ref: 'campaign:1' }))?.used).toBe(400);
    expect((await w.read()).balance).toBe(9_000);

    const closed = await inTx((tx) => closeHold(tx, { holdId }));
    expect(closed).toMatchObject({ closed: true, released: 600, hold: { status: 'CLOSED', used: 400 } });
    expect((await w.read()).balance).toBe(9_600);
    expect(await inTx((tx) => closeHold(tx, { tenantId: w.tenantId, ref: 'campaign:1' }))).toMatchObject({ closed: false, released: 0 });
    expect((await w.read()).balance).toBe(9_600);
    // A closed hold pays nothing more; a refund of its charge now goes to the balance.
    expect(await code(inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: m3, price: 1, holdId })))).toBe('INSUFFICIENT_BALANCE');
    expect(await inTx((tx) => refundMessage(tx, { tenantId: w.tenantId, messageId: m2 }))).toEqual({ refunded: true, reason: 'REFUND', value: 400 });
    expect((await w.read()).balance).toBe(10_000);
    expect((await w.entries()).map((e) => [e.reason, e.type, e.value, e.newBalance, e.holdId !== null])).toEqual([
      ['TOPUP', 'ADD', 10_000, 10_000, false],
      ['HOLD', 'SUB', 1_000, 9_000, true],
      ['HOLD_CHARGE', 'SUB', 400, 9_000, true],
      ['HOLD_CHARGE', 'SUB', 400, 9_000, true],
      ['HOLD_REFUND', 'ADD', 400, 9_000, true],
      ['RELEASE', 'ADD', 600, 9_600, true],
      ['REFUND', 'ADD', 400, 10_000, true],
    ]);
  });

  it('402 when the balance cannot cover the hold; 404 for another tenant\'s hold or an unknown one', async () => {
    const w = await wallet({ balance: 100 });
    const other = await wallet({ balance: 1_000 });
    expect(await code(inTx((tx) => placeHold(tx, { tenantId: w.tenantId, ref: 'r', amount: 101 })))).toBe('INSUFFICIENT_BALANCE');
    const { hold } = await inTx((tx) => placeHold(tx, { tenantId: other.tenantId, ref: 'r', amount: 500 }));
    expect(await code(inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: randomUUID(), price: 1, holdId: hold.id })))).toBe('NOT_FOUND');
    expect(await code(inTx((tx) => closeHold(tx, { holdId: hold.id, tenantId: w.tenantId })))).toBe('NOT_FOUND');
    expect(await code(inTx((tx) => closeHold(tx, { holdId: randomUUID() })))).toBe('NOT_FOUND');
    expect(await getHold(database.db, { holdId: hold.id, tenantId: w.tenantId })).toBeNull();
    expect(await database.db.select().from(walletHolds).where(eq(walletHolds.walletId, w.walletId))).toEqual([]);
  });
});

describe('concurrency', () => {
  it('concurrent charges never overdraw the balance or a hold', async () => {
    const w = await wallet({ balance: 3_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => code(inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: randomUUID(), price: 200 })))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(15);
    expect(results.filter((r) => r === 'INSUFFICIENT_BALANCE')).toHaveLength(5);
    expect((await w.read()).balance).toBe(0);
    await inTx((tx) => applyEntry(tx, { walletId: w.walletId, type: 'ADD', value: 1_000, reason: 'TOPUP' }));
    const { hold } = await inTx((tx) => placeHold(tx, { tenantId: w.tenantId, ref: 'race', amount: 1_000 }));
    const onHold = await Promise.all(
      Array.from({ length: 8 }, () => code(inTx((tx) => chargeMessage(tx, { tenantId: w.tenantId, messageId: randomUUID(), price: 300, holdId: hold.id })))),
    );
    expect(onHold.filter((r) => r === 'ok')).toHaveLength(3);
    expect((await getHold(database.db, { holdId: hold.id }))?.used).toBe(900);
    expect((await w.read()).balance).toBe(0);
  });
});

describe('messageChargeSql (the batch fragment)', () => {
  // Stands in for the outbox's insert: the CTE of rows "just inserted".
  async function runBatch(rows: Array<{ id: string; tenantId: string; price: number; tracking: string }>) {
    const { ctes, checks } = messageChargeSql('ins');
    const text = `
      with ins as (select * from jsonb_to_recordset($1::jsonb) as x(id uuid, tenant_id uuid, api_key_id uuid, tracking_id text, price bigint))${ctes}
      select ${checks}, (select count(*)::int from ins) as n`;
    const key = '00000000-0000-4000-8000-000000000001';
    return database.raw.query(text, [JSON.stringify(rows.map((r) => ({ id: r.id, tenant_id: r.tenantId, api_key_id: key, tracking_id: r.tracking, price: r.price })))]);
  }

  it('writes the same entries as chargeMessage: running CHARGE balances for prepaid, USAGE for postpaid, none for price 0', async () => {
    const pre = await wallet({ balance: 1_000 });
    const post = await wallet({ balance: 7, mode: 'POSTPAID' });
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await runBatch([
      { id: ids[0] ?? '', tenantId: pre.tenantId, price: 100, tracking: 'a' },
      { id: ids[1] ?? '', tenantId: pre.tenantId, price: 200, tracking: 'b' },
      { id: ids[2] ?? '', tenantId: post.tenantId, price: 300, tracking: 'c' },
      { id: ids[3] ?? '', tenantId: pre.tenantId, price: 0, tracking: 'd' },
    ]);
    expect(await pre.read()).toMatchObject({ balance: 700, postpaidUsage: 0 });
    expect(await post.read()).toMatchObject({ balance: 7, postpaidUsage: 300 });
    const preEntries = (await pre.entries()).filter((e) => e.reason !== 'TOPUP').sort((a, b) => b.newBalance - a.newBalance);
    expect(preEntries.map((e) => [e.reason, e.type, e.value, e.newBalance, e.messageId])).toEqual([
      ['CHARGE', 'SUB', 100, 900, ids[0]],
      ['CHARGE', 'SUB', 200, 700, ids[1]],
    ]);
    expect((await post.entries()).filter((e) => e.reason !== 'TOPUP').map((e) => [e.reason, e.type, e.value, e.newBalance])).toEqual([['USAGE', 'SUB', 300, 7]]);
    // What the batch charged, refundMessage gives back.
    expect(await inTx((tx) => refundMessage(tx, { tenantId: post.tenantId, messageId: ids[2] ?? '' }))).toMatchObject({ reason: 'USAGE_REFUND', value: 300 });
    expect(await inTx((tx) => refundMessage(tx, { tenantId: pre.tenantId, messageId: ids[1] ?? '' }))).toMatchObject({ reason: 'REFUND', value: 200 });
    expect(await pre.read()).toMatchObject({ balance: 900 });
    expect(await post.read()).toMatchObject({ postpaidUsage: 0 });
  });

  it('aborts with ZC001 and writes nothing when a balance would go short, a threshold would be crossed, or a tenant has no wallet', async () => {
    const short = await wallet({ balance: 100 });
    const near = await wallet({ balance: 1_000, threshold: 950 });
    const org = await buildOrganisation(database);
    const walletless = await buildTenant(database, org.id);
    const row = (tenantId: string, price: number) => ({ id: randomUUID(), tenantId, price, tracking: randomUUID() });
    expect(await code(runBatch([row(short.tenantId, 101)]))).toBe('ZC001');
    expect(await code(runBatch([row(near.tenantId, 100)]))).toBe('ZC001');
    expect(await code(runBatch([row(walletless.id, 1)]))).toBe('ZC001');
    expect(await short.read()).toMatchObject({ balance: 100 });
    expect(await near.read()).toMatchObject({ balance: 1_000 });
    expect((await short.entries()).length + (await near.entries()).length).toBe(2);
    // The same sends one by one: the ordinary path answers 402 and announces the crossing.
    expect(await code(inTx((tx) => chargeMessage(tx, { tenantId: short.tenantId, messageId: randomUUID(), price: 101 })))).toBe('INSUFFICIENT_BALANCE');
    expect(await inTx((tx) => chargeMessage(tx, { tenantId: near.tenantId, messageId: randomUUID(), price: 100 }))).toMatchObject({ charged: true });
    expect((await near.read()).belowThreshold).toBe(true);
  });

  it('refuses a CTE name that is not a plain identifier', () => {
    expect(() => messageChargeSql('ins; drop table wallets')).toThrow();
  });
});
