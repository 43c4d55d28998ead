import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { Permission } from '@zc/shared/permissions';
import { userGroups } from '../../db/schema/user-groups';
import { createCipher } from '../../platform/crypto';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
import { useBroadcastContentSource, type PublishedContent } from './content-port';
import { sendDueBroadcasts } from './service';

type H = Record<string, string>;
const HOUR = 3_600_000;
/** 09:00 Vietnam time on the first day whose 09:00 is after `from`. */
function vnNineAfter(from: number): number {
  const l = new Date(from + 7 * HOUR);
  const nine = Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate(), 2, 0);
  return nine > from ? nine : nine + 24 * HOUR;
}
const DAY = vnNineAfter(Date.now() + 2 * HOUR);
const NIGHT = DAY + 14 * HOUR; // 23:00 Vietnam time

let sb: RunningSandbox;
let t: TestContext;
let owner: H;
let approver: H;
let approverId: string;
let composer: H;
let bare: H;
let otherOwner: H;
let tenantId: string;
let oaId: string;
let articleIds: string[];
const contents: string[] = Array.from({ length: 7 }, () => crypto.randomUUID());
const unpublished: string = crypto.randomUUID();

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const payload = (over: Record<string, unknown> = {}, elements = contents.slice(0, 3)) => ({
  recipient: { target: { gender: '2', ages: '2,3', cities: '4,9' } },
  message: { attachment: { type: 'template', payload: { template_type: 'media', elements: elements.map((id) => ({ media_type: 'article', attachment_id: id })) } } },
  nameBroadcast: 'Ưu đãi tháng 12',
  status: 'PENDING_REVIEW',
  teamId: null,
  scheduleTime: new Date(Date.now() + HOUR).toISOString(),
  zaloOA: oaId,
  ...over,
});

async function groupWith(permissions: Permission[]): Promise<string> {
  const [g] = await t.database.db.insert(userGroups).values({ tenantId, name: `g${Math.random()}`, permissions }).returning();
  return g?.id ?? '';
}

beforeAll(async () => {
  sb = await startSandboxServer({ startTime: DAY });
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  tenantId = tenant.id;
  const o = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  owner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': tenantId });
  const res = await req('POST', '/merchant/zalo-oa', owner, sandboxOaBody(SANDBOX_OA_ID));
  expect(res.statusCode, res.body).toBe(200);
  oaId = res.json().data.id;
  const a = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenantId] });
  approverId = a.id;
  approver = (await loginAs(t.app, a.email)).headers({ 'x-tenant-id': tenantId });
  const c = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId], groupId: await groupWith(['VIEW_ZALO_OA_CONTENT', 'CREATE_ZALO_OA_CONTENT']) });
  composer = (await loginAs(t.app, c.email)).headers({ 'x-tenant-id': tenantId });
  const b = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId], groupId: await groupWith([]) });
  bare = (await loginAs(t.app, b.email)).headers({ 'x-tenant-id': tenantId });
  const otherTenant = await buildTenant(t.database, org.id, { oaService: true });
  otherOwner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': otherTenant.id });
  expect((await req('PUT', '/merchant/approval-workflow', owner, { kind: 'OA_BROADCAST', teamId: null, approverIds: [approverId] })).statusCode).toBe(200);
  // The seeded sandbox articles of the OA stand in for published posts (the content module's side).
  articleIds = [...sb.sandbox.state.articles.values()].filter((x) => x.oaId === SANDBOX_OA_ID).map((x) => x.id);
  useBroadcastContentSource(async (_db, tid, ids) => {
    const out = new Map<string, PublishedContent>();
    if (tid !== tenantId) return out;
    for (const id of ids) {
      const i = contents.indexOf(id);
      if (i >= 0) out.set(id, { id, type: i >= 5 ? 'video' : 'post', title: `Bài viết ${i + 1}`, description: 'Mô tả', cover: null, articles: new Map([[oaId, articleIds[i] ?? '']]) });
      if (id === unpublished) out.set(id, { id, type: 'post', title: 'Nháp', description: '', cover: null, articles: new Map() });
    }
    return out;
  });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

const zalo = () => createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts);
const detail = async (id: string, h: H = owner) => (await req('GET', `/merchant/oa-content/broadcast/detail/${id}`, h)).json().data;
async function createOne(over: Record<string, unknown> = {}, elements?: string[]): Promise<string> {
  const res = await req('POST', '/merchant/oa-content/broadcast/create', owner, [payload(over, elements)]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].id;
}
async function approve(id: string) {
  const res = await req('PATCH', `/merchant/oa-content/broadcast/approved/${id}`, approver, { approval: true, comment: 'Duyệt' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('OA broadcasts', () => {
  it('serves the city list from its one table: 63 provinces, 42–62 marked inferred', async () => {
    const res = await req('GET', '/merchant/oa-content/broadcast/attribute?type=CODE_PROVINCE_CITY_ZALO', owner);
    expect(res.statusCode).toBe(200);
    const cities = res.json().data as Array<{ name: string; value: number; inferred: boolean }>;
    expect(cities).toHaveLength(63);
    expect(cities.find((c) => c.value === 4)?.name).toBe('Hồ Chí Minh');
    expect(cities.filter((c) => c.value >= 42).every((c) => c.inferred)).toBe(true);
    expect(cities.find((c) => c.value === 9)?.inferred).toBe(false);
    expect((await req('GET', '/merchant/oa-content/broadcast/attribute?type=OTHER', owner)).statusCode).toBe(400);
  });

  it('files a broadcast of videos only under the video tab, any post under the post tab (§2.3)', async () => {
    const res = await req('POST', '/merchant/oa-content/broadcast/create', owner, [
      payload({ status: 'DRAFT', nameBroadcast: 'Tab video' }, contents.slice(5, 7)),
      payload({ status: 'DRAFT', nameBroadcast: 'Tab bài viết' }, [contents[4] ?? '', contents[5] ?? '']),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [videos, mixed] = res.json().data;
    expect([videos.contentType, mixed.contentType]).toEqual(['video', 'post']);
    const ids = async (type: string) => (await req('GET', `/merchant/oa-content/broadcast/getList?type=${type}&size=100`, owner)).json().data.map((x: { id: string }) => x.id);
    expect(await ids('video')).toEqual(expect.arrayContaining([videos.id]));
    expect(await ids('video')).not.toContain(mixed.id);
    expect(await ids('post')).toEqual(expect.arrayContaining([mixed.id]));
    expect(await ids('post')).not.toContain(videos.id);
    expect((await req('GET', '/merchant/oa-content/broadcast/getList?type=article', owner)).statusCode).toBe(400);
  });

  it('creates one broadcast per OA, under review with the next approver; lists with filters and search', async () => {
    const res = await req('POST', '/merchant/oa-content/broadcast/create', owner, [payload(), payload({ status: 'DRAFT', nameBroadcast: 'Bản nháp' })]);
    expect(res.statusCode, res.body).toBe(200);
    const [pending, draft] = res.json().data;
    expect(pending.groupId).toBe(draft.groupId);
    expect(pending.status).toBe('PENDING_REVIEW');
    expect(pending.userNextApproval.id).toBe(approverId);
    expect(pending.oABroadcastMapping[0].recipient.target).toEqual({ gender: '2', ages: '2,3', cities: '4,9', locations: '' });
    expect(pending.attachment.map((x: { title: string }) => x.title)).toEqual(['Bài viết 1', 'Bài viết 2', 'Bài viết 3']);
    expect(draft.status).toBe('DRAFT');
    expect(draft.task).toEqual([]);
    const list = await req('GET', '/merchant/oa-content/broadcast/getList?status=DRAFT&title=nháp', owner);
    expect(list.json().data.map((x: { id: string }) => x.id)).toContain(draft.id);
    expect(list.json().data.every((x: { status: string }) => x.status === 'DRAFT')).toBe(true);
    const all = await req('GET', '/merchant/oa-content/broadcast/getList?page=1&size=1&orderBy=createdAt=desc', owner);
    expect(all.json().data).toHaveLength(1);
    expect(all.json().meta.total).toBeGreaterThanOrEqual(2);
    // The approver sees the decide ability; the owner does not (not their turn).
    expect((await detail(pending.id, approver)).abilities.decide).toBe(true);
    expect((await detail(pending.id)).abilities.decide).toBe(false);
  });

  it('refuses the broadcast rules with 422 naming the rule, storing nothing', async () => {
    const before = (await req('GET', '/merchant/oa-content/broadcast/getList', owner)).json().meta.total;
    const rule = async (p: unknown) => {
      const res = await req('POST', '/merchant/oa-content/broadcast/create', owner, [p]);
      return { status: res.statusCode, rule: res.json().error?.details?.rule, field: res.json().error?.details?.fields?.[0]?.path };
    };
    expect(await rule(payload({}, contents.slice(0, 6)))).toMatchObject({ status: 422, rule: 'TOO_MANY_CONTENTS' });
    expect(await rule(payload({}, []))).toMatchObject({ status: 422, rule: 'NO_CONTENT' });
    expect(await rule(payload({}, [contents[0] ?? '', unpublished]))).toMatchObject({ status: 422, rule: 'CONTENT_NOT_PUBLISHED', field: '[0].message.attachment.payload.elements.1.attachment_id' });
    expect(await rule(payload({ scheduleTime: new Date(Date.now() - 60_000).toISOString() }))).toMatchObject({ status: 422, rule: 'PAST_SCHEDULE', field: '[0].scheduleTime' });
    expect(await rule(payload({ recipient: { target: { gender: '0', ages: '0', cities: '4,70' } } }))).toMatchObject({ status: 422, rule: 'CITY_UNKNOWN' });
    expect((await rule(payload({ recipient: { target: { gender: '3', ages: '0' } } }))).status).toBe(400);
    expect((await rule(payload({ nameBroadcast: 'x'.repeat(151) }))).status).toBe(400);
    // A batch with one bad payload stores none of it.
    const batch = await req('POST', '/merchant/oa-content/broadcast/create', owner, [payload(), payload({}, [])]);
    expect(batch.statusCode).toBe(422);
    expect((await req('GET', '/merchant/oa-content/broadcast/getList', owner)).json().meta.total).toBe(before);
  });

  it("answers 404 for another tenant's broadcast and OA, 403 without the permission", async () => {
    const id = await createOne({ status: 'DRAFT' });
    expect((await req('GET', `/merchant/oa-content/broadcast/detail/${id}`, otherOwner)).statusCode).toBe(404);
    expect((await req('PATCH', `/merchant/oa-content/broadcast/update/${id}`, otherOwner, payload())).statusCode).toBe(404);
    expect((await req('DELETE', `/merchant/oa-content/broadcast/delete/${id}`, otherOwner)).statusCode).toBe(404);
    expect((await req('PATCH', `/merchant/oa-content/broadcast/approved/${id}`, otherOwner, { approval: true, comment: 'x' })).statusCode).toBe(404);
    expect((await req('POST', '/merchant/oa-content/broadcast/create', otherOwner, [payload()])).statusCode).toBe(404);
    expect((await req('GET', '/merchant/oa-content/broadcast/getList', otherOwner)).json().data.some((x: { id: string }) => x.id === id)).toBe(false);
    for (const [method, url, body] of [
      ['GET', '/merchant/oa-content/broadcast/getList', undefined],
      ['GET', `/merchant/oa-content/broadcast/detail/${id}`, undefined],
      ['GET', '/merchant/oa-content/broadcast/attribute?type=CODE_PROVINCE_CITY_ZALO', undefined],
      ['POST', '/merchant/oa-content/broadcast/create', [payload()]],
      ['PATCH', `/merchant/oa-content/broadcast/update/${id}`, payload()],
      ['DELETE', `/merchant/oa-content/broadcast/delete/${id}`, undefined],
      ['PATCH', `/merchant/oa-content/broadcast/approved/${id}`, { approval: true, comment: 'x' }],
    ] as const) {
      expect((await req(method, url, bare, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('deletes a draft for its composer; anything else only with the delete permission', async () => {
    const draft = (await req('POST', '/merchant/oa-content/broadcast/create', composer, [payload({ status: 'DRAFT' })])).json().data[0].id;
    const pending = (await req('POST', '/merchant/oa-content/broadcast/create', composer, [payload()])).json().data[0].id;
    expect((await detail(pending, composer)).abilities.delete).toBe(false);
    expect((await req('DELETE', `/merchant/oa-content/broadcast/delete/${pending}`, composer)).statusCode).toBe(403);
    expect((await req('DELETE', `/merchant/oa-content/broadcast/delete/${draft}`, composer)).statusCode).toBe(200);
    expect((await req('DELETE', `/merchant/oa-content/broadcast/delete/${pending}`, owner)).statusCode).toBe(200);
    expect((await req('GET', `/merchant/oa-content/broadcast/detail/${pending}`, owner)).statusCode).toBe(404);
    // Its review ended with it.
    const tasks = await req('GET', `/merchant/task/log?referenceId=${pending}`, owner);
    if (tasks.statusCode === 200) expect(tasks.json().data.every((x: { statusTask: string }) => x.statusTask !== 'PENDING')).toBe(true);
  });

  it('editing a broadcast in review voids its review and submits the new version', async () => {
    const id = await createOne();
    const first = (await detail(id)).task[0].id;
    const res = await req('PATCH', `/merchant/oa-content/broadcast/update/${id}`, owner, payload({ nameBroadcast: 'Đã sửa' }, contents.slice(0, 2)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.nameBroadcast).toBe('Đã sửa');
    expect(res.json().data.task[0].id).not.toBe(first);
    expect(res.json().data.status).toBe('PENDING_REVIEW');
    // The voided task can no longer be decided.
    expect((await req('POST', `/merchant/task/${first}`, approver, { type: 'APPROVAL', comment: 'ok' })).statusCode).toBeGreaterThanOrEqual(400);
    // Only the next approver decides.
    expect((await req('PATCH', `/merchant/oa-content/broadcast/approved/${id}`, owner, { approval: true, comment: 'ok' })).statusCode).toBe(403);
    const approved = await approve(id);
    expect(approved.status).toBe('APPROVED');
    expect(approved.send.state).toBe('WAITING');
    expect((await req('PATCH', `/merchant/oa-content/broadcast/update/${id}`, owner, payload())).statusCode).toBe(409);
  });

  it('sends at the schedule time inside the window: SHOWN with Zalo’s message id and the target as sent', async () => {
    const id = await createOne();
    await approve(id);
    // Before its time nothing goes.
    await sendDueBroadcasts(t.database.db, zalo(), { now: new Date(Date.now() + 10 * 60_000) });
    expect((await detail(id)).send.state).toBe('WAITING');
    const r = await sendDueBroadcasts(t.database.db, zalo(), { now: new Date(DAY) });
    expect(r.sent).toBeGreaterThanOrEqual(1);
    const d = await detail(id);
    expect(d.status).toBe('SHOWN');
    expect(d.send.state).toBe('SENT');
    expect(d.send.zaloMessageId).toMatch(/\w+/);
    expect(d.attachment.map((a: { zaloArticleId: string }) => a.zaloArticleId)).toEqual(articleIds.slice(0, 3));
    const ctl = (await (await fetch(`${sb.url}/_control/broadcasts`)).json()) as { broadcasts: Array<{ messageId: string; target: unknown; status: string }> };
    const sent = ctl.broadcasts.find((b) => b.messageId === d.send.zaloMessageId);
    expect(sent?.target).toEqual({ ages: '2,3', gender: '2', cities: '4,9' });
    expect(sent?.status).toBe('MODERATING');
    // Sent once: a second sweep does not send it again.
    await sendDueBroadcasts(t.database.db, zalo(), { now: new Date(DAY + 60_000) });
    expect(((await (await fetch(`${sb.url}/_control/broadcasts`)).json()) as typeof ctl).broadcasts.filter((b: { messageId: string }) => b.messageId === d.send.zaloMessageId)).toHaveLength(1);
  });

  it('a broadcast due at night waits for 06:00 with its reason visible', async () => {
    const id = await createOne();
    await approve(id);
    await sendDueBroadcasts(t.database.db, zalo(), { now: new Date(NIGHT) });
    const d = await detail(id);
    expect(d.status).toBe('APPROVED');
    expect(d.send).toMatchObject({ state: 'HELD', holdReason: 'DELIVERY_WINDOW' });
    // The next 06:00 Vietnam time (23:00 UTC of the same UTC day as 23:00 VN + 7 h).
    expect(d.send.nextAttemptAt).toBe(new Date(DAY + 21 * HOUR).toISOString());
  });

  it('a broadcast that cannot fit the monthly quota is held with the reason, not dropped', async () => {
    const ours = await createOne();
    await approve(ours);
    await sendDueBroadcasts(t.database.db, zalo(), { now: new Date(DAY), quotaOf: () => 0 });
    expect((await detail(ours)).send).toMatchObject({ state: 'HELD', holdReason: 'MONTHLY_QUOTA' });

    // Zalo's own refusal (-211) holds it too, with Zalo's explanation in both languages.
    const theirs = await createOne();
    await approve(theirs);
    await fetch(`${sb.url}/_control/broadcasts/settings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ monthlyQuota: 0 }) });
    try {
      await sendDueBroadcasts(t.database.db, zalo(), { now: new Date(DAY) });
    } finally {
      await fetch(`${sb.url}/_control/broadcasts/settings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ monthlyQuota: 4 }) });
    }
    const d = await detail(theirs);
    expect(d.status).toBe('APPROVED');
    expect(d.send).toMatchObject({ state: 'HELD', holdReason: 'MONTHLY_QUOTA' });
    expect(d.send.error.code).toBe(-211);
    expect(d.send.error.vi).toContain('hạn mức');
    expect(new Date(d.send.nextAttemptAt).getTime()).toBeGreaterThan(DAY);
  });

  it('a rejected broadcast is REJECTED and never sent', async () => {
    const id = await createOne();
    const res = await req('PATCH', `/merchant/oa-content/broadcast/approved/${id}`, approver, { approval: false, comment: 'Sai nội dung' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('REJECTED');
    expect(res.json().data.send.state).toBeNull();
    expect((await req('PATCH', `/merchant/oa-content/broadcast/approved/${id}`, approver, { approval: true, comment: 'x' })).statusCode).toBe(409);
  });
});
