import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zmaActivity, zmaCustomers } from '../../db/schema/zma';
import { createTestApp, type TestContext } from '../../test/helpers';
import { ZMA_API_PER_KEY_PER_MINUTE } from '../mini-apps/service';
import { buildZmaApp, loyaltySetup } from './loyalty.fixtures';
import { allocateGiftCode } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A mini app with a branch, a voucher allocated to a customer (Zalo user id in digits) and an API key. */
async function backendSetup() {
  const ctx = await loyaltySetup(t);
  const zaloUserId = String(4_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const [customer] = await t.database.db.insert(zmaCustomers).values({ zmaAppId: ctx.app.id, tenantId: ctx.tenant.id, zaloUserId, name: 'Minh' }).returning();
  if (!customer) throw new Error('customer');
  const gift = (await ctx.call('POST', '/gift', { type: 'VOUCHER', name: 'Giảm 30k', discountKind: 'AMOUNT', discountValue: 30_000 })).json().data as { id: string };
  const branch = (await ctx.call('POST', '/branch', { name: 'Quận 3', openingHours: [] })).json().data as { id: string };
  const code = await t.database.db.transaction((tx) => allocateGiftCode(tx, { zmaAppId: ctx.app.id, tenantId: ctx.tenant.id, giftItemId: gift.id, customerId: customer.id, spinId: null }));
  const key = await t.app.inject({ method: 'POST', url: `/api/zma/merchant/mini-app/${ctx.app.id}/api-keys`, headers: ctx.s.headers({ 'x-tenant-id': ctx.tenant.id }), payload: { name: 'POS' } });
  expect(key.statusCode, key.body).toBe(200);
  const secret = key.json().data.secret as string;
  const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, apiKey = secret) =>
    t.app.inject({ method, url: `/api/zma/v1${url}`, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });
  return { ctx, customer, zaloUserId, branch, code, api };
}

describe("the tenant's backend with a mini-app API key (/api/zma/v1)", () => {
  it('looks a code up and redeems it exactly once at a branch', async () => {
    const { branch, code, api } = await backendSetup();
    const found = await api('GET', `/gift-codes/${code.code.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ code: code.code, status: 'ALLOCATED', zmaGiftVoucher: { name: 'Giảm 30k' } });
    const unknown = await api('GET', '/gift-codes/ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'GIFT_CODE_NOT_FOUND', message: 'Gift code not found' });

    const [first, second] = await Promise.all([api('POST', `/gift-codes/${code.code}/redeem`, { branchId: branch.id }), api('POST', `/gift-codes/${code.code}/redeem`, { branchId: branch.id })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe('GIFT_CODE_USED');
    expect((await api('POST', `/gift-codes/${code.code}/redeem`, {})).statusCode).toBe(400);
  });

  it("grants turns to a customer named by Zalo's user id, recorded in the activity with the key", async () => {
    const { ctx, customer, zaloUserId, api } = await backendSetup();
    const res = await api('POST', `/customers/${zaloUserId}/turns`, { turns: 3, note: 'Đơn hàng #1001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ customerId: customer.id, bonusTurns: 3 });
    const acts = await t.database.db.select().from(zmaActivity).where(eq(zmaActivity.customerId, customer.id));
    expect(acts.find((a) => a.kind === 'TURNS_GRANTED')?.detail).toMatchObject({ turns: 3, apiKeyId: expect.any(String) });
    expect((await api('POST', '/customers/123/turns', { turns: 1 })).statusCode).toBe(404);
    expect((await api('POST', `/customers/${zaloUserId}/turns`, { turns: 0 })).statusCode).toBe(400);
    expect((await api('POST', '/customers/not-digits/turns', { turns: 1 })).statusCode).toBe(400);
    void ctx;
  });

  it('refuses a missing or unknown key with 401, and a key of another mini app finds nothing of this one', async () => {
    const { ctx, code, zaloUserId, api } = await backendSetup();
    for (const key of ['', 'garbage']) {
      const res = await api('GET', `/gift-codes/${code.code}`, undefined, key);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('API_KEY_INVALID');
    }
    const other = await buildZmaApp(t, ctx.tenant.id);
    const otherKey = await t.app.inject({ method: 'POST', url: `/api/zma/merchant/mini-app/${other.id}/api-keys`, headers: ctx.s.headers({ 'x-tenant-id': ctx.tenant.id }), payload: { name: 'Other' } });
    const foreign = otherKey.json().data.secret as string;
    expect((await api('GET', `/gift-codes/${code.code}`, undefined, foreign)).statusCode).toBe(404);
    expect((await api('POST', `/customers/${zaloUserId}/turns`, { turns: 1 }, foreign)).statusCode).toBe(404);
  });

  it('limits each key per minute with 429 and Retry-After; another key is not slowed', async () => {
    const { ctx, api } = await backendSetup();
    for (let i = 0; i < ZMA_API_PER_KEY_PER_MINUTE; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, ZMA_API_PER_KEY_PER_MINUTE - i) }, () => api('GET', '/app')));
      expect(batch.every((r) => r.statusCode === 200)).toBe(true);
    }
    const over = await api('GET', '/app');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.app.inject({ method: 'POST', url: `/api/zma/merchant/mini-app/${ctx.app.id}/api-keys`, headers: ctx.s.headers({ 'x-tenant-id': ctx.tenant.id }), payload: { name: 'Second' } });
    expect((await api('GET', '/app', undefined, other.json().data.secret as string)).statusCode).toBe(200);
  });
});
