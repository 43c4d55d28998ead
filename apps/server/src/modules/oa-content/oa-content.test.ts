import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '@zc/zalo-sandbox/seed';
import type { ZaloClient } from '@zc/zalo/client';
import { domainEvents } from '../../db/schema/events';
import { oaContentMappings, oaContents, oaVideos } from '../../db/schema/oa-content';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { oaContentPublishJob, publishDue, refreshStats } from './publisher';
import { publishedArticles } from './service';

let sb: RunningSandbox;
let t: TestContext;
let zalo: ZaloClient;
let h: Record<string, string>;
let tenantId: string;
let orgId: string;
let ownerId: string;
let oa1: string;
let oa2: string;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3, 4]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]), Buffer.alloc(64, 7)]);

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** A multipart body with the given files (field `file`) and text fields. */
function form(files: Array<{ name: string; buf: Buffer; type?: string }>, fields: Record<string, string> = {}) {
  const boundary = `----zc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`), f.buf, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (extra: Record<string, unknown> = {}) => ({
  type: 'post',
  title: 'Ưu đãi tháng 12',
  author: 'Sen Việt',
  description: 'Giảm giá cuối năm',
  cover: { cover_type: 'photo', photo_url: 'https://example.vn/c.jpg', status: 'show' },
  body: [{ type: 'text', content: '<p>Xin chào</p>' }, { type: 'image', url: 'https://example.vn/i.jpg', caption: 'Ảnh' }],
  zaloOAIds: [oa1, oa2],
  ...extra,
});

async function create(body: Record<string, unknown>, headers = h) {
  const res = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-content/create', headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; version: number; taskId: string | null; abilities: Record<string, boolean> };
}
const detail = async (id: string) => (await t.app.inject({ url: `/api/merchant/oa-content/detail/${id}`, headers: h })).json().data;

/** Steps the publisher until nothing is due (the clock moved past each back-off). */
async function publishAll(contentId: string, rounds = 12) {
  let at = Date.now();
  for (let i = 0; i < rounds; i += 1) {
    at += 15 * 60_000;
    const when = new Date(at);
    await publishDue(t.database.db, zalo, { now: () => when, contentId });
    const left = await t.database.db.select().from(oaContentMappings).where(eq(oaContentMappings.contentId, contentId));
    if (left.every((m) => m.publishState === 'PUBLISHED' || m.publishState === 'FAILED')) return left;
  }
  return t.database.db.select().from(oaContentMappings).where(eq(oaContentMappings.contentId, contentId));
}

async function setWorkflow(kind: string, approverIds: string[]) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/merchant/approval-workflow', headers: h, payload: { kind, teamId: null, approverIds } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  zalo = createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts, { timeoutMs: 5_000 });
  const org = await buildOrganisation(t.database);
  orgId = org.id;
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  ownerId = owner.id;
  h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  for (const zoa of [SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(zoa) });
    expect(res.statusCode, res.body).toBe(200);
    if (zoa === SANDBOX_OA_ID) oa1 = res.json().data.id;
    else oa2 = res.json().data.id;
  }
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('OA content: drafts, review, publishing', () => {
  it('saves a draft, lists it with filters, edits it (version guard), deletes it', async () => {
    const draft = await create(post({ title: 'Bản nháp A' }));
    expect(draft).toMatchObject({ status: 'draft', taskId: null, abilities: { update: true, delete: true, decide: false } });
    const list = await t.app.inject({ url: `/api/merchant/oa-content/getList?type=post&status=hide&title=${encodeURIComponent('nháp A')}&zaloOAId=${oa1},${oa2}`, headers: h });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((c: { id: string }) => c.id)).toContain(draft.id);
    expect(list.json().data[0]).toMatchObject({ statusDisplay: 'hide', zaloOA: [{ id: expect.any(String) }, { id: expect.any(String) }], totalView: 0 });
    expect((await t.app.inject({ url: '/api/merchant/oa-content/getList?type=video', headers: h })).json().data.map((c: { id: string }) => c.id)).not.toContain(draft.id);
    const upd = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/update/${draft.id}`, headers: h, payload: post({ title: 'Bản nháp B', zaloOAIds: [oa1], version: draft.version }) });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ title: 'Bản nháp B', version: 2, zaloOA: [{ id: oa1 }] });
    const stale = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/update/${draft.id}`, headers: h, payload: post({ version: 1 }) });
    expect(stale.statusCode).toBe(409);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/oa-content/${draft.id}`, headers: h });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.app.inject({ url: `/api/merchant/oa-content/detail/${draft.id}`, headers: h })).statusCode).toBe(404);
  });

  it('refuses bad input with the field: long title, no OA, submit without title, another tenant’s OA', async () => {
    const bad = async (body: Record<string, unknown>) => (await t.app.inject({ method: 'POST', url: '/api/merchant/oa-content/create', headers: h, payload: body })).json().error;
    expect((await bad(post({ title: 'x'.repeat(151) }))).details.fields[0].path).toContain('title');
    expect((await bad(post({ author: 'x'.repeat(51) }))).details.fields[0].path).toContain('author');
    expect((await bad(post({ description: 'x'.repeat(301) }))).details.fields[0].path).toContain('description');
    expect((await bad(post({ zaloOAIds: [] }))).details.fields[0].message).toBe('please choose an official account');
    expect((await bad(post({ title: '', submit: true }))).details.fields[0].path).toContain('title');
    expect((await bad(post({ zaloOAIds: ['00000000-0000-4000-8000-000000000000'] }))).details.fields[0].path).toBe('zaloOAIds');
  });

  it('submits for review, the approver approves, it publishes to two OAs (a failed verify retried), then stats refresh', async () => {
    await setWorkflow('OA_CONTENT_POST', [ownerId]);
    // OA 2's first verify fails transiently (Zalo -200 on every try of one call): the publisher backs off and retries.
    await control(`/articles/oa/${SANDBOX_SECOND_OA_ID}`, { failNext: { code: -200, message: 'Send message failed', count: 3 } });
    const c = await create(post({ submit: true }));
    expect(c).toMatchObject({ status: 'approval', abilities: { decide: true, delete: true } });
    expect((await detail(c.id)).userNextApproval).toMatchObject({ id: ownerId });
    // An approved-pending item cannot be edited into another OA without voiding: PATCH voids and resubmits.
    const decided = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/approved/${c.id}`, headers: h, payload: { comment: 'Duyệt', approval: true } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ status: 'published', statusDisplay: 'show', abilities: { update: false, delete: false } });
    const mappings = await publishAll(c.id);
    expect(mappings.map((m) => m.publishState).sort()).toEqual(['PUBLISHED', 'PUBLISHED']);
    for (const m of mappings) expect(m.zaloContentId).toMatch(/^[0-9a-f]{20}$/);
    const second = mappings.find((m) => m.zaloOaId === oa2);
    expect(second?.publishedAt).toBeTruthy();
    // OA 2's verify failed (the sandbox's forced -200 was used up) and the retry published it.
    const sandboxState = (await (await fetch(`${sb.url}/_control/articles`)).json()) as { oas: Array<{ oaId: string; failNext?: unknown }> };
    expect(sandboxState.oas.find((o) => o.oaId === SANDBOX_SECOND_OA_ID)?.failNext).toBeUndefined();
    expect(second?.attempts).toBeGreaterThanOrEqual(1);
    const d = await detail(c.id);
    expect(d.oaContentMapping.every((m: { publishState: string; linkView: string | null }) => m.publishState === 'PUBLISHED' && m.linkView)).toBe(true);
    // Announced: per-OA changes, and the item published once.
    const events = await t.database.db.select().from(domainEvents).where(sql`${domainEvents.payload}->>'referenceId' = ${c.id} or ${domainEvents.payload}->>'contentId' = ${c.id}`);
    expect(events.filter((e) => e.type === 'review.item_published')).toHaveLength(1);
    expect(events.some((e) => e.type === 'oa_content.changed' && (e.payload as { publishState: string | null }).publishState === 'VERIFYING')).toBe(true);
    // Stats from getslice.
    const article = sb.sandbox.state.articles.get(mappings[0]!.zaloContentId!);
    if (article) article.views = 400;
    await refreshStats(t.database.db, zalo, { now: () => new Date(Date.now() + 3_600_000) });
    const after = await detail(c.id);
    expect(after.totalView).toBe(400);
    expect(after.totalShare).toBe(20);
    // For broadcasts.
    const published = await publishedArticles(t.database.db, tenantId, [c.id]);
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({ contentId: c.id, type: 'post', title: 'Ưu đãi tháng 12', cover: 'https://example.vn/c.jpg' });
    // §8: an approved item cannot be deleted.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/oa-content/${c.id}`, headers: h });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatchObject({ code: 'OA_CONTENT_APPROVED', message: 'OA Content was approved so cannot delete' });
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/update/${c.id}`, headers: h, payload: post() });
    expect(edit.json().error.code).toBe('OA_CONTENT_NOT_EDITABLE');
    await setWorkflow('OA_CONTENT_POST', []);
  });

  it('an OA at its article quota (-223) ends FAILED with Zalo’s message; the other OA publishes', async () => {
    await setWorkflow('OA_CONTENT_POST', []);
    await control(`/articles/oa/${SANDBOX_OA_ID}`, { quota: 0 });
    onTestFinished(async () => void (await control(`/articles/oa/${SANDBOX_OA_ID}`, { quota: 100 })));
    const c = await create(post({ submit: true, title: 'Hết hạn mức' }));
    // No workflow: approved at once.
    expect(c.status).toBe('published');
    const mappings = await publishAll(c.id);
    const one = mappings.find((m) => m.zaloOaId === oa1);
    expect(one).toMatchObject({ publishState: 'FAILED', lastError: 'Your OA has reach the limit quota create article' });
    expect(mappings.find((m) => m.zaloOaId === oa2)?.publishState).toBe('PUBLISHED');
    expect((await detail(c.id)).oaContentMapping.find((m: { zaloOAId: string }) => m.zaloOAId === oa1)).toMatchObject({ publishState: 'FAILED', publishError: 'Your OA has reach the limit quota create article' });
  });

  it('rejection sends it back as disapproval; editing one in review voids the review; deleting a non-draft needs DELETE', async () => {
    await setWorkflow('OA_CONTENT_POST', [ownerId]);
    const c = await create(post({ submit: true, title: 'Từ chối' }));
    const rej = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/approved/${c.id}`, headers: h, payload: { comment: 'Sửa lại', approval: false } });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().data.status).toBe('disapproval');
    const again = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/update/${c.id}`, headers: h, payload: post({ submit: true, title: 'Gửi lại' }) });
    expect(again.json().data.status).toBe('approval');
    const firstTask = again.json().data.taskId;
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/update/${c.id}`, headers: h, payload: post({ submit: true, title: 'Gửi lại lần 2' }) });
    expect(edit.json().data.taskId).not.toBe(firstTask);
    const task = await t.app.inject({ url: `/api/merchant/task/${firstTask}`, headers: h });
    expect(task.json().data.statusTask).toBe('VOIDED');
    const noNote = await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/approved/${c.id}`, headers: h, payload: { comment: ' ', approval: true } });
    expect(noNote.statusCode).toBe(400);
    // Owner holds DELETE: a content in review can be deleted (its review voided).
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/oa-content/${c.id}`, headers: h })).statusCode).toBe(200);
    await setWorkflow('OA_CONTENT_POST', []);
  });

  it('another tenant’s ids answer 404; a member without content permissions gets 403', async () => {
    const c = await create(post({ title: 'Riêng tư' }));
    const other = await buildTenant(t.database, orgId, { oaService: true });
    const owner2 = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const h2 = (await loginAs(t.app, owner2.email)).headers({ 'x-tenant-id': other.id });
    expect((await t.app.inject({ url: `/api/merchant/oa-content/detail/${c.id}`, headers: h2 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/update/${c.id}`, headers: h2, payload: post({ zaloOAIds: ['00000000-0000-4000-8000-000000000001'] }) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/oa-content/${c.id}`, headers: h2 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/merchant/oa-content/approved/${c.id}`, headers: h2, payload: { comment: 'x', approval: true } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/oa-content/getList`, headers: h2 })).json().meta.total).toBe(0);
    expect((await t.app.inject({ url: `/api/merchant/oa-content/quotas?zaloOAIds=${oa1}`, headers: h2 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/merchant/oa-content/video/update', headers: h2, payload: { ids: [c.id] } })).statusCode).toBe(404);
    expect(await publishedArticles(t.database.db, other.id, [c.id])).toEqual([]);

    const eu = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenantId] });
    const he = (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': tenantId });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/merchant/oa-content/getList'],
      ['GET', `/api/merchant/oa-content/detail/${c.id}`],
      ['POST', '/api/merchant/oa-content/create', post()],
      ['PATCH', `/api/merchant/oa-content/update/${c.id}`, post()],
      ['PATCH', `/api/merchant/oa-content/approved/${c.id}`, { comment: 'x', approval: true }],
      ['DELETE', `/api/merchant/oa-content/${c.id}`],
      ['GET', '/api/merchant/oa-content/video/history'],
      ['PATCH', '/api/merchant/oa-content/video/update', { ids: [c.id] }],
      ['GET', '/api/merchant/oa-content/quotas'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: he, ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const up = form([{ name: 'a.png', buf: PNG }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload', payload: up.payload, headers: { ...up.headers, authorization: he.authorization!, 'x-tenant-id': tenantId } })).statusCode).toBe(403);
  });
});

describe('uploads and videos', () => {
  const stored = () => {
    try {
      return readdirSync(t.config.uploadsDir).length;
    } catch {
      return 0;
    }
  };

  it('POST upload stores a PNG and answers data.avatar; wrong type 415 and oversize 413 store nothing', async () => {
    const ok = form([{ name: 'cover.png', buf: PNG, type: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', ...ok });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.avatar).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    const file = await t.app.inject({ url: res.json().data.avatar });
    expect(file.headers['content-type']).toContain('image/png');
    const before = stored();
    const wrong = form([{ name: 'fake.png', buf: Buffer.from('not an image at all'), type: 'image/png' }]);
    const w = await t.app.inject({ method: 'POST', url: '/api/upload', ...wrong });
    expect(w.statusCode).toBe(415);
    expect(w.json().error.message).toBe('Vui lòng chọn file ảnh (jpg, jpeg, png)');
    const big = form([{ name: 'big.png', buf: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload', ...big })).statusCode).toBe(413);
    expect(stored()).toBe(before);
  });

  it('POST upload/multi/file stores several files; one video among them refuses all', async () => {
    const ok = form([{ name: 'a.png', buf: PNG }, { name: 'b.pdf', buf: Buffer.from('%PDF-1.4 test') }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/multi/file', ...ok });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((f: { mime: string }) => f.mime)).toEqual(['image/png', 'application/pdf']);
    const before = stored();
    const bad = form([{ name: 'c.png', buf: Buffer.concat([PNG, Buffer.from('x')]) }, { name: 'v.mp4', buf: MP4 }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload/multi/file', ...bad })).statusCode).toBe(415);
    expect(stored()).toBe(before);
  });

  it('uploadVideo sends the mp4 to both OAs, history shows conversion, a video content publishes; wrong type refused; delete hides it', async () => {
    const before = stored();
    const notVideo = form([{ name: 'x.mp4', buf: PNG }], { zaloOAIds: `${oa1},${oa2}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-content/uploadVideo', ...notVideo })).statusCode).toBe(415);
    const noOa = form([{ name: 'x.mp4', buf: MP4 }], { zaloOAIds: '' });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-content/uploadVideo', ...noOa })).statusCode).toBe(400);
    expect(stored()).toBe(before);
    const up = form([{ name: 'gioi-thieu.mp4', buf: MP4, type: 'video/mp4' }], { zaloOAIds: `${oa1},${oa2}` });
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-content/uploadVideo', ...up });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({ videoName: 'gioi-thieu.mp4', videoSize: MP4.length, videoUrl: expect.stringMatching(/\.mp4$/) });
    expect(item.value).toHaveLength(2);
    expect(item.value[0]).toMatchObject({ status: 'CONVERTING' });
    const hist = await t.app.inject({ url: `/api/merchant/oa-content/video/history?zaloOAId=${oa1}`, headers: h });
    expect(hist.json().data[0].key).toBe(item.key);
    expect(hist.json().data[0].value).toHaveLength(1);

    const c = await create({ type: 'video', title: 'Video giới thiệu', description: 'Mô tả', avatar: 'https://example.vn/t.jpg', videoId: item.key, zaloOAIds: [oa1, oa2], submit: true });
    expect(c.status).toBe('published');
    const mappings = await publishAll(c.id, 20);
    expect(mappings.map((m) => m.publishState)).toEqual(['PUBLISHED', 'PUBLISHED']);
    const videos = await t.database.db.select().from(oaVideos).where(eq(oaVideos.uploadKey, item.key));
    expect(videos.every((v) => v.status === 'READY' && v.convertPercent === 100 && v.videoId)).toBe(true);
    expect((await detail(c.id))).toMatchObject({ videoId: item.key, videoName: 'gioi-thieu.mp4', type: 'video' });

    const quotas = await t.app.inject({ url: `/api/merchant/oa-content/quotas?zaloOAIds=${oa1},${oa2}`, headers: h });
    expect(quotas.statusCode, quotas.body).toBe(200);
    const q1 = quotas.json().data.find((q: { id: string }) => q.id === oa1);
    expect(q1.oaVideo).toBe(1);
    expect(q1.value).toEqual({ used: q1.oaArticle + 1, total: 100, remain: 100 - q1.oaArticle - 1 });

    const del = await t.app.inject({ method: 'PATCH', url: '/api/merchant/oa-content/video/update', headers: h, payload: { ids: [item.key] } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.app.inject({ url: `/api/merchant/oa-content/video/history`, headers: h })).json().data.map((i: { key: string }) => i.key)).not.toContain(item.key);
  });

  it('the job sent after an upload follows the conversion; the one sent on approval publishes within seconds', async () => {
    const job = oaContentPublishJob(t.database.db, zalo);
    const up = form([{ name: 'clip.mp4', buf: MP4, type: 'video/mp4' }], { zaloOAIds: oa1 });
    const item = (await t.app.inject({ method: 'POST', url: '/api/merchant/oa-content/uploadVideo', ...up })).json().data;
    await job.handle({ videoKey: item.key });
    const [v] = await t.database.db.select().from(oaVideos).where(eq(oaVideos.uploadKey, item.key));
    expect(v).toMatchObject({ status: 'READY', convertPercent: 100 });
    const changes = await t.database.db.select().from(domainEvents).where(sql`${domainEvents.type} = 'oa_video.changed' and ${domainEvents.payload}->>'videoId' = ${v!.id}`);
    expect(changes.length).toBeGreaterThanOrEqual(2);
    const c = await create(post({ submit: true, title: 'Đăng ngay', zaloOAIds: [oa1] }));
    await job.handle({ contentId: c.id });
    expect((await detail(c.id)).oaContentMapping[0]).toMatchObject({ publishState: 'PUBLISHED' });
  });

  it('counts rows as expected', async () => {
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(oaContents);
    expect(n?.n).toBeGreaterThan(0);
  });
});
