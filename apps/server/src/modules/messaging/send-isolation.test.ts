import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageHistory } from '../../db/schema/messaging';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { createTestApp, type TestContext } from '../../test/helpers';
import { batcherFor } from './send-batcher';
import { contextLoaderFor } from './send-context-loader';
import { buildSendFixture, znsBody, type SendFixture } from './test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const zns = (secret: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': secret }, payload: payload as object });
const oa = (secret: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/oa/send', headers: { 'x-api-key': secret }, payload: payload as object });

async function charges(f: SendFixture) {
  const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId));
  const rows = await t.database.db.select().from(messageHistory).where(eq(messageHistory.tenantId, f.tenantId));
  const entries = await t.database.db.select().from(walletEntries).where(eq(walletEntries.walletId, f.walletId));
  return { balance: w?.balance, usage: w?.postpaidUsage, rows: rows.length, entries: entries.length, charged: entries.reduce((s, e) => s + e.value, 0) };
}

/** Poisoned sends through the attacker's own valid key: each must answer 400 naming its field. */
function poisoned(attacker: SendFixture): Array<{ name: string; path: string; send: () => ReturnType<typeof zns> }> {
  const body = (o: Record<string, unknown>) => znsBody(attacker, o);
  return [
    { name: 'NUL in templateId', path: 'body.templateId', send: () => zns(attacker.secret, body({ templateId: `${attacker.templateId}\u0000` })) },
    { name: 'lone surrogate in templateId', path: 'body.templateId', send: () => zns(attacker.secret, body({ templateId: '\uD800x' })) },
    { name: 'NUL in trackingId', path: 'body.trackingId', send: () => zns(attacker.secret, body({ trackingId: 'evil\u0000' })) },
    { name: 'lone surrogate in trackingId', path: 'body.trackingId', send: () => zns(attacker.secret, body({ trackingId: 'evil\uDC00' })) },
    { name: 'NUL in a templateData value', path: 'body.templateData.customer_name', send: () => zns(attacker.secret, body({ templateData: { customer_name: 'A\u0000', order_code: 'PE0102' } })) },
    { name: 'NUL in a templateData key', path: 'body.templateData.x\\u0000', send: () => zns(attacker.secret, body({ templateData: { customer_name: 'A', order_code: 'PE0102', 'x\u0000': 'y' } })) },
    { name: 'lone surrogate in a templateData value', path: 'body.templateData.order_code', send: () => zns(attacker.secret, body({ templateData: { customer_name: 'A', order_code: 'PE\uDBFF01' } })) },
    { name: 'NUL in phone', path: 'body.phone', send: () => zns(attacker.secret, body({ phone: '0987654321\u0000' })) },
    { name: 'NUL in OA text', path: 'body.message.text', send: () => oa(attacker.secret, { uid: '2512523625412515', trackingId: `oa-evil-${Math.random()}`, message: { kind: 'text', text: 'x\u0000' } }) },
  ];
}

describe('no send can affect another’s outcome (issue 8, defect 2)', () => {
  it('concurrent legitimate sends of two tenants are all accepted and charged exactly while poisoned sends share their batches', async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret, { balance: 50_000 });
    const b = await buildSendFixture(t.database, t.config.appSecret, { balance: 20_000, discountPercent: 10 });
    const attacker = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const loader = contextLoaderFor(t.database.raw);
    const batcher = batcherFor(t.database);
    const before = { reads: loader.stats.reads, batched: batcher.stats.batched };

    const legit = [
      ...Array.from({ length: 25 }, () => () => zns(a.secret, znsBody(a))),
      ...Array.from({ length: 25 }, () => () => zns(b.secret, znsBody(b))),
      ...Array.from({ length: 5 }, (_, i) => () => oa(a.secret, { uid: '2512523625412515', trackingId: `a-oa-${i}`, message: { kind: 'text', text: 'Xin chào' } })),
    ];
    const bad = poisoned(attacker);
    // An attacker without a key, whose poisoned template id used to break the shared context read.
    const anonymous = [`${a.templateId}\u0000`, '\uD83D', '\uDE00x'].map((templateId) => () => zns('zck_not_a_key', znsBody(a, { templateId })));
    // Interleaved and started together: one app, so they are read and written in shared batches.
    const order: Array<{ kind: 'legit' | 'bad' | 'anon'; i: number }> = [];
    for (let i = 0; i < legit.length; i += 1) {
      order.push({ kind: 'legit', i });
      if (i % 5 === 0 && bad[i / 5]) order.push({ kind: 'bad', i: i / 5 });
      if (i % 17 === 0 && anonymous[i / 17]) order.push({ kind: 'anon', i: i / 17 });
    }
    expect(order.filter((o) => o.kind === 'bad')).toHaveLength(bad.length);
    const answers = await Promise.all(order.map((o) => (o.kind === 'legit' ? legit[o.i] : o.kind === 'bad' ? bad[o.i]?.send : anonymous[o.i])?.() ?? Promise.reject(new Error('missing'))));

    answers.forEach((res, k) => {
      const o = order[k];
      if (o?.kind === 'legit') expect(res.statusCode, res.body).toBe(202);
      else if (o?.kind === 'anon') expect(res.json().error.code, res.body).toBe('API_KEY_INVALID');
      else {
        expect(res.statusCode, `${bad[o?.i ?? 0]?.name}: ${res.body}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ path: bad[o?.i ?? 0]?.path }] } });
      }
    });

    // They did share batches (fewer reads and writes than requests) and no read had to be split.
    expect(loader.stats.reads - before.reads).toBeLessThan(order.length);
    expect(batcher.stats.batched - before.batched).toBeLessThan(legit.length);
    expect(loader.stats.splits).toBe(0);

    expect(await charges(a)).toMatchObject({ balance: 50_000 - 25 * 300 - 5 * 55, rows: 30, entries: 30, charged: 25 * 300 + 5 * 55 });
    expect(await charges(b)).toMatchObject({ balance: 20_000 - 25 * 270, rows: 25, entries: 25, charged: 25 * 270 });
    expect(await charges(attacker)).toMatchObject({ balance: 10_000, rows: 0, entries: 0 });
  });

  it('a bad key with a poisoned body still answers 401 (authentication comes first), a good key 400', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret);
    const body = znsBody(f, { trackingId: 'x\u0000' });
    const anonymous = await zns('zck_unknown', body);
    expect(anonymous.statusCode).toBe(401);
    const keyed = await zns(f.secret, body);
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json().error.details.fields).toEqual([expect.objectContaining({ path: 'body.trackingId', code: 'nul_character' })]);
  });
});
