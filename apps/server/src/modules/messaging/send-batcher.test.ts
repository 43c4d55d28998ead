import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { messageHistory } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { buildUser, createTestApp, type TestContext } from '../../test/helpers';
import { sha256 } from '../../platform/crypto';
import { settleIsolated } from '../../platform/isolated-batch';
import { SendBatcher } from './send-batcher';
import { SendContextLoader } from './send-context-loader';
import type { Prepared } from './outbox';
import { buildSendFixture, oaMessage as oa, znsMessage as zns } from './test-fixtures';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('SendBatcher (one statement per batch)', () => {
  it('writes a mixed batch of tenants, wallet modes and message kinds in one statement, with running ledger balances', async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const b = await buildSendFixture(t.database, t.config.appSecret, { balance: 0, mode: 'POSTPAID', merchantId: a.merchantId });
    const batcher = new SendBatcher(t.database);
    const sends = [
      zns(a, 'first'),
      zns(a, 'a-1'),
      oa(a, 'a-2'),
      zns(b, 'b-1'),
      zns(a, 'a-3', 0), // development-style price 0: not charged
      zns(a, 'a-1'), // identical to an earlier one in the same batch: replayed
    ];
    // Submitted in one tick: one batch per lane (tenant b may sit on the other lane).
    const results = await Promise.all(sends.map((p) => batcher.submit(p)));
    expect(batcher.stats.fellBack).toBe(0);
    expect(batcher.stats.batched).toBeLessThanOrEqual(2);
    expect(results.map((r) => r.replayed)).toEqual([false, false, false, false, false, true]);
    expect(results[5]?.id).toBe(results[1]?.id);

    const rows = await t.database.db.select().from(messageHistory).where(inArray(messageHistory.tenantId, [a.tenantId, b.tenantId]));
    expect(rows).toHaveLength(5);
    const byTracking = new Map(rows.map((r) => [r.trackingId, r]));
    expect(byTracking.get('a-2')).toMatchObject({ module: 'OA', uid: '1234567890', messageData: { kind: 'text', text: 'Xin chào' }, price: 55, isCharged: true, status: 'PENDING', mode: 'production' });
    expect(byTracking.get('a-1')).toMatchObject({ module: 'ZNS', phone: '84987654321', templateData: { customer_name: 'A', order_code: 'a-1' }, isDirectZalo: true });
    expect(byTracking.get('a-3')).toMatchObject({ price: 0, isCharged: false });

    const [wa] = await t.database.db.select().from(wallets).where(eq(wallets.id, a.walletId));
    const [wb] = await t.database.db.select().from(wallets).where(eq(wallets.id, b.walletId));
    expect(wa?.balance).toBe(10_000 - 300 - 300 - 55);
    expect(wb).toMatchObject({ balance: 0, postpaidUsage: 300 });
    const entries = await t.database.db.select().from(walletEntries).where(inArray(walletEntries.walletId, [a.walletId, b.walletId]));
    // Prepaid charges, and postpaid usage as a ledger entry too (ADR 0010): USAGE, the balance unchanged.
    expect(entries.map((e) => [e.walletId === a.walletId ? 'a' : 'b', e.reason]).sort()).toEqual([
      ['a', 'CHARGE'],
      ['a', 'CHARGE'],
      ['a', 'CHARGE'],
      ['b', 'USAGE'],
    ]);
    expect(entries.find((e) => e.reason === 'USAGE')).toMatchObject({ type: 'SUB', value: 300, newBalance: 0 });
    // One statement: running balances in (key, tracking id) order — a-1, a-2, first — and one created_at.
    const aEntries = entries.filter((e) => e.walletId === a.walletId);
    expect(aEntries.map((e) => e.newBalance).sort((x, y) => x - y)).toEqual([10_000 - 655, 10_000 - 355, 10_000 - 300]);
    expect(new Set(aEntries.map((e) => e.createdAt.getTime())).size).toBe(1);
  });

  it('rolls a batch back and answers each send alone when the batch total exceeds the balance', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 700 });
    const batcher = new SendBatcher(t.database);
    const settled = await Promise.allSettled(['x0', 'x1', 'x2', 'x3'].map((id) => batcher.submit(zns(f, id))));
    expect(batcher.stats).toEqual({ batched: 0, fellBack: 1, split: 0 });
    // Sent one by one concurrently: on PostgreSQL any two win the wallet, the other two are refused.
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    const refused = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as { code?: string }] : []));
    expect(refused.map((e) => e.code)).toEqual(['INSUFFICIENT_BALANCE', 'INSUFFICIENT_BALANCE']);
    const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
    expect(w?.balance).toBe(100);
    expect(await t.database.db.select().from(messageHistory).where(eq(messageHistory.tenantId, f.tenantId))).toHaveLength(2);
  });

  it('leaves a threshold crossing to the ledger core: one alert, sent by the request that crosses', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000 });
    const receiver = await buildUser(t.database);
    await t.database.db.update(wallets).set({ threshold: 500, receiverIds: [receiver.id] }).where(eq(wallets.id, f.walletId));
    const batcher = new SendBatcher(t.database);
    await Promise.all(['y0', 'y1', 'y2'].map((id) => batcher.submit(zns(f, id))));
    expect(batcher.stats).toEqual({ batched: 0, fellBack: 1, split: 0 }); // 1,000 − 900 would cross 500: sent one by one, y1 crosses
    const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
    expect(w).toMatchObject({ balance: 100, belowThreshold: true });
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS); // the alert is a handler of wallet.threshold_crossed
    const alerts = await t.database.db.select().from(notifications).where(eq(notifications.referenceId, f.walletId));
    expect(alerts).toHaveLength(1);
    // Already below: later batches are written as one statement again, with no second alert.
    await Promise.all(['z0', 'z1'].map((id) => batcher.submit(zns(f, id, 50))));
    expect(batcher.stats).toEqual({ batched: 1, fellBack: 1, split: 0 });
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.referenceId, f.walletId))).toHaveLength(1);
  });
});

describe('per-item isolation: an item that breaks a batch statement fails alone (ADR 0006)', () => {
  it('the send batcher splits a failed batch until the send at fault stands alone; its neighbours are written and charged', async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const b = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000, merchantId: a.merchantId });
    const batcher = new SendBatcher(t.database);
    const good = [zns(a, 'iso-a1'), zns(b, 'iso-b1'), zns(a, 'iso-a2'), oa(a, 'iso-a3'), zns(b, 'iso-b2'), zns(a, 'iso-a4')];
    // Inputs the database refuses (the edge refuses them first; here they reach the statement on purpose).
    const nulTracking = zns(a, 'iso-bad\u0000');
    const base = zns(b, 'iso-bad-surrogate');
    const surrogateData: Prepared = { ...base, values: { ...base.values, templateData: { customer_name: '\uDC00', order_code: 'PE01' } } };
    const sends = [good[0], nulTracking, good[1], good[2], surrogateData, good[3], good[4], good[5]].filter((p): p is Prepared => p !== undefined);
    const settled = await Promise.allSettled(sends.map((p) => batcher.submit(p)));
    const outcome = (p: Prepared) => settled[sends.indexOf(p)]?.status;
    for (const p of good) expect(outcome(p), p.trackingId).toBe('fulfilled');
    expect(outcome(nulTracking)).toBe('rejected');
    expect(outcome(surrogateData)).toBe('rejected');
    expect(batcher.stats.split).toBeGreaterThan(0);
    // Neighbours still went in batches, not one by one.
    expect(batcher.stats.batched).toBeGreaterThan(0);

    const [wa] = await t.database.db.select().from(wallets).where(eq(wallets.id, a.walletId));
    const [wb] = await t.database.db.select().from(wallets).where(eq(wallets.id, b.walletId));
    expect(wa?.balance).toBe(10_000 - 3 * 300 - 55);
    expect(wb?.balance).toBe(10_000 - 2 * 300);
    const rows = await t.database.db.select().from(messageHistory).where(inArray(messageHistory.tenantId, [a.tenantId, b.tenantId]));
    expect(rows.map((r) => r.trackingId).sort()).toEqual(good.map((p) => p.trackingId).sort());
    const entries = await t.database.db.select().from(walletEntries).where(inArray(walletEntries.walletId, [a.walletId, b.walletId]));
    expect(entries).toHaveLength(good.length);
  });

  it('the context loader answers every request of a shared read on its own: a read the database refuses is split to the one at fault', async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret);
    const b = await buildSendFixture(t.database, t.config.appSecret);
    const loader = new SendContextLoader(t.database.raw);
    const settled = await Promise.allSettled([
      loader.load(sha256(a.secret), a.templateId),
      loader.load('\u0000', 'tpl'), // a hash jsonb cannot hold: the shared statement fails
      loader.load(sha256(b.secret), b.templateId),
      loader.load(sha256(a.secret), `${a.templateId}\u0000`), // an unstorable template id is read as none
      loader.load(sha256('zck_unknown'), a.templateId),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    const value = (i: number) => (settled[i]?.status === 'fulfilled' ? settled[i].value : undefined);
    expect(value(0)).toMatchObject({ id: a.apiKeyId, tenantId: a.tenantId, template: { znsTemplateId: a.templateId, price: 300 } });
    expect(value(2)).toMatchObject({ id: b.apiKeyId, tenantId: b.tenantId, template: { znsTemplateId: b.templateId } });
    expect(value(3)).toMatchObject({ id: a.apiKeyId, template: null });
    expect(value(4)).toBeNull();
    expect(loader.stats).toMatchObject({ reads: 1 });
    expect(loader.stats.splits).toBeGreaterThan(0);
  });

  it('settleIsolated costs about 2·log2(n) extra statements for one bad item, not n', async () => {
    let statements = 0;
    const items = Array.from({ length: 64 }, (_, i) => i);
    const settled = await settleIsolated(items, async (part) => {
      statements += 1;
      if (part.includes(37)) throw new Error('item 37 is bad');
      return part.map((i) => i * 2);
    });
    expect(settled.filter((s) => !s.ok)).toHaveLength(1);
    expect(settled[37]).toMatchObject({ ok: false });
    expect(settled[36]).toEqual({ ok: true, value: 72 });
    expect(statements).toBeLessThanOrEqual(1 + 2 * Math.log2(64));
  });
});
