import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { tenants } from '../../db/schema/organisation';
import { zmaApiKeys, zmaApps, zmaBranches, zmaCustomers } from '../../db/schema/zma';
import { userGroups } from '../../db/schema/user-groups';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher, sha256 } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, type TestContext } from '../../test/helpers';
import { findZmaApp, findZmaAppByZaloAppId, getZmaSettings, listZmaAppsOfTenant, recordZmaActivity } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const cipher = () => createCipher(t.config.appSecret);
let appCounter = 0;
const nextZaloAppId = () => `${Date.now()}${(appCounter += 1)}`.slice(-18);
const SECRET = 'Sup3rSecretValue-XYZ';


async function setup(services: { isMiniAppEnabled?: boolean } = { isMiniAppEnabled: true }) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, services);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const h = (extra: Record<string, string> = {}) => s.headers({ 'x-tenant-id': tenant.id, ...extra });
  const req = (opts: InjectOptions) => t.app.inject(opts);
  const createApp = async (body: Record<string, unknown> = {}) => {
    const res = await req({ method: 'POST', url: '/api/zma/merchant/mini-app', headers: h(), payload: { name: 'Shop loyalty', zaloAppId: nextZaloAppId(), appSecret: SECRET, ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; name: string; zaloAppId: string };
  };
  return { org, tenant, owner, s, h, req, createApp };
}

function fieldPaths(res: { json(): unknown }): string[] {
  const body = res.json() as { error: { details?: { fields?: Array<{ path: string }> } } };
  return (body.error.details?.fields ?? []).map((f) => f.path);
}

describe('mini-app registry (§1)', () => {
  it('seals the secret at rest, never answers it, audits and announces the change', async () => {
    const { tenant, h, req, createApp } = await setup();
    const app = await createApp({ name: 'Cà phê Mộc' });
    expect(app).toMatchObject({ name: 'Cà phê Mộc', hasSecret: true, customers: 0, status: 'ACTIVE', logo: null, zaloOaId: null, abilities: { update: true, delete: true } });
    const [row] = await t.database.db.select().from(zmaApps).where(eq(zmaApps.id, app.id));
    expect(row?.appSecretEnc).not.toContain(SECRET);
    expect(cipher().decrypt(row?.appSecretEnc ?? '')).toBe(SECRET);
    const listed = await req({ url: '/api/zma/merchant/mini-app', headers: h() });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((a: { id: string }) => a.id)).toEqual([app.id]);
    const rotated = await req({ method: 'PATCH', url: `/api/zma/merchant/mini-app/${app.id}`, headers: h(), payload: { appSecret: 'N3wSecretValue-0001', name: 'Mộc 2' } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const me = await req({ url: '/api/zma/merchant/me', headers: h({ 'x-zma-id': app.id }) });
    for (const body of [listed.body, rotated.body, me.body]) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('N3wSecretValue-0001');
      expect(body).not.toContain('appSecret');
    }
    const [after] = await t.database.db.select().from(zmaApps).where(eq(zmaApps.id, app.id));
    expect(cipher().decrypt(after?.appSecretEnc ?? '')).toBe('N3wSecretValue-0001');
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['ZMA_APP_CREATE', 'ZMA_APP_UPDATE']));
    expect(audits.find((a) => a.action === 'ZMA_APP_UPDATE')?.after).toMatchObject({ name: 'Mộc 2', credentialRotated: true });
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    expect(JSON.stringify(audits)).not.toContain('N3wSecretValue-0001');
    expect(JSON.stringify(audits)).not.toContain(row?.appSecretEnc);
    const events = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, tenant.id), eq(domainEvents.type, 'zma.app_changed')));
    expect(events.length).toBe(2);
    const config = await findZmaAppByZaloAppId(t.database.db, cipher(), app.zaloAppId);
    expect(config).toMatchObject({ id: app.id, tenantId: tenant.id, name: 'Mộc 2', appSecret: 'N3wSecretValue-0001', settings: { codeValidityDays: 30, lowStockThreshold: 10 } });
    expect(await findZmaAppByZaloAppId(t.database.db, cipher(), '999999999999999')).toBeNull();
    expect(await findZmaApp(t.database.db, tenant.id, app.id)).toMatchObject({ id: app.id, name: 'Mộc 2' });
    expect(await listZmaAppsOfTenant(t.database.db, tenant.id)).toEqual([{ id: app.id, name: 'Mộc 2', logoUrl: null, status: 'ACTIVE' }]);
    const del = await req({ method: 'DELETE', url: `/api/zma/merchant/mini-app/${app.id}`, headers: h() });
    expect(del.statusCode, del.body).toBe(200);
    expect(await findZmaApp(t.database.db, tenant.id, app.id)).toBeNull();
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id))).map((a) => a.action);
    expect(actions).toContain('ZMA_APP_DELETE');
  });

  it('names the field of bad input, 409 for a taken Zalo app id, 400 for another tenant\'s OA', async () => {
    const { h, req, createApp, org } = await setup();
    const app = await createApp();
    const post = (payload: Record<string, unknown>) => req({ method: 'POST', url: '/api/zma/merchant/mini-app', headers: h(), payload });
    const taken = await post({ name: 'B', zaloAppId: app.zaloAppId, appSecret: SECRET });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('ZMA_APP_ID_TAKEN');
    expect(fieldPaths(taken)).toEqual(['zaloAppId']);
    const bad = await post({ name: 'B', zaloAppId: 'abc', appSecret: SECRET });
    expect(bad.statusCode).toBe(400);
    expect(fieldPaths(bad)).toContain('body.zaloAppId');
    const short = await post({ name: 'B', zaloAppId: nextZaloAppId(), appSecret: 'short' });
    expect(fieldPaths(short)).toContain('body.appSecret');
    const noName = await post({ name: '', zaloAppId: nextZaloAppId(), appSecret: SECRET });
    expect(fieldPaths(noName)).toContain('body.name');
    const other = await buildTenant(t.database, org.id);
    const [oa] = await t.database.db
      .insert(zaloOas)
      .values({ tenantId: other.id, name: 'OA', zappId: 'app', zoaId: `zoa-${nextZaloAppId()}`, secretKeyEnc: 'x', webhookSecretEnc: 'x', accessTokenEnc: 'x', refreshTokenEnc: 'x' })
      .returning();
    const foreignOa = await post({ name: 'B', zaloAppId: nextZaloAppId(), appSecret: SECRET, zaloOaId: oa?.id });
    expect(foreignOa.statusCode).toBe(400);
    expect(fieldPaths(foreignOa)).toEqual(['zaloOaId']);
    const rows = await t.database.db.select().from(zmaApps).where(eq(zmaApps.name, 'B'));
    expect(rows).toEqual([]);
  });

  it('takes a JPG/PNG logo up to 2 MB (413 larger, 415 another type)', async () => {
    const { h, req } = await setup();
    const send = (data: Buffer, contentType = 'image/png') => {
      const m = multipart({}, { filename: 'logo.png', contentType, data });
      return req({ method: 'POST', url: '/api/zma/merchant/mini-app/logo', headers: { ...h(), ...m.headers }, payload: m.payload });
    };
    const ok = await send(PNG_1PX);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.url).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    const big = await send(Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const gif = await send(Buffer.from('GIF89a-not-a-png'), 'image/gif');
    expect(gif.statusCode).toBe(415);
  });
});

describe('isolation between tenants', () => {
  it('another tenant\'s mini app: 403 in x-zma-id, 404 in paths and filters', async () => {
    const a = await setup();
    const b = await setup();
    const appA = await a.createApp();
    const appB = await b.createApp();
    const viaHeader = await a.req({ url: '/api/zma/merchant/me', headers: a.h({ 'x-zma-id': appB.id }) });
    expect(viaHeader.statusCode).toBe(403);
    expect(viaHeader.json().error.code).toBe('ZMA_APP_ACCESS_DENIED');
    const settings = await a.req({ url: '/api/zma/merchant/settings', headers: a.h({ 'x-zma-id': appB.id }) });
    expect(settings.json().error.code).toBe('ZMA_APP_ACCESS_DENIED');
    for (const opts of [
      { method: 'PATCH' as const, url: `/api/zma/merchant/mini-app/${appB.id}`, payload: { name: 'stolen' } },
      { method: 'DELETE' as const, url: `/api/zma/merchant/mini-app/${appB.id}` },
      { method: 'GET' as const, url: `/api/zma/merchant/mini-app/${appB.id}/api-keys` },
      { method: 'POST' as const, url: `/api/zma/merchant/mini-app/${appB.id}/api-keys`, payload: { name: 'k' } },
      { method: 'GET' as const, url: `/api/zma/merchant/history?zmaAppId=${appB.id}` },
    ]) {
      const res = await a.req({ ...opts, headers: a.h() });
      expect(res.statusCode, `${opts.method} ${opts.url}`).toBe(404);
    }
    const keyB = await b.req({ method: 'POST', url: `/api/zma/merchant/mini-app/${appB.id}/api-keys`, headers: b.h(), payload: { name: 'k' } });
    const revoke = await a.req({ method: 'DELETE', url: `/api/zma/merchant/mini-app/${appA.id}/api-keys/${keyB.json().data.id}`, headers: a.h() });
    expect(revoke.statusCode).toBe(404);
    const role = await b.req({ method: 'POST', url: '/api/zma/merchant/role', headers: b.h({ 'x-zma-id': appB.id }), payload: { name: 'Staff', permissions: ['VIEW_ZMA_BRANCH'] } });
    expect(role.statusCode, role.body).toBe(200);
    const foreignRole = await a.req({ url: `/api/zma/merchant/role/${role.json().data.id}`, headers: a.h({ 'x-zma-id': appA.id }) });
    expect(foreignRole.statusCode).toBe(404);
    const assignForeign = await a.req({ method: 'PUT', url: `/api/zma/merchant/user/${b.owner.id}/role`, headers: a.h({ 'x-zma-id': appA.id }), payload: { roleId: null } });
    expect(assignForeign.statusCode).toBe(422);
    const [stillB] = await t.database.db.select().from(zmaApps).where(eq(zmaApps.id, appB.id));
    expect(stillB?.name).toBe('Shop loyalty');
    expect(await findZmaApp(t.database.db, a.tenant.id, appB.id)).toBeNull();
  });

  it('module off → 403 MODULE_NOT_ENABLED', async () => {
    const { h, req, createApp, tenant } = await setup();
    const app = await createApp();
    await t.database.db.update(tenants).set({ isMiniAppEnabled: false }).where(eq(tenants.id, tenant.id));
    for (const url of ['/api/zma/merchant/me', '/api/zma/merchant/settings', '/api/zma/merchant/mini-app']) {
      const res = await req({ url, headers: h({ 'x-zma-id': app.id }) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('MODULE_NOT_ENABLED');
    }
  });
});

describe('the §6 union with the mini-app role', () => {
  it('a member without tenant-level mini-app permissions opens only the app where a role gives them one', async () => {
    const { org, tenant, h, req, createApp } = await setup();
    const appA = await createApp({ name: 'A' });
    const appB = await createApp({ name: 'B' });
    const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const ms = await loginAs(t.app, member.email);
    const mh = (zmaId?: string) => ms.headers({ 'x-tenant-id': tenant.id, ...(zmaId ? { 'x-zma-id': zmaId } : {}) });

    const before = await req({ url: '/api/zma/merchant/settings', headers: mh(appA.id) });
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('FORBIDDEN');
    const noneListed = await req({ url: '/api/zma/merchant/mini-app', headers: mh() });
    expect(noneListed.json().data).toEqual([]);

    const role = await req({ method: 'POST', url: '/api/zma/merchant/role', headers: h({ 'x-zma-id': appA.id }), payload: { name: 'Cashier', permissions: ['VIEW_ZMA_BRANCH', 'VIEW_ZMA_SETING'] } });
    expect(role.statusCode, role.body).toBe(200);
    const assign = await req({ method: 'PUT', url: `/api/zma/merchant/user/${member.id}/role`, headers: h({ 'x-zma-id': appA.id }), payload: { roleId: role.json().data.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().data).toMatchObject({ userId: member.id, roleId: role.json().data.id, roleName: 'Cashier' });

    expect((await req({ url: '/api/zma/merchant/settings', headers: mh(appA.id) })).statusCode).toBe(200);
    const onB = await req({ url: '/api/zma/merchant/settings', headers: mh(appB.id) });
    expect(onB.statusCode).toBe(403);
    expect((await req({ url: '/api/zma/merchant/role', headers: mh(appA.id) })).statusCode).toBe(403);
    const listed = await req({ url: '/api/zma/merchant/mini-app', headers: mh() });
    expect(listed.json().data.map((a: { id: string; abilities: { update: boolean } }) => [a.id, a.abilities.update])).toEqual([[appA.id, false]]);

    const me = await req({ url: '/api/zma/merchant/me', headers: mh(appA.id) });
    expect(me.statusCode, me.body).toBe(200);
    const perms: string[] = me.json().data.permissions;
    expect(perms).toEqual(expect.arrayContaining(['VIEW_ZMA_BRANCH', 'VIEW_ZMA_SETING', 'VIEW_HISTORY', 'VIEW_TICKET']));
    expect(perms).not.toContain('VIEW_ZMA_ROLE');
    expect(me.json().data.miniApp).toMatchObject({ id: appA.id, abilities: { update: false, delete: false } });
    const meB = await req({ url: '/api/zma/merchant/me', headers: mh(appB.id) });
    expect(meB.statusCode).toBe(200);
    expect(meB.json().data.permissions).not.toContain('VIEW_ZMA_BRANCH');

    const users = await req({ url: '/api/zma/merchant/user?search=' + encodeURIComponent(member.email), headers: h({ 'x-zma-id': appA.id }) });
    expect(users.json().data).toEqual([expect.objectContaining({ userId: member.id, roleName: 'Cashier' })]);
    const roles = await req({ url: '/api/zma/merchant/role', headers: h({ 'x-zma-id': appA.id }) });
    expect(roles.json().data[0]).toMatchObject({ name: 'Cashier', members: 1 });

    const del = await req({ method: 'DELETE', url: `/api/zma/merchant/role/${role.json().data.id}`, headers: h({ 'x-zma-id': appA.id }) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await req({ url: '/api/zma/merchant/settings', headers: mh(appA.id) })).statusCode).toBe(403);
  });

  it('three sources add up: a mini-app permission from the user group and one from the mini-app role both apply, with the organisation role\'s', async () => {
    const { org, tenant, h, req, createApp } = await setup();
    const appA = await createApp({ name: 'A' });
    const appB = await createApp({ name: 'B' });
    // The user group (tenant level) holds a mini-app permission; the mini-app role on A another one.
    const [group] = await t.database.db.insert(userGroups).values({ tenantId: tenant.id, name: 'Kho quà', permissions: ['VIEW_ZMA_GIFT'] }).returning();
    const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: group!.id });
    const plain = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const role = await req({ method: 'POST', url: '/api/zma/merchant/role', headers: h({ 'x-zma-id': appA.id }), payload: { name: 'Branch desk', permissions: ['VIEW_ZMA_BRANCH'] } });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = role.json().data.id as string;
    for (const u of [member, plain]) {
      expect((await req({ method: 'PUT', url: `/api/zma/merchant/user/${u.id}/role`, headers: h({ 'x-zma-id': appA.id }), payload: { roleId } })).statusCode).toBe(200);
    }
    const ms = await loginAs(t.app, member.email);
    const ps = await loginAs(t.app, plain.email);
    const as = (s: typeof ms, zmaId: string) => s.headers({ 'x-tenant-id': tenant.id, 'x-zma-id': zmaId });

    const perms: string[] = (await req({ url: '/api/zma/merchant/me', headers: as(ms, appA.id) })).json().data.permissions;
    expect(perms).toContain('VIEW_HISTORY'); // organisation role USER (it holds no mini-app permission of its own)
    expect(perms).toContain('VIEW_ZMA_GIFT'); // user group
    expect(perms).toContain('VIEW_ZMA_BRANCH'); // mini-app role on A
    expect(perms).not.toContain('VIEW_ZMA_SETING');
    // Enforced on the routes, not only listed: each source opens its own page.
    expect((await req({ url: '/api/zma/merchant/gift', headers: as(ms, appA.id) })).statusCode).toBe(200);
    expect((await req({ url: '/api/zma/merchant/branch', headers: as(ms, appA.id) })).statusCode).toBe(200);
    expect((await req({ url: '/api/zma/merchant/settings', headers: as(ms, appA.id) })).statusCode).toBe(403);
    // On B the group still applies (tenant-wide), A's role does not.
    expect((await req({ url: '/api/zma/merchant/gift', headers: as(ms, appB.id) })).statusCode).toBe(200);
    expect((await req({ url: '/api/zma/merchant/branch', headers: as(ms, appB.id) })).statusCode).toBe(403);
    // The same role without the group: the gift page stays closed, so the group is what opened it.
    expect((await req({ url: '/api/zma/merchant/branch', headers: as(ps, appA.id) })).statusCode).toBe(200);
    expect((await req({ url: '/api/zma/merchant/gift', headers: as(ps, appA.id) })).statusCode).toBe(403);
  });

  it('roles take §6 mini-app permissions only; a role goes to tenant members only', async () => {
    const { org, h, req, createApp, tenant } = await setup();
    const app = await createApp();
    const zh = h({ 'x-zma-id': app.id });
    const badPerm = await req({ method: 'POST', url: '/api/zma/merchant/role', headers: zh, payload: { name: 'X', permissions: ['VIEW_TENANT'] } });
    expect(badPerm.statusCode).toBe(400);
    expect(fieldPaths(badPerm).some((p) => p.startsWith('body.permissions'))).toBe(true);
    const ok = await req({ method: 'POST', url: '/api/zma/merchant/role', headers: zh, payload: { name: 'X', permissions: ['VIEW_ZMA_GIFT', 'VIEW_ZMA_GIFT'] } });
    expect(ok.json().data.permissions).toEqual(['VIEW_ZMA_GIFT']);
    const dup = await req({ method: 'POST', url: '/api/zma/merchant/role', headers: zh, payload: { name: 'x', permissions: [] } });
    expect(dup.statusCode).toBe(409);
    expect(fieldPaths(dup)).toEqual(['name']);
    const patched = await req({ method: 'PATCH', url: `/api/zma/merchant/role/${ok.json().data.id}`, headers: zh, payload: { permissions: ['UPDATE_ZMA_GIFT'] } });
    expect(patched.json().data.permissions).toEqual(['UPDATE_ZMA_GIFT']);
    const outsider = await buildUser(t.database, { merchantId: org.id, role: 'USER' });
    const stranger = await buildUser(t.database);
    for (const u of [outsider, stranger]) {
      const res = await req({ method: 'PUT', url: `/api/zma/merchant/user/${u.id}/role`, headers: zh, payload: { roleId: ok.json().data.id } });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('ZMA_USER_NOT_IN_TENANT');
      expect(fieldPaths(res)).toEqual(['userId']);
    }
    const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const unknownRole = await req({ method: 'PUT', url: `/api/zma/merchant/user/${member.id}/role`, headers: zh, payload: { roleId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknownRole.statusCode).toBe(400);
    expect(fieldPaths(unknownRole)).toEqual(['roleId']);
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['ZMA_ROLE_CREATE', 'ZMA_ROLE_UPDATE']));
  });
});

describe('people of a mini-app role', () => {
  it('roleId keeps that role\'s members only, paged and counted on the server', async () => {
    const { org, tenant, h, req, createApp } = await setup();
    const app = await createApp();
    const other = await createApp({ name: 'Other' });
    const zh = h({ 'x-zma-id': app.id });
    const newRole = async (headers: Record<string, string>, name: string) =>
      (await req({ method: 'POST', url: '/api/zma/merchant/role', headers, payload: { name, permissions: ['VIEW_ZMA_GIFT'] } })).json().data.id as string;
    const cashier = await newRole(zh, 'Cashier');
    const manager = await newRole(zh, 'Manager');
    const foreignRole = await newRole(h({ 'x-zma-id': other.id }), 'Cashier elsewhere');
    const people = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] })));
    const roleOf = [cashier, manager, cashier, null, cashier, manager];
    for (const [i, u] of people.entries()) {
      const roleId = roleOf[i];
      if (roleId) expect((await req({ method: 'PUT', url: `/api/zma/merchant/user/${u.id}/role`, headers: zh, payload: { roleId } })).statusCode).toBe(200);
    }
    const cashiers = people.filter((_, i) => roleOf[i] === cashier).map((u) => u.id).sort();
    const list = async (qs: string) => (await req({ url: `/api/zma/merchant/user?${qs}`, headers: zh })).json();
    const first = await list(`roleId=${cashier}&pageSize=2`);
    const second = await list(`roleId=${cashier}&pageSize=2&page=2`);
    expect(first.meta.total).toBe(3);
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    const seen = [...first.data, ...second.data];
    expect(seen.map((u: { userId: string }) => u.userId).sort()).toEqual(cashiers);
    expect(seen.every((u: { roleId: string; roleName: string }) => u.roleId === cashier && u.roleName === 'Cashier')).toBe(true);
    expect((await list(`roleId=${manager}`)).meta.total).toBe(2);
    // Without the filter everyone of the tenant is listed (the owner and the six).
    expect((await list('')).meta.total).toBe(7);
    // Another mini app's role has no members here; a malformed id is a 400.
    expect((await list(`roleId=${foreignRole}`)).meta.total).toBe(0);
    expect((await req({ url: '/api/zma/merchant/user?roleId=nope', headers: zh })).statusCode).toBe(400);
  });
});

describe('settings', () => {
  it('answers defaults, keeps what was set, names a bad field', async () => {
    const { h, req, createApp, tenant } = await setup();
    const app = await createApp();
    const zh = h({ 'x-zma-id': app.id });
    const first = await req({ url: '/api/zma/merchant/settings', headers: zh });
    expect(first.json().data).toEqual({ primaryColor: '#1677ff', welcomeText: '', codeValidityDays: 30, lowStockThreshold: 10, requirePhoneToPlay: false, followOaPrompt: true });
    const put = await req({ method: 'PUT', url: '/api/zma/merchant/settings', headers: zh, payload: { primaryColor: '#aa0011', codeValidityDays: 7 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ primaryColor: '#aa0011', codeValidityDays: 7, lowStockThreshold: 10 });
    expect(await getZmaSettings(t.database.db, app.id)).toMatchObject({ primaryColor: '#aa0011', codeValidityDays: 7 });
    for (const [payload, path] of [
      [{ primaryColor: 'red' }, 'body.primaryColor'],
      [{ codeValidityDays: 0 }, 'body.codeValidityDays'],
      [{ lowStockThreshold: -1 }, 'body.lowStockThreshold'],
      [{ welcomeText: 'x'.repeat(201) }, 'body.welcomeText'],
      [{ extra: true }, 'body'],
    ] as const) {
      const res = await req({ method: 'PUT', url: '/api/zma/merchant/settings', headers: zh, payload });
      expect(res.statusCode).toBe(400);
      expect(fieldPaths(res).some((p) => p.startsWith(path))).toBe(true);
    }
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id))).map((a) => a.action);
    expect(actions.filter((a) => a === 'ZMA_SETTINGS_UPDATE').length).toBe(1);
  });
});

describe('API keys for the tenant\'s backend (/api/zma/v1)', () => {
  it('shows the secret once, authenticates with it, refuses malformed, unknown and revoked keys', async () => {
    const { h, req, createApp, tenant } = await setup();
    const app = await createApp({ name: 'Keyed' });
    const created = await req({ method: 'POST', url: `/api/zma/merchant/mini-app/${app.id}/api-keys`, headers: h(), payload: { name: 'Backend' } });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().data as { id: string; secret: string; keyPrefix: string };
    expect(key.secret).toMatch(/^zma_live_[A-Za-z0-9_-]{43}$/);
    expect(key.keyPrefix).toBe(key.secret.slice(0, 13));
    const [row] = await t.database.db.select().from(zmaApiKeys).where(eq(zmaApiKeys.id, key.id));
    expect(row?.secretHash).toBe(sha256(key.secret));
    const list = await req({ url: `/api/zma/merchant/mini-app/${app.id}/api-keys`, headers: h() });
    expect(list.body).not.toContain(key.secret);
    expect(list.json().data[0]).toMatchObject({ id: key.id, lastUsedAt: null, revokedAt: null, abilities: { revoke: true } });

    const call = (headers: Record<string, string>) => t.app.inject({ url: '/api/zma/v1/app', headers });
    const ok = await call({ 'x-api-key': key.secret });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ id: app.id, name: 'Keyed', status: 'ACTIVE' });
    expect((await call({ authorization: `Bearer ${key.secret}` })).statusCode).toBe(200);
    const [used] = await t.database.db.select().from(zmaApiKeys).where(eq(zmaApiKeys.id, key.id));
    expect(used?.lastUsedAt).not.toBeNull();
    // At most one write a minute: a call within the minute leaves lastUsedAt alone, one after it moves it.
    await call({ 'x-api-key': key.secret });
    const [same] = await t.database.db.select().from(zmaApiKeys).where(eq(zmaApiKeys.id, key.id));
    expect(same?.lastUsedAt?.getTime()).toBe(used?.lastUsedAt?.getTime());
    const old = new Date(Date.now() - 120_000);
    await t.database.db.update(zmaApiKeys).set({ lastUsedAt: old }).where(eq(zmaApiKeys.id, key.id));
    await call({ 'x-api-key': key.secret });
    const [moved] = await t.database.db.select().from(zmaApiKeys).where(eq(zmaApiKeys.id, key.id));
    expect(moved?.lastUsedAt?.getTime()).toBeGreaterThan(old.getTime());

    for (const headers of [{} as Record<string, string>, { 'x-api-key': 'garbage' }, { 'x-api-key': `zma_live_${'A'.repeat(43)}` }, { 'x-api-key': `${key.secret}x`.repeat(3) }]) {
      const res = await call(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('API_KEY_INVALID');
    }
    const revoked = await req({ method: 'DELETE', url: `/api/zma/merchant/mini-app/${app.id}/api-keys/${key.id}`, headers: h() });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.abilities.revoke).toBe(false);
    expect((await call({ 'x-api-key': key.secret })).statusCode).toBe(401);
    const again = await req({ method: 'DELETE', url: `/api/zma/merchant/mini-app/${app.id}/api-keys/${key.id}`, headers: h() });
    expect(again.statusCode).toBe(409);
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['ZMA_API_KEY_CREATE', 'ZMA_API_KEY_REVOKE']));
    expect(JSON.stringify(audits)).not.toContain(key.secret);
    expect(JSON.stringify(audits)).not.toContain(row?.secretHash);
  });

  it('a key of a tenant whose mini-app service is off answers 403', async () => {
    const { h, req, createApp, tenant } = await setup();
    const app = await createApp();
    const created = await req({ method: 'POST', url: `/api/zma/merchant/mini-app/${app.id}/api-keys`, headers: h(), payload: { name: 'k' } });
    await t.database.db.update(tenants).set({ isMiniAppEnabled: false }).where(eq(tenants.id, tenant.id));
    const res = await t.app.inject({ url: '/api/zma/v1/app', headers: { 'x-api-key': created.json().data.secret } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('MODULE_NOT_ENABLED');
  });
});

describe('activity history', () => {
  it('lists the tenant\'s activity with filters, the app\'s own, and exports CSV', async () => {
    const { h, req, createApp, tenant, owner } = await setup();
    const other = await setup();
    const appA = await createApp({ name: 'A' });
    const appB = await createApp({ name: 'B' });
    const appX = await other.createApp({ name: 'X' });
    const [customer] = await t.database.db.insert(zmaCustomers).values({ zmaAppId: appA.id, tenantId: tenant.id, zaloUserId: 'zu-1', name: '=Nguyễn Văn A' }).returning();
    const [branch] = await t.database.db.insert(zmaBranches).values({ zmaAppId: appA.id, tenantId: tenant.id, name: 'Quận 1' }).returning();
    await t.database.db.transaction(async (tx) => {
      await recordZmaActivity(tx, [
        { zmaAppId: appA.id, tenantId: tenant.id, kind: 'CUSTOMER_JOINED', customerId: customer?.id },
        { zmaAppId: appA.id, tenantId: tenant.id, kind: 'STOCK_CHANGED', branchId: branch?.id, actorUserId: owner.id, detail: { quantity: 5 } },
        { zmaAppId: appB.id, tenantId: tenant.id, kind: 'SPIN' },
      ]);
      await recordZmaActivity(tx, { zmaAppId: appX.id, tenantId: other.tenant.id, kind: 'SPIN' });
    });
    const all = await req({ url: '/api/zma/merchant/history', headers: h() });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta.total).toBe(3);
    const spins = await req({ url: '/api/zma/merchant/history?kind=SPIN', headers: h() });
    expect(spins.json().data.map((r: { appName: string }) => r.appName)).toEqual(['B']);
    const ofA = await req({ url: `/api/zma/merchant/history?zmaAppId=${appA.id}&pageSize=1`, headers: h() });
    expect(ofA.json().meta.total).toBe(2);
    expect(ofA.json().data.length).toBe(1);
    const future = await req({ url: `/api/zma/merchant/history?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, headers: h() });
    expect(future.json().meta.total).toBe(0);
    const badKind = await req({ url: '/api/zma/merchant/history?kind=NOPE', headers: h() });
    expect(badKind.statusCode).toBe(400);
    expect(fieldPaths(badKind).some((p) => p.includes('kind'))).toBe(true);
    const bigPage = await req({ url: '/api/zma/merchant/history?pageSize=101', headers: h() });
    expect(bigPage.statusCode).toBe(400);

    const inApp = await req({ url: `/api/zma/merchant/activity?branchId=${branch?.id}`, headers: h({ 'x-zma-id': appA.id }) });
    expect(inApp.statusCode, inApp.body).toBe(200);
    expect(inApp.json().data).toEqual([
      expect.objectContaining({ kind: 'STOCK_CHANGED', appName: 'A', branch: { id: branch?.id, name: 'Quận 1' }, actor: { id: owner.id, displayName: owner.displayName }, detail: { quantity: 5 } }),
    ]);
    const byCustomer = await req({ url: `/api/zma/merchant/activity?customerId=${customer?.id}`, headers: h({ 'x-zma-id': appA.id }) });
    expect(byCustomer.json().data[0].customer).toEqual({ id: customer?.id, name: '=Nguyễn Văn A', avatar: null });

    const csv = await req({ url: '/api/zma/merchant/activity/export', headers: h({ 'x-zma-id': appA.id }) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFcreatedAt,miniApp,kind')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines.length).toBe(3);
    expect(csv.body).toContain("'=Nguyễn Văn A");
    const tenantCsv = await req({ url: '/api/zma/merchant/history/export?kind=SPIN', headers: h() });
    expect(tenantCsv.body.trim().split('\r\n').length).toBe(2);
    expect(tenantCsv.body).not.toContain(',X,');
  });
});
