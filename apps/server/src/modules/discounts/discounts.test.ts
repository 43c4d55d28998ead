import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { messageHistory } from '../../db/schema/messaging';
import { templateRequests } from '../../db/schema/templates';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { buildSendFixture, znsBody } from '../messaging/test-fixtures';
import { discountedPrice } from './pricing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const tagDiscount = (over: Record<string, unknown> = {}) => ({ targetKind: 'TAG', targetValue: 'TRANSACTION', discountType: 'PERCENT', value: 20, validFrom: iso(-1), validTo: iso(30), ...over });

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true, oaService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const h = (tenantId = tenant.id) => s.headers({ 'x-tenant-id': tenantId });
  const create = (payload: Record<string, unknown>, tenantId = tenant.id) => t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: h(tenantId), payload });
  return { org, tenant, owner, s, h, create };
}

describe('tenant discounts: CRUD', () => {
  it('creates, lists, updates and deletes with audit entries and zns_discount.changed events', async () => {
    const { create, h, tenant } = await setup();
    const res = await create(tagDiscount({ note: 'Tết' }));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as { id: string };
    expect(res.json().data).toMatchObject({ targetKind: 'TAG', targetValue: 'TRANSACTION', discountType: 'PERCENT', value: 20, state: 'ACTIVE', note: 'Tết', abilities: { update: true, delete: true } });
    const list = await t.app.inject({ url: '/api/merchant/zns-discount', headers: h() });
    expect(list.json()).toMatchObject({ meta: { total: 1 }, data: [{ id: d.id }] });
    const put = await t.app.inject({ method: 'PUT', url: `/api/merchant/zns-discount/${d.id}`, headers: h(), payload: tagDiscount({ discountType: 'AMOUNT', value: 100, validFrom: iso(2), validTo: null }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ discountType: 'AMOUNT', value: 100, validTo: null, state: 'SCHEDULED' });
    const scheduled = await t.app.inject({ url: '/api/merchant/zns-discount?state=SCHEDULED', headers: h() });
    expect(scheduled.json().meta.total).toBe(1);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/zns-discount/${d.id}`, headers: h() });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/merchant/zns-discount', headers: h() })).json().meta.total).toBe(0);
    const audits = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['ZNS_DISCOUNT_CREATE', 'ZNS_DISCOUNT_DELETE', 'ZNS_DISCOUNT_UPDATE']);
    const events = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, tenant.id), eq(domainEvents.type, 'zns_discount.changed')));
    expect(events).toHaveLength(3);
  });

  it('refuses a broken rule with 422 naming the field, and an overlapping period of the same target with 409', async () => {
    const { create } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [tagDiscount({ value: 101 }), 'value'],
      [tagDiscount({ targetValue: 'VOUCHER' }), 'targetValue'],
      [tagDiscount({ targetKind: 'TEMPLATE_KIND', targetValue: 'PROMOTION' }), 'targetValue'],
      [tagDiscount({ validFrom: iso(3), validTo: iso(2) }), 'validTo'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'DISCOUNT_INVALID', details: { fields: [{ path: field }] } });
    }
    expect((await create(tagDiscount({ value: 0 }))).statusCode).toBe(400);
    expect((await create(tagDiscount({ validFrom: iso(0), validTo: iso(10) }))).statusCode).toBe(200);
    const overlap = await create(tagDiscount({ validFrom: iso(5), validTo: null }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.code).toBe('DISCOUNT_OVERLAP');
    // Back to back is no overlap ([from, to) periods), nor is another target in the same period.
    expect((await create(tagDiscount({ validFrom: iso(10), validTo: null }))).statusCode).toBe(200);
    expect((await create(tagDiscount({ targetValue: 'PROMOTION', validFrom: iso(0), validTo: iso(10) }))).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's discount and 403 without the permission", async () => {
    const a = await setup();
    const b = await setup();
    const d = (await a.create(tagDiscount())).json().data as { id: string };
    const put = await t.app.inject({ method: 'PUT', url: `/api/merchant/zns-discount/${d.id}`, headers: b.h(), payload: tagDiscount() });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/zns-discount/${d.id}`, headers: b.h() })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/zns-discount', headers: b.h() })).json().meta.total).toBe(0);
    const member = await buildUser(t.database, { merchantId: a.org.id, role: 'USER', tenantIds: [a.tenant.id] });
    const ms = await loginAs(t.app, member.email);
    const mh = ms.headers({ 'x-tenant-id': a.tenant.id });
    expect((await t.app.inject({ url: '/api/merchant/zns-discount', headers: mh })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: mh, payload: tagDiscount({ targetValue: 'PROMOTION' }) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/zns-discount/${d.id}`, headers: mh })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/zns-discount/list-merchant-discount', headers: ms.headers({ 'x-merchant-id': a.org.id }) })).statusCode).toBe(403);
  });

  it("lists every tenant's discounts of the organisation, and only that organisation's", async () => {
    const a = await setup();
    const second = await buildTenant(t.database, a.org.id, { znsService: true });
    const other = await setup();
    await a.create(tagDiscount());
    await a.create(tagDiscount({ targetKind: 'TEMPLATE_KIND', targetValue: 'VOUCHER', discountType: 'AMOUNT', value: 50 }), second.id);
    await other.create(tagDiscount());
    const res = await t.app.inject({ url: '/api/merchant/zns-discount/list-merchant-discount', headers: a.s.headers({ 'x-merchant-id': a.org.id }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(2);
    expect(res.json().data.map((d: { tenantId: string; tenantName: string }) => [d.tenantId, d.tenantName]).sort()).toEqual([[a.tenant.id, a.tenant.name], [second.id, second.name]].sort());
    const one = await t.app.inject({ url: `/api/merchant/zns-discount/list-merchant-discount?tenantId=${second.id}`, headers: a.s.headers({ 'x-merchant-id': a.org.id }) });
    expect(one.json().data).toEqual([expect.objectContaining({ tenantId: second.id, targetValue: 'VOUCHER' })]);
  });
});

describe('the charged price is the discounted one', () => {
  it('public ZNS send: charges the lowest price, keeps the list price, and the history shows both', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000, discountPercent: 10 });
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const h = s.headers({ 'x-tenant-id': f.tenantId });
    const created = await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: h, payload: tagDiscount({ value: 25 }) });
    expect(created.statusCode, created.body).toBe(200);
    // A discount of another target and one not valid yet change nothing.
    await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: h, payload: tagDiscount({ targetValue: 'PROMOTION', value: 90 }) });
    await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: h, payload: tagDiscount({ targetKind: 'TEMPLATE_KIND', targetValue: 'CUSTOM', value: 90, validFrom: iso(5), validTo: null }) });
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: znsBody(f) });
    expect(sent.statusCode, sent.body).toBe(202);
    const [row] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, sent.json().data.id));
    expect(row).toMatchObject({ price: 225, listPrice: 300, isCharged: true });
    const history = await t.app.inject({ url: '/api/merchant/zns/history?page=1&size=10', headers: h });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({ price: 225, listPrice: 300 });
    expect(await discountedPrice(t.database.db, { tenantId: f.tenantId, listPrice: 300, tag: 'TRANSACTION' })).toEqual({ listPrice: 300, price: 225, discountId: created.json().data.id });
  });

  it('a template-kind discount prices a template created in the console (its request names the kind)', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    await t.database.db.insert(templateRequests).values({ tenantId: f.tenantId, zaloOaId: f.zaloOaId, name: 'Voucher', payload: { templateType: 4 }, status: 'APPROVED', znsTemplateId: f.templateId });
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    const h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': f.tenantId });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: h, payload: tagDiscount({ targetKind: 'TEMPLATE_KIND', targetValue: 'VOUCHER', discountType: 'AMOUNT', value: 120 }) })).statusCode).toBe(200);
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: znsBody(f) });
    expect(sent.statusCode, sent.body).toBe(202);
    const [row] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, sent.json().data.id));
    expect(row).toMatchObject({ price: 180, listPrice: 300 });
  });

  it('public OA send and the playground charge the tag discount of the message category', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    const h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': f.tenantId });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/zns-discount', headers: h, payload: tagDiscount({ targetValue: 'CUSTOMER_CARE', value: 20 }) })).statusCode).toBe(200);
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/oa/send', headers: { 'x-api-key': f.secret }, payload: { uid: '1234567890', trackingId: 'oa-d-1', message: { kind: 'text', text: 'Xin chào' } } });
    expect(api.statusCode, api.body).toBe(202);
    const play = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId: f.apiKeyId, uidTypeId: 'text', uid: '1234567890', messageData: { kind: 'text', text: 'Xin chào' } } });
    expect(play.statusCode, play.body).toBe(202);
    const rows = await t.database.db.select({ price: messageHistory.price, listPrice: messageHistory.listPrice, trackingId: messageHistory.trackingId }).from(messageHistory).where(eq(messageHistory.tenantId, f.tenantId));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ price: 44, listPrice: 55 });
  });
});
