import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TenantMember, UserGroup } from '@zc/shared/api/organisation';
import type { PermissionHolders } from '@zc/shared/api/user-groups';
import { auditLogs } from '../../db/schema/audit';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A tenant with an owner (every group permission) and a member whose group may only view groups. */
async function tenantWithViewer() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const [viewGroup] = await t.database.db.insert(userGroups).values({ tenantId: tenant.id, name: 'Xem nhóm', permissions: ['VIEW_USER_GROUPS'] }).returning();
  if (!viewGroup) throw new Error('group');
  const viewer = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: viewGroup.id });
  const loose = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
  const os = await loginAs(t.app, owner.email);
  const vs = await loginAs(t.app, viewer.email);
  return { org, tenant, viewGroup, viewer, loose, ownerId: owner.id, owner: os.headers({ 'x-tenant-id': tenant.id }), viewerHeaders: vs.headers({ 'x-tenant-id': tenant.id }) };
}

describe('user group abilities agree with the routes', () => {
  it('gives a viewer no actions and the routes refuse each one; the owner’s actions all pass', async () => {
    const x = await tenantWithViewer();
    for (const [headers, expected] of [
      [x.viewerHeaders, false],
      [x.owner, true],
    ] as const) {
      const groups = (await t.app.inject({ url: '/api/merchant/user-group', headers })).json().data as UserGroup[];
      expect(groups.length).toBe(3);
      for (const g of groups) expect(g.abilities).toEqual({ update: expected, manageMembers: expected, delete: expected && !g.isDefault });
      const target = groups.find((g) => g.id === x.tenant.adminGroupId);
      if (!target) throw new Error('admin group');
      const rename = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group/update-user', headers, payload: { id: target.id, name: `Quản trị ${expected}` } });
      expect(rename.statusCode === 200, rename.body).toBe(target.abilities.update);
      const add = await t.app.inject({ method: 'POST', url: `/api/merchant/user-group/add-user/${target.id}`, headers, payload: { userIds: [x.loose.id] } });
      expect(add.statusCode === 200, add.body).toBe(target.abilities.manageMembers);

      const members = (await t.app.inject({ url: '/api/merchant/tenant/list-user-by-tenant', headers })).json().data as TenantMember[];
      const loose = members.find((m) => m.id === x.loose.id);
      if (!loose) throw new Error('member');
      expect(loose.abilities.removeFromGroup).toBe(expected && loose.userGroup !== null);
      const groupOfLoose = loose.userGroup?.id ?? target.id;
      const out = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/remove-user/${groupOfLoose}`, headers, payload: { userIds: [x.loose.id] } });
      expect(out.statusCode === 200, out.body).toBe(loose.abilities.removeFromGroup);
    }
    const [renamed] = await t.database.db.select().from(userGroups).where(eq(userGroups.id, x.tenant.adminGroupId));
    expect(renamed?.name).toBe('Quản trị true');
  });

  it('marks a member without a group as not removable from one', async () => {
    const x = await tenantWithViewer();
    await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/remove-user/${x.tenant.defaultGroupId}`, headers: x.owner, payload: { userIds: [x.loose.id] } });
    const members = (await t.app.inject({ url: '/api/merchant/tenant/list-user-by-tenant', headers: x.owner })).json().data as TenantMember[];
    expect(members.find((m) => m.id === x.loose.id)).toMatchObject({ userGroup: null, abilities: { removeFromGroup: false } });
    expect(members.find((m) => m.id === x.viewer.id)).toMatchObject({ userGroup: { id: x.viewGroup.id }, abilities: { removeFromGroup: true } });
  });
});

describe('user groups are confined to their tenant', () => {
  it('answers 404 for another tenant’s group on every route and changes nothing there', async () => {
    const a = await tenantWithViewer();
    const b = await tenantWithViewer();
    const foreign = b.tenant.adminGroupId;
    const calls = [
      t.app.inject({ url: `/api/merchant/user-group/list-available/${foreign}`, headers: a.owner }),
      t.app.inject({ method: 'POST', url: '/api/merchant/user-group/update-user', headers: a.owner, payload: { id: foreign, name: 'Chiếm' } }),
      t.app.inject({ method: 'POST', url: `/api/merchant/user-group/add-user/${foreign}`, headers: a.owner, payload: { userIds: [a.loose.id] } }),
      t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/remove-user/${foreign}`, headers: a.owner, payload: { userIds: [b.viewer.id] } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [group] = await t.database.db.select().from(userGroups).where(eq(userGroups.id, foreign));
    expect(group?.name).not.toBe('Chiếm');
    const theirs = (await t.app.inject({ url: '/api/merchant/tenant/list-user-by-tenant', headers: b.owner })).json().data as TenantMember[];
    expect(theirs.find((m) => m.id === b.viewer.id)?.userGroup?.id).toBe(b.viewGroup.id);
    const mine = (await t.app.inject({ url: '/api/merchant/user-group', headers: a.owner })).json().data as UserGroup[];
    expect(mine.every((g) => g.tenantId === a.tenant.id)).toBe(true);
  });
});

describe('composing user groups from the catalogue', () => {
  it('creates a group with catalogue permissions, refuses an unknown permission (400 naming the field) and a taken name (409)', async () => {
    const x = await tenantWithViewer();
    const created = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: x.owner, payload: { name: 'Biên tập', permissions: ['VIEW_TEMPLATE', 'VIEW_TEMPLATE', 'VIEW_ZMA_GAME'] } });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().data as UserGroup;
    expect(group).toMatchObject({ name: 'Biên tập', permissions: ['VIEW_TEMPLATE', 'VIEW_ZMA_GAME'], isDefault: false, userCount: 0, abilities: { delete: true } });

    const unknown = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: x.owner, payload: { name: 'Lạ', permissions: ['VIEW_TEMPLATE', 'UPDATE_MERCHANT'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields[0]).toMatchObject({ path: 'permissions', code: 'invalid_permission' });

    const taken = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: x.owner, payload: { name: 'biên TẬP' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fields[0]).toMatchObject({ path: 'name', code: 'taken' });
    const renameTaken = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group/update-user', headers: x.owner, payload: { id: x.viewGroup.id, name: 'Biên tập' } });
    expect(renameTaken.statusCode).toBe(409);
    const keepName = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group/update-user', headers: x.owner, payload: { id: group.id, name: 'Biên tập', permissions: ['VIEW_TEMPLATE'] } });
    expect(keepName.statusCode, keepName.body).toBe(200);

    const groups = await t.database.db.select().from(userGroups).where(eq(userGroups.tenantId, x.tenant.id));
    expect(groups.map((g) => g.name).sort()).toEqual([...new Set(groups.map((g) => g.name))].sort());
    expect(groups).toHaveLength(4);
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, group.id), eq(auditLogs.action, 'USER_GROUP_CREATE')));
    expect(audits).toHaveLength(1);
  });

  it('leaves exactly one group when two requests create the same name at once', async () => {
    const x = await tenantWithViewer();
    const create = () => t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: x.owner, payload: { name: 'Song song' } });
    const codes = (await Promise.all([create(), create(), create()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const named = (await t.database.db.select().from(userGroups).where(eq(userGroups.tenantId, x.tenant.id))).filter((g) => g.name === 'Song song');
    expect(named).toHaveLength(1);
  });

  it('deletes a group, moving its members to the default group; refuses the default group with 409 and changes nothing', async () => {
    const x = await tenantWithViewer();
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/${x.tenant.defaultGroupId}`, headers: x.owner });
    expect(refused.statusCode).toBe(409);
    const [stillThere] = await t.database.db.select().from(userGroups).where(eq(userGroups.id, x.tenant.defaultGroupId));
    expect(stillThere).toBeDefined();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/${x.viewGroup.id}`, headers: x.owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: x.viewGroup.id, movedTo: { id: x.tenant.defaultGroupId }, movedUserIds: [x.viewer.id] });
    const [membership] = await t.database.db.select().from(tenantMembers).where(and(eq(tenantMembers.tenantId, x.tenant.id), eq(tenantMembers.userId, x.viewer.id)));
    expect(membership?.userGroupId).toBe(x.tenant.defaultGroupId);
    expect(await t.database.db.select().from(userGroups).where(eq(userGroups.id, x.viewGroup.id))).toHaveLength(0);
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, x.viewGroup.id), eq(auditLogs.action, 'USER_GROUP_DELETE')));
    expect(audits).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/${x.viewGroup.id}`, headers: x.owner });
    expect(again.statusCode).toBe(404);
  });

  it('shows who holds which permission and through which source', async () => {
    const x = await tenantWithViewer();
    const res = await t.app.inject({ url: '/api/merchant/user-group/permission-holders', headers: x.viewerHeaders });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PermissionHolders;
    expect(data.users.map((u) => u.id).sort()).toEqual([x.viewer.id, x.loose.id, x.ownerId].sort());
    const view = data.permissions.find((p) => p.permission === 'VIEW_USER_GROUPS');
    expect(view?.holders).toEqual(expect.arrayContaining([
      { userId: x.viewer.id, sources: ['TENANT_GROUP'] },
      { userId: x.ownerId, sources: ['MERCHANT_ROLE'] },
    ]));
    expect(view?.holders.find((h) => h.userId === x.loose.id)).toBeUndefined();
    const ticket = data.permissions.find((p) => p.permission === 'CREATE_TICKET');
    expect(ticket?.holders.find((h) => h.userId === x.loose.id)?.sources).toEqual(['TENANT_GROUP', 'MERCHANT_ROLE']);
    expect(data.permissions.some((p) => p.permission === 'UPDATE_MERCHANT')).toBe(false);
  });

  it('lets VIEW_USER_GROUPS read and only UPDATE_USER_GROUPS change (permission matrix of the new routes)', async () => {
    const x = await tenantWithViewer();
    const outsider = await buildUser(t.database, { merchantId: x.org.id, role: 'EU', tenantIds: [x.tenant.id] });
    const os = (await loginAs(t.app, outsider.email)).headers({ 'x-tenant-id': x.tenant.id });
    const rows: Array<[Record<string, string>, number, number]> = [
      [os, 403, 403],
      [x.viewerHeaders, 200, 403],
      [x.owner, 200, 200],
    ];
    for (const [headers, read, write] of rows) {
      expect((await t.app.inject({ url: '/api/merchant/user-group/permission-holders', headers })).statusCode).toBe(read);
      const created = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers, payload: { name: `Nhóm ${write}`, permissions: [] } });
      expect(created.statusCode, created.body).toBe(write);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/${x.viewGroup.id}`, headers });
      expect(del.statusCode).toBe(write === 200 ? 200 : 403);
    }
  });

  it('confines create, delete and the holders view to the caller’s tenant', async () => {
    const a = await tenantWithViewer();
    const b = await tenantWithViewer();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/user-group/${b.viewGroup.id}`, headers: a.owner });
    expect(del.statusCode).toBe(404);
    expect(await t.database.db.select().from(userGroups).where(eq(userGroups.id, b.viewGroup.id))).toHaveLength(1);
    const sameName = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: a.owner, payload: { name: b.viewGroup.name } });
    expect(sameName.statusCode, sameName.body).toBe(409); // a's own 'Xem nhóm'
    const other = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: b.owner, payload: { name: 'Chỉ ở B' } });
    expect(other.statusCode).toBe(200);
    const mineAgain = await t.app.inject({ method: 'POST', url: '/api/merchant/user-group', headers: a.owner, payload: { name: 'Chỉ ở B' } });
    expect(mineAgain.statusCode).toBe(200);
    const holders = (await t.app.inject({ url: '/api/merchant/user-group/permission-holders', headers: a.owner })).json().data as PermissionHolders;
    expect(holders.users.some((u) => u.id === b.viewer.id || u.id === b.ownerId)).toBe(false);
  });
});

describe('GET user', () => {
  it('returns the signed-in user with roles and the union of permissions in the tenant context', async () => {
    const x = await tenantWithViewer();
    const vs = await loginAs(t.app, x.viewer.email);
    const plain = await t.app.inject({ url: '/api/user', headers: vs.headers() });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ id: x.viewer.id, roleMerchant: null, role: null, permissions: [] });
    const inTenant = (await t.app.inject({ url: '/api/user', headers: x.viewerHeaders })).json().data as { permissions: string[]; roleMerchant: unknown; role: unknown; sources: { tenantGroup: string[] } };
    expect(inTenant.roleMerchant).toEqual({ name: 'USER' });
    expect(inTenant.role).toEqual({ id: x.viewGroup.id, name: 'Xem nhóm' });
    expect(inTenant.sources.tenantGroup).toEqual(['VIEW_USER_GROUPS']);
    expect(inTenant.permissions).toEqual(expect.arrayContaining(['VIEW_USER_GROUPS', 'VIEW_TENANT', 'CREATE_TICKET']));
    const other = await tenantWithViewer();
    expect((await t.app.inject({ url: '/api/user', headers: vs.headers({ 'x-tenant-id': other.tenant.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user', headers: vs.headers({ 'x-merchant-id': other.org.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
  });
});
