import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '@zc/zalo-sandbox/seed';
import type { Permission } from '@zc/shared/permissions';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, sandboxOaBody, type TestContext } from '../../test/helpers';

let sb: RunningSandbox;
let t: TestContext;
let oaId: string;
let otherOaId: string;
let owner: Record<string, string>;
let viewer: Record<string, string>;
let noPerm: Record<string, string>;
let outsider: Record<string, string>;

async function groupWith(tid: string, permissions: Permission[]) {
  const { rows: [g] } = await t.database.raw.query<{ id: string }>(`insert into user_groups (tenant_id, name, permissions) values ($1, $2, $3::jsonb) returning id`, [tid, `g${Math.random()}`, JSON.stringify(permissions)]);
  if (!g) throw new Error('group');
  return g.id;
}

async function control(path: string, body: unknown) {
  const res = await fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  const other = await buildTenant(t.database, org.id, { oaService: true });
  const o = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  owner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': tenant.id });
  const ownerOther = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': other.id });
  const a = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: owner, payload: sandboxOaBody(SANDBOX_OA_ID) });
  expect(a.statusCode, a.body).toBe(200);
  oaId = a.json().data.id;
  const b = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: ownerOther, payload: sandboxOaBody(SANDBOX_SECOND_OA_ID) });
  expect(b.statusCode, b.body).toBe(200);
  otherOaId = b.json().data.id;
  const v = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await groupWith(tenant.id, ['VIEW_ZALO_OA_SERVICE']) });
  const n = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenant.id], groupId: await groupWith(tenant.id, ['VIEW_TICKET']) });
  const x = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [other.id], groupId: await groupWith(other.id, ['VIEW_ZALO_OA_SERVICE', 'UPDATE_ZALO_OA_INFO', 'UPDATE_ZALO_OA']) });
  viewer = (await loginAs(t.app, v.email)).headers({ 'x-tenant-id': tenant.id });
  noPerm = (await loginAs(t.app, n.email)).headers({ 'x-tenant-id': tenant.id });
  outsider = (await loginAs(t.app, x.email)).headers({ 'x-tenant-id': other.id });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

/** A multipart body with the text fields and any of `avatar` / `cover` as PNG files. */
function form(fields: Record<string, string>, files: Array<'avatar' | 'cover'> = [], data = PNG_1PX) {
  if (files.length <= 1) return multipart(fields, files[0] ? { name: files[0], filename: `${files[0]}.png`, contentType: 'image/png', data } : undefined);
  const one = multipart(fields, { name: 'avatar', filename: 'a.png', contentType: 'image/png', data });
  const boundary = one.headers['content-type'].split('boundary=')[1]!;
  const extra = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from('\r\n')]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  return { payload: Buffer.concat([one.payload.subarray(0, one.payload.length - end.length), extra, end]), headers: one.headers };
}

const requestUpdate = (headers: Record<string, string>, f: ReturnType<typeof form>) =>
  t.app.inject({ method: 'POST', url: '/api/merchant/oa-manager/request-update', headers: { ...headers, ...f.headers }, payload: f.payload });

const auditCount = async (action: string) => (await t.database.raw.query<{ n: number }>(`select count(*)::int as n from audit_logs where action = $1`, [action])).rows[0]?.n ?? 0;

describe('OA manager', () => {
  it('get-oa answers the OA from Zalo (getoa); another tenant’s OA → 404; no permission → 403', async () => {
    const res = await t.app.inject({ url: `/api/merchant/oa-manager/get-oa?zaloOAId=${oaId}`, headers: viewer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ zaloOAId: oaId, oaId: SANDBOX_OA_ID });
    expect(typeof res.json().data.name).toBe('string');
    expect((await t.app.inject({ url: `/api/merchant/oa-manager/get-oa?zaloOAId=${otherOaId}`, headers: viewer })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/merchant/oa-manager/get-oa?zaloOAId=${oaId}`, headers: noPerm })).statusCode).toBe(403);
  });

  it('request-update stores the request (files through the file store), lists it, cancels it once; audited and announced', async () => {
    const before = await auditCount('OA_UPDATE_REQUEST_CREATE');
    const res = await requestUpdate(owner, form({ zaloOAId: oaId, name: 'Cửa hàng mới', description: 'Mô tả' }, ['avatar', 'cover']));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ status: 'PENDING', name: 'Cửa hàng mới', description: 'Mô tả', abilities: { cancel: true } });
    expect(r.avatar).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    expect(r.cover).toMatch(/^\/api\/files\/[a-f0-9]{40}\.png$/);
    expect(await auditCount('OA_UPDATE_REQUEST_CREATE')).toBe(before + 1);
    const events = await t.database.raw.query<{ n: number }>(`select count(*)::int as n from domain_events where type = 'oa_update_request.changed' and payload->>'requestId' = $1`, [r.id]);
    expect(events.rows[0]?.n).toBe(1);

    const list = await t.app.inject({ url: '/api/merchant/oa-manager/list-request?status=PENDING', headers: viewer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: string }) => x.id)).toContain(r.id);
    // The viewer cannot cancel: the row says so, and the route refuses.
    expect(list.json().data.find((x: { id: string }) => x.id === r.id).abilities.cancel).toBe(false);
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/oa-manager/cancel-request/${r.id}`, headers: viewer })).statusCode).toBe(403);
    // Another tenant's user: 404 for the request, and it is not in their list.
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/oa-manager/cancel-request/${r.id}`, headers: outsider })).statusCode).toBe(404);
    const theirs = await t.app.inject({ url: '/api/merchant/oa-manager/list-request', headers: outsider });
    expect(theirs.json().data.map((x: { id: string }) => x.id)).not.toContain(r.id);

    const cancel = await t.app.inject({ method: 'PUT', url: `/api/merchant/oa-manager/cancel-request/${r.id}`, headers: owner });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('CANCELLED');
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/oa-manager/cancel-request/${r.id}`, headers: owner })).statusCode).toBe(409);
    expect(await auditCount('OA_UPDATE_REQUEST_CANCEL')).toBeGreaterThanOrEqual(1);
  });

  it('request-update refuses bad input before storing anything: no change, another tenant’s OA, a too long name, a non-image, a missing permission', async () => {
    const count = async () => (await t.database.db.execute(sql`select count(*)::int as n from oa_update_requests`)) as unknown as { rows: Array<{ n: number }> };
    const n0 = (await count()).rows[0]?.n;
    const empty = await requestUpdate(owner, form({ zaloOAId: oaId }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields[0].path).toBe('body.name');
    expect((await requestUpdate(owner, form({ zaloOAId: otherOaId, name: 'x' }))).statusCode).toBe(404);
    const long = await requestUpdate(owner, form({ zaloOAId: oaId, name: 'x'.repeat(101) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fields[0].path).toBe('body.name');
    expect((await requestUpdate(owner, form({ zaloOAId: oaId, name: 'ok' }, ['avatar'], Buffer.from('not an image')))).statusCode).toBe(415);
    expect((await requestUpdate(viewer, form({ zaloOAId: oaId, name: 'ok' }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-manager/request-update', headers: owner, payload: { zaloOAId: oaId, name: 'x' } })).statusCode).toBe(415);
    expect((await count()).rows[0]?.n).toBe(n0);
  });
});

describe('OA quotas', () => {
  it('sync reads the per-OA quotas from Zalo (set through the sandbox control) and stores them with the time read; audited', async () => {
    const before = await t.app.inject({ url: `/api/merchant/oa-quota?zaloOAId=${oaId}`, headers: viewer });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual([expect.objectContaining({ zaloOAId: oaId, syncedAt: null, assets: [] })]);
    const set = await control('/oa-quota', { oaId: SANDBOX_OA_ID, productType: 'cs', quotaType: 'sub_quota', assets: [{ assetId: 'cs-1', total: 500, remain: 120, validThrough: '31/01/2027' }] });
    expect(set.status).toBe(200);
    const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-quota/sync', headers: owner, payload: { zaloOAId: oaId } });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data.failed).toEqual([]);
    const after = await t.app.inject({ url: '/api/merchant/oa-quota', headers: viewer });
    const q = after.json().data.find((x: { zaloOAId: string }) => x.zaloOAId === oaId);
    expect(q.syncedAt).not.toBeNull();
    expect(q.assets).toContainEqual({ assetId: 'cs-1', productType: 'cs', quotaType: 'sub_quota', validThrough: '31/01/2027', total: 500, remain: 120 });
    expect(q.assets.map((a: { productType: string }) => a.productType).sort()).toEqual(['cs', 'promotion', 'transaction']);
    expect(await auditCount('OA_QUOTA_SYNC')).toBeGreaterThanOrEqual(1);
    await control('/oa-quota', { oaId: SANDBOX_OA_ID, productType: 'cs', quotaType: 'sub_quota', assets: null });
  });

  it('another tenant’s OA → 404; a missing permission → 403; a Zalo failure is reported per OA, nothing stored for it', async () => {
    expect((await t.app.inject({ url: `/api/merchant/oa-quota?zaloOAId=${otherOaId}`, headers: viewer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-quota/sync', headers: owner, payload: { zaloOAId: otherOaId } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/oa-quota', headers: noPerm })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-quota/sync', headers: viewer, payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-quota/sync', headers: owner, payload: { zaloOAId: 'nope' } })).statusCode).toBe(400);
    await control('/faults', { errorRate: 1, errorCode: -216 });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-quota/sync', headers: outsider, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.synced).toEqual([]);
      expect(res.json().data.failed).toEqual([expect.objectContaining({ zaloOAId: otherOaId })]);
    } finally {
      await control('/faults', { errorRate: 0, errorCode: null });
    }
    const stored = await t.app.inject({ url: '/api/merchant/oa-quota', headers: outsider });
    expect(stored.json().data[0].syncedAt).toBeNull();
  });
});
