import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { templateRequests } from '../../db/schema/templates';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';
import { createCipher } from '../../platform/crypto';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, sandboxOaBody, type TestContext } from '../../test/helpers';
import { pollPendingTemplates } from './service';

let sb: RunningSandbox;
let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;
let eu: Record<string, string>;
let tenantId: string;
let oaId: string;

const submitHandler = EVENT_HANDLERS.filter((x) => x.name === 'zns-template-submit-on-approval');
const row = async (id: string) => (await t.database.db.select().from(templateRequests).where(eq(templateRequests.id, id)))[0];
async function dispatchUntil(id: string, leaves: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    await dispatchPendingEvents(t.database.db, submitHandler);
    if ((await row(id))?.status !== leaves) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 50));
}
const control = (path: string, body: unknown) => fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = h, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const audits = async (targetId: string) => (await t.database.db.select({ a: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, targetId))).map((r) => r.a);

/** Title, a paragraph with two params, a table and a URL button (the journey's template). */
function body(over: Record<string, unknown> = {}) {
  return {
    zaloOAId: oaId,
    name: 'Xác nhận đơn hàng mới',
    templateType: 1,
    tag: 'TRANSACTION',
    layout: {
      header: { components: [] },
      body: {
        components: [
          { type: 'TITLE', value: 'Đơn hàng đã được xác nhận' },
          { type: 'PARAGRAPH', value: 'Chào <customer_name>, đơn <order_code> của bạn đã được xác nhận.' },
          { type: 'TABLE', rows: [{ title: 'Mã đơn', value: '<order_code>' }, { title: 'Trạng thái', value: 'Đã xác nhận' }] },
        ],
      },
      footer: { components: [{ type: 'BUTTONS', items: [{ type: 1, title: 'Xem đơn hàng', content: 'https://shop.example.vn/orders' }] }] },
    },
    params: [
      { name: 'customer_name', type: 1, sample: 'Nguyễn An' },
      { name: 'order_code', type: 4, sample: 'DH0001' },
    ],
    ...over,
  };
}

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await control('/webhooks', { url: `${appUrl}/api/webhooks/zalo` });
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const oa = await api('POST', '/merchant/zalo-oa', h, sandboxOaBody(SANDBOX_OA_ID));
  expect(oa.statusCode, oa.body).toBe(200);
  oaId = oa.json().data.id;
  const otherTenant = await buildTenant(t.database, org.id, { znsService: true });
  other = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': otherTenant.id });
  const euUser = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId] });
  eu = (await loginAs(t.app, euUser.email)).headers({ 'x-tenant-id': tenantId });
});

afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('authoring: validation before Zalo', () => {
  it('refuses with 422 naming each field Zalo would refuse', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Ngắn quá' }, 'name', 'nameLength'],
      [{ params: [{ name: 'customer_name', type: 1, sample: 'An' }] }, 'layout.body.components.1.value', 'paramMissing'],
      [{ params: [...body().params, { name: 'extra', type: 5, sample: 'x' }] }, 'params.2.name', 'paramUnused'],
      [{ params: [{ name: 'customer_name', type: 8, sample: 'Nguyễn An' }, body().params[1]] }, 'params.0.sample', 'paramSample'],
    ];
    for (const [over, path, rule] of cases) {
      const res = await api('POST', '/merchant/template', h, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().error.code).toBe('TEMPLATE_LAYOUT_INVALID');
      expect(res.json().error.details.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path, code: rule })]));
    }
    const three = body();
    const buttons = { type: 'BUTTONS', items: [1, 2, 3].map((i) => ({ type: 1, title: `Nút số ${i}`, content: 'https://a.vn' })) };
    const tooMany = await api('POST', '/merchant/template', h, { ...three, layout: { ...three.layout, footer: { components: [buttons] } } });
    expect(tooMany.json().error.details.fields[0]).toMatchObject({ path: 'layout.footer.components.0.items', code: 'buttonCount' });
    const misplaced = await api('POST', '/merchant/template', h, { ...three, layout: { ...three.layout, header: { components: [{ type: 'TITLE', value: 'Tiêu đề đặt sai chỗ' }] } } });
    expect(misplaced.json().error.details.fields.map((f: { code: string }) => f.code)).toContain('wrongSection');
    const oneRow = { ...three, layout: { ...three.layout, body: { components: [three.layout.body.components[0], three.layout.body.components[1], { type: 'TABLE', rows: [{ title: 'Mã đơn', value: '<order_code>' }] }] } } };
    expect((await api('POST', '/merchant/template', h, oneRow)).json().error.details.fields[0]).toMatchObject({ code: 'tableRows' });
    // Nothing was stored and nothing reached Zalo.
    expect((await t.database.db.select().from(templateRequests).where(eq(templateRequests.tenantId, tenantId))).length).toBe(0);
  });

  it('answers 403 without REQUEST_TEMPLATE and 404 for another tenant’s OA', async () => {
    expect((await api('POST', '/merchant/template', eu, body())).statusCode).toBe(403);
    expect((await api('POST', '/merchant/template/update-draft', eu, { zaloOAId: oaId, name: 'x' })).statusCode).toBe(403);
    expect((await api('POST', '/merchant/template', other, body())).statusCode).toBe(404);
  });
});

describe('authoring: drafts, copy, delete', () => {
  it('saves a draft without Zalo’s rules, updates it, copies it and deletes it with audits; isolation 404, 409 once submitted', async () => {
    const saved = await api('POST', '/merchant/template/update-draft', h, { zaloOAId: oaId, name: 'Nháp', layout: { body: { components: [{ type: 'TITLE', value: 'Chưa xong' }] } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json().data;
    expect(draft).toMatchObject({ status: 'DRAFT', abilities: { edit: true, delete: true, copy: true } });
    const updated = await api('POST', '/merchant/template/update-draft', h, { ...body(), id: draft.id });
    expect(updated.json().data).toMatchObject({ id: draft.id, status: 'DRAFT', name: 'Xác nhận đơn hàng mới' });
    expect(await audits(draft.id)).toEqual(['ZNS_TEMPLATE_DRAFT_SAVE', 'ZNS_TEMPLATE_DRAFT_SAVE']);
    const events = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'zns_template.changed'), eq(domainEvents.tenantId, tenantId)));
    expect(events.length).toBeGreaterThanOrEqual(2);
    // Isolation: another tenant sees none of it.
    expect((await api('GET', `/merchant/template/new/${draft.id}`, other)).statusCode).toBe(404);
    expect((await api('POST', '/merchant/template/update-draft', other, { ...body(), zaloOAId: oaId, id: draft.id })).statusCode).toBe(404);
    expect((await api('DELETE', `/merchant/template/${draft.id}`, other)).statusCode).toBe(404);
    expect((await api('POST', `/merchant/template/${draft.id}/copy`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `/merchant/template/${draft.id}`, eu)).statusCode).toBe(403);

    const copy = await api('POST', `/merchant/template/${draft.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({ status: 'DRAFT', name: 'Xác nhận đơn hàng mới (copy)' });
    expect((copy.json().data.payload as { layout: { body: { components: unknown[] } } }).layout.body.components).toHaveLength(3);
    expect(await audits(copy.json().data.id)).toEqual(['ZNS_TEMPLATE_COPY']);

    const del = await api('DELETE', `/merchant/template/${copy.json().data.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await row(copy.json().data.id)).toBeUndefined();
    expect(await audits(copy.json().data.id)).toEqual(['ZNS_TEMPLATE_COPY', 'ZNS_TEMPLATE_DELETE']);

    // The draft is submitted: it becomes the request; then neither a draft save nor a delete applies.
    const submitted = await api('POST', '/merchant/template', h, { ...body(), draftId: draft.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ id: draft.id, abilities: { delete: false } });
    expect((await api('POST', '/merchant/template/update-draft', h, { ...body(), id: draft.id })).json().error.code).toBe('TEMPLATE_REQUEST_NOT_EDITABLE');
    const notDeletable = await api('DELETE', `/merchant/template/${draft.id}`);
    expect([notDeletable.statusCode, notDeletable.json().error.code]).toEqual([409, 'TEMPLATE_NOT_DELETABLE']);
    await t.database.db.delete(templateRequests).where(eq(templateRequests.tenantId, tenantId));
  });

  it('copies a library template into a draft and refuses to edit or delete a library template', async () => {
    await api('POST', '/merchant/template/sync');
    const lib = (await api('GET', '/merchant/template?size=100')).json().data.find((x: { znsTemplateId: string }) => x.znsTemplateId === SANDBOX_TEMPLATE_IDS.otp);
    const copy = await api('POST', `/merchant/template/${lib.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.status).toBe('DRAFT');
    expect((copy.json().data.payload as { params: Array<{ name: string }> }).params.map((p) => p.name)).toEqual(lib.params.map((p: { name: string }) => p.name));
    const put = await api('PUT', `/merchant/template/${lib.id}`, h, body());
    expect([put.statusCode, put.json().error.code]).toEqual([409, 'TEMPLATE_NOT_EDITABLE']);
    const del = await api('DELETE', `/merchant/template/${lib.id}`);
    expect([del.statusCode, del.json().error.code]).toEqual([409, 'TEMPLATE_NOT_DELETABLE']);
    await t.database.db.delete(templateRequests).where(eq(templateRequests.tenantId, tenantId));
  });
});

describe('authoring: Zalo review', () => {
  it('submits on approval with the layout, follows Zalo’s rejection with its reason, edits only then (/template/edit) and turns ENABLE live', async () => {
    // No workflow: approved at once, then handed to Zalo's /template/create.
    const created = (await api('POST', '/merchant/template', h, body())).json().data;
    expect(created.status).toBe('PENDING');
    await dispatchUntil(created.id, 'PENDING');
    const submitted = await row(created.id);
    expect(submitted).toMatchObject({ status: 'SUBMITTED', zaloStatus: 'PENDING_REVIEW', error: null });
    const zaloId = submitted?.znsTemplateId ?? '';
    const layout = (await (await fetch(`${sb.url}/_control/templates/${zaloId}/layout`)).json()) as { layout: { body: { components: Array<Record<string, unknown>> }; footer: { components: Array<Record<string, unknown>> } } };
    expect(layout.layout.body.components.map((c) => Object.keys(c)[0])).toEqual(['TITLE', 'PARAGRAPH', 'TABLE']);
    expect(layout.layout.footer.components[0]).toEqual({ BUTTONS: { items: [{ type: 1, title: 'Xem đơn hàng', content: 'https://shop.example.vn/orders' }] } });

    // While Zalo reviews it, Zalo allows no edit.
    const early = await api('PUT', `/merchant/template/${created.id}`, h, body());
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'TEMPLATE_NOT_EDITABLE']);

    // Zalo rejects it with a reason (control API → signed change_template_status webhook).
    expect((await control(`/templates/${zaloId}/status`, { status: 'REJECT', reason: 'Nội dung chưa rõ ràng' })).status).toBe(200);
    await until(async () => (await row(created.id))?.status === 'REJECTED');
    expect(await row(created.id)).toMatchObject({ status: 'REJECTED', zaloStatus: 'REJECT', error: 'Nội dung chưa rõ ràng' });
    const listed = (await api('GET', '/merchant/template/new?size=50')).json().data.find((x: { id: string }) => x.id === created.id);
    expect(listed).toMatchObject({ zaloStatus: 'REJECT', error: 'Nội dung chưa rõ ràng', abilities: { edit: true } });
    const changed = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'zns_template.changed'), eq(domainEvents.tenantId, tenantId)));
    expect(changed.some((e) => (e.payload as { requestId: string; status: string }).requestId === created.id && (e.payload as { status: string }).status === 'REJECTED')).toBe(true);

    // Rejected: editable; after approval it goes to /template/edit under the same id.
    const edited = await api('PUT', `/merchant/template/${created.id}`, h, body({ name: 'Xác nhận đơn hàng (sửa)' }));
    expect(edited.statusCode, edited.body).toBe(200);
    await dispatchUntil(created.id, 'PENDING');
    expect(await row(created.id)).toMatchObject({ status: 'SUBMITTED', znsTemplateId: zaloId, zaloStatus: 'PENDING_REVIEW' });
    expect(sb.sandbox.state.templates.get(zaloId)).toMatchObject({ name: 'Xác nhận đơn hàng (sửa)', status: 'PENDING_REVIEW' });

    // Approved at Zalo → APPROVED, ENABLE; quality arrives by its own webhook.
    await control(`/templates/${zaloId}/status`, { status: 'ENABLE' });
    await until(async () => (await row(created.id))?.zaloStatus === 'ENABLE');
    expect(await row(created.id)).toMatchObject({ status: 'APPROVED', zaloStatus: 'ENABLE', error: null });
    await control(`/templates/${zaloId}/quality`, { quality: 'HIGH' });
    await until(async () => (await row(created.id))?.quality === 'HIGH');
    expect((await row(created.id))?.quality).toBe('HIGH');
    const rating = await api('GET', `/merchant/template/rating?id=${created.id}`);
    expect(rating.statusCode, rating.body).toBe(200);
    expect(rating.json().data).toMatchObject({ quality: 'HIGH', total: 0 });
    // Disabled by Zalo: the state shows, the verdict stays.
    await control(`/templates/${zaloId}/status`, { status: 'DISABLE' });
    await until(async () => (await row(created.id))?.zaloStatus === 'DISABLE');
    expect(await row(created.id)).toMatchObject({ status: 'APPROVED', zaloStatus: 'DISABLE' });
    const late = await api('PUT', `/merchant/template/${created.id}`, h, body());
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'TEMPLATE_NOT_EDITABLE']);
    expect((await api('GET', `/merchant/template/rating?id=${created.id}`, other)).statusCode).toBe(404);
  });

  it('polling settles a template whose webhook was missed', async () => {
    const created = (await api('POST', '/merchant/template', h, body({ name: 'Thông báo giao hàng mới' }))).json().data;
    await dispatchUntil(created.id, 'PENDING');
    const zaloId = (await row(created.id))?.znsTemplateId ?? '';
    const tpl = sb.sandbox.state.templates.get(zaloId);
    if (!tpl) throw new Error('not in sandbox');
    // Zalo changed it without a webhook reaching us.
    tpl.status = 'REJECT';
    tpl.reason = 'Thiếu thông tin liên hệ';
    const zalo = createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts);
    const first = await pollPendingTemplates(t.database.db, zalo);
    expect(first.changed).toBeGreaterThanOrEqual(1);
    expect(await row(created.id)).toMatchObject({ status: 'REJECTED', zaloStatus: 'REJECT', error: 'Thiếu thông tin liên hệ' });
    // Nothing left pending: a second pass reads nothing.
    expect((await pollPendingTemplates(t.database.db, zalo)).checked).toBe(0);
  });

  it('puts a template Zalo approved into the library (price, params) without waiting for a sync', async () => {
    const created = (await api('POST', '/merchant/template', h, body({ name: 'Thông báo hoàn tiền đơn' }))).json().data;
    await dispatchUntil(created.id, 'PENDING');
    const zaloId = (await row(created.id))?.znsTemplateId ?? '';
    await control(`/templates/${zaloId}/status`, { status: 'ENABLE' });
    await until(async () => (await row(created.id))?.status === 'APPROVED');
    const zalo = createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts);
    await pollPendingTemplates(t.database.db, zalo);
    const lib = (await api('GET', '/merchant/template?size=100&status=ENABLE')).json().data.find((x: { znsTemplateId: string }) => x.znsTemplateId === zaloId);
    expect(lib).toMatchObject({ name: 'Thông báo hoàn tiền đơn', status: 'ENABLE' });
    expect(lib.price).toBeGreaterThan(0);
    expect(lib.params.map((p: { name: string }) => p.name)).toEqual(['customer_name', 'order_code']);
  });
});

describe('authoring: image upload', () => {
  it('uploads a PNG to Zalo (media id, audit) and refuses other types and sizes before Zalo', async () => {
    const ok = multipart({ zaloOAId: oaId }, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...h, ...ok.headers }, payload: ok.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mediaId).toMatch(/^zm/);
    expect(res.json().data.url).toBeTruthy();
    expect(await audits(oaId)).toContain('ZNS_TEMPLATE_UPLOAD_IMAGE');
    const gif = multipart({ zaloOAId: oaId }, { filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00') });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...h, ...gif.headers }, payload: gif.payload })).statusCode).toBe(415);
    const big = multipart({ zaloOAId: oaId }, { filename: 'big.png', contentType: 'image/png', data: Buffer.concat([PNG_1PX, Buffer.alloc(600 * 1024)]) });
    const tooBig = await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...h, ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toContain('500 KB');
    const forbidden = multipart({ zaloOAId: oaId }, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...eu, ...forbidden.headers }, payload: forbidden.payload })).statusCode).toBe(403);
    const elsewhere = multipart({ zaloOAId: oaId }, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...other, ...elsewhere.headers }, payload: elsewhere.payload })).statusCode).toBe(404);
  });

  it('copy-image sends an image a template uses to Zalo again (new media id, audit); unknown or another tenant’s → 404', async () => {
    const up = multipart({ zaloOAId: oaId }, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    const first = (await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...h, ...up.headers }, payload: up.payload })).json().data as { mediaId: string; url: string };
    const b = body({ name: 'Mẫu có logo để sao chép' });
    await api('POST', '/merchant/template/update-draft', h, { ...b, layout: { ...b.layout, header: { components: [{ type: 'LOGO', light: first.mediaId, dark: first.mediaId }] } }, media: { [first.mediaId]: first.url } });
    const copied = await api('POST', '/merchant/template/copy-image', h, { zaloOAId: oaId, mediaId: first.mediaId });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().data.mediaId).toMatch(/^zm/);
    expect(copied.json().data.mediaId).not.toBe(first.mediaId);
    expect(copied.json().data.url).toBe(first.url);
    expect((await api('POST', '/merchant/template/copy-image', h, { zaloOAId: oaId, mediaId: 'zm-unknown' })).statusCode).toBe(404);
    expect((await api('POST', '/merchant/template/copy-image', other, { zaloOAId: oaId, mediaId: first.mediaId })).statusCode).toBe(404);
    expect((await api('POST', '/merchant/template/copy-image', eu, { zaloOAId: oaId, mediaId: first.mediaId })).statusCode).toBe(403);
    await t.database.db.delete(templateRequests).where(eq(templateRequests.tenantId, tenantId));
  });

  it('accepts a logo made of uploaded media ids and Zalo accepts it', async () => {
    const up = multipart({ zaloOAId: oaId }, { filename: 'logo.png', contentType: 'image/png', data: PNG_1PX });
    const mediaId = (await t.app.inject({ method: 'POST', url: '/api/merchant/template/upload-image', headers: { ...h, ...up.headers }, payload: up.payload })).json().data.mediaId as string;
    const b = body({ name: 'Mẫu có logo thương hiệu' });
    const created = (await api('POST', '/merchant/template', h, { ...b, layout: { ...b.layout, header: { components: [{ type: 'LOGO', light: mediaId, dark: mediaId }] } } })).json().data;
    await dispatchUntil(created.id, 'PENDING');
    expect(await row(created.id)).toMatchObject({ status: 'SUBMITTED', zaloStatus: 'PENDING_REVIEW' });
  });
});
