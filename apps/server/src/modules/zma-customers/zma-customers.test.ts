import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_MINI_APP_ID, SANDBOX_MINI_APP_SECRET } from '@zc/zalo-sandbox/seed';
import { zmaActivity, zmaApps, zmaBranches, zmaBranchStock, zmaCustomers, zmaDrawPrizes, zmaDraws, zmaGiftCodes, zmaGiftItems, zmaSpins } from '../../db/schema/zma';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { seedDemoMiniApp } from '../../db/seed/demo-mini-app';
import { findCustomer, grantBonusTurns, spendBonusTurn } from './service';

let sb: RunningSandbox;
let t: TestContext;

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

let appCounter = 0;
const nextZaloAppId = () => `77${Date.now()}${(appCounter += 1)}`.slice(-17);

/** A tenant with the mini-app service, an owner session and a mini app registered both here and in the sandbox. */
async function setup(opts: { register?: boolean } = {}) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { isMiniAppEnabled: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const zaloAppId = nextZaloAppId();
  const secret = `secret-${zaloAppId}`;
  const [app] = await t.database.db
    .insert(zmaApps)
    .values({ tenantId: tenant.id, name: 'Loyalty', zaloAppId, appSecretEnc: createCipher(t.config.appSecret).encrypt(secret) })
    .returning();
  if (!app) throw new Error('app');
  if (opts.register !== false) await control('/mini-app/apps', { appId: zaloAppId, secret });
  const console = (extra: Record<string, string> = {}) => s.headers({ 'x-tenant-id': tenant.id, 'x-zma-id': app.id, ...extra });
  return { org, tenant, owner, s, app, zaloAppId, secret, console };
}

async function control<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sb.url}/_control${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

const zaloUser = (zaloAppId: string, extra: Record<string, unknown> = {}) => control<{ userId: string; accessToken: string }>('/mini-app/users', { appId: zaloAppId, ...extra });

async function signIn(zaloAppId: string, accessToken: string, ref?: string) {
  return t.app.inject({ method: 'POST', url: '/api/zma/app/session', payload: { zaloAppId, accessToken, ...(ref ? { ref } : {}) } });
}

async function customerOf(zaloAppId: string, extra: Record<string, unknown> = {}) {
  const u = await zaloUser(zaloAppId, extra);
  const res = await signIn(zaloAppId, u.accessToken);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { token: string; customer: { id: string } };
  return { ...u, token: data.token, customerId: data.customer.id, auth: { authorization: `Bearer ${data.token}` } };
}

describe('sign-in through the Zalo identity (sandbox over HTTP)', () => {
  it('verifies the token at Zalo, records the customer once, and answers a customer token', async () => {
    const { app, zaloAppId } = await setup();
    const u = await zaloUser(zaloAppId, { name: 'Thu Hà', gender: 'female' });
    const first = await signIn(zaloAppId, u.accessToken);
    expect(first.statusCode, first.body).toBe(200);
    const d = first.json().data;
    expect(d).toMatchObject({ isNew: true, customer: { name: 'Thu Hà', phone: null, isFollower: false }, miniApp: { id: app.id, name: 'Loyalty' } });
    expect(d.miniApp.settings).toMatchObject({ requirePhoneToPlay: false });
    const again = await signIn(zaloAppId, u.accessToken);
    expect(again.json().data).toMatchObject({ isNew: false, customer: { id: d.customer.id } });
    const rows = await t.database.db.select().from(zmaCustomers).where(eq(zmaCustomers.zmaAppId, app.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.zaloUserId).toBe(u.userId);
    const joined = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.zmaAppId, app.id), eq(zmaActivity.kind, 'CUSTOMER_JOINED')));
    expect(joined).toHaveLength(1);
    const me = await t.app.inject({ url: '/api/zma/app/me', headers: { authorization: `Bearer ${d.token}` } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ id: d.customer.id, draws: [], unusedGifts: 0 });
  });

  it('a bad access token is 401 ZMA_ACCESS_TOKEN_INVALID with Zalo\'s code explained; a wrong app secret too', async () => {
    const { zaloAppId } = await setup();
    const bad = await signIn(zaloAppId, 'not-a-zalo-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toMatchObject({ code: 'ZMA_ACCESS_TOKEN_INVALID', details: { zaloError: { code: 452 } } });
    expect(bad.json().error.details.zaloError.explanation.vi).toBeTruthy();
    // The sandbox knows another secret for this app: appsecret_proof fails (-242).
    const other = await setup({ register: false });
    await control('/mini-app/apps', { appId: other.zaloAppId, secret: 'the-real-secret' });
    const u = await zaloUser(other.zaloAppId);
    const res = await signIn(other.zaloAppId, u.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.details.zaloError.code).toBe(-242);
  });

  it('refuses an unknown or inactive mini app (404 naming zaloAppId) and bad input (400)', async () => {
    const { app, zaloAppId } = await setup();
    const u = await zaloUser(zaloAppId);
    const unknown = await signIn('123456789', u.accessToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.details.fields[0].path).toBe('body.zaloAppId');
    await t.database.db.update(zmaApps).set({ status: 'INACTIVE' }).where(eq(zmaApps.id, app.id));
    expect((await signIn(zaloAppId, u.accessToken)).statusCode).toBe(404);
    const badInput = await t.app.inject({ method: 'POST', url: '/api/zma/app/session', payload: { zaloAppId: 'abc', accessToken: 'x y' } });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('a ref counts on the first sign-in only', async () => {
    const { app, zaloAppId } = await setup();
    const referrer = await customerOf(zaloAppId);
    const u = await zaloUser(zaloAppId);
    expect((await signIn(zaloAppId, u.accessToken, referrer.customerId)).statusCode).toBe(200);
    expect((await signIn(zaloAppId, u.accessToken, referrer.customerId)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(zmaCustomers).where(and(eq(zmaCustomers.zmaAppId, app.id), eq(zmaCustomers.zaloUserId, u.userId)));
    // No campaign runs: the referral is recorded as rejected once, and the referrer is known.
    const rejected = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.zmaAppId, app.id), eq(zmaActivity.kind, 'REFERRAL_REJECTED')));
    expect(rejected).toHaveLength(1);
    expect(row?.referredBy).toBe(referrer.customerId);
  });
});

describe('phone sharing', () => {
  it('exchanges the token once; reuse and expiry are 401 ZMA_PHONE_TOKEN_INVALID with Zalo\'s code', async () => {
    const { app, zaloAppId } = await setup();
    const c = await customerOf(zaloAppId, { phone: '84912777001' });
    const { token } = await control<{ token: string }>('/mini-app/phone-token', { accessToken: c.accessToken });
    const ok = await t.app.inject({ method: 'POST', url: '/api/zma/app/phone', headers: c.auth, payload: { token, accessToken: c.accessToken } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ phone: '84912777001' });
    expect((await findCustomer(t.database.db, app.id, c.customerId))?.phone).toBe('84912777001');
    const reused = await t.app.inject({ method: 'POST', url: '/api/zma/app/phone', headers: c.auth, payload: { token, accessToken: c.accessToken } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toMatchObject({ code: 'ZMA_PHONE_TOKEN_INVALID', details: { zaloError: { code: -1400, message: 'The code was already used' } } });
    expect(reused.json().error.details.zaloError.explanation.en).toMatch(/expired|used/);
    const { token: late } = await control<{ token: string }>('/mini-app/phone-token', { accessToken: c.accessToken });
    await control('/clock/advance', { ms: 121_000 });
    const expired = await t.app.inject({ method: 'POST', url: '/api/zma/app/phone', headers: c.auth, payload: { token: late, accessToken: c.accessToken } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.details.zaloError).toMatchObject({ code: -1400, message: 'The code has expired' });
    const shared = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.zmaAppId, app.id), eq(zmaActivity.kind, 'PHONE_SHARED')));
    expect(shared).toHaveLength(1);
  });

  it("refuses another user's access token", async () => {
    const { zaloAppId } = await setup();
    const a = await customerOf(zaloAppId);
    const b = await zaloUser(zaloAppId);
    const { token } = await control<{ token: string }>('/mini-app/phone-token', { accessToken: b.accessToken });
    const res = await t.app.inject({ method: 'POST', url: '/api/zma/app/phone', headers: a.auth, payload: { token, accessToken: b.accessToken } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('ZMA_ACCESS_TOKEN_INVALID');
  });
});

describe('tokens and isolation', () => {
  it('customer tokens are not console tokens, and the reverse', async () => {
    const { zaloAppId, s, console } = await setup();
    const c = await customerOf(zaloAppId);
    const withConsoleToken = await t.app.inject({ url: '/api/zma/app/me', headers: s.headers() });
    expect(withConsoleToken.statusCode).toBe(401);
    const withCustomerToken = await t.app.inject({ url: '/api/zma/merchant/customer', headers: { ...console(), authorization: `Bearer ${c.token}` } });
    expect(withCustomerToken.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/zma/app/gifts' })).statusCode).toBe(401);
  });

  it("a customer of app A cannot read app B; a console of another tenant is 403; another app's customer is 404", async () => {
    const a = await setup();
    const b = await setup();
    const ca = await customerOf(a.zaloAppId);
    const cb = await customerOf(b.zaloAppId);
    // A token names its app: B's data is never reachable with it.
    const me = await t.app.inject({ url: '/api/zma/app/me', headers: ca.auth });
    expect(me.json().data.id).toBe(ca.customerId);
    const forged = await t.app.inject({ url: '/api/zma/app/me', headers: { authorization: `Bearer ${ca.token}x` } });
    expect(forged.statusCode).toBe(401);
    const cross = await t.app.inject({ url: '/api/zma/merchant/customer', headers: a.s.headers({ 'x-tenant-id': a.tenant.id, 'x-zma-id': b.app.id }) });
    expect(cross.statusCode).toBe(403);
    const otherCustomer = await t.app.inject({ url: `/api/zma/merchant/customer/${cb.customerId}`, headers: a.console() });
    expect(otherCustomer.statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/zma/merchant/customer', headers: a.console() });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([ca.customerId]);
  });

  it('follow records OA_FOLLOWED once', async () => {
    const { app, zaloAppId } = await setup();
    const c = await customerOf(zaloAppId);
    for (const followed of [true, true, false]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/zma/app/follow', headers: c.auth, payload: { followed } });
      expect(res.json().data).toEqual({ isFollower: followed });
    }
    const rows = await t.database.db.select().from(zmaActivity).where(and(eq(zmaActivity.zmaAppId, app.id), eq(zmaActivity.kind, 'OA_FOLLOWED')));
    expect(rows).toHaveLength(1);
  });
});

describe('console: customers and dashboard', () => {
  it('lists with search by name prefix or phone and filters; counts spins, gifts, redeemed', async () => {
    const { app, zaloAppId, console, tenant } = await setup();
    const lan = await customerOf(zaloAppId, { name: 'Lan Phạm' });
    await customerOf(zaloAppId, { name: 'Minh Trần' });
    await t.database.db.update(zmaCustomers).set({ phone: '84912000555', isFollower: true }).where(eq(zmaCustomers.id, lan.customerId));
    const q = async (qs: string) => (await t.app.inject({ url: `/api/zma/merchant/customer?${qs}`, headers: console() })).json();
    expect((await q('search=lan')).data.map((c: { name: string }) => c.name)).toEqual(['Lan Phạm']);
    expect((await q('search=0912000')).data.map((c: { name: string }) => c.name)).toEqual(['Lan Phạm']);
    expect((await q(`search=${encodeURIComponent('LAN PHẠ')}`)).data.map((c: { name: string }) => c.name)).toEqual(['Lan Phạm']);
    expect((await q('search=%25')).meta.total).toBe(0);
    expect((await q('search=84912000555')).meta.total).toBe(1);
    expect((await q('search=84912000556')).meta.total).toBe(0);
    expect((await q('hasPhone=false')).data.map((c: { name: string }) => c.name)).toEqual(['Minh Trần']);
    expect((await q('isFollower=true')).meta.total).toBe(1);
    expect((await q('pageSize=1')).meta).toMatchObject({ total: 2, page: 1, size: 1 });
    expect((await t.app.inject({ url: '/api/zma/merchant/customer?pageSize=101', headers: console() })).statusCode).toBe(400);

    const fx = await fixture(app.id, tenant.id, lan.customerId);
    const row = (await q('search=Lan')).data[0];
    expect(row).toMatchObject({ spins: 3, gifts: 2, redeemed: 1 });
    const detail = await t.app.inject({ url: `/api/zma/merchant/customer/${lan.customerId}`, headers: console() });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ id: lan.customerId, giftCount: 2, spins: 3, redeemed: 1 });
    // The invitation the mini app shares: Zalo's link of this app, the customer as `ref`.
    expect(detail.json().data.referralLink).toBe(`https://zalo.me/s/${zaloAppId}/?ref=${lan.customerId}`);
    expect(detail.json().data.gifts).toHaveLength(2);
    expect(detail.json().data.turns.map((x: { drawId: string }) => x.drawId)).toEqual([fx.drawId]);
  });

  it('dashboard numbers equal direct counts; CSV export; permissions', async () => {
    const { app, zaloAppId, console, tenant, org } = await setup();
    const c = await customerOf(zaloAppId);
    await fixture(app.id, tenant.id, c.customerId);
    const res = await t.app.inject({ url: '/api/zma/merchant/dashboard?period=DAILY', headers: console() });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const count = async (q: ReturnType<typeof sql>) => Number(((await t.database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(d.totals.spins).toBe(await count(sql`select count(*)::int as n from zma_spins where zma_app_id = ${app.id}`));
    expect(d.totals.wins).toBe(await count(sql`select count(*)::int as n from zma_spins where zma_app_id = ${app.id} and outcome = 'WIN'`));
    expect(d.totals.players).toBe(1);
    expect(d.totals.newPlayers).toBe(1);
    expect(d.totals.giftsWon).toBe(2);
    expect(d.totals.redeemed).toBe(await count(sql`select count(*)::int as n from zma_gift_codes where zma_app_id = ${app.id} and status = 'USED'`));
    expect(d.totals.redemptionRate).toBe(0.5);
    expect(d.series).toHaveLength(31);
    expect(d.series.reduce((n: number, s: { spins: number }) => n + s.spins, 0)).toBe(d.totals.spins);
    expect(d.byBranch).toEqual([expect.objectContaining({ name: 'Quận 1', redeemed: 1, redemptionRate: 0.5 })]);
    expect(d.lowStock).toEqual([expect.objectContaining({ giftName: 'Voucher', quantity: 2, lowThreshold: 5 })]);
    expect(d.topPrizes[0]).toMatchObject({ label: 'Voucher', won: 2, stock: 10 });
    const monthly = (await t.app.inject({ url: '/api/zma/merchant/dashboard?period=MONTHLY', headers: console() })).json().data;
    expect(monthly.series.reduce((n: number, s: { wins: number }) => n + s.wins, 0)).toBe(d.totals.wins);
    const bad = await t.app.inject({ url: '/api/zma/merchant/dashboard?from=2026-11-20T00:00:00Z&to=2026-11-10T00:00:00Z', headers: console() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('query.from');
    const csv = await t.app.inject({ url: '/api/zma/merchant/dashboard/export', headers: console() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('totals');

    // A member of the tenant without mini-app permissions (default group): 403 on every console route.
    const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const ms = await loginAs(t.app, member.email);
    for (const url of ['/api/zma/merchant/customer', `/api/zma/merchant/customer/${c.customerId}`, '/api/zma/merchant/dashboard', '/api/zma/merchant/dashboard/export']) {
      const r = await t.app.inject({ url, headers: ms.headers({ 'x-tenant-id': tenant.id, 'x-zma-id': app.id }) });
      expect(r.statusCode, url).toBe(403);
    }
  });
});

describe('service functions for the draw module', () => {
  it('grants and spends bonus turns atomically, never below zero', async () => {
    const { app, zaloAppId } = await setup();
    const c = await customerOf(zaloAppId);
    await t.database.db.transaction((tx) => grantBonusTurns(tx, c.customerId, 2));
    const spent = await Promise.all([0, 1, 2, 3].map(() => t.database.db.transaction((tx) => spendBonusTurn(tx, c.customerId))));
    expect(spent.filter(Boolean)).toHaveLength(2);
    expect((await findCustomer(t.database.db, app.id, c.customerId))?.bonusTurns).toBe(0);
    await expect(t.database.db.transaction((tx) => grantBonusTurns(tx, c.customerId, 0))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const other = await setup();
    expect(await findCustomer(t.database.db, other.app.id, c.customerId)).toBeNull();
  });
});

describe('demo seed', () => {
  it("registers the sandbox's demo mini app, which signs a sandbox user in", async () => {
    const org = await buildOrganisation(t.database);
    const [shop] = await t.database.db.execute(sql`select id from tenants where name = 'Shop An Nhiên'`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    if (!shop) await buildTenant(t.database, org.id).then((x) => t.database.db.execute(sql`update tenants set name = 'Shop An Nhiên' where id = ${x.id}`));
    const cipher = createCipher(t.config.appSecret);
    await seedDemoMiniApp(t.database.db, cipher, { SANDBOX_MINI_APP_ID, SANDBOX_MINI_APP_SECRET, SANDBOX_MINI_APP_NAME: 'Demo' });
    await seedDemoMiniApp(t.database.db, cipher, { SANDBOX_MINI_APP_ID, SANDBOX_MINI_APP_SECRET, SANDBOX_MINI_APP_NAME: 'Demo' });
    const apps = await t.database.db.select().from(zmaApps).where(eq(zmaApps.zaloAppId, SANDBOX_MINI_APP_ID));
    expect(apps).toHaveLength(1);
    const c = await customerOf(SANDBOX_MINI_APP_ID);
    const me = await t.app.inject({ url: '/api/zma/app/me', headers: c.auth });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.draws).toEqual([expect.objectContaining({ name: 'Vòng quay may mắn', turnsLeft: 3 })]);
    expect(me.json().data.draws[0].prizes).toHaveLength(3);
  });
});

/**
 * Direct rows for the counts: a draw with a voucher prize (stock 10, won 2), three spins of the
 * customer (two wins with codes), one code redeemed at a branch, branch stock under its threshold.
 */
async function fixture(zmaAppId: string, tenantId: string, customerId: string) {
  const db = t.database.db;
  const base = { zmaAppId, tenantId };
  const [branch] = await db.insert(zmaBranches).values({ ...base, name: 'Quận 1' }).returning();
  const [item] = await db.insert(zmaGiftItems).values({ ...base, type: 'VOUCHER', name: 'Voucher', discountKind: 'AMOUNT', discountValue: 50_000 }).returning();
  const [draw] = await db.insert(zmaDraws).values({ ...base, name: 'Wheel' }).returning();
  if (!branch || !item || !draw) throw new Error('fixture');
  const [prize, none] = await db
    .insert(zmaDrawPrizes)
    .values([
      { drawId: draw.id, zmaAppId, giftItemId: item.id, label: 'Voucher', probability: 500_000, stock: 10, won: 2, position: 0 },
      { drawId: draw.id, zmaAppId, giftItemId: null, label: 'None', probability: 500_000, position: 1 },
    ])
    .returning();
  if (!prize || !none) throw new Error('fixture');
  await db.insert(zmaBranchStock).values({ branchId: branch.id, giftItemId: item.id, zmaAppId, quantity: 2, lowThreshold: 5 });
  const now = new Date();
  const [used, held] = await db
    .insert(zmaGiftCodes)
    .values([
      { ...base, giftItemId: item.id, code: `U${Date.now()}`, status: 'USED', customerId, branchId: branch.id, assignedAt: now, usedAt: now },
      { ...base, giftItemId: item.id, code: `A${Date.now()}`, status: 'ALLOCATED', customerId, assignedAt: now },
    ])
    .returning();
  if (!used || !held) throw new Error('fixture');
  await db.insert(zmaSpins).values([
    { zmaAppId, drawId: draw.id, customerId, prizeId: prize.id, giftCodeId: used.id, outcome: 'WIN' },
    { zmaAppId, drawId: draw.id, customerId, prizeId: prize.id, giftCodeId: held.id, outcome: 'WIN' },
    { zmaAppId, drawId: draw.id, customerId, prizeId: none.id, outcome: 'NO_PRIZE' },
  ]);
  return { drawId: draw.id, branchId: branch.id };
}
