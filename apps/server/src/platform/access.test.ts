import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS, type Permission } from '@zc/shared/permissions';
import { routeTables } from './mutation';
import type { RouteAccess } from './context';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const fillParams = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('route declarations', () => {
  it('declares access on every /api route and an audit action on every mutating one', () => {
    const table = routeTables.get(t.app) ?? [];
    const api = table.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(30);
    for (const r of api) {
      expect(r.config.access, `${r.method} ${r.url}`).toBeDefined();
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) expect(r.config.audit, `${r.method} ${r.url}`).toBeDefined();
    }
  });

  it('refuses to register an /api route without an access declaration', async () => {
    const other = await createTestApp();
    try {
      expect(() => other.app.get('/api/undeclared', async () => 'x')).toThrow();
    } finally {
      await other.close();
    }
  });
});

describe('permission matrix', () => {
  it('answers 403 on every permission-gated route to a member lacking the permission', async () => {
    const org = await buildOrganisation(t.database);
    const tenant = await buildTenant(t.database, org.id, { oaService: true, znsService: true, isMiniAppEnabled: true, isMultiTeam: true });
    // EU holds nothing at organisation level; a user group without permissions adds nothing.
    const {
      rows: [emptyGroup],
    } = await t.database.raw.query<{ id: string }>(
      `insert into user_groups (tenant_id, name, permissions) values ($1, 'empty', '[]'::jsonb) returning id`,
      [tenant.id],
    );
    const user = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: emptyGroup?.id });
    const session = await loginAs(t.app, user.email);
    const gated = (routeTables.get(t.app) ?? []).filter((r) => {
      const a = r.config.access as RouteAccess | undefined;
      return a && (a.kind === 'merchant' || a.kind === 'tenant') && a.permission && r.method !== 'HEAD';
    });
    expect(gated.length).toBeGreaterThan(10);
    for (const r of gated) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fillParams(r.url),
        headers: session.headers({ 'x-tenant-id': tenant.id, 'x-merchant-id': org.id }),
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lets a role through exactly when its permissions include the route permission', async () => {
    const org = await buildOrganisation(t.database);
    const tenant = await buildTenant(t.database, org.id);
    const marketing = await buildUser(t.database, { merchantId: org.id, role: 'MARKETING', tenantIds: [tenant.id], groupId: tenant.defaultGroupId });
    const s = await loginAs(t.app, marketing.email);
    const held = (p: Permission) => MERCHANT_ROLE_PERMISSIONS.MARKETING.includes(p);
    const users = await t.app.inject({ url: '/api/merchant/user/by-merchant', headers: s.headers({ 'x-merchant-id': org.id }) });
    expect(users.statusCode).toBe(held('VIEW_USER') ? 200 : 403);
    const perms = await t.app.inject({ url: '/api/merchant/user/get-user-permission-tenant', headers: s.headers({ 'x-tenant-id': tenant.id }) });
    expect(perms.statusCode).toBe(200);
    const list = perms.json().data as string[];
    for (const p of MERCHANT_ROLE_PERMISSIONS.MARKETING) expect(list).toContain(p);
    expect(list).toContain('CREATE_TICKET'); // from the default user group, not the role
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another organisation’s tenant and organisation ids, 403 for forged headers', async () => {
    const orgA = await buildOrganisation(t.database);
    const orgB = await buildOrganisation(t.database);
    const tenantA = await buildTenant(t.database, orgA.id);
    const tenantB = await buildTenant(t.database, orgB.id);
    const owner = await buildUser(t.database, { merchantId: orgA.id, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);

    expect((await t.app.inject({ url: `/api/merchant/merchant/tenant/${tenantA.id}`, headers: s.headers() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/merchant/merchant/tenant/${tenantB.id}`, headers: s.headers() })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/merchant/${orgB.id}`, headers: s.headers() })).statusCode).toBe(404);

    const forgedTenant = await t.app.inject({ url: '/api/merchant/user-group', headers: s.headers({ 'x-tenant-id': tenantB.id }) });
    expect(forgedTenant.statusCode).toBe(403);
    expect(forgedTenant.json().error.code).toBe('TENANT_ACCESS_DENIED');
    const forgedMerchant = await t.app.inject({ url: '/api/merchant/user/by-merchant', headers: s.headers({ 'x-merchant-id': orgB.id }) });
    expect(forgedMerchant.statusCode).toBe(403);
    expect(forgedMerchant.json().error.code).toBe('MERCHANT_ACCESS_DENIED');
    const mismatched = await t.app.inject({ url: '/api/merchant/user/by-merchant', headers: s.headers({ 'x-merchant-id': orgA.id, 'x-tenant-id': tenantB.id }) });
    expect(mismatched.statusCode).toBe(403);

    // another tenant's user group id through one's own tenant header → 404
    const group = await t.app.inject({ url: `/api/merchant/user-group/list-available/${tenantB.defaultGroupId}`, headers: s.headers({ 'x-tenant-id': tenantA.id }) });
    expect(group.statusCode).toBe(404);
    const updateForeign = await t.app.inject({
      method: 'POST',
      url: '/api/merchant/user-group/update-user',
      headers: s.headers({ 'x-tenant-id': tenantA.id }),
      payload: { id: tenantB.defaultGroupId, name: 'hijack' },
    });
    expect(updateForeign.statusCode).toBe(404);
  });

  it('keeps non-members of a tenant out even inside their own organisation', async () => {
    const org = await buildOrganisation(t.database);
    const mine = await buildTenant(t.database, org.id);
    const other = await buildTenant(t.database, org.id);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [mine.id] });
    const s = await loginAs(t.app, user.email);
    expect((await t.app.inject({ url: `/api/merchant/merchant/tenant/${other.id}`, headers: s.headers() })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/user/get-user-permission-tenant', headers: s.headers({ 'x-tenant-id': other.id }) })).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/merchant/merchant/by-user', headers: s.headers() });
    expect(list.json().data[0].tenants.map((x: { id: string }) => x.id)).toEqual([mine.id]);
  });

  it('refuses an x-user-id header naming another user', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const other = await buildUser(t.database, { merchantId: org.id, role: 'USER' });
    const s = await loginAs(t.app, owner.email);
    expect((await t.app.inject({ url: '/api/auth', headers: s.headers({ 'x-user-id': owner.id }) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth', headers: s.headers({ 'x-user-id': other.id }) })).statusCode).toBe(403);
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.app.inject({ url: '/api/auth' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth', headers: { authorization: 'Bearer abc.def.ghi' } })).statusCode).toBe(401);
  });
});
