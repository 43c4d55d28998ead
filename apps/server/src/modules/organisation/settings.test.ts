import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MODULE_NOT_ENABLED_TEXT } from '@zc/shared/errors';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { oaFollowers } from '../../db/schema/followers';
import { merchants, tenants } from '../../db/schema/organisation';
import { routeTables } from '../../platform/mutation';
import type { RouteAccess, TenantModule } from '../../platform/context';
import { declaredModule, mustDeclareModule } from '../../platform/module-gate';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, sandboxOaBody, type TestContext } from '../../test/helpers';

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

const ALL_ON = { oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true };

async function ownerOf(services: Partial<typeof ALL_ON> = ALL_ON) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, services);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  return { org, tenant, owner, s, h: s.headers({ 'x-tenant-id': tenant.id }) };
}

const q = async <T>(text: string, params: unknown[]): Promise<T> => (await t.database.raw.query(text, params)).rows[0] as T;

/** A stored OA row (no Zalo call is made by the in-flight checks). */
async function insertOa(tenantId: string): Promise<string> {
  const zoa = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const r = await q<{ id: string }>(
    `insert into zalo_oas (tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc)
     values ($1, 'OA thử', '1', $2, 'x', 'x', 'x', 'x') returning id`,
    [tenantId, zoa],
  );
  return r.id;
}

const switchServices = (h: Record<string, string>, payload: Record<string, boolean>) =>
  t.app.inject({ method: 'POST', url: '/api/merchant/service-manager/tenant-service', headers: h, payload });

async function expectBlocked(h: Record<string, string>, tenantId: string, payload: Record<string, boolean>, item: Record<string, string>) {
  const res = await switchServices(h, payload);
  expect(res.statusCode, res.body).toBe(409);
  const err = res.json().error;
  expect(err.code).toBe('SERVICE_IN_USE');
  expect(err.details.items).toEqual([expect.objectContaining(item)]);
  // Nothing changed, nothing recorded.
  const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
  for (const k of Object.keys(payload)) expect(row?.[k as keyof typeof ALL_ON]).toBe(true);
  expect(await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.action, 'TENANT_SERVICES_UPDATE')))).toHaveLength(0);
}

describe('switching a service off with work in flight → 409 SERVICE_IN_USE listing it (issue 16 #5)', () => {
  it('ZNS: a campaign being sent blocks until it is finished; then the switch goes through with an event', async () => {
    const { tenant, h } = await ownerOf();
    const oa = await insertOa(tenant.id);
    const key = await q<{ id: string }>(`insert into api_keys (tenant_id, zalo_oa_id, name, key_prefix, secret_hash) values ($1, $2, 'k', 'p', 'h') returning id`, [tenant.id, oa]);
    const upload = await q<{ id: string }>(`insert into campaign_uploads (tenant_id, zalo_oa_id, zns_template_id, file_name, mapping, status) values ($1, $2, 't1', 'a.csv', '{"phone":"A","params":{}}', 'READY') returning id`, [tenant.id, oa]);
    const c = await q<{ id: string }>(
      `insert into campaigns (tenant_id, api_key_id, zalo_oa_id, upload_id, name, zns_template_id, template_name, status, dispatch_state)
       values ($1, $2, $3, $4, 'Tri ân tháng 11', 't1', 'T', 'APPROVED', 'RUNNING') returning id`,
      [tenant.id, key.id, oa, upload.id],
    );
    await expectBlocked(h, tenant.id, { znsService: false }, { service: 'znsService', kind: 'ZNS_CAMPAIGN', id: c.id, name: 'Tri ân tháng 11', status: 'RUNNING' });
    // A campaign waiting for review blocks too (status PENDING).
    await t.database.raw.query(`update campaigns set status = 'PENDING', dispatch_state = null where id = $1`, [c.id]);
    await expectBlocked(h, tenant.id, { znsService: false }, { kind: 'ZNS_CAMPAIGN', status: 'PENDING' });
    await t.database.raw.query(`update campaigns set status = 'DONE', dispatch_state = 'FINISHED' where id = $1`, [c.id]);
    const ok = await switchServices(h, { znsService: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.znsService).toBe(false);
    const events = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, tenant.id), eq(domainEvents.type, 'tenant.settings_changed')));
    expect(events.map((e) => e.payload)).toEqual([{ tenantId: tenant.id, fields: ['znsService'] }]);
  });

  it('ZNS: a template request in review blocks', async () => {
    const { tenant, h } = await ownerOf();
    const oa = await insertOa(tenant.id);
    const r = await q<{ id: string }>(`insert into template_requests (tenant_id, zalo_oa_id, name, payload, status) values ($1, $2, 'Mẫu OTP', '{}', 'SUBMITTED') returning id`, [tenant.id, oa]);
    await expectBlocked(h, tenant.id, { znsService: false }, { service: 'znsService', kind: 'ZNS_TEMPLATE', id: r.id, name: 'Mẫu OTP', status: 'SUBMITTED' });
  });

  it('OA: a scheduled broadcast blocks (and switching the OA and ZNS off together lists both services)', async () => {
    const { tenant, h } = await ownerOf();
    const oa = await insertOa(tenant.id);
    const b = await q<{ id: string }>(
      `insert into oa_broadcasts (tenant_id, group_id, zalo_oa_id, name, status, send_state, schedule_time, target)
       values ($1, gen_random_uuid(), $2, 'Khuyến mãi', 'APPROVED', 'WAITING', now() + interval '1 day', '{}') returning id`,
      [tenant.id, oa],
    );
    await expectBlocked(h, tenant.id, { oaService: false }, { service: 'oaService', kind: 'OA_BROADCAST', id: b.id, name: 'Khuyến mãi', status: 'WAITING' });
    // A broadcast already sent does not block.
    await t.database.raw.query(`update oa_broadcasts set status = 'SHOWN', send_state = 'SENT' where id = $1`, [b.id]);
    expect((await switchServices(h, { oaService: false })).statusCode).toBe(200);
  });

  it('OA: a content waiting for review blocks', async () => {
    const { tenant, h } = await ownerOf();
    const c = await q<{ id: string }>(`insert into oa_contents (tenant_id, type, status, title) values ($1, 'post', 'approval', 'Bài viết mới') returning id`, [tenant.id]);
    await expectBlocked(h, tenant.id, { oaService: false }, { service: 'oaService', kind: 'OA_CONTENT', id: c.id, name: 'Bài viết mới', status: 'PENDING_REVIEW' });
  });

  it('mini app: a gift-code batch still generating blocks', async () => {
    const { tenant, h } = await ownerOf();
    const app = await q<{ id: string }>(`insert into zma_apps (tenant_id, name, zalo_app_id, app_secret_enc) values ($1, 'Vòng quay', $2, 'x') returning id`, [tenant.id, `${Date.now()}${Math.floor(Math.random() * 1e6)}`]);
    const item = await q<{ id: string }>(`insert into zma_gift_items (zma_app_id, tenant_id, type, name) values ($1, $2, 'VOUCHER', 'Voucher 50K') returning id`, [app.id, tenant.id]);
    const batch = await q<{ id: string }>(`insert into zma_gift_code_batches (zma_app_id, gift_item_id, requested, generated) values ($1, $2, 1000, 200) returning id`, [app.id, item.id]);
    await expectBlocked(h, tenant.id, { isMiniAppEnabled: false }, { service: 'isMiniAppEnabled', kind: 'ZMA_CODE_BATCH', id: batch.id, name: 'Voucher 50K (200/1000)', status: 'RUNNING' });
  });

  it('multi-team has nothing in flight; switching on never blocks; another tenant’s work does not count', async () => {
    const { h } = await ownerOf();
    const other = await ownerOf();
    await q(`insert into oa_contents (tenant_id, type, status, title) values ($1, 'post', 'approval', 'x') returning id`, [other.tenant.id]);
    expect((await switchServices(h, { isMultiTeam: false, oaService: false })).statusCode).toBe(200);
    expect((await switchServices(h, { oaService: true })).statusCode).toBe(200);
  });
});

describe("calls into a disabled service answer 'module not enabled' (§8)", () => {
  it('every OA, ZNS and mini-app route answers 403 MODULE_NOT_ENABLED with the §8 text when its service is off', async () => {
    const { tenant, h } = await ownerOf({});
    const app = await q<{ id: string }>(`insert into zma_apps (tenant_id, name, zalo_app_id, app_secret_enc) values ($1, 'App', $2, 'x') returning id`, [tenant.id, `${Date.now()}${Math.floor(Math.random() * 1e6)}`]);
    const fill = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
    const seen: Record<string, number> = {};
    const gatedUndeclared: string[] = [];
    for (const r of routeTables.get(t.app) ?? []) {
      const a = r.config.access as RouteAccess | undefined;
      if (!a || r.method === 'HEAD') continue;
      const module: TenantModule | undefined = declaredModule(a);
      // Under a service's path prefix a route must declare its module (registration refuses it
      // otherwise); walk those by path too, so a route that slipped through would fail here.
      if (!module && mustDeclareModule(r.url, a)) gatedUndeclared.push(`${r.method} ${r.url}`);
      if (!module) continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: fill(r.url), headers: { ...h, 'x-zma-id': app.id }, ...(r.method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      expect(res.json().error.code, `${r.method} ${r.url}`).toBe('MODULE_NOT_ENABLED');
      expect(res.json().error.message).toContain(MODULE_NOT_ENABLED_TEXT);
      seen[module] = (seen[module] ?? 0) + 1;
    }
    expect(gatedUndeclared).toEqual([]);
    expect(seen.oaService).toBeGreaterThan(5);
    expect(seen.znsService).toBeGreaterThan(5);
    expect(seen.isMiniAppEnabled).toBeGreaterThan(5);
    expect(seen.isMultiTeam).toBeGreaterThan(5);
  });

  it('covers broadcasts, followers, the chat composer and the playground (routes once left ungated)', () => {
    const declared = new Map((routeTables.get(t.app) ?? []).map((r) => [`${r.method} ${r.url}`, declaredModule(r.config.access as RouteAccess)]));
    expect(declared.get('GET /api/merchant/oa-content/broadcast/getList')).toBe('oaService');
    expect(declared.get('PATCH /api/merchant/oa-content/broadcast/approved/:id')).toBe('oaService');
    expect(declared.get('GET /api/merchant/oa-user/getlist')).toBe('oaService');
    expect(declared.get('POST /api/merchant/chat/upload')).toBe('oaService');
    expect(declared.get('GET /api/merchant/chat/sticker')).toBe('oaService');
    expect(declared.get('POST /api/merchant/chat/conversations/:id/messages/:messageId/react')).toBe('oaService');
    expect(declared.get('GET /api/merchant/uid/list-api-key-playground')).toBe('znsService');
    expect(declared.get('GET /api/merchant/uid/list-template')).toBe('znsService');
  });


  it('the same routes open once the service is on again', async () => {
    const { h } = await ownerOf({});
    expect((await t.app.inject({ url: '/api/merchant/campaign', headers: h })).json().error.code).toBe('MODULE_NOT_ENABLED');
    expect((await switchServices(h, { znsService: true })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/merchant/campaign', headers: h })).statusCode).toBe(200);
  });
});

describe('PATCH /merchant/tenant/:id/settings (general tab)', () => {
  const patch = (s: { headers: (x?: Record<string, string>) => Record<string, string> }, merchantId: string, tenantId: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/merchant/tenant/${tenantId}/settings`, headers: s.headers({ 'x-merchant-id': merchantId }), payload: payload as Record<string, unknown> });

  it('changes the time zone and industry, audited, with an event', async () => {
    const { org, tenant, s } = await ownerOf();
    const res = await patch(s, org.id, tenant.id, { timeZone: 'Asia/Bangkok', industry: 'spa' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: tenant.id, timeZone: 'Asia/Bangkok', industry: 'spa' });
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, tenant.id), eq(auditLogs.action, 'TENANT_SETTINGS_UPDATE')));
    expect(entry?.before).toEqual({ timeZone: 'Asia/Ho_Chi_Minh', industry: null });
    expect(entry?.after).toEqual({ timeZone: 'Asia/Bangkok', industry: 'spa' });
    const [ev] = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, tenant.id), eq(domainEvents.type, 'tenant.settings_changed')));
    expect(ev?.payload).toEqual({ tenantId: tenant.id, fields: ['timeZone', 'industry'] });
    const cleared = await patch(s, org.id, tenant.id, { industry: null });
    expect(cleared.json().data).toMatchObject({ timeZone: 'Asia/Bangkok', industry: null });
  });

  it('refuses an unknown time zone (400 naming timeZone), an unknown industry and an empty body', async () => {
    const { org, tenant, s } = await ownerOf();
    const bad = await patch(s, org.id, tenant.id, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toContain('timeZone');
    expect((await patch(s, org.id, tenant.id, { industry: 'mining' })).statusCode).toBe(400);
    expect((await patch(s, org.id, tenant.id, {})).statusCode).toBe(400);
    expect((await patch(s, org.id, tenant.id, { timeZone: 'Asia/Bangkok', x: 1 })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(row?.timeZone).toBe('Asia/Ho_Chi_Minh');
  });

  it('403 without UPDATE_TENANT; 404 for another organisation’s tenant', async () => {
    const { org, tenant, s } = await ownerOf();
    const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const ms = await loginAs(t.app, mod.email);
    expect((await patch(ms, org.id, tenant.id, { timeZone: 'Asia/Bangkok' })).statusCode).toBe(403);
    const other = await ownerOf();
    expect((await patch(s, org.id, other.tenant.id, { timeZone: 'Asia/Bangkok' })).statusCode).toBe(404);
  });
});

describe('organisation name and logo', () => {
  it('renames the organisation (MERCHANT_UPDATE) and replaces its logo apart from the avatar (MERCHANT_UPDATE_LOGO)', async () => {
    const { org, s } = await ownerOf();
    const h = s.headers({ 'x-merchant-id': org.id });
    const renamed = await t.app.inject({ method: 'PATCH', url: '/api/merchant/merchant/update', headers: h, payload: { name: '  Công ty Mới  ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Công ty Mới');
    const form = multipart({}, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    const logo = await t.app.inject({ method: 'PATCH', url: '/api/merchant/merchant/updateLogo', headers: s.headers({ ...form.headers, 'x-merchant-id': org.id }), payload: form.payload });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json().data.logo).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, org.id));
    expect(row?.name).toBe('Công ty Mới');
    expect(row?.avatar).toBeNull();
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, org.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['MERCHANT_UPDATE', 'MERCHANT_UPDATE_LOGO']));
  });

  it('refuses an empty name and a missing file (400), and a member without UPDATE_MERCHANT (403)', async () => {
    const { org, s } = await ownerOf();
    const h = s.headers({ 'x-merchant-id': org.id });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/merchant/merchant/update', headers: h, payload: { name: '   ' } })).statusCode).toBe(400);
    const empty = multipart({});
    const noFile = await t.app.inject({ method: 'PATCH', url: '/api/merchant/merchant/updateLogo', headers: s.headers({ ...empty.headers, 'x-merchant-id': org.id }), payload: empty.payload });
    expect(noFile.statusCode).toBe(400);
    const admin = await buildUser(t.database, { merchantId: org.id, role: 'ADMIN' });
    const as = await loginAs(t.app, admin.email);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/merchant/merchant/update', headers: as.headers({ 'x-merchant-id': org.id }), payload: { name: 'X' } })).statusCode).toBe(403);
  });
});

describe('tags tab: the tenant’s follower labels, deleting one on Zalo', () => {
  it('lists each OA’s labels with follower counts and deletes one (rmtag, off the followers, OA_TAG_DELETE)', async () => {
    const { org, tenant, h } = await ownerOf({ oaService: true });
    const oa = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
    expect(oa.statusCode, oa.body).toBe(200);
    const oaId: string = oa.json().data.id;
    const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
    expect(sync.statusCode, sync.body).toBe(200);
    const [f1, f2] = await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.zaloOaId, oaId)).limit(2);
    // Label two followers on Zalo and in the store.
    for (const f of [f1, f2]) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-user/updateTag/${f?.id}`, headers: h, payload: { actions: [{ type: 'ADD', tagName: ['Khách VIP'] }] } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = await t.app.inject({ url: '/api/merchant/tenant-settings/tags', headers: h });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual(expect.arrayContaining([{ zaloOaId: oaId, oaName: expect.any(String), tagName: 'Khách VIP', followers: 2 }]));
    expect(list.json().unreachable).toEqual([]);
    expect(list.json().abilities.delete).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-settings/tags?zaloOaId=${oaId}&tagName=${encodeURIComponent('Khách VIP')}`, headers: h });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ followers: 2 });
    expect(sb.sandbox.state.oas.get(SANDBOX_OA_ID)?.tags.has('Khách VIP')).toBe(false);
    const after = await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.zaloOaId, oaId));
    expect(after.some((f) => f.tagNames.includes('Khách VIP'))).toBe(false);
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, tenant.id), eq(auditLogs.action, 'OA_TAG_DELETE')));
    expect(entry).toMatchObject({ merchantId: org.id, targetId: oaId, before: expect.objectContaining({ tagName: 'Khách VIP', followers: 2 }) });

    // A label Zalo does not know: Zalo's refusal, explained; nothing recorded.
    const unknown = await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-settings/tags?zaloOaId=${oaId}&tagName=Kh%C3%B4ng%20c%C3%B3`, headers: h });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('ZALO_REJECTED');
  });

  it('404 for another tenant’s OA; 403 without UPDATE_ZALO_OA_USER; MODULE_NOT_ENABLED without the OA service', async () => {
    const a = await ownerOf({ oaService: true });
    const b = await ownerOf({ oaService: true });
    const foreignOa = await insertOa(b.tenant.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/merchant/tenant-settings/tags?zaloOaId=${foreignOa}&tagName=x`, headers: a.h });
    expect(res.statusCode).toBe(404);
    const user = await buildUser(t.database, { merchantId: a.org.id, role: 'USER', tenantIds: [a.tenant.id] });
    const us = await loginAs(t.app, user.email);
    expect((await t.app.inject({ url: '/api/merchant/tenant-settings/tags', headers: us.headers({ 'x-tenant-id': a.tenant.id }) })).statusCode).toBe(403);
    const off = await ownerOf({});
    expect((await t.app.inject({ url: '/api/merchant/tenant-settings/tags', headers: off.h })).json().error.code).toBe('MODULE_NOT_ENABLED');
  });
});
