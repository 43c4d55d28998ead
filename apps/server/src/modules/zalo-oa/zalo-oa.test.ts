import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '@zc/zalo-sandbox/seed';
import { auditLogs } from '../../db/schema/audit';
import { userGroups } from '../../db/schema/user-groups';
import { notifications } from '../../db/schema/notifications';
import { zaloOas } from '../../db/schema/zalo-oa';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
import { createCipher } from '../../platform/crypto';
import { createServerZaloClient } from './zalo-client';
import { refreshExpiringTokens } from './service';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';

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

const oaBody = sandboxOaBody;

async function ownerOfTenant() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true, znsService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  return { org, tenant, owner, s, h: s.headers({ 'x-tenant-id': tenant.id }) };
}

describe('connect an OA (§3, §5: seven required fields)', () => {
  it('checks the token with Zalo, stores credentials encrypted and only ever shows them masked', async () => {
    await sb.sandbox.reset();
    const { h } = await ownerOfTenant();
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: oaBody(SANDBOX_OA_ID) });
    expect(res.statusCode, res.body).toBe(200);
    const oa = res.json().data;
    expect(oa).toMatchObject({ zoaId: SANDBOX_OA_ID, zappId: SANDBOX_APP_ID, tokenStatus: 'ACTIVE' });
    expect(oa.credentials.zoaSecretKey).toMatch(/^••••.{4}$/);
    expect(res.body).not.toContain(SANDBOX_APP_SECRET_KEY);
    const [row] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, oa.id));
    expect(JSON.stringify(row)).not.toContain(SANDBOX_APP_SECRET_KEY);
    expect(JSON.stringify(row)).not.toContain(SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.accessToken);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, oa.id));
    expect(entry?.action).toBe('ZALO_OA_CREATE');
    expect(JSON.stringify(entry?.after)).not.toContain(SANDBOX_APP_SECRET_KEY);

    const list = await t.app.inject({ url: '/api/merchant/zalo-oa/list-oa', headers: h });
    expect(list.json().data.map((o: { id: string }) => o.id)).toEqual([oa.id]);
    const dup = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: oaBody(SANDBOX_OA_ID) });
    expect(dup.statusCode).toBe(409);
  });

  it('answers Zalo’s explanation for a bad token and a missing field, storing nothing', async () => {
    const { h, tenant } = await ownerOfTenant();
    const bad = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: oaBody(SANDBOX_SECOND_OA_ID, { zoaAccessToken: 'not-a-token' }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'ZALO_REJECTED', details: { zaloCode: -216 } });
    expect(bad.json().error.details.vi).toBeTruthy();
    const missing = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: { ...oaBody(SANDBOX_SECOND_OA_ID), zoaRefreshToken: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields[0].path).toBe('body.zoaRefreshToken');
    expect(await t.database.db.select().from(zaloOas).where(eq(zaloOas.tenantId, tenant.id))).toHaveLength(0);
  });

  it('answers 404 for another tenant’s OA and 403 without CREATE_ZALO_OA', async () => {
    const a = await ownerOfTenant();
    const b = await ownerOfTenant();
    const [row] = await t.database.db.select().from(zaloOas).limit(1);
    expect(row).toBeDefined();
    const foreign = await t.app.inject({ url: `/api/merchant/zalo-oa/${row?.id}`, headers: row?.tenantId === a.tenant.id ? b.h : a.h });
    expect(foreign.statusCode).toBe(404);
    const user = await buildUser(t.database, { merchantId: a.org.id, role: 'USER', tenantIds: [a.tenant.id] });
    const us = await loginAs(t.app, user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: us.headers({ 'x-tenant-id': a.tenant.id }), payload: oaBody(SANDBOX_SECOND_OA_ID) });
    expect(res.statusCode).toBe(403);
  });
});

describe('OA abilities (issue 10 #5) — the API refuses what an OA says is not allowed', () => {
  it('answers rename/updateCredentials/reconnect per permission and token state; a renamer may not replace credentials', async () => {
    const { org, tenant } = await ownerOfTenant();
    const [oa] = await t.database.db
      .insert(zaloOas)
      .values({ tenantId: tenant.id, name: 'OA', zappId: '1', zoaId: `9${Date.now()}`, secretKeyEnc: 'x', webhookSecretEnc: 'x', accessTokenEnc: 'x', refreshTokenEnc: 'x' })
      .returning();
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const oh = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
    const listOf = async (h: Record<string, string>) => (await t.app.inject({ url: '/api/merchant/zalo-oa/list-oa', headers: h })).json().data[0].abilities;
    expect(await listOf(oh)).toEqual({ update: true, rename: true, updateCredentials: true, reconnect: false });
    await t.database.db.update(zaloOas).set({ tokenStatus: 'REFRESH_FAILED' }).where(eq(zaloOas.id, oa?.id ?? ''));
    expect(await listOf(oh)).toEqual({ update: true, rename: true, updateCredentials: true, reconnect: true });
    const [group] = await t.database.db.insert(userGroups).values({ tenantId: tenant.id, name: 'renamers', permissions: ['VIEW_ZALO_OA_SERVICE', 'UPDATE_ZALO_OA_INFO'] }).returning();
    const renamer = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: group?.id });
    const rh = (await loginAs(t.app, renamer.email)).headers({ 'x-tenant-id': tenant.id });
    expect(await listOf(rh)).toEqual({ update: true, rename: true, updateCredentials: false, reconnect: false });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/merchant/zalo-oa/${oa?.id}`, headers: rh, payload: { zoaRefreshToken: 'new' } });
    expect(refused.statusCode, refused.body).toBe(403);
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/merchant/zalo-oa/${oa?.id}`, headers: rh, payload: { name: 'Đổi tên' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Đổi tên', credentials: null, abilities: { rename: true, updateCredentials: false } });
    const [row] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, oa?.id ?? ''));
    expect(row?.refreshTokenEnc).toBe('x');
  });
});

describe('token refresh', () => {
  it('rotates ahead of expiry once, even with two processes racing, and the old refresh token stops working', async () => {
    await sb.sandbox.reset();
    await t.database.db.delete(zaloOas);
    const { h } = await ownerOfTenant();
    const created = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: oaBody(SANDBOX_SECOND_OA_ID) });
    const id = created.json().data.id as string;
    const cipher = createCipher(t.config.appSecret);
    // Two independent clients = two processes: only the row lock keeps them from spending one refresh token twice.
    const p1 = createServerZaloClient(t.database.db, cipher, sb.hosts);
    const p2 = createServerZaloClient(t.database.db, cipher, sb.hosts);
    const results = await Promise.all([refreshExpiringTokens(t.database.db, p1), refreshExpiringTokens(t.database.db, p2)]);
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const [row] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, id));
    const access = cipher.decrypt(row?.accessTokenEnc ?? '');
    expect(access).not.toBe(SANDBOX_INITIAL_TOKENS[SANDBOX_SECOND_OA_ID]?.accessToken);
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 20 * 3600_000);
    // The OA still works with the stored pair.
    const detail = await p1.call(id, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/oa/getoa' });
    expect(detail.error).toBe(0);
    // Nothing is due any more.
    expect(await refreshExpiringTokens(t.database.db, p1)).toEqual({ refreshed: 0, failed: 0 });
  });

  it('marks the OA and alerts its administrators once when Zalo refuses the refresh', async () => {
    await sb.sandbox.reset();
    await t.database.db.delete(zaloOas);
    const { h, owner } = await ownerOfTenant();
    const created = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: oaBody(SANDBOX_OA_ID) });
    const id = created.json().data.id as string;
    await fetch(`${sb.url}/_control/force-error`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/oauth/v4/oa/access_token', code: -14014, count: 5 }) });
    const client = createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts);
    const r = await refreshExpiringTokens(t.database.db, client);
    expect(r.failed).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, id));
    expect(row?.tokenStatus).toBe('REFRESH_FAILED');
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS); // the alert is a handler of zalo_oa.token_refresh_failed
    const alerts = await t.database.db.select().from(notifications).where(eq(notifications.referenceId, id));
    expect(alerts.map((a) => a.userId)).toContain(owner.id);
    await refreshExpiringTokens(t.database.db, client);
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.referenceId, id))).toHaveLength(alerts.length);
  });
});
