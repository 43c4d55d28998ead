import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { zmaApps, zmaCustomers, zmaDraws, zmaRoleMembers, zmaRoles } from '../../db/schema/zma';
import { buildOrganisation, buildTenant, buildUser, loginAs, type TestContext } from '../../test/helpers';

/** A tenant with the mini-app service, an owner signed in, one mini app and helpers to call its loyalty routes. */
export async function loyaltySetup(t: TestContext) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { isMiniAppEnabled: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const app = await buildZmaApp(t, tenant.id);
  const h = (zmaAppId = app.id) => s.headers({ 'x-tenant-id': tenant.id, 'x-zma-id': zmaAppId });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, zmaAppId = app.id) =>
    t.app.inject({ method, url: `/api/zma/merchant${url}`, headers: h(zmaAppId), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { org, tenant, owner, s, app, h, call };
}

export async function buildZmaApp(t: TestContext, tenantId: string) {
  const [app] = await t.database.db
    .insert(zmaApps)
    .values({ tenantId, name: `App ${randomBytes(3).toString('hex')}`, zaloAppId: String(10_000_000 + Math.floor(Math.random() * 89_999_999)), appSecretEnc: 'x' })
    .returning();
  if (!app) throw new Error('zma app');
  return app;
}

export async function buildCustomer(t: TestContext, zmaAppId: string, tenantId: string, name = 'Lan') {
  const [c] = await t.database.db.insert(zmaCustomers).values({ zmaAppId, tenantId, zaloUserId: `z${randomBytes(6).toString('hex')}`, name, phone: '84901234567' }).returning();
  if (!c) throw new Error('customer');
  return c;
}

export async function buildDraw(t: TestContext, zmaAppId: string, tenantId: string) {
  const [d] = await t.database.db.insert(zmaDraws).values({ zmaAppId, tenantId, name: `Draw ${randomBytes(2).toString('hex')}` }).returning();
  if (!d) throw new Error('draw');
  return d;
}

/** A mini-app role holding exactly `permissions`, given to a fresh tenant member (default group: no ZMA permission). */
export async function memberWithRole(t: TestContext, org: { id: string }, tenantId: string, zmaAppId: string, permissions: string[]) {
  const user = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenantId] });
  if (permissions.length) {
    const [role] = await t.database.db.insert(zmaRoles).values({ zmaAppId, tenantId, name: `Role ${randomBytes(3).toString('hex')}`, permissions }).returning();
    if (!role) throw new Error('role');
    await t.database.db.insert(zmaRoleMembers).values({ zmaAppId, userId: user.id, roleId: role.id });
  }
  const s = await loginAs(t.app, user.email);
  return { user, headers: () => s.headers({ 'x-tenant-id': tenantId, 'x-zma-id': zmaAppId }) };
}

export async function waitForBatch(call: (m: 'GET', url: string) => Promise<{ statusCode: number; json(): { data: { status: string; generated: number } } }>, batchId: string) {
  for (let i = 0; i < 400; i += 1) {
    const r = await call('GET', `/gift-code-batch/${batchId}`);
    expect(r.statusCode).toBe(200);
    const b = r.json().data;
    if (b.status !== 'RUNNING') return b;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('batch did not finish');
}
