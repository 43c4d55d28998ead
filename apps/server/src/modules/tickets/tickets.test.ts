import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { teamMembers, teams } from '../../db/schema/teams';
import { ticketComments, ticketEvents, tickets } from '../../db/schema/tickets';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, type TestContext } from '../../test/helpers';
import { ticketCounts } from './service';
import { runSlaPass } from './sla-watcher';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL: Permission[] = ['VIEW_TICKET', 'CREATE_TICKET', 'UPDATE_TICKET', 'DELETE_TICKET'];

async function groupWith(tenantId: string, permissions: Permission[]) {
  const {
    rows: [g],
  } = await t.database.raw.query<{ id: string }>(`insert into user_groups (tenant_id, name, permissions) values ($1, $2, $3::jsonb) returning id`, [tenantId, `g${Math.random()}`, JSON.stringify(permissions)]);
  if (!g) throw new Error('group');
  return g.id;
}

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const agent = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await groupWith(tenant.id, ALL) });
  const reporter = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await groupWith(tenant.id, ['VIEW_TICKET', 'CREATE_TICKET']) });
  const os = await loginAs(t.app, owner.email);
  const as = await loginAs(t.app, agent.email);
  const rs = await loginAs(t.app, reporter.email);
  const h = (s = os) => s.headers({ 'x-tenant-id': tenant.id });
  const create = (payload: Record<string, unknown>, s = os) => t.app.inject({ method: 'POST', url: '/api/merchant/ticket', headers: h(s), payload });
  const patch = (id: string, payload: Record<string, unknown>, s = os) => t.app.inject({ method: 'PATCH', url: `/api/merchant/ticket/${id}`, headers: h(s), payload });
  const get = (id: string, s = os) => t.app.inject({ url: `/api/merchant/ticket/${id}`, headers: h(s) });
  const list = (q = '', s = os) => t.app.inject({ url: `/api/merchant/ticket/list${q}`, headers: h(s) });
  const comment = (fields: Record<string, string>, s = os, files: Buffer[] = []) => {
    const m = multipart(fields);
    // Append files named `files` to the body built by the helper.
    const boundary = /boundary=(.*)$/.exec(m.headers['content-type'])?.[1] ?? '';
    const tail = Buffer.from(`--${boundary}--\r\n`);
    const head = m.payload.subarray(0, m.payload.length - tail.length);
    const parts = files.flatMap((f, i) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="shot-${i}.png"\r\nContent-Type: image/png\r\n\r\n`), f, Buffer.from('\r\n')]);
    return t.app.inject({ method: 'POST', url: '/api/merchant/ticket-comment', headers: { ...h(s), ...m.headers }, payload: Buffer.concat([head, ...parts, tail]) });
  };
  return { org, tenant, owner, agent, reporter, os, as, rs, h, create, patch, get, list, comment };
}

const countRows = async (table: typeof tickets | typeof ticketEvents | typeof ticketComments, ticketId?: string) => {
  const [r] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(ticketId ? sql`${'ticketId' in table ? table.ticketId : table.id} = ${ticketId}` : sql`true`);
  return r?.n ?? 0;
};

describe('tickets: create, list, detail (§7 merchant/ticket)', () => {
  it('raises numbered tickets with SLA due times, history and a ticket.created event', async () => {
    const { create, list, agent, tenant } = await setup();
    const a = await create({ title: 'Không gửi được ZNS', description: 'Lỗi 500', priority: 'HIGH', assigneeUserId: agent.id });
    expect(a.statusCode, a.body).toBe(200);
    const b = await create({ title: 'Second' });
    const ta = a.json().data;
    expect(ta).toMatchObject({ number: 1, status: 'OPEN', priority: 'HIGH', assigneeUser: { id: agent.id }, unread: false, slaState: 'ok', abilities: { update: true, delete: true, comment: true }, nextStatuses: ['INPROGRESS', 'RESOLVED', 'CLOSED'] });
    expect(new Date(ta.firstResponse.dueAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(ta.resolution.dueAt).getTime()).toBeGreaterThan(new Date(ta.firstResponse.dueAt).getTime());
    expect(b.json().data).toMatchObject({ number: 2, priority: 'MEDIUM' });
    const l = await list('?orderBy=createdAt=asc');
    expect(l.json().meta.total).toBe(2);
    expect(l.json().data.map((x: { number: number }) => x.number)).toEqual([1, 2]);
    expect((await list('?search=%231')).json().data.map((x: { number: number }) => x.number)).toEqual([1]);
    expect((await list('?search=seco')).json().data.map((x: { number: number }) => x.number)).toEqual([2]);
    expect((await list('?priority=HIGH')).json().meta.total).toBe(1);
    expect((await list('?assignee=unassigned')).json().meta.total).toBe(1);
    expect((await list(`?assignee=${agent.id}`)).json().meta.total).toBe(1);
    expect((await list('?orderBy=priority=desc')).json().data[0].priority).toBe('HIGH');
    const events = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.tenantId, tenant.id), eq(domainEvents.type, 'ticket.created')));
    expect(events).toHaveLength(2);
    const [audit] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'TICKET_CREATE'), eq(auditLogs.targetId, ta.id)));
    expect(audit).toBeDefined();
  });

  it('refuses an assignee outside the tenant with 422 and writes nothing', async () => {
    const { create, org, tenant } = await setup();
    const other = await buildTenant(t.database, org.id);
    const outsider = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [other.id] });
    const [foreignTeam] = await t.database.db.insert(teams).values({ tenantId: other.id, name: 'Other' }).returning();
    const r1 = await create({ title: 'x', assigneeUserId: outsider.id });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().error.code).toBe('TICKET_ASSIGNEE_INVALID');
    const r2 = await create({ title: 'x', assigneeTeamId: foreignTeam?.id });
    expect(r2.statusCode).toBe(422);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.tenantId, tenant.id));
    expect(n?.n).toBe(0);
  });

  it('validates input: title length, both assignees, unknown fields', async () => {
    const { create } = await setup();
    expect((await create({ title: '' })).statusCode).toBe(400);
    expect((await create({ title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await create({ title: 'x', description: 'y'.repeat(10_001) })).statusCode).toBe(400);
    expect((await create({ title: 'x', priority: 'CRITICAL' })).statusCode).toBe(400);
    expect((await create({ title: 'x', hacker: 1 })).statusCode).toBe(400);
    const both = await create({ title: 'x', assigneeUserId: '00000000-0000-4000-8000-000000000000', assigneeTeamId: '00000000-0000-4000-8000-000000000001' });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json().error.details)).toContain('assigneeTeamId');
  });
});

describe('tickets: status, priority, assignee (PATCH)', () => {
  it('moves status as TICKET_TRANSITIONS allow, answers 409 otherwise and writes nothing on refusal', async () => {
    const { create, patch, get } = await setup();
    const id = (await create({ title: 'T' })).json().data.id as string;
    const moved = await patch(id, { status: 'INPROGRESS' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.firstResponse.doneAt).not.toBeNull();
    expect((await patch(id, { status: 'CLOSED' })).statusCode).toBe(200);
    const eventsBefore = await countRows(ticketEvents, id);
    const bad = await patch(id, { status: 'RESOLVED', priority: 'URGENT', title: 'changed' });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().error).toMatchObject({ code: 'TICKET_STATUS_TRANSITION', details: { from: 'CLOSED', to: 'RESOLVED', allowed: ['OPEN'] } });
    expect(await countRows(ticketEvents, id)).toBe(eventsBefore);
    const after = (await get(id)).json().data;
    expect(after).toMatchObject({ status: 'CLOSED', priority: 'MEDIUM', title: 'T', nextStatuses: ['OPEN'] });
    // Reopen restarts the resolution clock.
    const reopened = await patch(id, { status: 'OPEN' });
    expect(reopened.json().data).toMatchObject({ status: 'OPEN', resolvedAt: null, closedAt: null });
    expect(reopened.json().data.resolution.state).toBe('ok');
  });

  it('records one history row per changed field and recomputes due times on a priority change', async () => {
    const { create, patch, agent, os } = await setup();
    const created = (await create({ title: 'Old', priority: 'LOW' })).json().data;
    const r = await patch(created.id, { title: 'New', priority: 'URGENT', assigneeUserId: agent.id });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(new Date(d.resolution.dueAt).getTime()).toBeLessThan(new Date(created.resolution.dueAt).getTime());
    const hist = await t.app.inject({ url: `/api/merchant/ticket/${created.id}/history`, headers: os.headers({ 'x-tenant-id': (await t.database.db.select().from(tickets).where(eq(tickets.id, created.id)))[0]?.tenantId ?? '' }) });
    const fields = (hist.json().data as Array<{ field: string; from: string | null; to: string | null }>).map((e) => [e.field, e.from, e.to]);
    expect(fields).toEqual([
      ['created', null, 'OPEN'],
      ['title', 'Old', 'New'],
      ['priority', 'LOW', 'URGENT'],
      ['assignee', null, agent.displayName],
    ]);
  });

  it('assigns a team of the tenant, and "assignee=me" finds tickets of my teams', async () => {
    const { create, patch, list, tenant, reporter, rs } = await setup();
    const [team] = await t.database.db.insert(teams).values({ tenantId: tenant.id, name: 'Support' }).returning();
    if (!team) throw new Error('team');
    await t.database.db.insert(teamMembers).values({ teamId: team.id, userId: reporter.id, tenantId: tenant.id });
    const id = (await create({ title: 'For the team' })).json().data.id as string;
    const r = await patch(id, { assigneeTeamId: team.id });
    expect(r.json().data.assigneeTeam).toMatchObject({ id: team.id, name: 'Support' });
    const mine = await list('?assignee=me', rs);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((x: { id: string }) => x.id)).toEqual([id]);
    const counts = await ticketCounts(t.database.db, trustedTenantScope(tenant.id), reporter.id);
    expect(counts).toEqual({ statusViewTicket: 1, totalTicket: 1, totalOpen: 1, totalInprogress: 0, totalResolved: 0, totalClose: 0 });
    await t.app.inject({ method: 'PATCH', url: `/api/merchant/ticket/${id}/view`, headers: rs.headers({ 'x-tenant-id': tenant.id }) });
    expect((await ticketCounts(t.database.db, trustedTenantScope(tenant.id), reporter.id)).statusViewTicket).toBe(0);
    expect((await list('', rs)).json().data[0].unread).toBe(false);
    // Someone else's change makes it unread again.
    await patch(id, { status: 'INPROGRESS' });
    expect((await ticketCounts(t.database.db, trustedTenantScope(tenant.id), reporter.id))).toMatchObject({ statusViewTicket: 1, totalInprogress: 1 });
  });
});

describe('ticket comments (§7 merchant/ticket-comment)', () => {
  it('adds comments with attachments and mentions; the first reply by someone else answers the first response', async () => {
    const { create, comment, rs, as, agent, h, get } = await setup();
    const id = (await create({ title: 'Help' }, rs)).json().data.id as string;
    const own = await comment({ ticketId: id, body: 'More details' }, rs);
    expect(own.statusCode, own.body).toBe(200);
    expect((await get(id)).json().data.firstResponse.doneAt).toBeNull();
    const reply = await comment({ ticketId: id, body: 'Looking into it @agent', mentions: agent.id }, as, [PNG_1PX, PNG_1PX]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.attachments).toHaveLength(2);
    expect(reply.json().data.attachments[0]).toMatchObject({ name: 'shot-0.png', type: 'image/png', size: PNG_1PX.length });
    expect(reply.json().data.mentions[0]).toMatchObject({ id: agent.id });
    expect((await get(id)).json().data.firstResponse.doneAt).not.toBeNull();
    const l = await t.app.inject({ url: `/api/merchant/ticket-comment/list?ticketId=${id}`, headers: h(rs) });
    expect(l.json().data.map((c: { body: string; abilities: { update: boolean } }) => [c.body, c.abilities.update])).toEqual([
      ['More details', true],
      ['Looking into it @agent', false],
    ]);
  });

  it('refuses six files, a body over 5,000 characters and mentions outside the tenant, writing nothing', async () => {
    const { create, comment, org } = await setup();
    const id = (await create({ title: 'Help' })).json().data.id as string;
    expect((await comment({ ticketId: id, body: 'x' }, undefined, [PNG_1PX, PNG_1PX, PNG_1PX, PNG_1PX, PNG_1PX, PNG_1PX])).statusCode).toBe(400);
    expect((await comment({ ticketId: id, body: 'x'.repeat(5001) })).statusCode).toBe(400);
    const outsider = await buildUser(t.database, { merchantId: org.id, role: 'EU' });
    const m = await comment({ ticketId: id, body: 'hi', mentions: outsider.id });
    expect(m.statusCode).toBe(422);
    expect(m.json().error.code).toBe('TICKET_MENTION_INVALID');
    expect(await countRows(ticketComments, id)).toBe(0);
  });

  it('lets only the author edit or delete a comment', async () => {
    const { create, comment, rs, as, h } = await setup();
    const id = (await create({ title: 'Help' }, rs)).json().data.id as string;
    const c = (await comment({ ticketId: id, body: 'mine' }, rs)).json().data.id as string;
    const other = await t.app.inject({ method: 'PATCH', url: `/api/merchant/ticket-comment/${c}`, headers: h(as), payload: { body: 'theirs' } });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/ticket-comment/${c}`, headers: h(as) })).statusCode).toBe(403);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/merchant/ticket-comment/${c}`, headers: h(rs), payload: { body: 'edited' } });
    expect(edit.json().data.body).toBe('edited');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/ticket-comment/${c}`, headers: h(rs) })).statusCode).toBe(200);
    expect(await countRows(ticketComments, id)).toBe(0);
  });
});

describe('tickets: tenant isolation and permissions', () => {
  it("answers 404 for another tenant's ticket and comment ids", async () => {
    const a = await setup();
    const b = await setup();
    const id = (await a.create({ title: 'Private' })).json().data.id as string;
    const c = (await a.comment({ ticketId: id, body: 'secret' })).json().data.id as string;
    expect((await b.get(id)).statusCode).toBe(404);
    expect((await b.patch(id, { status: 'CLOSED' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/ticket/${id}`, headers: b.h() })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/ticket/${id}/history`, headers: b.h() })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/ticket-comment/list?ticketId=${id}`, headers: b.h() })).statusCode).toBe(404);
    expect((await b.comment({ ticketId: id, body: 'hi' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/merchant/ticket-comment/${c}`, headers: b.h(), payload: { body: 'x' } })).statusCode).toBe(404);
    expect((await b.list()).json().meta.total).toBe(0);
    expect((await a.get(id)).json().data.title).toBe('Private');
  });

  it('gates each route by VIEW/CREATE/UPDATE/DELETE_TICKET', async () => {
    const { create, patch, rs, h, tenant, org, comment } = await setup();
    const id = (await create({ title: 'T' })).json().data.id as string;
    // The reporter holds VIEW + CREATE: may read, raise and comment, not update or delete.
    expect((await create({ title: 'mine' }, rs)).statusCode).toBe(200);
    expect((await patch(id, { status: 'INPROGRESS' }, rs)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/ticket/${id}`, headers: h(rs) })).statusCode).toBe(403);
    expect((await comment({ ticketId: id, body: 'ok' }, rs)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/merchant/setting/tenant/sla', headers: h(rs), payload: { warnBeforeMinutes: 10 } })).statusCode).toBe(403);
    const detail = (await t.app.inject({ url: `/api/merchant/ticket/${id}`, headers: h(rs) })).json().data;
    expect(detail.abilities).toEqual({ update: false, delete: false, comment: true });
    expect(detail.nextStatuses).toEqual([]);
    // View only: nothing else.
    const viewer = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await groupWith(tenant.id, ['VIEW_TICKET']) });
    const vs = await loginAs(t.app, viewer.email);
    expect((await create({ title: 'no' }, vs)).statusCode).toBe(403);
    expect((await comment({ ticketId: id, body: 'no' }, vs)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/merchant/ticket/${id}`, headers: h(vs) })).statusCode).toBe(200);
    // Nothing: not even the list.
    const none = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await groupWith(tenant.id, []) });
    const ns = await loginAs(t.app, none.email);
    expect((await t.app.inject({ url: '/api/merchant/ticket/list', headers: h(ns) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/setting/tenant/sla', headers: h(ns) })).statusCode).toBe(403);
    // DELETE_TICKET deletes with comments and history.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/ticket/${id}`, headers: h() })).statusCode).toBe(200);
    expect(await countRows(ticketEvents, id)).toBe(0);
  });
});

describe('SLA settings (merchant/setting/tenant/sla)', () => {
  it('answers the defaults, saves a partial change and validates time zone, hours and targets', async () => {
    const { h } = await setup();
    const get = async () => (await t.app.inject({ url: '/api/merchant/setting/tenant/sla', headers: h() })).json().data;
    const save = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: '/api/merchant/setting/tenant/sla', headers: h(), payload });
    expect(await get()).toMatchObject({ timezone: 'Asia/Ho_Chi_Minh', configured: false, warnBeforeMinutes: 30, businessHours: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:30' }, abilities: { update: true } });
    const ok = await save({ timezone: 'Asia/Bangkok', warnBeforeMinutes: 15 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await get()).toMatchObject({ timezone: 'Asia/Bangkok', warnBeforeMinutes: 15, configured: true, targets: { URGENT: { firstResponseMinutes: 30 } } });
    const badTz = await save({ timezone: 'Mars/Olympus' });
    expect(badTz.statusCode).toBe(400);
    expect(JSON.stringify(badTz.json().error.details)).toContain('timezone');
    const badHours = await save({ businessHours: { days: [1], start: '18:00', end: '09:00' } });
    expect(badHours.statusCode).toBe(400);
    expect(JSON.stringify(badHours.json().error.details)).toContain('businessHours');
    expect((await save({ businessHours: { days: [], start: '08:00', end: '17:00' } })).statusCode).toBe(400);
    const targets = { LOW: { firstResponseMinutes: 0, resolutionMinutes: 10 }, MEDIUM: { firstResponseMinutes: 1, resolutionMinutes: 1 }, HIGH: { firstResponseMinutes: 1, resolutionMinutes: 1 }, URGENT: { firstResponseMinutes: 1, resolutionMinutes: 1 } };
    expect((await save({ targets })).statusCode).toBe(400);
    expect((await get()).timezone).toBe('Asia/Bangkok');
  });
});

describe('SLA watcher', () => {
  it('announces each warning and breach once per clock, even with two workers sweeping at once', async () => {
    const { h, create, tenant, patch } = await setup();
    // Around the clock, 1-minute targets, warn 30 minutes ahead: every clock is in its warning window at once.
    const always = { days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '24:00' };
    const one = { firstResponseMinutes: 1, resolutionMinutes: 2 };
    const r = await t.app.inject({ method: 'PATCH', url: '/api/merchant/setting/tenant/sla', headers: h(), payload: { businessHours: always, warnBeforeMinutes: 30, targets: { LOW: one, MEDIUM: one, HIGH: one, URGENT: one } } });
    expect(r.statusCode, r.body).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await create({ title: `T${i}` })).json().data.id as string);
    await Promise.all([runSlaPass(t.database.db), runSlaPass(t.database.db)]);
    const count = async (type: string) => {
      const rows = await t.database.db.select({ payload: domainEvents.payload }).from(domainEvents).where(and(eq(domainEvents.tenantId, tenant.id), eq(domainEvents.type, type as 'ticket.sla_warning')));
      return rows.length;
    };
    expect(await count('ticket.sla_warning')).toBe(12);
    expect(await count('ticket.sla_breached')).toBe(0);
    // A priority change whose warning time has already passed keeps the stamps: no second warning.
    expect((await patch(ids[1] ?? '', { priority: 'HIGH' })).statusCode).toBe(200);
    await runSlaPass(t.database.db);
    expect(await count('ticket.sla_warning')).toBe(12);
    const listed = (await t.app.inject({ url: '/api/merchant/ticket/list', headers: h() })).json().data as Array<{ slaState: string }>;
    expect(listed.every((x) => x.slaState === 'warning')).toBe(true);
    // Answer one ticket's first response; then move every due time into the past.
    const first = ids[0] ?? '';
    await patch(first, { status: 'INPROGRESS' });
    await t.database.db.update(tickets).set({ firstResponseDueAt: sql`now() - interval '1 minute'`, resolutionDueAt: sql`now() - interval '1 minute'` }).where(eq(tickets.tenantId, tenant.id));
    await Promise.all([runSlaPass(t.database.db), runSlaPass(t.database.db), runSlaPass(t.database.db)]);
    await runSlaPass(t.database.db);
    expect(await count('ticket.sla_warning')).toBe(12);
    // 6 resolution breaches + 5 first-response breaches (the answered one is done).
    expect(await count('ticket.sla_breached')).toBe(11);
    const detail = (await t.app.inject({ url: `/api/merchant/ticket/${first}`, headers: h() })).json().data;
    expect(detail.slaState).toBe('breached');
  });
});
