import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '@zc/shared/api/notifications';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { mailOutbox } from '../../db/schema/mail';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { teamMembers, teams } from '../../db/schema/teams';
import { tickets } from '../../db/schema/tickets';
import { userGroups } from '../../db/schema/user-groups';
import { EVENT_HANDLERS } from '../../events/handlers';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { emitEvent, type EventInput, type EventType } from '../../platform/events';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { notify } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const db = () => t.database.db;

async function world() {
  const org = await buildOrganisation(t.database);
  const tenantA = await buildTenant(t.database, org.id, { znsService: true });
  const tenantB = await buildTenant(t.database, org.id, { znsService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const member = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenantA.id, tenantB.id] });
  const [bare] = await t.database.db.insert(userGroups).values({ tenantId: tenantA.id, name: `Bare ${crypto.randomUUID()}`, permissions: [] }).returning();
  const eu = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantA.id], groupId: bare!.id });
  return { org, tenantA, tenantB, owner, member, eu };
}

async function write(input: Parameters<typeof notify>[1]) {
  return db().transaction((tx) => notify(tx, input));
}

async function emit<T extends EventType>(event: EventInput<T>) {
  await db().transaction(async (tx) => {
    await emitEvent(tx, event);
  });
  await dispatchPendingEvents(db(), EVENT_HANDLERS);
}

const mine = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));

describe('notify: the one writer, per-kind preferences', () => {
  it('writes the row and announces notification.created when in-app is on; mails only when email is on', async () => {
    const w = await world();
    const id = await write({ kind: 'TICKET_CHANGED', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: '#1 Printer', mail: { subject: 's', text: 't' } });
    expect(id).toBeTruthy();
    const [ev] = await db().select().from(domainEvents).where(and(eq(domainEvents.type, 'notification.created'), sql`${domainEvents.payload}->>'notificationId' = ${id}`));
    expect(ev?.payload).toEqual({ notificationId: id, userId: w.member.id });
    // TICKET_CHANGED mails nobody by default.
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, w.member.email))).toHaveLength(0);

    await db().insert(notificationPreferences).values({ userId: w.member.id, kind: 'TICKET_CHANGED', inApp: false, email: true });
    expect(await write({ kind: 'TICKET_CHANGED', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: '#2 Scanner', mail: { subject: 'subj', text: 'body' } })).toBeNull();
    expect(await mine(w.member.id)).toHaveLength(1);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.to, w.member.email))).map((m) => m.subject)).toEqual(['subj']);
  });
});

describe('lists, viewing and isolation', () => {
  it('by-merchant lists every tenant, by-tenant one; totals and totalNew; §3 fields', async () => {
    const w = await world();
    await write({ kind: 'TASK_WAITING', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: 'Campaign A', taskId: '00000000-0000-4000-8000-000000000001', referenceId: 'ref-a', referenceType: 'CAMPAIGN', createdBy: w.owner.id });
    await write({ kind: 'TASK_WAITING', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantB.id, name: 'Campaign B' });
    await write({ kind: 'TASK_WAITING', userId: w.owner.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: 'Not yours' });
    const s = await loginAs(t.app, w.member.email);
    const org = await t.app.inject({ url: '/api/merchant/notification/getList/by-merchant', headers: s.headers({ 'x-merchant-id': w.org.id }) });
    expect(org.statusCode, org.body).toBe(200);
    expect(org.json().meta).toEqual({ total: 2, totalNew: 2, page: 1, size: 20 });
    const a = org.json().data.find((n: { name: string }) => n.name === 'Campaign A');
    expect(a).toMatchObject({
      status: 'new',
      action: 'CREATED',
      type: 'TASK_WAITING',
      referenceId: 'ref-a',
      referenceType: 'CAMPAIGN',
      idTask: '00000000-0000-4000-8000-000000000001',
      tenantId: w.tenantA.id,
      tenant: { id: w.tenantA.id, name: w.tenantA.name },
      createdByUser: { id: w.owner.id, email: w.owner.email },
    });
    const ten = await t.app.inject({ url: '/api/merchant/notification/getList/by-tenant?size=5', headers: s.headers({ 'x-tenant-id': w.tenantB.id }) });
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json().meta).toEqual({ total: 1, totalNew: 1, page: 1, size: 5 });
    expect(ten.json().data[0].name).toBe('Campaign B');

    // Bad paging → 400 naming the field.
    const bad = await t.app.inject({ url: '/api/merchant/notification/getList/by-merchant?size=101', headers: s.headers({ 'x-merchant-id': w.org.id }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.map((f: { path: string }) => f.path)).toContain('querystring.size');
  });

  it('PATCH marks only your own viewed (404 otherwise), audited, announced; mark-all-viewed by tenant or organisation', async () => {
    const w = await world();
    const idA = (await write({ kind: 'TICKET_ASSIGNED', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: '#3 A' }))!;
    await write({ kind: 'TICKET_ASSIGNED', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: '#4 A' });
    await write({ kind: 'TICKET_ASSIGNED', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantB.id, name: '#5 B' });
    const ownerOnes = (await write({ kind: 'TICKET_ASSIGNED', userId: w.owner.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: '#6 owner' }))!;
    const s = await loginAs(t.app, w.member.email);
    const h = s.headers({ 'x-merchant-id': w.org.id });

    const other = await t.app.inject({ method: 'PATCH', url: `/api/merchant/notification/${ownerOnes}`, headers: h, payload: { status: 'viewed' } });
    expect(other.statusCode).toBe(404);
    const badBody = await t.app.inject({ method: 'PATCH', url: `/api/merchant/notification/${idA}`, headers: h, payload: { status: 'new' } });
    expect(badBody.statusCode).toBe(400);

    const ok = await t.app.inject({ method: 'PATCH', url: `/api/merchant/notification/${idA}`, headers: h, payload: { status: 'viewed' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await db().select().from(notifications).where(eq(notifications.id, idA));
    expect(row?.status).toBe('viewed');
    const [audit] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'NOTIFICATION_VIEW'), eq(auditLogs.targetId, idA)));
    expect(audit).toMatchObject({ actorId: w.member.id, tenantId: w.tenantA.id });
    const viewed = await db().select().from(domainEvents).where(and(eq(domainEvents.type, 'notification.viewed'), sql`${domainEvents.payload}->>'notificationId' = ${idA}`));
    expect(viewed).toHaveLength(1);
    // Again: still 200, no second announcement.
    await t.app.inject({ method: 'PATCH', url: `/api/merchant/notification/${idA}`, headers: h, payload: { status: 'viewed' } });
    expect(await db().select().from(domainEvents).where(and(eq(domainEvents.type, 'notification.viewed'), sql`${domainEvents.payload}->>'notificationId' = ${idA}`))).toHaveLength(1);

    const tenantOnly = await t.app.inject({ method: 'POST', url: '/api/merchant/notification/mark-all-viewed', headers: s.headers({ 'x-tenant-id': w.tenantA.id }), payload: { tenantOnly: true } });
    expect(tenantOnly.json().data).toEqual({ updated: 1 });
    const list = await t.app.inject({ url: '/api/merchant/notification/getList/by-merchant', headers: h });
    expect(list.json().meta.totalNew).toBe(1);
    const noTenant = await t.app.inject({ method: 'POST', url: '/api/merchant/notification/mark-all-viewed', headers: h, payload: { tenantOnly: true } });
    expect(noTenant.statusCode).toBe(400);
    const all = await t.app.inject({ method: 'POST', url: '/api/merchant/notification/mark-all-viewed', headers: h, payload: {} });
    expect(all.json().data).toEqual({ updated: 1 });
    // The owner's stays new.
    expect((await db().select().from(notifications).where(eq(notifications.id, ownerOnes)))[0]?.status).toBe('new');
  });

  it('another organisation sees nothing and cannot mark; by-tenant needs VIEW_TENANT_NOTIFICATION', async () => {
    const w = await world();
    const id = (await write({ kind: 'SLA_WARNING', userId: w.member.id, merchantId: w.org.id, tenantId: w.tenantA.id, name: '#7' }))!;
    const stranger = await world();
    const s = await loginAs(t.app, stranger.member.email);
    const foreignTenant = await t.app.inject({ url: '/api/merchant/notification/getList/by-tenant', headers: s.headers({ 'x-tenant-id': w.tenantA.id }) });
    expect(foreignTenant.statusCode).toBe(403);
    const foreignOrg = await t.app.inject({ url: '/api/merchant/notification/getList/by-merchant', headers: s.headers({ 'x-merchant-id': w.org.id }) });
    expect(foreignOrg.statusCode).toBe(403);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/merchant/notification/${id}`, headers: s.headers({ 'x-merchant-id': stranger.org.id }), payload: { status: 'viewed' } });
    expect(patch.statusCode).toBe(404);
    // An end user (EU) in a group without permissions: the tenant list is refused, the organisation one is theirs.
    const e = await loginAs(t.app, w.eu.email);
    expect((await t.app.inject({ url: '/api/merchant/notification/getList/by-tenant', headers: e.headers({ 'x-tenant-id': w.tenantA.id }) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/merchant/notification/getList/by-merchant', headers: e.headers({ 'x-merchant-id': w.org.id }) })).statusCode).toBe(200);
    const anon = await t.app.inject({ url: '/api/merchant/notification/preferences' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('answers every kind with defaults, stores the kinds named (audited), refuses duplicates and unknown kinds', async () => {
    const w = await world();
    const s = await loginAs(t.app, w.member.email);
    const get = await t.app.inject({ url: '/api/merchant/notification/preferences', headers: s.headers() });
    expect(get.statusCode).toBe(200);
    expect(get.json().data.find((p: { kind: string }) => p.kind === 'TASK_APPROVED')).toEqual({ kind: 'TASK_APPROVED', inApp: true, email: false });
    const put = await t.app.inject({ method: 'PUT', url: '/api/merchant/notification/preferences', headers: s.headers(), payload: { preferences: [{ kind: 'TASK_APPROVED', inApp: false, email: true }] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.find((p: { kind: string }) => p.kind === 'TASK_APPROVED')).toEqual({ kind: 'TASK_APPROVED', inApp: false, email: true });
    expect(put.json().data).toHaveLength(NOTIFICATION_KINDS.length);
    const [audit] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'NOTIFICATION_PREFERENCES_UPDATE'), eq(auditLogs.actorId, w.member.id)));
    expect(audit).toBeTruthy();
    const dup = await t.app.inject({ method: 'PUT', url: '/api/merchant/notification/preferences', headers: s.headers(), payload: { preferences: [{ kind: 'SLA_WARNING', inApp: true, email: true }, { kind: 'SLA_WARNING', inApp: false, email: true }] } });
    expect(dup.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/merchant/notification/preferences', headers: s.headers(), payload: { preferences: [{ kind: 'NOPE', inApp: true, email: true }] } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error.details.fields)).toContain('preferences');
  });
});

describe('handlers: reviews and tickets notify the people concerned', () => {
  it('task.submitted / advanced → TASK_WAITING to the next approver; decided → TASK_REJECTED to the creator; published → ITEM_PUBLISHED', async () => {
    const w = await world();
    const taskId = crypto.randomUUID();
    const referenceId = crypto.randomUUID();
    const base = { taskId, kind: 'ZNS_CAMPAIGN' as const, referenceId, name: 'Tết campaign' };
    await emit({ type: 'task.submitted', tenantId: w.tenantA.id, data: { ...base, createdBy: w.member.id, nextApproverId: w.owner.id } });
    const [waiting] = await mine(w.owner.id);
    expect(waiting).toMatchObject({ type: 'TASK_WAITING', action: 'CREATED', taskId, referenceId, referenceType: 'CAMPAIGN', name: 'Tết campaign', tenantId: w.tenantA.id, createdBy: w.member.id });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, w.owner.email))).toHaveLength(1); // TASK_WAITING mails by default

    await emit({ type: 'task.decided', tenantId: w.tenantA.id, data: { ...base, outcome: 'DISAPPROVAL', decidedBy: w.owner.id, createdBy: w.member.id } });
    const [rejected] = await mine(w.member.id);
    expect(rejected).toMatchObject({ type: 'TASK_REJECTED', action: 'REJECTED', taskId, createdBy: w.owner.id });

    await emit({ type: 'review.item_published', tenantId: w.tenantA.id, data: { kind: 'ZNS_CAMPAIGN', referenceId, name: 'Tết campaign', createdBy: w.member.id } });
    expect((await mine(w.member.id))[0]).toMatchObject({ type: 'ITEM_PUBLISHED', action: 'PUBLISHED' });

    // Nobody is told of their own decision.
    await emit({ type: 'task.decided', tenantId: w.tenantA.id, data: { ...base, outcome: 'APPROVAL', decidedBy: w.member.id, createdBy: w.member.id } });
    expect(await mine(w.member.id)).toHaveLength(2);
  });

  it('tickets: assignment to a team, changes to creator and assignee but not the actor, mentions, SLA to leaders or admins', async () => {
    const w = await world();
    const leader = await buildUser(t.database, { merchantId: w.org.id, tenantIds: [w.tenantA.id] });
    const [team] = await db().insert(teams).values({ tenantId: w.tenantA.id, name: `Support ${crypto.randomUUID()}` }).returning();
    await db().insert(teamMembers).values([
      { teamId: team!.id, userId: w.member.id, tenantId: w.tenantA.id, role: 'MEMBER' },
      { teamId: team!.id, userId: leader.id, tenantId: w.tenantA.id, role: 'LEADER' },
    ]);
    const [ticket] = await db().insert(tickets).values({ merchantId: w.org.id, tenantId: w.tenantA.id, number: 1, title: 'Printer', assigneeTeamId: team!.id, createdBy: w.owner.id }).returning();
    const ref = { ticketId: ticket!.id, number: 1, title: 'Printer', status: 'OPEN' as const, priority: 'HIGH' as const, assigneeUserId: null, assigneeTeamId: team!.id };

    await emit({ type: 'ticket.created', tenantId: w.tenantA.id, data: { ...ref, createdBy: w.owner.id } });
    expect((await mine(w.member.id)).map((n) => n.type)).toEqual(['TICKET_ASSIGNED']);
    expect((await mine(leader.id)).map((n) => n.type)).toEqual(['TICKET_ASSIGNED']);
    expect(await mine(w.owner.id)).toHaveLength(0);
    expect((await mine(w.member.id))[0]).toMatchObject({ referenceType: 'TICKET', referenceId: ticket!.id, name: '#1 Printer' });

    await emit({ type: 'ticket.sla_warning', tenantId: w.tenantA.id, data: { ...ref, clock: 'RESOLUTION', dueAt: '2026-01-01T00:00:00Z' } });
    expect((await mine(leader.id))[0]?.type).toBe('SLA_WARNING');
    expect((await mine(w.member.id))[0]?.type).toBe('TICKET_ASSIGNED');

    // Reassigned to the member and its priority changed, by the leader.
    await emit({ type: 'ticket.updated', tenantId: w.tenantA.id, data: { ...ref, assigneeUserId: w.member.id, assigneeTeamId: null, actorId: leader.id, fields: ['assigneeUserId', 'priority'], previousAssigneeUserId: null } });
    expect((await mine(w.member.id)).map((n) => n.type)).toEqual(['TICKET_ASSIGNED', 'TICKET_ASSIGNED']);
    expect((await mine(w.owner.id)).map((n) => n.type)).toEqual(['TICKET_CHANGED']);
    expect(await mine(leader.id)).toHaveLength(2);

    const assigned = { ...ref, assigneeUserId: w.member.id, assigneeTeamId: null };
    await emit({ type: 'ticket.commented', tenantId: w.tenantA.id, data: { ...assigned, commentId: crypto.randomUUID(), authorId: w.member.id, mentions: [leader.id] } });
    expect((await mine(leader.id))[0]?.type).toBe('TICKET_MENTIONED');
    expect((await mine(w.owner.id))[0]?.type).toBe('TICKET_CHANGED');
    expect(await mine(w.owner.id)).toHaveLength(2);
    expect(await mine(w.member.id)).toHaveLength(2);

    // Unassigned: the tenant's ticket administrators (the OWNER holds UPDATE_TICKET).
    const bare = { ...ref, assigneeTeamId: null };
    await emit({ type: 'ticket.sla_breached', tenantId: w.tenantA.id, data: { ...bare, clock: 'FIRST_RESPONSE', dueAt: '2026-01-01T00:00:00Z' } });
    expect((await mine(w.owner.id))[0]?.type).toBe('SLA_BREACHED');
  });
});
