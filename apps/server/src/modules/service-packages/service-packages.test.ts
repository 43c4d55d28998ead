import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { messageHistory } from '../../db/schema/messaging';
import { wallets } from '../../db/schema/wallets';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { buildSendFixture, znsBody } from '../messaging/test-fixtures';
import { packageListPrice } from './pricing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pkg = (over: Record<string, unknown> = {}) => ({ name: `Gói ${Math.random().toString(36).slice(2, 8)}`, description: 'Giá ưu đãi', prices: { zns: 200, oaCs: 40, oaTransaction: null, oaPromotion: 120 }, ...over });

async function setup(merchantId?: string) {
  const org = merchantId ? { id: merchantId } : await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true, oaService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const mh = s.headers({ 'x-merchant-id': org.id });
  const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/merchant/service-packages', headers: mh, payload });
  const assign = (tenantId: string, packageId: string | null) => t.app.inject({ method: 'POST', url: '/api/merchant/service-packages/assign', headers: mh, payload: { tenantId, packageId } });
  return { org, tenant, owner, s, mh, create, assign };
}

describe('service packages: CRUD and assignment', () => {
  it('creates, lists, updates, assigns and deletes, with audit entries and events', async () => {
    const a = await setup();
    const res = await a.create(pkg({ name: 'Cơ bản' }));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as { id: string };
    expect(res.json().data).toMatchObject({ name: 'Cơ bản', prices: { zns: 200, oaCs: 40, oaTransaction: null, oaPromotion: 120 }, tenants: [], abilities: { update: true, delete: true } });
    expect((await a.create(pkg({ name: 'cơ bản' }))).json().error).toMatchObject({ code: 'SERVICE_PACKAGE_NAME_TAKEN', details: { fields: [{ path: 'name' }] } });
    const put = await t.app.inject({ method: 'PUT', url: `/api/merchant/service-packages/${p.id}`, headers: a.mh, payload: pkg({ name: 'Nâng cao', prices: { zns: 150, oaCs: null, oaTransaction: 100, oaPromotion: null } }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Nâng cao', prices: { zns: 150, oaCs: null, oaTransaction: 100, oaPromotion: null } });

    const assigned = await a.assign(a.tenant.id, p.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const list = await t.app.inject({ url: '/api/merchant/service-packages', headers: a.mh });
    expect(list.json().data).toEqual([expect.objectContaining({ id: p.id, tenants: [{ id: a.tenant.id, name: a.tenant.name }], abilities: { update: true, delete: false } })]);

    // The tenant's own view: the package and the list prices it pays (standard where the package is silent).
    const mine = await t.app.inject({ url: '/api/merchant/tenant-package', headers: a.s.headers({ 'x-tenant-id': a.tenant.id }) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ package: { id: p.id, name: 'Nâng cao' }, prices: { zns: 150, oaCs: 55, oaTransaction: 100, oaPromotion: 165 } });

    // In use: 409 naming the tenant; after unassigning it deletes.
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/merchant/service-packages/${p.id}`, headers: a.mh });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'SERVICE_PACKAGE_IN_USE', details: { tenants: [{ id: a.tenant.id, name: a.tenant.name }] } });
    expect((await a.assign(a.tenant.id, null)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/merchant/tenant-package', headers: a.s.headers({ 'x-tenant-id': a.tenant.id }) })).json().data).toMatchObject({ package: null, prices: { zns: null, oaCs: 55, oaTransaction: 165, oaPromotion: 165 } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/service-packages/${p.id}`, headers: a.mh })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/merchant/service-packages', headers: a.mh })).json().data).toEqual([]);

    const audits = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.merchantId, a.org.id));
    const actions = audits.map((x) => x.action);
    for (const action of ['SERVICE_PACKAGE_CREATE', 'SERVICE_PACKAGE_UPDATE', 'SERVICE_PACKAGE_DELETE', 'TENANT_PACKAGE_ASSIGN']) expect(actions).toContain(action);
    expect(actions.filter((x) => x === 'TENANT_PACKAGE_ASSIGN')).toHaveLength(2);
    const changed = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.merchantId, a.org.id), eq(domainEvents.type, 'service_package.changed')));
    expect(changed.length).toBeGreaterThanOrEqual(4);
    const settings = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, a.tenant.id), eq(domainEvents.type, 'tenant.settings_changed')));
    expect(settings).toHaveLength(2);
  });

  it('refuses a negative or fractional price with 400 naming the field, and an empty name', async () => {
    const a = await setup();
    const neg = await a.create(pkg({ prices: { zns: -1, oaCs: null, oaTransaction: null, oaPromotion: null } }));
    expect(neg.statusCode).toBe(400);
    expect(JSON.stringify(neg.json().error.details.fields)).toContain('prices.zns');
    const frac = await a.create(pkg({ prices: { zns: 1, oaCs: 1.5, oaTransaction: null, oaPromotion: null } }));
    expect(frac.statusCode).toBe(400);
    expect(JSON.stringify(frac.json().error.details.fields)).toContain('prices.oaCs');
    expect((await a.create(pkg({ name: '  ' }))).statusCode).toBe(400);
    expect((await a.create({ name: 'x', prices: { zns: 1 } })).statusCode).toBe(400);
  });

  it("isolates organisations (404) and needs VIEW_TENANT to read, UPDATE_TENANT to write (403)", async () => {
    const a = await setup();
    const b = await setup();
    const p = (await a.create(pkg())).json().data as { id: string };
    expect((await t.app.inject({ url: `/api/merchant/service-packages/${p.id}`, headers: b.mh })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/service-packages/${p.id}`, headers: b.mh, payload: pkg() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/service-packages/${p.id}`, headers: b.mh })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/service-packages', headers: b.mh })).json().data).toEqual([]);
    // Another organisation's tenant, or this organisation's tenant with another's package: 404.
    expect((await b.assign(a.tenant.id, null)).statusCode).toBe(404);
    expect((await a.assign(a.tenant.id, (await b.create(pkg())).json().data.id)).statusCode).toBe(404);

    // EU holds no organisation permission: not even the list. USER reads (VIEW_TENANT) but does not write.
    const eu = await buildUser(t.database, { merchantId: a.org.id, role: 'EU', tenantIds: [a.tenant.id] });
    expect((await t.app.inject({ url: '/api/merchant/service-packages', headers: (await loginAs(t.app, eu.email)).headers({ 'x-merchant-id': a.org.id }) })).statusCode).toBe(403);
    // The tenant's own view needs VIEW_TENANT_SERVICES in that tenant.
    expect((await t.app.inject({ url: '/api/merchant/tenant-package', headers: (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': a.tenant.id }) })).statusCode).toBe(403);
    const member = await buildUser(t.database, { merchantId: a.org.id, role: 'USER', tenantIds: [a.tenant.id] });
    const ms = await loginAs(t.app, member.email);
    const mh = ms.headers({ 'x-merchant-id': a.org.id });
    const read = await t.app.inject({ url: '/api/merchant/service-packages', headers: mh });
    expect(read.statusCode).toBe(200);
    expect(read.json().data[0].abilities).toEqual({ update: false, delete: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/service-packages', headers: mh, payload: pkg() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/service-packages/assign', headers: mh, payload: { tenantId: a.tenant.id, packageId: p.id } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/service-packages/${p.id}`, headers: mh })).statusCode).toBe(403);
  });
});

describe('the charged price uses the package', () => {
  it('a ZNS send through the public API is charged the package price, then the discounts on top', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const mh = s.headers({ 'x-merchant-id': f.merchantId });
    const th = s.headers({ 'x-tenant-id': f.tenantId });
    const send = async () => {
      const sent = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: znsBody(f) });
      expect(sent.statusCode, sent.body).toBe(202);
      const [row] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, sent.json().data.id));
      return row;
    };
    // No package: the template's 300 đ.
    expect(await send()).toMatchObject({ price: 300, listPrice: 300 });
    const p = (await t.app.inject({ method: 'POST', url: '/api/merchant/service-packages', headers: mh, payload: pkg() })).json().data as { id: string };
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/service-packages/assign', headers: mh, payload: { tenantId: f.tenantId, packageId: p.id } })).statusCode).toBe(200);
    const [w0] = await t.database.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.tenantId, f.tenantId));
    expect(await send()).toMatchObject({ price: 200, listPrice: 200, isCharged: true });
    const [w1] = await t.database.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.tenantId, f.tenantId));
    expect(Number(w0?.balance) - Number(w1?.balance)).toBe(200);
    // A 25 % tag discount applies to the package's list price.
    const disc = await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: th, payload: { targetKind: 'TAG', targetValue: 'TRANSACTION', discountType: 'PERCENT', value: 25, validFrom: new Date(Date.now() - 60_000).toISOString(), validTo: null } });
    expect(disc.statusCode, disc.body).toBe(200);
    expect(await send()).toMatchObject({ price: 150, listPrice: 200 });
  });

  it('an OA send is charged the package price of its type; a type the package leaves empty keeps the list price', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000, discountPercent: 10 });
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    const mh = (await loginAs(t.app, owner.email)).headers({ 'x-merchant-id': f.merchantId });
    const p = (await t.app.inject({ method: 'POST', url: '/api/merchant/service-packages', headers: mh, payload: pkg() })).json().data as { id: string };
    await t.app.inject({ method: 'POST', url: '/api/merchant/service-packages/assign', headers: mh, payload: { tenantId: f.tenantId, packageId: p.id } });
    const text = await t.app.inject({ method: 'POST', url: '/api/v1/oa/send', headers: { 'x-api-key': f.secret }, payload: { uid: '1234567890', trackingId: 'pk-oa-1', message: { kind: 'text', text: 'Xin chào' } } });
    expect(text.statusCode, text.body).toBe(202);
    const [cs] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, text.json().data.id));
    expect(cs).toMatchObject({ listPrice: 40, price: 36 });
  });

  it('packageListPrice: the package price of the kind, else the standard price', () => {
    const p = { zns: 100, oaCs: null, oaTransaction: 90, oaPromotion: 0 };
    expect(packageListPrice(null, 'ZNS', 'TRANSACTION', 300)).toBe(300);
    expect(packageListPrice(p, 'ZNS', 'PROMOTION', 300)).toBe(100);
    expect(packageListPrice(p, 'OA', 'CS', 55)).toBe(55);
    expect(packageListPrice(p, 'OA', 'TRANSACTION', 165)).toBe(90);
    expect(packageListPrice(p, 'OA', 'PROMOTION', 165)).toBe(0);
    expect(packageListPrice(p, 'OA', 'GMF', 55)).toBe(55);
  });
});
