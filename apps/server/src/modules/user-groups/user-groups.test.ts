import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TenantMember, UserGroup } from '@zc/shared/api/organisation';
import { userGroups } from '../../db/schema/user-groups';
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
  return { org, tenant, viewGroup, viewer, loose, owner: os.headers({ 'x-tenant-id': tenant.id }), viewerHeaders: vs.headers({ 'x-tenant-id': tenant.id }) };
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
      for (const g of groups) expect(g.abilities).toEqual({ update: expected, manageMembers: expected });
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
