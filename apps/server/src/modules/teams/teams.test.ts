import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Team, TeamDetail } from '@zc/shared/api/teams';
import { reviewTasks } from '../../db/schema/approvals';
import { auditLogs } from '../../db/schema/audit';
import { teamMembers, teams } from '../../db/schema/teams';
import { userGroups } from '../../db/schema/user-groups';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5c9d2ab0000000049454e44ae426082', 'hex');

/** A multi-team tenant with its owner, a tenant member and a member of another organisation. */
async function setup(services: { isMultiTeam?: boolean } = { isMultiTeam: true }) {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, services);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
  const otherOrg = await buildOrganisation(t.database);
  const stranger = await buildUser(t.database, { merchantId: otherOrg.id, role: 'USER' });
  const s = await loginAs(t.app, owner.email);
  const h = s.headers({ 'x-tenant-id': tenant.id });
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) =>
    t.app.inject({ method, url: `/api/merchant/team-manager${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { org, tenant, owner, member, stranger, h, api };
}

describe('teams: create, list, default team (§7 Teams)', () => {
  it('creates the default team with the first team, lists default first with counts, refuses a taken name', async () => {
    const { api, tenant } = await setup();
    expect((await api('GET', '/list?page=1&size=999')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    const res = await api('POST', '/create', { name: 'Sales', znsDailyQuota: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Sales', isDefault: false, znsDailyQuota: 100, oaDailyQuota: null, memberCount: 0, abilities: { update: true, delete: true, manageMembers: true } });
    const list = (await api('GET', '/list?page=1&size=999')).json();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((x: Team) => [x.name, x.isDefault, x.abilities.delete])).toEqual([
      ['Default', true, false],
      ['Sales', false, true],
    ]);
    const dup = await api('POST', '/create', { name: 'sales' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('TEAM_NAME_TAKEN');
    expect(dup.json().error.details.fields[0].path).toBe('name');
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id))).map((a) => a.action);
    expect(actions.filter((a) => a === 'TEAM_CREATE')).toHaveLength(2);
    expect((await api('GET', '/list?name=sal')).json().data.map((x: Team) => x.name)).toEqual(['Sales']);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const { api, tenant } = await setup();
    for (const payload of [{ name: '' }, { name: 'x', znsDailyQuota: -1 }, { name: 'x', oaDailyQuota: 1.5 }, { name: 'x', avatar: 'https://evil.example/a.png' }, { name: 'x', extra: 1 }, { name: 'a\u0000b' }]) {
      const bad = await api('POST', '/create', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.details.fields.length).toBeGreaterThan(0);
    }
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(teams).where(eq(teams.tenantId, tenant.id));
    expect(n?.n).toBe(0);
  });

  it('updates name and quotas (null clears a cap), deletes a team, never the default one (409 TEAM_DEFAULT)', async () => {
    const { api } = await setup();
    const sales = (await api('POST', '/create', { name: 'Sales' })).json().data as Team;
    await api('POST', '/create', { name: 'Care' });
    const up = await api('PUT', `/${sales.id}`, { name: 'Sales North', znsDailyQuota: 5, oaDailyQuota: 0 });
    expect(up.json().data).toMatchObject({ name: 'Sales North', znsDailyQuota: 5, oaDailyQuota: 0 });
    expect((await api('PUT', `/${sales.id}`, { znsDailyQuota: null })).json().data).toMatchObject({ name: 'Sales North', znsDailyQuota: null, oaDailyQuota: 0 });
    expect((await api('PUT', `/${sales.id}`, { name: 'care' })).json().error.code).toBe('TEAM_NAME_TAKEN');
    expect((await api('PUT', `/${sales.id}`, { oaDailyQuota: -3 })).statusCode).toBe(400);
    const list = (await api('GET', '/list')).json().data as Team[];
    const fallback = list.find((x) => x.isDefault);
    if (!fallback) throw new Error('default team');
    const refused = await api('DELETE', `/${fallback.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TEAM_DEFAULT');
    expect((await api('DELETE', `/${sales.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/${sales.id}`)).statusCode).toBe(404);
    expect((await api('GET', '/list')).json().meta.total).toBe(2);
  });

  it('refuses to delete a team with reviews pending (409 TEAM_HAS_PENDING_REVIEWS), allows it once decided', async () => {
    const { api, org, tenant } = await setup();
    const sales = (await api('POST', '/create', { name: 'Sales' })).json().data as Team;
    const [task] = await t.database.db
      .insert(reviewTasks)
      .values({ merchantId: org.id, tenantId: tenant.id, teamId: sales.id, kind: 'ZNS_TEMPLATE', module: 'ZNS', referenceId: sales.id, name: 'Template', snapshot: {}, snapshotHash: 'h' })
      .returning();
    const refused = await api('DELETE', `/${sales.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TEAM_HAS_PENDING_REVIEWS');
    expect((await api('GET', `/${sales.id}`)).statusCode).toBe(200);
    await t.database.db.update(reviewTasks).set({ status: 'APPROVAL' }).where(eq(reviewTasks.id, task?.id ?? ''));
    expect((await api('DELETE', `/${sales.id}`)).statusCode).toBe(200);
  });
});

describe('teams: members and roles (§3 Team membership, My team)', () => {
  it('adds tenant people, offers the others as available, changes a role, removes; outsiders 422', async () => {
    const { api, member, owner, stranger, tenant } = await setup();
    const sales = (await api('POST', '/create', { name: 'Sales' })).json().data as Team;
    const avail = (await api('GET', `/available-members?teamId=${sales.id}`)).json().data as Array<{ id: string }>;
    expect(avail.map((a) => a.id).sort()).toEqual([member.id, owner.id].sort());
    const outsider = await api('POST', '/add-member', { teamId: sales.id, userIds: [member.id, stranger.id] });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().error.code).toBe('TEAM_MEMBER_NOT_IN_TENANT');
    expect(outsider.json().error.details.fields[0].path).toBe('userIds');
    const [none] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(teamMembers).where(eq(teamMembers.teamId, sales.id));
    expect(none?.n).toBe(0);
    const added = await api('POST', '/add-member', { teamId: sales.id, userIds: [member.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json().data as TeamDetail).members).toMatchObject([{ userId: member.id, role: 'MEMBER' }]);
    expect((await api('GET', `/available-members?teamId=${sales.id}`)).json().data.map((a: { id: string }) => a.id)).toEqual([owner.id]);
    const role = await api('POST', '/update-member-role', { teamId: sales.id, userId: member.id, role: 'LEADER' });
    expect(role.json().data.members[0].role).toBe('LEADER');
    expect((await api('POST', '/update-member-role', { teamId: sales.id, userId: owner.id, role: 'LEADER' })).statusCode).toBe(400);
    expect((await api('POST', '/update-member-role', { teamId: sales.id, userId: member.id, role: 'BOSS' })).statusCode).toBe(400);
    expect((await api('GET', '/list')).json().data.find((x: Team) => x.id === sales.id).memberCount).toBe(1);

    const ms = await loginAs(t.app, member.email);
    const mine = await t.app.inject({ url: '/api/merchant/team-manager/user-teams', headers: ms.headers({ 'x-tenant-id': tenant.id }) });
    expect(mine.json().data).toEqual([{ team: { id: sales.id, name: 'Sales', avatar: null, isDefault: false }, role: 'LEADER' }]);
    // The owner is in no team: the default team, as MEMBER.
    expect((await api('GET', '/user-teams')).json().data).toMatchObject([{ team: { isDefault: true, name: 'Default' }, role: 'MEMBER' }]);

    expect((await api('POST', '/remove-member', { teamId: sales.id, userIds: [member.id] })).json().data.members).toEqual([]);
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id))).map((a) => a.action);
    for (const a of ['TEAM_ADD_MEMBER', 'TEAM_UPDATE_MEMBER_ROLE', 'TEAM_REMOVE_MEMBER']) expect(actions).toContain(a);
  });

  it('uploads a JPG/PNG avatar (for a new team, or straight onto a team), refuses other files', async () => {
    const { api, h } = await setup();
    const sales = (await api('POST', '/create', { name: 'Sales' })).json().data as Team;
    const up = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
      const m = multipart(fields, file);
      return t.app.inject({ method: 'POST', url: '/api/merchant/team-manager/upload-avatar', headers: { ...h, ...m.headers }, payload: m.payload });
    };
    const loose = await up({}, { filename: 'a.png', contentType: 'image/png', data: PNG });
    expect(loose.statusCode, loose.body).toBe(200);
    const url = loose.json().data.avatar as string;
    expect(url).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    expect(loose.json().data.team).toBeNull();
    expect((await api('POST', '/create', { name: 'Care', avatar: url })).json().data.avatar).toBe(url);
    const onto = await up({ teamId: sales.id }, { filename: 'a.png', contentType: 'image/png', data: PNG });
    expect(onto.json().data.team).toMatchObject({ id: sales.id, avatar: url });
    expect((await up({}, { filename: 'a.png', contentType: 'image/png', data: Buffer.from('not an image') })).statusCode).toBe(415);
    expect((await up({}, { filename: 'big.png', contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) })).statusCode).toBe(413);
    expect((await up({})).statusCode).toBe(400);
  });
});

describe('teams: tenant isolation and permissions (§6)', () => {
  it('answers 404 for another tenant\'s team on every id route and changes nothing', async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (await b.api('POST', '/create', { name: 'Theirs' })).json().data as Team;
    for (const [method, url, payload] of [
      ['GET', `/${theirs.id}`],
      ['PUT', `/${theirs.id}`, { name: 'Mine' }],
      ['DELETE', `/${theirs.id}`],
      ['GET', `/quota/${theirs.id}`],
      ['GET', `/available-members?teamId=${theirs.id}`],
      ['POST', '/add-member', { teamId: theirs.id, userIds: [a.member.id] }],
      ['POST', '/remove-member', { teamId: theirs.id, userIds: [b.member.id] }],
      ['POST', '/update-member-role', { teamId: theirs.id, userId: b.member.id, role: 'LEADER' }],
    ] as const) {
      const res = await a.api(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await b.api('GET', `/${theirs.id}`)).json().data.name).toBe('Theirs');
    expect((await a.api('GET', '/list')).json().data.map((x: Team) => x.name)).not.toContain('Theirs');
  });

  it('gates each route by its permission, and by the Team module', async () => {
    const x = await setup();
    const sales = (await x.api('POST', '/create', { name: 'Sales' })).json().data as Team;
    const as = async (permissions: string[]) => {
      const [g] = await t.database.db.insert(userGroups).values({ tenantId: x.tenant.id, name: `g ${permissions.join(' ')} ${Math.random()}`, permissions }).returning();
      const u = await buildUser(t.database, { merchantId: x.org.id, role: 'USER', tenantIds: [x.tenant.id], groupId: g?.id });
      return (await loginAs(t.app, u.email)).headers({ 'x-tenant-id': x.tenant.id });
    };
    const viewer = await as(['VIEW_TEAM']);
    const creator = await as(['VIEW_TEAM', 'CREATE_TEAM']);
    const editor = await as(['VIEW_TEAM', 'UPDATE_TEAM']);
    const all = await as(['VIEW_TEAM', 'CREATE_UPDATE_DELETE_TEAM']);
    const memberAdmin = await as(['VIEW_TEAM', 'UPDATE_TEAM_MEMBER']);
    const nobody = await as([]);
    expect((await x.api('GET', '/list', undefined, nobody)).statusCode).toBe(403);
    expect((await x.api('GET', '/user-teams', undefined, nobody)).statusCode).toBe(200);
    const seen = (await x.api('GET', '/list', undefined, viewer)).json().data.find((y: Team) => y.id === sales.id);
    expect(seen.abilities).toEqual({ update: false, delete: false, manageMembers: false });
    expect((await x.api('POST', '/create', { name: 'V' }, viewer)).statusCode).toBe(403);
    expect((await x.api('POST', '/create', { name: 'C' }, creator)).statusCode).toBe(200);
    expect((await x.api('PUT', `/${sales.id}`, { name: 'C2' }, creator)).statusCode).toBe(403);
    expect((await x.api('PUT', `/${sales.id}`, { name: 'E' }, editor)).statusCode).toBe(200);
    expect((await x.api('DELETE', `/${sales.id}`, undefined, editor)).statusCode).toBe(403);
    expect((await x.api('POST', '/add-member', { teamId: sales.id, userIds: [x.member.id] }, editor)).statusCode).toBe(403);
    expect((await x.api('POST', '/add-member', { teamId: sales.id, userIds: [x.member.id] }, memberAdmin)).statusCode).toBe(200);
    expect((await x.api('GET', '/list', undefined, all)).json().data.find((y: Team) => y.id === sales.id).abilities).toEqual({ update: true, delete: true, manageMembers: false });
    expect((await x.api('DELETE', `/${sales.id}`, undefined, all)).statusCode).toBe(200);

    const single = await setup({ isMultiTeam: false });
    const off = await single.api('GET', '/list');
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('MODULE_NOT_ENABLED');
    expect((await single.api('GET', '/user-teams')).json().data).toEqual([]);
  });
});

describe('teams: quota share (GET quota/{id})', () => {
  it('answers the caps, used today, remain and the tenant totals', async () => {
    const { api, tenant } = await setup();
    const sales = (await api('POST', '/create', { name: 'Sales', znsDailyQuota: 10 })).json().data as Team;
    await api('POST', '/create', { name: 'Care', znsDailyQuota: 5, oaDailyQuota: 3 });
    const q = (await api('GET', `/quota/${sales.id}`)).json().data;
    expect(q).toMatchObject({ teamId: sales.id, zns: { limit: 10, used: 0, remain: 10 }, oa: { limit: null, used: 0, remain: null }, tenant: { zns: { used: 0, allocated: 15 }, oa: { used: 0, allocated: 3 } } });
    expect(q.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(teams).where(and(eq(teams.tenantId, tenant.id), eq(teams.isDefault, true)));
    expect(n?.n).toBe(1);
  });
});
