import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { zmaActivity, zmaCustomers, zmaDrawPrizes, zmaGiftCodes, zmaReferrals, zmaSpins } from '../../db/schema/zma';
import { buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { AppError } from '../../platform/errors';
import { drawBody, drawFixture, LOOK, type DrawFixture } from './draw.fixtures';
import { recordReferral, spin, turnsFor, listOpenDraws } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const paths = (res: { json(): unknown }) => ((res.json() as { error: { details?: { fields?: { path: string }[] } } }).error.details?.fields ?? []).map((f) => f.path);

async function createDraw(f: DrawFixture, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/lucky-draw', headers: f.headers(), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; prizes: { id: string; giftItemId: string | null; stock: number | null; won: number; label: string; probability: number }[] };
}

async function createRule(f: DrawFixture, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/rule', headers: f.headers(), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
}

async function spinOutcome(f: DrawFixture, drawId: string, customerId: string) {
  try {
    return await spin(t.database.db, { zmaAppId: f.app.id, tenantId: f.tenant.id, drawId, customerId });
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}

describe('lucky draws (console)', () => {
  it('creates a draw with prizes in ppm, lists it with its gift names and counters, updates and deletes it', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { stock: 5 }));
    expect(d).toMatchObject({ name: 'Vòng quay', status: 'ACTIVE', look: { ...LOOK, backgroundUrl: null }, spins: 0, winners: 0 });
    expect(d.prizes).toMatchObject([
      { giftItemId: f.voucher.id, giftName: 'Voucher 50k', giftType: 'VOUCHER', probability: 500_000, stock: 5, won: 0, position: 0 },
      { giftItemId: null, giftName: null, stock: null, position: 1 },
    ]);
    const list = await t.app.inject({ url: '/api/zma/merchant/lucky-draw?page=1&pageSize=10', headers: f.headers() });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(1);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/zma/merchant/lucky-draw/${d.id}`,
      headers: f.headers(),
      payload: { name: 'Tết', prizes: [{ id: d.prizes[0]!.id, giftItemId: f.voucher.id, label: 'Voucher', probability: 500_000, stock: 8 }, { giftItemId: f.item.id, label: 'Cup', probability: 500_000, stock: 3 }] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.prizes).toMatchObject([{ id: d.prizes[0]!.id, stock: 8 }, { giftItemId: f.item.id, stock: 3 }]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/zma/merchant/lucky-draw/${d.id}`, headers: f.headers() });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.app.inject({ url: `/api/zma/merchant/lucky-draw/${d.id}`, headers: f.headers() })).statusCode).toBe(404);
  });

  it('refuses bad wheels with 422 ZMA_DRAW_INVALID naming the field', async () => {
    const f = await drawFixture(t);
    const post = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/zma/merchant/lucky-draw', headers: f.headers(), payload: body });
    const sum = await post({ ...drawBody(f.voucher.id), prizes: [{ giftItemId: f.voucher.id, label: 'A', probability: 400_000, stock: 1 }, { giftItemId: null, label: 'B', probability: 500_000, stock: null }] });
    expect(sum.statusCode).toBe(422);
    expect(sum.json().error.code).toBe('ZMA_DRAW_INVALID');
    expect(paths(sum)).toEqual(['body.prizes']);
    const negative = await post(drawBody(f.voucher.id, { stock: -1 }));
    expect(negative.statusCode).toBe(422);
    expect(paths(negative)).toEqual(['body.prizes.0.stock']);
    const ends = await post(drawBody(f.voucher.id, { extra: { startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-30T00:00:00Z' } }));
    expect(ends.statusCode).toBe(422);
    expect(paths(ends)).toEqual(['body.endsAt']);
    const other = await drawFixture(t);
    const foreign = await post(drawBody(other.voucher.id));
    expect(foreign.statusCode).toBe(422);
    expect(paths(foreign)).toEqual(['body.prizes.0.giftItemId']);
    await f.setInactive(f.item.id);
    const inactive = await post(drawBody(f.item.id));
    expect(inactive.statusCode).toBe(422);
    expect(paths(inactive)).toEqual(['body.prizes.0.giftItemId']);
    const one = await post({ ...drawBody(f.voucher.id), prizes: [{ giftItemId: null, label: 'x', probability: 1_000_000, stock: null }] });
    expect(one.statusCode).toBe(400);
  });

  it('never lowers a stock below what was won', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { probability: 1_000_000, stock: 5 }));
    const c = await f.customer({ bonusTurns: 1 });
    await spin(t.database.db, { zmaAppId: f.app.id, tenantId: f.tenant.id, drawId: d.id, customerId: c.id });
    await spin(t.database.db, { zmaAppId: f.app.id, tenantId: f.tenant.id, drawId: d.id, customerId: c.id });
    const prizes = d.prizes.map((p) => ({ id: p.id, giftItemId: p.giftItemId, label: p.label, probability: p.probability, stock: p.giftItemId ? 1 : null }));
    const res = await t.app.inject({ method: 'PATCH', url: `/api/zma/merchant/lucky-draw/${d.id}`, headers: f.headers(), payload: { prizes } });
    expect(res.statusCode).toBe(422);
    expect(paths(res)).toEqual(['body.prizes.0.stock']);
    const got = await t.app.inject({ url: `/api/zma/merchant/lucky-draw/${d.id}`, headers: f.headers() });
    expect(got.json().data).toMatchObject({ spins: 2, winners: 2, prizes: [{ won: 2, stock: 5 }, {}] });
  });

  it('isolation: another mini app\'s draw, rule or campaign answers 404; a user without the game permissions gets 403', async () => {
    const f = await drawFixture(t);
    const other = await drawFixture(t);
    const foreign = await createDraw(other, drawBody(other.voucher.id));
    for (const url of [`/api/zma/merchant/lucky-draw/${foreign.id}`]) {
      expect((await t.app.inject({ url, headers: f.headers() })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url, headers: f.headers() })).statusCode).toBe(404);
    }
    const rule = await createRule(other, { name: 'r', conditionType: 'GAME_TURN', value: 2 });
    expect((await t.app.inject({ url: `/api/zma/merchant/rule/${rule.id}`, headers: f.headers() })).statusCode).toBe(404);
    const test = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/rule/test', headers: f.headers(), payload: { drawId: foreign.id, customerId: (await f.customer()).id } });
    expect(test.statusCode).toBe(404);
    // The other app's customer spinning this app's draw, and the reverse.
    const mine = await createDraw(f, drawBody(f.voucher.id));
    const stranger = await other.customer();
    const cross = await t.app.inject({ method: 'POST', url: `/api/zma/app/draws/${mine.id}/spin`, headers: stranger.auth });
    expect(cross.statusCode).toBe(404);
    const grant = await t.app.inject({ method: 'POST', url: `/api/zma/merchant/customer/${stranger.id}/turns`, headers: f.headers(), payload: { turns: 3 } });
    expect(grant.statusCode).toBe(404);

    const clerk = await buildUser(t.database, { merchantId: f.org.id, role: 'USER', tenantIds: [f.tenant.id] });
    const s = await loginAs(t.app, clerk.email);
    const h = s.headers({ 'x-tenant-id': f.tenant.id, 'x-zma-id': f.app.id });
    expect((await t.app.inject({ method: 'POST', url: '/api/zma/merchant/lucky-draw', headers: h, payload: drawBody(f.voucher.id) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/zma/merchant/rule', headers: h, payload: { name: 'r', conditionType: 'GAME_TURN', value: 1 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/zma/merchant/affiliate-campaign', headers: h, payload: { name: 'c' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/zma/merchant/customer/${stranger.id}/turns`, headers: h, payload: { turns: 1 } })).statusCode).toBe(403);
  });
});

describe('rules and the tester', () => {
  it('answers turns left and the reasons; validates GIFT_USAGE / GAME_RESULT values', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id));
    const c = await f.customer({ gender: 'male' });
    const test = async (at?: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/rule/test', headers: f.headers(), payload: { drawId: d.id, customerId: c.id, ...(at ? { at } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { allowed: boolean; turnsLeft: number; reasons: { code: string; ruleId: string | null }[] };
    };
    expect(await test()).toMatchObject({ allowed: true, turnsLeft: 1, reasons: [] });
    const r = await createRule(f, { drawId: d.id, name: 'Ba lượt', conditionType: 'GAME_TURN', value: 3, frequency: 'WEEKLY' });
    expect(await test()).toMatchObject({ allowed: true, turnsLeft: 3 });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/zma/merchant/rule/${r.id}`, headers: f.headers(), payload: { gender: 'female' } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await test()).toMatchObject({ allowed: false, turnsLeft: 0, reasons: [{ code: 'NO_TURNS' }, { code: 'GENDER', ruleId: r.id }] });
    const info = await createRule(f, { name: 'Chia sẻ SĐT', conditionType: 'INFO_NOT_SHARED', value: 0 });
    expect((await test()).reasons[0]).toMatchObject({ code: 'INFO_NOT_SHARED', ruleId: info.id });
    const bad = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/rule', headers: f.headers(), payload: { name: 'x', conditionType: 'GIFT_USAGE', value: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(paths(bad)).toEqual(['body.value']);
    const list = await t.app.inject({ url: '/api/zma/merchant/rule', headers: f.headers() });
    expect(list.json().data).toMatchObject([{ id: r.id, drawName: 'Vòng quay', gender: 'female' }, { id: info.id, drawId: null }]);
    await t.app.inject({ method: 'PATCH', url: `/api/zma/merchant/lucky-draw/${d.id}`, headers: f.headers(), payload: { status: 'INACTIVE' } });
    const closed = await test();
    expect(closed).toMatchObject({ allowed: false, turnsLeft: 0 });
    expect(closed.reasons[0]).toMatchObject({ code: 'NOT_OPEN' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/zma/merchant/rule/${info.id}`, headers: f.headers() })).statusCode).toBe(200);
  });
});

describe('the spin', () => {
  it('wins a voucher with a code through the mini-app route, records the spin and activity, then refuses without turns (409 with the reason)', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { probability: 1_000_000, stock: 5 }));
    const c = await f.customer();
    expect((await listOpenDraws(t.database.db, f.app.id)).map((x) => x.id)).toEqual([d.id]);
    expect(await turnsFor(t.database.db, { drawId: d.id, customerId: c.id })).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: `/api/zma/app/draws/${d.id}/spin`, headers: c.auth });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ outcome: 'WIN', prize: { id: d.prizes[0]!.id, label: 'Voucher' }, gift: { type: 'VOUCHER', name: 'Voucher 50k', status: 'ALLOCATED', discountValue: 50_000 }, turnsLeft: 0 });
    const [code] = await t.database.db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.id, data.gift.codeId));
    expect(code).toMatchObject({ customerId: c.id, status: 'ALLOCATED', spinId: data.spinId });
    const kinds = (await t.database.db.select({ kind: zmaActivity.kind }).from(zmaActivity).where(eq(zmaActivity.customerId, c.id))).map((r) => r.kind).sort();
    expect(kinds).toEqual(['CODE_ALLOCATED', 'GIFT_WON', 'SPIN']);
    const again = await t.app.inject({ method: 'POST', url: `/api/zma/app/draws/${d.id}/spin`, headers: c.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'ZMA_NO_TURNS', details: { reason: 'NO_TURNS' } });
    expect((await t.app.inject({ method: 'POST', url: `/api/zma/app/draws/${d.id}/spin` })).statusCode).toBe(401);
  });

  it('a spin runs on the cached configuration only while its version holds: console edits, rule changes and another process\'s edits are seen by the next spin', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { probability: 0, stock: 5 }));
    const c = await f.customer({ bonusTurns: 20 });
    const spinOnce = async () => {
      const r = await spinOutcome(f, d.id, c.id);
      return r instanceof AppError ? r.code : r.outcome;
    };
    expect(await spinOnce()).toBe('NO_PRIZE'); // the configuration is now cached in this process
    // The console makes the voucher certain: the next spin wins it.
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/zma/merchant/lucky-draw/${d.id}`, headers: f.headers(), payload });
    const prizes = (p: number) => [
      { id: d.prizes[0]!.id, giftItemId: f.voucher.id, label: 'Voucher', probability: p, stock: 5 },
      { id: d.prizes[1]!.id, giftItemId: null, label: 'Chúc may mắn', probability: 1_000_000 - p, stock: null },
    ];
    expect((await patch({ prizes: prizes(1_000_000) })).statusCode).toBe(200);
    expect(await spinOnce()).toBe('WIN');
    // A rule created in the console applies at once (GAME_RESULT: one win a day → refused).
    const rule = await createRule(f, { drawId: d.id, name: 'Một lần thắng', conditionType: 'GAME_RESULT', frequency: 'DAILY', value: 1 });
    expect(await spinOnce()).toBe('ZMA_PLAY_NOT_ALLOWED');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/zma/merchant/rule/${rule.id}`, headers: f.headers() })).statusCode).toBe(200);
    expect(await spinOnce()).toBe('WIN');
    // Another process switches the draw off (its own writes, this process's copy untouched): refused at once, nothing spent.
    await t.database.raw.query(`update zma_draws set status = 'INACTIVE', config_version = config_version + 1 where id = $1`, [d.id]);
    expect(await spinOnce()).toBe('ZMA_DRAW_NOT_OPEN');
    // …and back on with the voucher gone from the wheel: the next spin wins nothing.
    await t.database.raw.query(`update zma_draw_prizes set probability = case when gift_item_id is null then 1000000 else 0 end where draw_id = $1`, [d.id]);
    await t.database.raw.query(`update zma_draws set status = 'ACTIVE', config_version = config_version + 1 where id = $1`, [d.id]);
    expect(await spinOnce()).toBe('NO_PRIZE');
    const [row] = await t.database.db.select({ bonus: zmaCustomers.bonusTurns }).from(zmaCustomers).where(eq(zmaCustomers.id, c.id));
    expect(row?.bonus).toBe(20 - 3); // 4 spins happened: the day's turn, then 3 bonus turns (refusals spend nothing)
    const spins = await t.database.db.select({ outcome: zmaSpins.outcome }).from(zmaSpins).where(eq(zmaSpins.customerId, c.id));
    expect(spins.map((x) => x.outcome).sort()).toEqual(['NO_PRIZE', 'NO_PRIZE', 'WIN', 'WIN']);
  });

  it('outside the schedule or switched off → 409 ZMA_DRAW_NOT_OPEN with the reason; nothing is spent', async () => {
    const f = await drawFixture(t);
    const c = await f.customer({ bonusTurns: 1 });
    const future = await createDraw(f, drawBody(f.voucher.id, { extra: { startsAt: new Date(Date.now() + 3_600_000).toISOString() } }));
    const past = await createDraw(f, drawBody(f.voucher.id, { extra: { startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-02-01T00:00:00Z' } }));
    const off = await createDraw(f, drawBody(f.voucher.id, { extra: { status: 'INACTIVE' } }));
    for (const [d, reason] of [[future, 'NOT_STARTED'], [past, 'ENDED'], [off, 'INACTIVE']] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/zma/app/draws/${d.id}/spin`, headers: c.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'ZMA_DRAW_NOT_OPEN', details: { reason } });
    }
    const [row] = await t.database.db.select({ bonus: zmaCustomers.bonusTurns }).from(zmaCustomers).where(eq(zmaCustomers.id, c.id));
    expect(row?.bonus).toBe(1);
  });

  it('granted turns are spent after the period\'s turns (console route, audited, TURNS_GRANTED)', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { probability: 0 }));
    const c = await f.customer();
    const grant = await t.app.inject({ method: 'POST', url: `/api/zma/merchant/customer/${c.id}/turns`, headers: f.headers(), payload: { turns: 2, note: 'xin lỗi' } });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().data).toEqual({ customerId: c.id, bonusTurns: 2 });
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await spinOutcome(f, d.id, c.id));
    expect(outcomes.slice(0, 3).map((o) => (o instanceof AppError ? o.code : o.outcome))).toEqual(['NO_PRIZE', 'NO_PRIZE', 'NO_PRIZE']);
    expect(outcomes[2]).toMatchObject({ turnsLeft: 0 });
    expect(outcomes[3]).toMatchObject({ code: 'ZMA_NO_TURNS' });
    const acts = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.customerId, c.id), eq(zmaActivity.kind, 'TURNS_GRANTED')));
    expect(acts).toHaveLength(1);
  });

  it('GAME_RESULT caps wins in the period: the spin is refused with 409 ZMA_PLAY_NOT_ALLOWED WIN_LIMIT', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { probability: 1_000_000, stock: null }));
    await createRule(f, { drawId: d.id, name: 't', conditionType: 'GAME_TURN', value: 5 });
    await createRule(f, { drawId: d.id, name: 'w', conditionType: 'GAME_RESULT', value: 1 });
    const c = await f.customer();
    expect(await spinOutcome(f, d.id, c.id)).toMatchObject({ outcome: 'WIN' });
    expect(await spinOutcome(f, d.id, c.id)).toMatchObject({ code: 'ZMA_PLAY_NOT_ALLOWED', details: { reason: 'WIN_LIMIT' } });
    expect(await turnsFor(t.database.db, { drawId: d.id, customerId: c.id })).toBe(0);
  });

  it('200 simultaneous spins of 20 customers on a prize with stock 10 → exactly 10 winners', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { probability: 1_000_000, stock: 10 }));
    await createRule(f, { drawId: d.id, name: 'mười', conditionType: 'GAME_TURN', value: 10 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => f.customer()));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => spinOutcome(f, d.id, customers[i % 20]!.id)));
    const errors = results.filter((r) => r instanceof AppError);
    expect(errors).toEqual([]);
    expect(results.filter((r) => !(r instanceof AppError) && r.outcome === 'WIN')).toHaveLength(10);
    const [prize] = await t.database.db.select().from(zmaDrawPrizes).where(eq(zmaDrawPrizes.id, d.prizes[0]!.id));
    expect(prize).toMatchObject({ won: 10, stock: 10 });
    const spins = await t.database.db.select().from(zmaSpins).where(eq(zmaSpins.drawId, d.id));
    expect(spins).toHaveLength(200);
    expect(spins.filter((s) => s.outcome === 'WIN')).toHaveLength(10);
    // Sold out: the wheel stops on the "no prize" slice.
    expect(new Set(spins.filter((s) => s.outcome === 'NO_PRIZE').map((s) => s.prizeId))).toEqual(new Set([d.prizes[1]!.id]));
  }, 90_000); // 200 transactions one after another on PGlite: 20–40 s on a loaded host

  it('one customer with 3 turns spinning 10 times at once → exactly 3 spins', async () => {
    const f = await drawFixture(t);
    const d = await createDraw(f, drawBody(f.voucher.id, { stock: null }));
    await createRule(f, { name: 'ba', conditionType: 'GAME_TURN', value: 3 });
    const c = await f.customer();
    const results = await Promise.all(Array.from({ length: 10 }, () => spinOutcome(f, d.id, c.id)));
    expect(results.filter((r) => !(r instanceof AppError))).toHaveLength(3);
    expect(results.filter((r) => r instanceof AppError).map((r) => (r as AppError).code)).toEqual(Array(7).fill('ZMA_NO_TURNS'));
  });

  it('property: under concurrency stock and turns are never exceeded', async () => {
    const f = await drawFixture(t);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          stock: fc.integer({ min: 0, max: 4 }),
          turns: fc.integer({ min: 0, max: 3 }),
          bonus: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
          attempts: fc.array(fc.nat(), { minLength: 1, maxLength: 14 }),
        }),
        async ({ stock, turns, bonus, attempts }) => {
          const d = await createDraw(f, drawBody(f.voucher.id, { probability: 700_000, stock }));
          await createRule(f, { drawId: d.id, name: 'p', conditionType: 'GAME_TURN', value: turns });
          const customers = await Promise.all(bonus.map((b) => f.customer({ bonusTurns: b })));
          const results = await Promise.all(attempts.map((a) => spinOutcome(f, d.id, customers[a % customers.length]!.id)));
          const wins = results.filter((r) => !(r instanceof AppError) && r.outcome === 'WIN').length;
          expect(wins).toBeLessThanOrEqual(stock);
          const [prize] = await t.database.db.select().from(zmaDrawPrizes).where(eq(zmaDrawPrizes.id, d.prizes[0]!.id));
          expect(prize!.won).toBe(wins);
          for (const [i, c] of customers.entries()) {
            const tried = attempts.filter((a) => a % customers.length === i).length;
            const done = (await t.database.db.select().from(zmaSpins).where(and(eq(zmaSpins.drawId, d.id), eq(zmaSpins.customerId, c.id)))).length;
            expect(done).toBe(Math.min(tried, turns + bonus[i]!));
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('affiliate campaigns and referrals', () => {
  it('rewards one new Zalo user once, rejects self-referral, unknown referrers, known users and referrers over the limit', async () => {
    const f = await drawFixture(t);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/zma/merchant/affiliate-campaign',
      headers: f.headers(),
      payload: { name: 'Rủ bạn', rewardTurns: 2, newCustomerTurns: 1, maxRewardsPerReferrer: 1, rewardGiftItemId: f.voucher.id },
    });
    expect(create.statusCode, create.body).toBe(200);
    const campaign = create.json().data as { id: string };
    const referrer = await f.customer();
    const a = await f.customer();
    const b = await f.customer();
    const refer = (newCustomer: { id: string; zaloUserId: string; isNew?: boolean }, ref = referrer.id) =>
      t.database.db.transaction((tx) => recordReferral(tx, { zmaAppId: f.app.id, tenantId: f.tenant.id, referrerCustomerId: ref, newCustomer }));
    expect(await refer(a)).toEqual({ status: 'REWARDED', campaignId: campaign.id });
    expect(await refer(a)).toEqual({ status: 'DUPLICATE' });
    expect(await refer(b)).toMatchObject({ status: 'REJECTED', reason: 'REFERRER_LIMIT' });
    expect(await refer(referrer, referrer.id)).toMatchObject({ status: 'REJECTED', reason: 'SELF_REFERRAL' });
    const known = await f.customer();
    expect(await refer({ ...known, isNew: false })).toMatchObject({ status: 'REJECTED', reason: 'ALREADY_KNOWN' });
    const other = await drawFixture(t);
    const foreigner = await other.customer();
    const c = await f.customer();
    expect(await refer(c, foreigner.id)).toMatchObject({ status: 'REJECTED', reason: 'REFERRER_UNKNOWN' });
    const bonus = async (id: string) => (await t.database.db.select({ b: zmaCustomers.bonusTurns }).from(zmaCustomers).where(eq(zmaCustomers.id, id)))[0]!.b;
    expect(await bonus(referrer.id)).toBe(2);
    expect(await bonus(a.id)).toBe(1);
    expect(await bonus(b.id)).toBe(0);
    const codes = await t.database.db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.customerId, referrer.id));
    expect(codes).toHaveLength(1);
    const list = await t.app.inject({ url: `/api/zma/merchant/affiliate-campaign/${campaign.id}/referrals`, headers: f.headers() });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(4);
    const got = await t.app.inject({ url: `/api/zma/merchant/affiliate-campaign/${campaign.id}`, headers: f.headers() });
    expect(got.json().data).toMatchObject({ rewardGiftName: 'Voucher 50k', referrals: { total: 4, rewarded: 1, rejected: 3 } });
    expect((await t.app.inject({ url: `/api/zma/merchant/affiliate-campaign/${campaign.id}`, headers: other.headers() })).statusCode).toBe(404);
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/zma/merchant/affiliate-campaign/${campaign.id}`, headers: f.headers(), payload: { status: 'INACTIVE' } });
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await f.customer();
    expect(await refer(late)).toMatchObject({ status: 'REJECTED', reason: 'CAMPAIGN_CLOSED' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/zma/merchant/affiliate-campaign/${campaign.id}`, headers: f.headers() })).statusCode).toBe(200);
  });

  it('rewards exactly the limit when many new users sign in through one link at once', async () => {
    const f = await drawFixture(t);
    const limit = 3;
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/zma/merchant/affiliate-campaign',
      headers: f.headers(),
      payload: { name: 'Rủ bạn cùng lúc', rewardTurns: 1, newCustomerTurns: 1, maxRewardsPerReferrer: limit },
    });
    expect(create.statusCode, create.body).toBe(200);
    const referrer = await f.customer();
    const newcomers = await Promise.all(Array.from({ length: 12 }, () => f.customer()));
    const outcomes = await Promise.all(
      newcomers.map((n) => t.database.db.transaction((tx) => recordReferral(tx, { zmaAppId: f.app.id, tenantId: f.tenant.id, referrerCustomerId: referrer.id, newCustomer: n }))),
    );
    expect(outcomes.filter((o) => o.status === 'REWARDED')).toHaveLength(limit);
    const rejected = outcomes.filter((o) => o.status === 'REJECTED');
    expect(rejected).toHaveLength(newcomers.length - limit);
    expect(rejected.every((o) => o.status === 'REJECTED' && o.reason === 'REFERRER_LIMIT')).toBe(true);
    // Every newcomer kept as a referral row; only the limit rewarded, and the referrer paid that many times.
    const rows = await t.database.db.select().from(zmaReferrals).where(eq(zmaReferrals.referrerCustomerId, referrer.id));
    expect(rows).toHaveLength(newcomers.length);
    expect(rows.filter((r) => r.status === 'REWARDED')).toHaveLength(limit);
    expect(rows.filter((r) => r.status === 'REJECTED' && r.reason === 'REFERRER_LIMIT')).toHaveLength(newcomers.length - limit);
    const [ref] = await t.database.db.select({ b: zmaCustomers.bonusTurns }).from(zmaCustomers).where(eq(zmaCustomers.id, referrer.id));
    expect(ref!.b).toBe(limit);
  });
});
