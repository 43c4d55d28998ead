import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgChart } from '@zc/shared/api/user-groups';
import { teamMembers, teams } from '../../db/schema/teams';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An organisation with a team tenant (a leader, a member, one person in no team) and a plain tenant. */
async function organisation() {
  const org = await buildOrganisation(t.database);
  const teamTenant = await buildTenant(t.database, org.id, { isMultiTeam: true });
  const plainTenant = await buildTenant(t.database, org.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const leader = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [teamTenant.id], groupId: teamTenant.adminGroupId });
  const member = await buildUser(t.database, { merchantId: org.id, role: 'MARKETING', tenantIds: [teamTenant.id, plainTenant.id] });
  const loose = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [teamTenant.id] });
  const eu = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [plainTenant.id] });
  const [team] = await t.database.db.insert(teams).values({ tenantId: teamTenant.id, name: 'Đội bán hàng', isDefault: true }).returning();
  if (!team) throw new Error('team');
  await t.database.db.insert(teamMembers).values([
    { teamId: team.id, tenantId: teamTenant.id, userId: member.id, role: 'MEMBER' },
    { teamId: team.id, tenantId: teamTenant.id, userId: leader.id, role: 'LEADER' },
  ]);
  return { org, teamTenant, plainTenant, owner, leader, member, loose, eu, team };
}

const chartOf = async (email: string, merchantId: string) => {
  const s = await loginAs(t.app, email);
  return t.app.inject({ url: `/api/merchant/merchant/get-org-chart/${merchantId}`, headers: s.headers() });
};

describe('organisation chart', () => {
  it('draws organisation → tenants → teams → members with their merchant role, tenant group and team role', async () => {
    const x = await organisation();
    const res = await chartOf(x.owner.email, x.org.id);
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json().data as OrgChart;
    expect(chart).toMatchObject({ id: x.org.id, name: x.org.name });
    expect(chart.leaders.map((l) => l.id)).toEqual([x.owner.id]);
    expect(chart.leaders[0]).toMatchObject({ roleMerchant: 'OWNER', userGroup: null, teamRole: null });
    const teamTenant = chart.tenants.find((tn) => tn.id === x.teamTenant.id);
    expect(teamTenant?.teams).toHaveLength(1);
    const team = teamTenant?.teams[0];
    expect(team?.members.map((m) => [m.id, m.teamRole, m.roleMerchant])).toEqual([
      [x.leader.id, 'LEADER', 'MODERATOR'],
      [x.member.id, 'MEMBER', 'MARKETING'],
    ]);
    expect(team?.members[0]?.userGroup?.id).toBe(x.teamTenant.adminGroupId);
    expect(team?.members[1]?.userGroup?.id).toBe(x.teamTenant.defaultGroupId);
    // Members in no team hang under the tenant itself.
    expect(teamTenant?.members.map((m) => m.id)).toEqual([x.loose.id]);
    const plain = chart.tenants.find((tn) => tn.id === x.plainTenant.id);
    expect(plain?.teams).toEqual([]);
    expect(plain?.members.map((m) => m.id).sort()).toEqual([x.member.id, x.eu.id].sort());
  });

  it('shows a member without an organisation-wide role only the tenants they belong to', async () => {
    const x = await organisation();
    const res = await chartOf(x.loose.email, x.org.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as OrgChart).tenants.map((tn) => tn.id)).toEqual([x.teamTenant.id]);
  });

  it('answers 404 for another organisation and 403 for a member whose role holds neither VIEW_TENANT nor VIEW_USER', async () => {
    const x = await organisation();
    const y = await organisation();
    expect((await chartOf(x.owner.email, y.org.id)).statusCode).toBe(404);
    expect((await chartOf(x.eu.email, x.org.id)).statusCode).toBe(403);
    expect((await chartOf(x.owner.email, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/merchant/get-org-chart/${x.org.id}` })).statusCode).toBe(401);
  });
});
