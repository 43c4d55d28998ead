import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH } from '@zc/shared/api/zma-loyalty';
import { zmaActivity, zmaBranchStock, zmaGiftCodeEvents, zmaGiftCodes } from '../../db/schema/zma';
import { createTestApp, multipart, type TestContext } from '../../test/helpers';
import { buildCustomer, buildDraw, buildZmaApp, loyaltySetup, memberWithRole, waitForBatch } from './loyalty.fixtures';
import { generateCodes, insertCodes, randomCodes, uuid7List } from './codes';
import { allocateGiftCode, countUnusedCodes, expireDueCodes, findGiftItems, listCustomerGifts } from './service';
import { splitCsvRecord } from './manage';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function giftWithCodes(call: Awaited<ReturnType<typeof loyaltySetup>>['call'], count: number, body: Record<string, unknown> = {}) {
  const g = await call('POST', '/gift', { type: 'VOUCHER', name: 'Giảm 50k', discountKind: 'AMOUNT', discountValue: 50_000, codeValidityDays: 7, ...body });
  expect(g.statusCode, g.body).toBe(200);
  const gift = g.json().data as { id: string; type: string };
  if (count > 0) {
    const gen = await call('POST', `/gift/${gift.id}/codes`, { count });
    expect(gen.statusCode, gen.body).toBe(200);
    const b = await waitForBatch(call as never, gen.json().data.batchId);
    expect(b).toMatchObject({ status: 'DONE', generated: count });
  }
  return gift;
}

async function allocate(ctx: Awaited<ReturnType<typeof loyaltySetup>>, giftItemId: string, customerId: string) {
  return t.database.db.transaction((tx) => allocateGiftCode(tx, { zmaAppId: ctx.app.id, tenantId: ctx.tenant.id, giftItemId, customerId, spinId: null }));
}

describe('gift codes: generation (ADR 0023)', () => {
  it('makes ascending, unique version-7 ids for a bulk insert, their time readable from the first 48 bits', () => {
    const at = Date.parse('2026-11-26T17:00:00Z');
    const ids = uuid7List(10_000, at).split(',');
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(uuid7List(0)).toBe('');
  });

  it('draws codes of 10 characters from a 31-letter alphabet without 0/O, 1/I/L (≥ 40 bits)', () => {
    expect(GIFT_CODE_ALPHABET).toHaveLength(31);
    for (const ch of '0O1IL') expect(GIFT_CODE_ALPHABET).not.toContain(ch);
    expect(GIFT_CODE_LENGTH * Math.log2(GIFT_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
    const codes = randomCodes(20_000);
    expect(new Set(codes).size).toBe(20_000);
    for (const c of codes.slice(0, 500)) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    // Every character of the alphabet shows up at roughly its share (uniform, no modulo bias).
    const counts = new Map<string, number>();
    for (const c of codes) for (const ch of c) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const expected = (codes.length * GIFT_CODE_LENGTH) / 31;
    for (const ch of GIFT_CODE_ALPHABET) expect(Math.abs((counts.get(ch) ?? 0) - expected) / expected).toBeLessThan(0.08);
  });

  it('generates a batch as a job with progress, one CODES_GENERATED row, unique per app', async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 1200);
    const rows = await t.database.db.select({ code: zmaGiftCodes.code, status: zmaGiftCodes.status }).from(zmaGiftCodes).where(eq(zmaGiftCodes.giftItemId, gift.id));
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((r) => r.code)).size).toBe(1200);
    expect(rows.every((r) => r.status === 'NEW')).toBe(true);
    const acts = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.zmaAppId, ctx.app.id), eq(zmaActivity.kind, 'CODES_GENERATED')));
    expect(acts).toHaveLength(1);
    expect(acts[0]?.detail).toMatchObject({ count: 1200 });
    const listed = await ctx.call('GET', `/gift?type=VOUCHER`);
    expect(listed.json().data[0].codes).toMatchObject({ NEW: 1200, ALLOCATED: 0 });
    expect((await ctx.call('POST', `/gift/${gift.id}/codes`, { count: 0 })).statusCode).toBe(400);
    expect((await ctx.call('POST', `/gift/${gift.id}/codes`, { count: 1_000_001 })).statusCode).toBe(400);
  });
});

describe('gift codes: collisions in bulk generation', () => {
  it('a list colliding with an existing code or repeating one is inserted without them, then topped up to exactly the count', async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 0);
    const scope = { zmaAppId: ctx.app.id, tenantId: ctx.tenant.id, giftItemId: gift.id, batchId: null };
    await insertCodes(t.database.db, { ...scope, codes: ['2222222222'] });
    // First list: one code already there, one repeated; the plain insert fails whole, the ON CONFLICT form keeps the 2 new ones.
    const lists = ['2222222222,3333333333,4444444444,4444444444', '5555555555,6666666666'];
    const made = await generateCodes(t.database.db, { ...scope, count: 4 }, { chunk: 4, source: (n) => lists.shift() ?? randomCodes(n).join(',') });
    expect(made).toBe(4);
    const rows = await t.database.db.select({ code: zmaGiftCodes.code }).from(zmaGiftCodes).where(eq(zmaGiftCodes.giftItemId, gift.id));
    expect(rows.map((r) => r.code).sort()).toEqual(['2222222222', '3333333333', '4444444444', '5555555555', '6666666666']);
  });
});

describe('gift codes: lookup and redemption at a branch (§5, §7, §8)', () => {
  it('looks a code up (code required → 400 naming code; unknown → 404 Gift code not found) and redeems it once', async () => {
    const ctx = await loyaltySetup(t);
    const { call } = ctx;
    const gift = await giftWithCodes(call, 5, { type: 'ITEM', name: 'Bình giữ nhiệt', discountKind: null, discountValue: null });
    const branch = (await call('POST', '/branch', { name: 'Quận 1', openingHours: [{ day: 1, open: '08:00', close: '21:00' }] })).json().data;
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);

    const missing = await call('GET', '/branch/gift-code');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(missing.json().error.details)).toContain('code');
    const unknown = await call('GET', '/branch/gift-code?code=ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'GIFT_CODE_NOT_FOUND', message: 'Gift code not found' });

    const a = await allocate(ctx, gift.id, customer.id);
    expect(a.expiresAt).not.toBeNull();
    const dashed = `${a.code.slice(0, 5).toLowerCase()}-${a.code.slice(5)}`;
    const found = await call('GET', `/branch/gift-code?code=${dashed}&type=ITEM&branchId=${branch.id}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ code: a.code, status: 'ALLOCATED', zmaUser: { id: customer.id, name: 'Lan', email: null, phone: '84901234567' }, zmaGiftItem: { id: gift.id }, zmaGiftVoucher: null });
    expect((await call('GET', `/branch/gift-code?code=${a.code}&type=VOUCHER`)).statusCode).toBe(404);

    // Stock of the item at the branch: one taken at redemption.
    expect((await call('PUT', `/branch/${branch.id}/stock`, { items: [{ giftItemId: gift.id, quantity: 2, lowThreshold: 1 }] })).statusCode).toBe(200);
    const used = await call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: branch.id });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data).toMatchObject({ status: 'USED', zmaBranch: { id: branch.id, name: 'Quận 1' } });
    const [stock] = await t.database.db.select().from(zmaBranchStock).where(eq(zmaBranchStock.branchId, branch.id));
    expect(stock?.quantity).toBe(1);
    const again = await call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: branch.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('GIFT_CODE_USED');

    const evRes = await call('GET', `/gift-code/${a.codeId}/events`);
    expect(evRes.statusCode, evRes.body).toBe(200);
    const events = evRes.json().data;
    expect(events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['ALLOCATED', 'USED']);
    expect(events[1]).toMatchObject({ fromStatus: 'ALLOCATED', actor: { id: ctx.owner.id }, customer: { id: customer.id }, branch: { id: branch.id } });
    const acts = await t.database.db.select({ kind: zmaActivity.kind }).from(zmaActivity).where(eq(zmaActivity.giftCodeId, a.codeId));
    expect(acts.map((x) => x.kind).sort()).toEqual(['CODE_ALLOCATED', 'CODE_USED']);

    // A NEW code, a cancelled one, an expired one, stock gone.
    const [newCode] = await t.database.db.select().from(zmaGiftCodes).where(and(eq(zmaGiftCodes.giftItemId, gift.id), eq(zmaGiftCodes.status, 'NEW'))).limit(1);
    expect((await call('POST', '/branch/gift-code/redeem', { code: newCode!.code, branchId: branch.id })).json().error.code).toBe('GIFT_CODE_NOT_ALLOCATED');
    expect((await call('POST', '/gift-code/cancel', { ids: [newCode!.id] })).json().data.done).toEqual([newCode!.id]);
    expect((await call('POST', '/branch/gift-code/redeem', { code: newCode!.code, branchId: branch.id })).json().error.code).toBe('GIFT_CODE_CANCELLED');
    const b = await allocate(ctx, gift.id, customer.id);
    await t.database.db.update(zmaGiftCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(zmaGiftCodes.id, b.codeId));
    expect((await call('POST', '/branch/gift-code/redeem', { code: b.code, branchId: branch.id })).json().error.code).toBe('GIFT_CODE_EXPIRED');
    expect(await expireDueCodes(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await t.database.db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.id, b.codeId)))[0]?.status).toBe('EXPIRED');
    const c = await allocate(ctx, gift.id, customer.id);
    const d = await allocate(ctx, gift.id, customer.id);
    expect((await call('POST', '/branch/gift-code/redeem', { code: c.code, branchId: branch.id })).statusCode).toBe(200);
    const none = await call('POST', '/branch/gift-code/redeem', { code: d.code, branchId: branch.id });
    expect(none.json().error.code).toBe('ZMA_STOCK_INSUFFICIENT');
    expect((await t.database.db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.id, d.codeId)))[0]?.status).toBe('ALLOCATED');
  });

  it('20 simultaneous redemptions of one code: exactly one succeeds, the others 409 GIFT_CODE_USED', async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 1);
    const branch = (await ctx.call('POST', '/branch', { name: 'Q3' })).json().data;
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const a = await allocate(ctx, gift.id, customer.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => ctx.call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: branch.id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().error.code === 'GIFT_CODE_USED')).toHaveLength(19);
    const events = await t.database.db.select().from(zmaGiftCodeEvents).where(and(eq(zmaGiftCodeEvents.codeId, a.codeId), eq(zmaGiftCodeEvents.toStatus, 'USED')));
    expect(events).toHaveLength(1);
  });

  it('branch setting requireStaff: only the branch staff may redeem there', async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 1);
    const branch = (await ctx.call('POST', '/branch', { name: 'Staffed' })).json().data;
    expect((await ctx.call('PUT', `/branch/${branch.id}/setting`, { requireStaff: true })).json().data).toEqual({ requireStaff: true });
    // The retired allowManualCode (ADR 0023) is refused like any unknown setting.
    expect((await ctx.call('PUT', `/branch/${branch.id}/setting`, { allowManualCode: false, requireStaff: true })).statusCode).toBe(400);
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const a = await allocate(ctx, gift.id, customer.id);
    expect((await ctx.call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: branch.id })).statusCode).toBe(403);
    expect((await ctx.call('PATCH', `/branch/${branch.id}`, { staffUserIds: [ctx.owner.id] })).statusCode).toBe(200);
    expect((await ctx.call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: branch.id })).statusCode).toBe(200);
  });
});

describe('gift codes: cancel, recall, allocation (§4)', () => {
  it('cancels only NEW codes, recalls NEW or CANCELLED (row removed, events kept), reports the others per id', async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 4);
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const a = await allocate(ctx, gift.id, customer.id);
    const codes = await t.database.db.select().from(zmaGiftCodes).where(and(eq(zmaGiftCodes.giftItemId, gift.id), eq(zmaGiftCodes.status, 'NEW')));
    const [n1, n2] = codes;
    const cancel = (await ctx.call('POST', '/gift-code/cancel', { ids: [n1!.id, a.codeId] })).json().data;
    expect(cancel.done).toEqual([n1!.id]);
    expect(cancel.refused).toEqual([{ id: a.codeId, code: 'GIFT_CODE_TRANSITION_INVALID', status: 'ALLOCATED' }]);
    const recall = (await ctx.call('POST', '/gift-code/recall', { ids: [n1!.id, n2!.id, a.codeId, '00000000-0000-4000-8000-000000000000'] })).json().data;
    expect(recall.done.sort()).toEqual([n1!.id, n2!.id].sort());
    expect(recall.refused.map((r: { code: string }) => r.code).sort()).toEqual(['GIFT_CODE_NOT_FOUND', 'GIFT_CODE_TRANSITION_INVALID']);
    expect(await t.database.db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.id, n1!.id))).toHaveLength(0);
    const history = (await ctx.call('GET', `/gift-code/${n1!.id}/events`)).json().data;
    expect(history.map((e: { toStatus: string }) => e.toStatus)).toEqual(['CANCELLED', 'RECALLED']);
    const kinds = (await t.database.db.select({ kind: zmaActivity.kind }).from(zmaActivity).where(eq(zmaActivity.zmaAppId, ctx.app.id))).map((x) => x.kind);
    expect(kinds).toEqual(expect.arrayContaining(['CODE_CANCELLED', 'CODE_RECALLED', 'CODE_ALLOCATED']));
  });

  it('allocation in one statement: item days, else the app default, capped by validTo; a NEW code taken, or one minted with both transition rows', async () => {
    const ctx = await loyaltySetup(t);
    const now = new Date('2026-11-20T10:00:00.000Z');
    const validTo = '2026-11-25T00:00:00.000Z';
    const at = async (giftItemId: string) => t.database.db.transaction((tx) => allocateGiftCode(tx, { zmaAppId: ctx.app.id, tenantId: ctx.tenant.id, giftItemId, customerId: customer.id, spinId: null, now }));
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const days = await giftWithCodes(ctx.call, 1, { codeValidityDays: 3 });
    const taken = await at(days.id);
    expect(taken.expiresAt).toBe('2026-11-23T10:00:00.000Z');
    const capped = await giftWithCodes(ctx.call, 0, { codeValidityDays: 30, validTo });
    expect((await at(capped.id)).expiresAt).toBe(validTo);
    await t.database.db.execute(sql`update zma_apps set settings = settings || '{"codeValidityDays": 2}'::jsonb where id = ${ctx.app.id}`);
    const byApp = await giftWithCodes(ctx.call, 0, { codeValidityDays: null });
    const minted = await at(byApp.id);
    expect(minted.expiresAt).toBe('2026-11-22T10:00:00.000Z');
    const events = async (codeId: string) => (await t.database.db.select().from(zmaGiftCodeEvents).where(eq(zmaGiftCodeEvents.codeId, codeId))).map((e) => `${e.fromStatus ?? '-'}→${e.toStatus}`).sort();
    expect(await events(taken.codeId)).toEqual(['NEW→ALLOCATED']); // a generated code: its batch is the record of its making
    expect(await events(minted.codeId)).toEqual(['-→NEW', 'NEW→ALLOCATED']); // minted at allocation
    const [row] = await t.database.db.select().from(zmaGiftCodes).where(eq(zmaGiftCodes.id, minted.codeId));
    expect(row).toMatchObject({ status: 'ALLOCATED', customerId: customer.id, code: minted.code });
    const acts = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.zmaAppId, ctx.app.id), eq(zmaActivity.kind, 'CODE_ALLOCATED')));
    expect(acts.map((a) => a.giftCodeId).sort()).toEqual([taken.codeId, minted.codeId, acts.find((a) => a.giftItemId === capped.id)?.giftCodeId].sort());
    expect(acts.find((a) => a.giftCodeId === minted.codeId)?.detail).toEqual({ code: minted.code, spinId: null });
    await expect(at('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('allocation mints a code when none is NEW; service functions for the draw and customers modules', async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 0);
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const a = await allocate(ctx, gift.id, customer.id);
    expect(a.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(new Date(a.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await countUnusedCodes(t.database.db, customer.id)).toBe(1);
    const gifts = await listCustomerGifts(t.database.db, { zmaAppId: ctx.app.id, customerId: customer.id });
    expect(gifts).toEqual([expect.objectContaining({ codeId: a.codeId, code: a.code, status: 'ALLOCATED', type: 'VOUCHER', name: 'Giảm 50k', discountKind: 'AMOUNT', discountValue: 50_000 })]);
    expect(await findGiftItems(t.database.db, ctx.app.id, [gift.id, 'not-a-uuid'])).toEqual([{ id: gift.id, type: 'VOUCHER', name: 'Giảm 50k', status: 'ACTIVE' }]);
    const other = await buildZmaApp(t, ctx.tenant.id);
    expect(await findGiftItems(t.database.db, other.id, [gift.id])).toEqual([]);
    const list = (await ctx.call('GET', `/gift-code?customerId=${customer.id}`)).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: a.codeId, status: 'ALLOCATED', zmaGiftVoucher: { id: gift.id, name: 'Giảm 50k' }, zmaGiftItem: null });
  });
});

describe('branches (§7)', () => {
  it('creates, lists, updates, assigns games of this app only, sets stock (never negative) and deletes', async () => {
    const ctx = await loyaltySetup(t);
    const { call } = ctx;
    const created = await call('POST', '/branch', { name: 'Chi nhánh Hà Nội', address: '1 Tràng Tiền', openingHours: [{ day: 0, open: '09:00', close: '18:00' }], staffUserIds: [ctx.owner.id] });
    expect(created.statusCode, created.body).toBe(200);
    const b = created.json().data;
    expect(b).toMatchObject({ type: 'BRANCH', status: 'ACTIVE', staff: [{ userId: ctx.owner.id }], games: [] });
    expect((await call('GET', '/branch?search=hà nội')).json().meta.total).toBe(1);
    expect((await call('GET', '/branch/all')).json().data).toEqual([{ id: b.id, name: 'Chi nhánh Hà Nội', type: 'BRANCH' }]);
    expect((await call('POST', '/branch', { name: '' })).statusCode).toBe(400);
    expect((await call('POST', '/branch', { name: 'x', openingHours: [{ day: 7, open: '09:00', close: '18:00' }] })).statusCode).toBe(400);
    const stranger = await call('POST', '/branch', { name: 'x', staffUserIds: ['00000000-0000-4000-8000-000000000001'] });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().error.details.fields[0].path).toBe('body.staffUserIds.0');

    const draw = await buildDraw(t, ctx.app.id, ctx.tenant.id);
    const otherApp = await buildZmaApp(t, ctx.tenant.id);
    const foreignDraw = await buildDraw(t, otherApp.id, ctx.tenant.id);
    const bad = await call('PUT', `/branch/${b.id}/assign-game`, { drawIds: [draw.id, foreignDraw.id] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'ZMA_BRANCH_INVALID', details: { fields: [{ path: 'body.drawIds.1' }] } });
    expect((await call('PUT', `/branch/${b.id}/assign-game`, { drawIds: [draw.id] })).json().data.games).toEqual([{ id: draw.id, name: draw.name }]);

    const gift = await giftWithCodes(call, 0, { type: 'ITEM', name: 'Áo thun', discountKind: null, discountValue: null });
    const neg = await call('PUT', `/branch/${b.id}/stock`, { items: [{ giftItemId: gift.id, quantity: -1 }] });
    expect(neg.statusCode).toBe(422);
    expect(neg.json().error).toMatchObject({ code: 'ZMA_BRANCH_INVALID', details: { fields: [{ path: 'body.items.0.quantity' }] } });
    const put = await call('PUT', `/branch/${b.id}/stock`, { items: [{ giftItemId: gift.id, quantity: 30, lowThreshold: 5 }] });
    expect(put.json().data).toEqual([{ giftItemId: gift.id, name: 'Áo thun', type: 'ITEM', quantity: 30, lowThreshold: 5 }]);
    expect((await call('GET', `/gift/${gift.id}`)).json().data.stockTotal).toBe(30);
    const stockActs = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.branchId, b.id), eq(zmaActivity.kind, 'STOCK_CHANGED')));
    expect(stockActs).toHaveLength(1);
    expect((await call('GET', `/branch/${b.id}/setting`)).json().data).toEqual({ requireStaff: false });
    expect((await call('PATCH', `/branch/${b.id}`, { name: 'HN', status: 'INACTIVE' })).json().data).toMatchObject({ name: 'HN', status: 'INACTIVE' });
    expect((await call('DELETE', `/branch/${b.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/branch/${b.id}`)).statusCode).toBe(404);
  });
});

describe('gifts and vouchers', () => {
  it('CRUD with rules (422 naming the field), delete refused while in use, image upload, CSV import and export', async () => {
    const ctx = await loyaltySetup(t);
    const { call } = ctx;
    const bad = await call('POST', '/gift', { type: 'ITEM', name: 'x', valueMin: 100, valueMax: 50 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'ZMA_GIFT_INVALID', details: { fields: [{ path: 'body.valueMax' }] } });
    expect((await call('POST', '/gift', { type: 'VOUCHER', name: 'x', discountKind: 'PERCENT', discountValue: 120 })).json().error.details.fields[0].path).toBe('body.discountValue');
    const gift = await giftWithCodes(call, 2);
    expect((await call('PATCH', `/gift/${gift.id}`, { name: 'Giảm 60k', discountValue: 60_000 })).json().data).toMatchObject({ name: 'Giảm 60k', discountValue: 60_000 });
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    await allocate(ctx, gift.id, customer.id);
    const inUse = await call('DELETE', `/gift/${gift.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('ZMA_ITEM_IN_USE');
    const spare = await giftWithCodes(call, 3, { name: 'Spare' });
    expect((await call('DELETE', `/gift/${spare.id}`)).statusCode).toBe(200);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a60000000049454e44ae426082', 'hex');
    const up = multipart({}, { filename: 'a.png', contentType: 'image/png', data: png });
    const img = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/gift/image', headers: { ...ctx.h(), ...up.headers }, payload: up.payload });
    expect(img.statusCode, img.body).toBe(200);
    expect(img.json().data.url).toBeTruthy();

    const csv = 'type,name,valueMin,valueMax,discountKind,discountValue,conditions\r\nITEM,Ly sứ,10000,20000,,,\r\nVOUCHER,"Giảm 10%, tối đa 50k",0,0,PERCENT,10,"Đơn từ 200k\nÁp dụng cuối tuần"\r\nGIFT,Sai loại,,,,,\r\nITEM,Giá sai,500,100,,,\r\n';
    const form = multipart({}, { filename: 'gifts.csv', contentType: 'text/csv', data: Buffer.from(csv) });
    const imp = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/gift/import', headers: { ...ctx.h(), ...form.headers }, payload: form.payload });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json().data.created).toBe(2);
    expect(imp.json().data.rejected.map((r: { row: number }) => r.row)).toEqual([4, 5]);
    // Stable codes per rejected row (the console translates them), the column at fault, and English text.
    expect(imp.json().data.rejected).toEqual([
      { row: 4, code: 'invalid_value', path: 'type', reason: expect.stringContaining('type') },
      { row: 5, code: 'value_range', path: 'valueMax', reason: expect.stringContaining('valueMax') },
    ]);
    const noHeader = multipart({}, { filename: 'bad.csv', contentType: 'text/csv', data: Buffer.from('kind,title\r\nITEM,x\r\n') });
    const headerless = await t.app.inject({ method: 'POST', url: '/api/zma/merchant/gift/import', headers: { ...ctx.h(), ...noHeader.headers }, payload: noHeader.payload });
    expect(headerless.json().data).toEqual({ created: 0, rejected: [{ row: 1, code: 'header_columns', path: null, reason: expect.any(String) }] });
    const voucher = (await call('GET', '/gift?type=VOUCHER&search=tối đa')).json().data[0];
    expect(voucher).toMatchObject({ name: 'Giảm 10%, tối đa 50k', discountKind: 'PERCENT', discountValue: 10, conditions: 'Đơn từ 200k\nÁp dụng cuối tuần' });
    const exp = await call('GET', '/gift/export');
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('text/csv');
    expect(exp.body).toContain('Ly sứ');
    const codesCsv = await call('GET', '/gift-code/export');
    expect(codesCsv.statusCode).toBe(200);
    expect(codesCsv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 2);
    expect(splitCsvRecord('a,"b,""c""",d')).toEqual(['a', 'b,"c"', 'd']);
  });
});

describe('isolation and permissions (§6)', () => {
  it("another app's codes, branches and gifts are 404; another tenant's app is refused", async () => {
    const ctx = await loyaltySetup(t);
    const gift = await giftWithCodes(ctx.call, 1);
    const branch = (await ctx.call('POST', '/branch', { name: 'Mine' })).json().data;
    const customer = await buildCustomer(t, ctx.app.id, ctx.tenant.id);
    const a = await allocate(ctx, gift.id, customer.id);
    const other = await buildZmaApp(t, ctx.tenant.id);
    const otherBranch = (await ctx.call('POST', '/branch', { name: 'Theirs' }, other.id)).json().data;
    expect((await ctx.call('GET', `/branch/gift-code?code=${a.code}`, undefined, other.id)).statusCode).toBe(404);
    expect((await ctx.call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: otherBranch.id }, other.id)).json().error.code).toBe('GIFT_CODE_NOT_FOUND');
    expect((await ctx.call('POST', '/branch/gift-code/redeem', { code: a.code, branchId: otherBranch.id })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/branch/${branch.id}`, undefined, other.id)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/gift/${gift.id}`, undefined, other.id)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/gift-code/${a.codeId}/events`, undefined, other.id)).statusCode).toBe(404);
    expect((await ctx.call('POST', '/gift-code/cancel', { ids: [a.codeId] }, other.id)).json().data.refused[0].code).toBe('GIFT_CODE_NOT_FOUND');
    expect((await ctx.call('PUT', `/branch/${branch.id}/stock`, { items: [] }, other.id)).statusCode).toBe(404);
    const stranger = await loyaltySetup(t);
    expect((await stranger.call('GET', `/branch/${branch.id}`, undefined, ctx.app.id)).statusCode).toBe(403);
    expect((await stranger.call('GET', `/branch/gift-code?code=${a.code}`)).statusCode).toBe(404);
  });

  it('answers 403 without the §6 permission (export needs EXPORT_ZMA_GIFT / EXPORT_ZMA_GIFT_ACTIVITY)', async () => {
    const ctx = await loyaltySetup(t);
    const viewer = await memberWithRole(t, ctx.org, ctx.tenant.id, ctx.app.id, ['VIEW_ZMA_GIFT', 'VIEW_ZMA_BRANCH']);
    const get = (url: string) => t.app.inject({ url: `/api/zma/merchant${url}`, headers: viewer.headers() });
    const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/zma/merchant${url}`, headers: viewer.headers(), payload });
    expect((await get('/gift')).statusCode).toBe(200);
    expect((await get('/gift/export')).statusCode).toBe(403);
    expect((await get('/gift-code/export')).statusCode).toBe(403);
    expect((await post('/gift', { type: 'ITEM', name: 'x' })).statusCode).toBe(403);
    expect((await post('/branch/gift-code/redeem', { code: 'ABCDEFGHJK', branchId: ctx.app.id })).statusCode).toBe(403);
    expect((await post('/gift-code/recall', { ids: [ctx.app.id] })).statusCode).toBe(403);
    const nobody = await memberWithRole(t, ctx.org, ctx.tenant.id, ctx.app.id, []);
    expect((await t.app.inject({ url: '/api/zma/merchant/branch', headers: nobody.headers() })).statusCode).toBe(403);
    const exporter = await memberWithRole(t, ctx.org, ctx.tenant.id, ctx.app.id, ['EXPORT_ZMA_GIFT', 'EXPORT_ZMA_GIFT_ACTIVITY']);
    expect((await t.app.inject({ url: '/api/zma/merchant/gift/export', headers: exporter.headers() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/zma/merchant/gift-code/export', headers: exporter.headers() })).statusCode).toBe(200);
  });
});
