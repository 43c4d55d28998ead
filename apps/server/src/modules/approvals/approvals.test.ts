import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { auditLogs as auditLog } from '../../db/schema/audit';
import { reviewTasks } from '../../db/schema/approvals';
import { templateRequests } from '../../db/schema/templates';
import { userGroups } from '../../db/schema/user-groups';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';

let sb: RunningSandbox;
let t: TestContext;
let orgId: string;
let tenantId: string;
let oaId: string;
type H = Record<string, string>;
let owner: H;
let marketing: H;
let mod1: H;
let mod2: H;
let userH: H;
let euH: H;
let mod1Id: string;
let mod2Id: string;
let marketingId: string;

const submitHandler = EVENT_HANDLERS.filter((h) => h.name === 'zns-template-submit-on-approval');
const dispatch = () => dispatchPendingEvents(t.database.db, submitHandler);
/**
 * Dispatches until the request leaves PENDING: on a shared PostgreSQL an event is handed out only
 * once every older transaction of the server has ended (the dispatcher's pg_snapshot_xmin rule).
 */
async function dispatchUntilSettled(id: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    await dispatch();
    if ((await requestRow(id))?.status !== 'PENDING') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function member(role: 'MODERATOR' | 'MARKETING' | 'USER' | 'EU') {
  const u = await buildUser(t.database, { merchantId: orgId, role, tenantIds: [tenantId] });
  const s = await loginAs(t.app, u.email);
  return { id: u.id, h: s.headers({ 'x-tenant-id': tenantId }) };
}

const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const requestBody = (over: Record<string, unknown> = {}) => ({
  zaloOAId: oaId,
  name: 'Xác nhận lịch hẹn khám',
  templateType: 1,
  tag: 'CUSTOMER_CARE',
  content: 'Chào {customer_name}, lịch hẹn của bạn lúc {time}.',
  params: [
    { name: 'customer_name', type: 1, sample: 'An' },
    { name: 'time', type: 5, sample: '09:00' },
  ],
  ...over,
});

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const org = await buildOrganisation(t.database);
  orgId = org.id;
  const tenant = await buildTenant(t.database, org.id, { znsService: true, oaService: true });
  tenantId = tenant.id;
  const o = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  owner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': tenantId });
  const res = await req('POST', '/merchant/zalo-oa', owner, sandboxOaBody(SANDBOX_OA_ID));
  expect(res.statusCode, res.body).toBe(200);
  oaId = res.json().data.id;
  const m1 = await member('MODERATOR');
  const m2 = await member('MODERATOR');
  const mk = await member('MARKETING');
  mod1 = m1.h;
  mod1Id = m1.id;
  mod2 = m2.h;
  mod2Id = m2.id;
  marketing = mk.h;
  marketingId = mk.id;
  userH = (await member('USER')).h;
  // An end user in a tenant role without any permission.
  const [bare] = await t.database.db.insert(userGroups).values({ tenantId, name: 'Không quyền', permissions: [] }).returning();
  const eu = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenantId], groupId: bare?.id ?? '' });
  euH = (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': tenantId });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

async function setWorkflow(approverIds: string[]) {
  const res = await req('PUT', '/merchant/approval-workflow', owner, { kind: 'ZNS_TEMPLATE', teamId: null, approverIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function submit(over: Record<string, unknown> = {}) {
  const res = await req('POST', '/merchant/template/new', marketing, requestBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; taskId: string; taskStatus: string; abilities: { edit: boolean } };
}

const decide = (h: H, taskId: string, type: 'APPROVAL' | 'DISAPPROVAL', comment: string | null = 'ok') =>
  req('POST', `/merchant/task/${taskId}`, h, comment === null ? { type } : { type, comment });
const requestRow = async (id: string) => (await t.database.db.select().from(templateRequests).where(eq(templateRequests.id, id)))[0];

describe('approval workflows', () => {
  it('lists every kind (empty when unset), sets ordered approvers, refuses duplicates (400) and outsiders (422), deletes', async () => {
    const empty = await req('GET', '/merchant/approval-workflow', owner);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.map((w: { kind: string }) => w.kind)).toEqual(['OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST', 'ZNS_CAMPAIGN', 'ZNS_TEMPLATE']);
    expect(empty.json().data.every((w: { approvers: unknown[]; configured: boolean }) => w.approvers.length === 0 && !w.configured)).toBe(true);

    const set = await req('PUT', '/merchant/approval-workflow', owner, { kind: 'OA_BROADCAST', teamId: null, approverIds: [mod2Id, mod1Id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.approvers.map((a: { id: string }) => a.id)).toEqual([mod2Id, mod1Id]);
    expect(set.json().data.approvers[0]).toHaveProperty('email');

    const dup = await req('PUT', '/merchant/approval-workflow', owner, { kind: 'OA_BROADCAST', teamId: null, approverIds: [mod1Id, mod1Id] });
    expect(dup.statusCode).toBe(400);
    expect(JSON.stringify(dup.json().error.details)).toContain('approverIds');

    const otherOrg = await buildOrganisation(t.database);
    const outsider = await buildUser(t.database, { merchantId: otherOrg.id, role: 'OWNER' });
    const out = await req('PUT', '/merchant/approval-workflow', owner, { kind: 'OA_BROADCAST', teamId: null, approverIds: [mod1Id, outsider.id] });
    expect(out.statusCode).toBe(422);
    expect(out.json().error.code).toBe('APPROVER_NOT_IN_TENANT');
    expect(out.json().error.details.userIds).toEqual([outsider.id]);

    const tooMany = await req('PUT', '/merchant/approval-workflow', owner, { kind: 'OA_BROADCAST', teamId: null, approverIds: Array.from({ length: 11 }, () => crypto.randomUUID()) });
    expect(tooMany.statusCode).toBe(400);

    // Nothing half-written after the refusals: the stored order stays.
    const after = (await req('GET', '/merchant/approval-workflow', owner)).json().data.find((w: { kind: string }) => w.kind === 'OA_BROADCAST');
    expect(after.approvers.map((a: { id: string }) => a.id)).toEqual([mod2Id, mod1Id]);

    const del = await req('DELETE', '/merchant/approval-workflow/OA_BROADCAST', owner);
    expect(del.statusCode, del.body).toBe(200);
    expect((await req('DELETE', '/merchant/approval-workflow/OA_BROADCAST', owner)).statusCode).toBe(404);
    const actions = (await t.database.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, 'approval_workflow'))).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(['WORKFLOW_CREATE', 'WORKFLOW_DELETE']));
  });

  it('lists the approver candidates: tenant members and the organisation’s owners, not outsiders', async () => {
    const res = await req('GET', '/merchant/approval-workflow/candidates', mod1);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([mod1Id, mod2Id, marketingId]));
    expect(res.json().data[0]).toHaveProperty('email');
    expect((await req('GET', '/merchant/approval-workflow/candidates', marketing)).statusCode).toBe(403);
  });

  it('gates the workflow routes by permission', async () => {
    expect((await req('GET', '/merchant/approval-workflow', mod1)).statusCode).toBe(200); // MODERATOR views
    expect((await req('PUT', '/merchant/approval-workflow', mod1, { kind: 'ZNS_CAMPAIGN', teamId: null, approverIds: [] })).statusCode).toBe(403);
    expect((await req('GET', '/merchant/approval-workflow', marketing)).statusCode).toBe(403);
    expect((await req('DELETE', '/merchant/approval-workflow/ZNS_CAMPAIGN', marketing)).statusCode).toBe(403);
    expect((await req('GET', '/merchant/approval-workflow', euH)).statusCode).toBe(403);
  });
});

describe('a ZNS template request through a two-approver review', () => {
  it('walks the approvers in order, refuses others, voids on edit, submits to Zalo once on the last approval', async () => {
    await setWorkflow([mod1Id, mod2Id]);
    const created = await submit();
    expect(created).toMatchObject({ status: 'PENDING', taskStatus: 'PENDING', abilities: { edit: true } });
    const firstTask = created.taskId;

    // The first approver sees it new, with the decide ability; the card counts it.
    const list1 = await req('GET', '/merchant/task/list?module=ZNS&statusTask=PENDING', mod1);
    expect(list1.statusCode, list1.body).toBe(200);
    const row = list1.json().data.find((x: { id: string }) => x.id === firstTask);
    expect(row).toMatchObject({ status: 'new', statusTask: 'PENDING', type: 'ZNS_TEMPLATE', module: 'ZNS', templateRequestId: created.id, abilities: { decide: true } });
    expect(row.createdBy.id).toBe(marketingId);
    expect(row.nextApprover.id).toBe(mod1Id);
    const card1 = (await req('GET', '/merchant/task/card', mod1)).json().data;
    expect(card1).toMatchObject({ statusView: 1, totalTask: 1, totalPending: 1, totalReject: 0, totalApproval: 0 });
    expect(card1).toHaveProperty('totalTicket');
    // The second approver's list shows it, without the decide ability yet.
    const list2 = (await req('GET', '/merchant/task/list', mod2)).json().data;
    expect(list2.find((x: { id: string }) => x.id === firstTask).abilities.decide).toBe(false);

    // Not your turn (403), no note (400 naming comment).
    const early = await decide(mod2, firstTask, 'APPROVAL');
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('TASK_NOT_YOUR_TURN');
    const noNote = await decide(mod1, firstTask, 'APPROVAL', null);
    expect(noNote.statusCode).toBe(400);
    expect(JSON.stringify(noNote.json().error)).toContain('comment');
    const blank = await decide(mod1, firstTask, 'APPROVAL', '   ');
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json().error)).toContain('please input note');

    // Opening it marks it viewed for that user only.
    expect((await req('PATCH', `/merchant/task/${firstTask}`, mod1, { status: 'viewed' })).statusCode).toBe(200);
    expect((await req('GET', '/merchant/task/card', mod1)).json().data.statusView).toBe(0);
    // The second approver is not told yet: it is not their turn.
    expect((await req('GET', '/merchant/task/card', mod2)).json().data.statusView).toBe(0);

    // The creator edits it while pending: the review is voided and a new one starts.
    const edited = await req('PUT', `/merchant/template/new/${created.id}`, marketing, requestBody({ content: 'Xin chào {customer_name}, hẹn lúc {time}.' }));
    expect(edited.statusCode, edited.body).toBe(200);
    const secondTask = edited.json().data.taskId as string;
    expect(secondTask).not.toBe(firstTask);
    const stale = await decide(mod1, firstTask, 'APPROVAL');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('TASK_NOT_PENDING');
    const log = await req('GET', `/merchant/task/log?referenceId=${created.id}`, mod1);
    expect(log.json().data.map((x: { id: string; statusTask: string }) => [x.id, x.statusTask])).toEqual([
      [secondTask, 'PENDING'],
      [firstTask, 'VOIDED'],
    ]);
    expect((await req('GET', `/merchant/task/log?taskId=${firstTask}`, mod1)).json().data).toHaveLength(2);
    // Voided reviews leave the lists.
    expect((await req('GET', '/merchant/task/list', mod1)).json().data.map((x: { id: string }) => x.id)).not.toContain(firstTask);

    const first = await decide(mod1, secondTask, 'APPROVAL', 'Đồng ý');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ statusTask: 'PENDING', currentStep: 1, abilities: { approve: false, reject: false } });
    expect(first.json().data.workFlowCurrent[0]).toMatchObject({ userId: mod1Id, status: 'APPROVED', comment: 'Đồng ý' });
    expect(first.json().data.workFlowCurrent[0].user.userProfile).toHaveProperty('fullName');
    expect((await decide(mod1, secondTask, 'APPROVAL')).json().error.code).toBe('TASK_NOT_YOUR_TURN');
    // Now it is the second approver's turn: the task is new to them.
    const turn = (await req('GET', '/merchant/task/list', mod2)).json().data.find((x: { id: string }) => x.id === secondTask);
    expect(turn).toMatchObject({ status: 'new', abilities: { decide: true } });

    const detail2 = (await req('GET', `/merchant/task/${secondTask}`, mod2)).json().data;
    expect(detail2).toMatchObject({ abilities: { approve: true, reject: true }, preview: { title: 'Xác nhận lịch hẹn khám', body: 'Xin chào An, hẹn lúc 09:00.' } });
    expect(detail2.snapshotHash).toMatch(/^[0-9a-f]{64}$/);

    const last = await decide(mod2, secondTask, 'APPROVAL', 'Duyệt');
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.statusTask).toBe('APPROVAL');
    const twice = await decide(mod2, secondTask, 'APPROVAL');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('TASK_ALREADY_DECIDED');
    // Decided: the creator can no longer edit.
    const late = await req('PUT', `/merchant/template/new/${created.id}`, marketing, requestBody());
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('TEMPLATE_REQUEST_NOT_EDITABLE');

    // The approval handler submits it to Zalo (the sandbox over HTTP), once.
    expect((await requestRow(created.id))?.status).toBe('PENDING');
    await dispatchUntilSettled(created.id);
    const submitted = await requestRow(created.id);
    expect(submitted).toMatchObject({ status: 'SUBMITTED', error: null });
    expect(submitted?.znsTemplateId).toBeTruthy();
    const inSandbox = sb.sandbox.state.templates.get(submitted?.znsTemplateId ?? '');
    expect(inSandbox).toMatchObject({ name: 'Xác nhận lịch hẹn khám', status: 'PENDING_REVIEW', tag: 'CUSTOMER_CARE' });
    const count = sb.sandbox.state.templates.size;
    await dispatch();
    expect(sb.sandbox.state.templates.size).toBe(count);
    const listed = (await req('GET', '/merchant/template/new?size=50', owner)).json().data.find((x: { id: string }) => x.id === created.id);
    expect(listed).toMatchObject({ status: 'SUBMITTED', taskId: secondTask, taskStatus: 'APPROVAL', abilities: { edit: false } });
    const audits = (await t.database.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, created.id))).map((r) => r.a);
    expect(audits).toEqual(expect.arrayContaining(['ZNS_TEMPLATE_REQUEST', 'ZNS_TEMPLATE_SUBMIT']));
    const taskAudits = (await t.database.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, secondTask))).map((r) => r.a);
    expect(taskAudits.sort()).toEqual(['TASK_APPROVE', 'TASK_APPROVE']);
  });

  it('ends the request REJECTED with the note on a rejection, with the red entry on the timeline', async () => {
    await setWorkflow([mod1Id, mod2Id]);
    const created = await submit({ name: 'Nhắc thanh toán hoá đơn' });
    const r = await decide(mod1, created.taskId, 'DISAPPROVAL', 'Sai nội dung');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.statusTask).toBe('DISAPPROVAL');
    expect(r.json().data.workFlowCurrent.map((e: { status: string }) => e.status)).toEqual(['REJECTED', 'PENDING']);
    expect(await requestRow(created.id)).toMatchObject({ status: 'REJECTED', error: 'Sai nội dung' });
    // The outcome is new to the creator.
    const mine = (await req('GET', '/merchant/task/list', marketing)).json().data.find((x: { id: string }) => x.id === created.taskId);
    expect(mine).toMatchObject({ status: 'new', statusTask: 'DISAPPROVAL' });
    expect((await decide(mod2, created.taskId, 'APPROVAL')).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, created.taskId), eq(auditLog.action, 'TASK_REJECT')));
    expect(audit).toHaveLength(1);
    // The creator's card counts the rejection.
    expect((await req('GET', '/merchant/task/card', marketing)).json().data.totalReject).toBeGreaterThanOrEqual(1);
    const filtered = (await req('GET', '/merchant/task/list?statusTask=DISAPPROVAL', marketing)).json().data;
    expect(filtered.map((x: { id: string }) => x.id)).toContain(created.taskId);
  });

  it('approves at once without a workflow, and a request Zalo refuses ends FAILED with Zalo’s message', async () => {
    expect((await req('DELETE', '/merchant/approval-workflow/ZNS_TEMPLATE', owner)).statusCode).toBe(200);
    // A name Zalo would refuse (shorter than 10 characters) is refused before review and before Zalo.
    const short = await req('POST', '/merchant/template/new', marketing, requestBody({ name: 'Mã OTP' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().error.details.fields[0]).toMatchObject({ path: 'name', code: 'nameLength' });
    // Zalo refusing a valid template: the request ends FAILED with Zalo's message.
    await fetch(`${sb.url}/_control/force-error`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/business/template/create', code: -132, message: 'template_name is duplicated' }) });
    const created = await submit({ name: 'Mã OTP đăng nhập' });
    expect(created.taskStatus).toBe('APPROVAL');
    await dispatchUntilSettled(created.id);
    const row = await requestRow(created.id);
    expect(row?.status).toBe('FAILED');
    expect(row?.error).toContain('template_name');
  });

  it('decides exactly once when the approver sends two decisions at the same moment', async () => {
    await setWorkflow([mod1Id]);
    const created = await submit({ name: 'Thông báo giao hàng' });
    const results = await Promise.all([decide(mod1, created.taskId, 'APPROVAL', 'a'), decide(mod1, created.taskId, 'DISAPPROVAL', 'b')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [task] = await t.database.db.select().from(reviewTasks).where(eq(reviewTasks.id, created.taskId));
    const winner = results.find((r) => r.statusCode === 200)?.json().data.statusTask;
    expect(task?.status).toBe(winner);
    expect(task?.version).toBe(1);
  });
});

describe('tasks: filters, isolation and permissions', () => {
  it('filters by module, type, name and order', async () => {
    const oa = await req('GET', '/merchant/task/list?module=OA', marketing);
    expect(oa.statusCode).toBe(200);
    expect(oa.json().data).toEqual([]);
    const byName = (await req('GET', '/merchant/task/list?name=giao%20h', marketing)).json();
    expect(byName.data.map((x: { name: string }) => x.name)).toEqual(['Thông báo giao hàng']);
    const asc = (await req('GET', '/merchant/task/list?orderBy=createdAt=asc&type=ZNS_TEMPLATE', marketing)).json().data as Array<{ createdAt: string }>;
    const desc = (await req('GET', '/merchant/task/list?orderBy=createdAt=desc', marketing)).json().data as Array<{ createdAt: string }>;
    expect(asc.map((x) => x.createdAt)).toEqual([...desc.map((x) => x.createdAt)].reverse());
    expect((await req('GET', '/merchant/task/list?orderBy=name=asc', marketing)).statusCode).toBe(400);
    expect((await req('GET', `/merchant/task/list?teamIds=${crypto.randomUUID()}`, marketing)).json().data).toEqual([]);
  });

  it('answers 404 for another tenant’s task and 403 without the permission', async () => {
    const [task] = await t.database.db.select().from(reviewTasks).where(eq(reviewTasks.tenantId, tenantId)).limit(1);
    const id = task?.id ?? '';
    const other = await buildTenant(t.database, orgId, { znsService: true });
    const o = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const oh = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': other.id });
    expect((await req('GET', `/merchant/task/${id}`, oh)).statusCode).toBe(404);
    expect((await decide(oh, id, 'APPROVAL')).statusCode).toBe(404);
    expect((await req('PATCH', `/merchant/task/${id}`, oh, { status: 'viewed' })).statusCode).toBe(404);
    expect((await req('GET', `/merchant/task/log?taskId=${id}`, oh)).statusCode).toBe(404);
    expect((await req('GET', `/merchant/task/log?referenceId=${task?.referenceId}`, oh)).json().data).toEqual([]);
    expect((await req('GET', `/merchant/task/oa/${task?.referenceId}`, oh)).json().data).toEqual([]);
    expect((await req('GET', '/merchant/task/list', oh)).json().data).toEqual([]);
    // EU has no task permission; USER sees tasks but may not decide.
    for (const url of ['/merchant/task/list', '/merchant/task/card', `/merchant/task/${id}`, `/merchant/task/log?taskId=${id}`]) expect((await req('GET', url, euH)).statusCode, url).toBe(403);
    expect((await req('GET', '/merchant/task/list', userH)).statusCode).toBe(200);
    expect((await decide(userH, id, 'APPROVAL')).statusCode).toBe(403);
    expect((await decide(marketing, id, 'APPROVAL')).statusCode).toBe(403);
  });
});
