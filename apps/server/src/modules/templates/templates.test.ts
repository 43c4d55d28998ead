import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_REJECT_REASON, SANDBOX_TEMPLATE_IDS, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import { messageHistory } from '../../db/schema/messaging';
import { templateRequests, znsTemplates } from '../../db/schema/templates';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { processDueMessages } from '../messaging/delivery-worker';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { createCipher } from '../../platform/crypto';
import { applyEntry, ensureTenantWallet } from '../wallets/ledger';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
import { drainZaloEvents } from '../zalo-webhooks/consumer';

let sb: RunningSandbox;
let t: TestContext;
let appUrl: string;
let h: Record<string, string>;
let tenantId: string;
let orgId: string;

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${sb.url}/_control/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${appUrl}/api/webhooks/zalo` }) });
  const org = await buildOrganisation(t.database);
  orgId = org.id;
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  h = s.headers({ 'x-tenant-id': tenant.id });
  const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('template library', () => {
  it('syncs every template of the OA with params, price, tag and quality, and lists with filters', async () => {
    const sync = await t.app.inject({ url: '/api/merchant/zalo-oa/sync-zns-templates', headers: h });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data.errors).toEqual([]);
    expect(sync.json().data.synced).toBeGreaterThan(5);
    const all = await t.app.inject({ url: '/api/merchant/template?size=100', headers: h });
    const templates = all.json().data as Array<{ id: string; znsTemplateId: string; status: string; params: unknown[]; price: number; tag: string }>;
    expect(all.json().meta.total).toBe(sync.json().data.synced);
    const otp = templates.find((x) => x.znsTemplateId === SANDBOX_TEMPLATE_IDS.otp);
    expect(otp?.params.length).toBeGreaterThan(0);
    expect(otp?.price).toBeGreaterThan(0);
    const enabled = await t.app.inject({ url: '/api/merchant/template?status=ENABLE&size=100', headers: h });
    expect(enabled.json().data.every((x: { status: string }) => x.status === 'ENABLE')).toBe(true);
    expect(enabled.json().meta.total).toBeLessThan(templates.length);
    const detail = await t.app.inject({ url: `/api/merchant/template/${otp?.id}`, headers: h });
    expect(detail.json().data.znsTemplateId).toBe(SANDBOX_TEMPLATE_IDS.otp);
    // idempotent: a second sync updates, it does not duplicate
    await t.app.inject({ method: 'POST', url: '/api/merchant/template/sync', headers: h });
    expect((await t.database.db.select().from(znsTemplates).where(eq(znsTemplates.tenantId, tenantId))).length).toBe(templates.length);
  });

  it('keeps both tag vocabularies and every state (DELETE included, console-made templates too) and filters on either tag', async () => {
    await t.app.inject({ method: 'POST', url: '/api/merchant/template/sync', headers: h });
    const all = (await t.app.inject({ url: '/api/merchant/template?size=100', headers: h })).json().data as Array<{ znsTemplateId: string; status: string; tag: string }>;
    const byId = new Map(all.map((x) => [x.znsTemplateId, x]));
    expect(byId.get(SANDBOX_TEMPLATE_IDS.otp)?.tag).toBe('OTP');
    expect(byId.get(SANDBOX_TEMPLATE_IDS.shipping)?.tag).toBe('IN_TRANSACTION');
    expect(byId.get(SANDBOX_TEMPLATE_IDS.orderConfirmation)?.tag).toBe('TRANSACTION');
    expect(byId.get(SANDBOX_TEMPLATE_IDS.deleted)?.status).toBe('DELETE');
    expect(byId.get(SANDBOX_TEMPLATE_IDS.disabled)?.status).toBe('DISABLE');
    for (const tag of ['OTP', 'IN_TRANSACTION', 'TRANSACTION']) {
      const res = await t.app.inject({ url: `/api/merchant/template?templateZNSType=${tag}&size=100`, headers: h });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.length, tag).toBeGreaterThan(0);
      expect(res.json().data.every((x: { tag: string }) => x.tag === tag)).toBe(true);
    }
    const deleted = await t.app.inject({ url: '/api/merchant/template?status=DELETE', headers: h });
    expect(deleted.json().data.map((x: { znsTemplateId: string }) => x.znsTemplateId)).toEqual([SANDBOX_TEMPLATE_IDS.deleted]);
    const tags = await t.app.inject({ url: '/api/merchant/template/template-zns-tag', headers: h });
    expect(tags.json().data).toEqual(expect.arrayContaining(['OTP', 'IN_TRANSACTION', 'POST_TRANSACTION', 'TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION']));
  });

  it('settles a submitted request from a sync: rejected with info/v2’s reason, approved when enabled', async () => {
    const [oa] = (await t.app.inject({ url: '/api/merchant/zalo-oa/list-oa', headers: h })).json().data as Array<{ id: string }>;
    const make = async (znsTemplateId: string) => {
      const [row] = await t.database.db.insert(templateRequests).values({ tenantId, zaloOaId: oa?.id ?? '', name: 'Yêu cầu', payload: {}, status: 'SUBMITTED', znsTemplateId }).returning();
      return row?.id ?? '';
    };
    const rejected = await make(SANDBOX_TEMPLATE_IDS.rejected);
    const approved = await make(SANDBOX_TEMPLATE_IDS.promotion);
    const waiting = await make(SANDBOX_TEMPLATE_IDS.pendingReview);
    const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/template/sync', headers: h });
    expect(sync.statusCode, sync.body).toBe(200);
    const status = async (id: string) => (await t.database.db.select().from(templateRequests).where(eq(templateRequests.id, id)))[0];
    expect(await status(rejected)).toMatchObject({ status: 'REJECTED', error: SANDBOX_REJECT_REASON });
    expect(await status(approved)).toMatchObject({ status: 'APPROVED', error: null });
    expect(await status(waiting)).toMatchObject({ status: 'SUBMITTED' });
    // Only the approved request offers its template (abilities.viewTemplate).
    const listed = (await t.app.inject({ url: '/api/merchant/template/new?size=50', headers: h })).json().data as Array<{ id: string; abilities: { viewTemplate: boolean } }>;
    const can = (id: string) => listed.find((r) => r.id === id)?.abilities.viewTemplate;
    expect([can(approved), can(rejected), can(waiting)]).toEqual([true, false, false]);
    await t.database.db.delete(templateRequests).where(inArray(templateRequests.id, [rejected, approved, waiting]));
  });

  it('answers 404 for another tenant’s template and 403 without a template permission', async () => {
    const [row] = await t.database.db.select().from(znsTemplates).limit(1);
    const other = await buildTenant(t.database, orgId, { znsService: true });
    const owner = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const res = await t.app.inject({ url: `/api/merchant/template/${row?.id}`, headers: s.headers({ 'x-tenant-id': other.id }) });
    expect(res.statusCode).toBe(404);
    const eu = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenantId] });
    const es = await loginAs(t.app, eu.email);
    expect((await t.app.inject({ url: '/api/merchant/template', headers: es.headers({ 'x-tenant-id': tenantId }) })).statusCode).toBe(403);
  });

  it('refuses the ZNS module when the tenant has not enabled it, with the §8 text', async () => {
    const noZns = await buildTenant(t.database, orgId, {});
    const owner = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const res = await t.app.inject({ url: '/api/merchant/template', headers: s.headers({ 'x-tenant-id': noZns.id }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('MODULE_NOT_ENABLED');
    expect(res.json().error.message).toContain('module not enabled. Please contact administrator');
  });

  it('stores a template request and lists it', async () => {
    const [oa] = (await t.app.inject({ url: '/api/merchant/zalo-oa/list-oa', headers: h })).json().data as Array<{ id: string }>;
    const body = { zaloOAId: oa?.id, name: 'Xác nhận lịch hẹn', templateType: 1, tag: 'CUSTOMER_CARE', content: 'Chào {customer_name}, lịch hẹn của bạn lúc {time}.', params: [{ name: 'customer_name', type: 1, sample: 'An' }, { name: 'time', type: 11, sample: '09:00' }] };
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/template/new', headers: h, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PENDING', abilities: { viewTemplate: false } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/merchant/template/new', headers: h, payload: { ...body, params: [{ name: 'Bad Name', type: 1, sample: '' }] } });
    expect(bad.statusCode).toBe(400);
    const list = await t.app.inject({ url: '/api/merchant/template/new', headers: h });
    expect(list.json().meta.total).toBe(1);
  });
});

describe('Zalo webhooks', () => {
  it('applies a signed change_template_status from the sandbox over HTTP, once', async () => {
    await t.app.inject({ url: '/api/merchant/zalo-oa/sync-zns-templates', headers: h });
    const r = await fetch(`${sb.url}/_control/templates/${SANDBOX_TEMPLATE_IDS.pendingReview}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'ENABLE' }),
    });
    expect(r.status).toBe(200);
    let status = '';
    for (let i = 0; i < 50 && status !== 'ENABLE'; i += 1) {
      await new Promise((res) => setTimeout(res, 50));
      const [row] = await t.database.db.select().from(znsTemplates).where(eq(znsTemplates.znsTemplateId, SANDBOX_TEMPLATE_IDS.pendingReview));
      status = row?.status ?? '';
    }
    expect(status).toBe('ENABLE');
  });

  it('takes a sent ZNS to RECEIVED through the sandbox’s signed delivery webhook, even when it overtakes the worker', async () => {
    await t.app.inject({ url: '/api/merchant/zalo-oa/sync-zns-templates', headers: h });
    // Delivery receipts fire immediately, so they may arrive before the worker records PUSHED_ZALO.
    await fetch(`${sb.url}/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ znsDeliveryDelayMs: 0 }) });
    const [oa] = (await t.app.inject({ url: '/api/merchant/zalo-oa/list-oa', headers: h })).json().data as Array<{ id: string }>;
    const key = await t.app.inject({ method: 'POST', url: '/api/merchant/api-key', headers: h, payload: { name: 'wh', zaloOAId: oa?.id, service: 'ZNS' } });
    await t.database.db.transaction(async (tx) => {
      const wallet = await ensureTenantWallet(tx, tenantId);
      await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value: 5_000, reason: 'TOPUP' });
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/zns/send',
        headers: { 'x-api-key': key.json().data.secret },
        payload: { phone: '0987654321', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: `12345${i}` }, trackingId: `wh-${i}` },
      });
      expect(sent.statusCode, sent.body).toBe(202);
      ids.push(sent.json().data.id);
    }
    await processDueMessages({ db: t.database.db, zalo: createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts) });
    let statuses: string[] = [];
    for (let i = 0; i < 60 && !(statuses.length === 5 && statuses.every((s) => s === 'RECEIVED')); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      statuses = (await t.database.db.select({ s: messageHistory.status }).from(messageHistory).where(inArray(messageHistory.id, ids))).map((r) => r.s);
    }
    expect(statuses).toEqual(['RECEIVED', 'RECEIVED', 'RECEIVED', 'RECEIVED', 'RECEIVED']);
  });

  it('rejects unsigned, wrongly signed and malformed bodies with 401 and stores nothing; deduplicates retries', async () => {
    const before = (await t.database.db.select().from(zaloEvents)).length;
    const body = JSON.stringify({ app_id: SANDBOX_APP_ID, oa_id: SANDBOX_OA_ID, event_name: 'change_template_quality', template_id: SANDBOX_TEMPLATE_IDS.otp, quality: 'LOW', timestamp: String(Date.now()) });
    const send = (payload: string, signature?: string) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/zalo', payload, headers: { 'content-type': 'application/json', ...(signature ? { 'x-zevent-signature': signature } : {}) } });
    expect((await send(body)).statusCode).toBe(401);
    expect((await send(body, 'mac=deadbeef')).statusCode).toBe(401);
    expect((await send('{not json', 'mac=00')).statusCode).toBe(401);
    expect((await t.database.db.select().from(zaloEvents)).length).toBe(before);
    const ts = (JSON.parse(body) as { timestamp: string }).timestamp;
    const mac = signZaloWebhook({ appId: SANDBOX_APP_ID, rawBody: body, timestamp: ts, secret: SANDBOX_WEBHOOK_SECRET });
    const ok = await send(body, mac);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.duplicate).toBe(false);
    const again = await send(body, mac);
    expect(again.json().data.duplicate).toBe(true);
    // Applied by the webhook consumer after the 200 (ADR 0019).
    await drainZaloEvents(t.database.db);
    const [row] = await t.database.db.select().from(znsTemplates).where(eq(znsTemplates.znsTemplateId, SANDBOX_TEMPLATE_IDS.otp));
    expect(row?.quality).toBe('LOW');
  });
});
