import { deflateRawSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@zc/shared/permissions';
import { CAMPAIGN_UPLOAD_MAX_BYTES } from '@zc/shared/api/campaigns';
import { apiKeys } from '../../db/schema/api-keys';
import { auditLogs } from '../../db/schema/audit';
import { campaignSettings } from '../../db/schema/campaign-intake';
import { campaignRecipients, campaigns } from '../../db/schema/campaigns';
import { znsTemplates } from '../../db/schema/templates';
import { userGroups } from '../../db/schema/user-groups';
import { walletHolds } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { applyEntry, ensureTenantWallet } from '../wallets/ledger';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, type TestContext } from '../../test/helpers';
import { csvRecords } from './ingest-csv';

type H = Record<string, string>;
let t: TestContext;
let owner: H;
let approver: H;
let approverId: string;
let bare: H;
let viewer: H;
let otherOwner: H;
let tenantId: string;
let otherTenantId: string;
let apiKeyId: string;
let otherKeyId: string;
const TEMPLATE = '300100';
const PRICE = 300;

const req = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

function upload(headers: H, data: Buffer | string, fields: Record<string, string> = {}, filename = 'list.csv') {
  const m = multipart({ apiKeyId, znsTemplateId: TEMPLATE, ...fields }, { filename, contentType: 'text/csv', data: Buffer.isBuffer(data) ? data : Buffer.from(data) });
  return t.app.inject({ method: 'POST', url: '/api/merchant/campaign/upload', headers: { ...headers, ...m.headers }, payload: m.payload });
}

const MAPPING = { phone: 'Phone', params: { customer_name: 'Name', order_code: 'Order' } };

async function seedTenant(id: string, withKey: boolean): Promise<string | null> {
  const [oa] = await t.database.db
    .insert(zaloOas)
    .values({ tenantId: id, name: 'Shop OA', zappId: `app${randomBytes(3).toString('hex')}`, zoaId: `oa${randomBytes(3).toString('hex')}`, secretKeyEnc: 'x', webhookSecretEnc: 'x', accessTokenEnc: 'x', refreshTokenEnc: 'x' })
    .returning();
  if (!oa) throw new Error('oa');
  await t.database.db.insert(znsTemplates).values([
    {
      tenantId: id,
      zaloOaId: oa.id,
      znsTemplateId: TEMPLATE,
      name: 'Order confirmation',
      status: 'ENABLE',
      tag: 'TRANSACTION',
      price: PRICE,
      params: [
        { name: 'customer_name', require: true, type: 'STRING', maxLength: 30, minLength: 2, acceptNull: false },
        { name: 'order_code', require: true, type: 'STRING', maxLength: 10, minLength: 0, acceptNull: false },
      ],
    },
    { tenantId: id, zaloOaId: oa.id, znsTemplateId: '300999', name: 'Disabled one', status: 'DISABLE', price: 200 },
  ]);
  if (!withKey) return null;
  const [k] = await t.database.db.insert(apiKeys).values({ tenantId: id, zaloOaId: oa.id, name: 'Main key', keyPrefix: 'zc_test', secretHash: randomBytes(16).toString('hex') }).returning();
  return k?.id ?? null;
}

async function topUp(id: string, value: number) {
  await t.database.db.transaction(async (tx) => {
    const wallet = await ensureTenantWallet(tx, id);
    await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value, reason: 'TOPUP' });
  });
}

async function groupWith(permissions: Permission[]): Promise<string> {
  const [g] = await t.database.db.insert(userGroups).values({ tenantId, name: `g${Math.random()}`, permissions }).returning();
  return g?.id ?? '';
}

const CSV = [
  'Phone,Name,Order',
  '0912345678,Nguyễn Văn An,DH001',
  '84987654321,"Trần, Thị Bình",DH002',
  '0912345678,Duplicate,DH003',
  'abc,Bad phone,DH004',
  '0912000111,X,DH005',
  '0988777666,"Lê ""Cường""",DH006',
  '0977111222,Too long order,DH0000000000007',
  '0966111222',
  '',
  '0355111222,"Multi',
  'line",DH009',
].join('\r\n');

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  tenantId = tenant.id;
  const o = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  owner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': tenantId });
  const a = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenantId] });
  approverId = a.id;
  approver = (await loginAs(t.app, a.email)).headers({ 'x-tenant-id': tenantId });
  const b = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId], groupId: await groupWith([]) });
  bare = (await loginAs(t.app, b.email)).headers({ 'x-tenant-id': tenantId });
  const v = await buildUser(t.database, { merchantId: org.id, role: 'EU', tenantIds: [tenantId], groupId: await groupWith(['VIEW_CAMPAIGN']) });
  viewer = (await loginAs(t.app, v.email)).headers({ 'x-tenant-id': tenantId });
  const other = await buildTenant(t.database, org.id, { znsService: true });
  otherTenantId = other.id;
  otherOwner = (await loginAs(t.app, o.email)).headers({ 'x-tenant-id': otherTenantId });
  apiKeyId = (await seedTenant(tenantId, true)) ?? '';
  otherKeyId = (await seedTenant(otherTenantId, true)) ?? '';
  await topUp(tenantId, 10_000);
});
afterAll(async () => {
  await t.close();
});

describe('csv reader', () => {
  it('reads quoted cells, doubled quotes, quoted line breaks and CRLF across chunk borders', async () => {
    const text = 'a,b\r\n"x, y","he said ""hi"""\r\n"multi\nline",z\n\nlast,1';
    for (const size of [1, 3, 7, 1000]) {
      const chunks = async function* () {
        for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
      };
      const rows = [];
      for await (const batch of csvRecords(chunks(), ',')) rows.push(...batch);
      expect(rows.map((r) => [r.row, ...r.cells])).toEqual([
        [1, 'a', 'b'],
        [2, 'x, y', 'he said "hi"'],
        [3, 'multi\nline', 'z'],
        [5, 'last', '1'],
      ]);
    }
  });
});

describe('campaign intake', () => {
  it('gives the create dialog its API keys and public mode, and the key’s ENABLE templates with prices', async () => {
    const o = await req('GET', '/merchant/campaign/form-options', owner);
    expect(o.statusCode, o.body).toBe(200);
    expect(o.json().data.apiKeys.map((k: { id: string }) => k.id)).toEqual([apiKeyId]);
    expect(o.json().data.publicMode).toBe('production');
    const tpl = await req('GET', `/merchant/campaign/templates?apiKeyId=${apiKeyId}`, owner);
    expect(tpl.statusCode, tpl.body).toBe(200);
    expect(tpl.json().data).toHaveLength(1);
    expect(tpl.json().data[0]).toMatchObject({ znsTemplateId: TEMPLATE, listPrice: PRICE, price: PRICE });
    expect((await req('GET', `/merchant/campaign/templates?apiKeyId=${otherKeyId}`, owner)).statusCode).toBe(404);
  });

  it('uploads a CSV, suggests the mapping from the header, reads the rows with it: counts, reasons, report, cost', async () => {
    const up = await upload(owner, CSV);
    expect(up.statusCode, up.body).toBe(200);
    const u = up.json().data;
    expect(u).toMatchObject({ kind: 'csv', mapped: false, header: ['Phone', 'Name', 'Order'], status: 'PROCESSING' });
    // Names do not match the params: only the phone is suggested.
    expect(u.mapping.phone).toBe('Phone');
    const bad = await req('PUT', `/merchant/campaign/upload/${u.id}/mapping`, owner, { phone: 'Nope', params: {} });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.rule).toBe('MAPPING_INVALID');
    const mapped = await req('PUT', `/merchant/campaign/upload/${u.id}/mapping`, owner, MAPPING);
    expect(mapped.statusCode, mapped.body).toBe(200);
    const m = mapped.json().data;
    expect(m).toMatchObject({ status: 'READY', mapped: true, totalRows: 9, validRows: 4, duplicateRows: 1, rejectedRows: 4, price: PRICE, estimatedCost: 4 * PRICE, shortfall: 0 });
    const recipients = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.uploadId, u.id));
    expect(recipients.map((r) => r.phone).sort()).toEqual(['84355111222', '84912345678', '84987654321', '84988777666']);
    expect(recipients.find((r) => r.phone === '84988777666')?.params).toEqual({ customer_name: 'Lê "Cường"', order_code: 'DH006' });
    expect(recipients.find((r) => r.phone === '84355111222')?.params.customer_name).toBe('Multi\r\nline');

    const en = await req('GET', `/merchant/campaign/upload/${u.id}/rejects?lang=en`, owner);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    const lines = en.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Row,Code,Reason,Phone,Name,Order');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['4,DUPLICATE', '5,PHONE_FORMAT', '6,PARAM_MIN_LENGTH', '8,PARAM_MAX_LENGTH', '9,COLUMNS_MISSING']);
    const vi = await req('GET', `/merchant/campaign/upload/${u.id}/rejects?lang=vi`, owner);
    expect(vi.body).toContain('Số điện thoại sai định dạng');

    // The mapping is remembered: the next upload of the same header is read at once.
    const again = await upload(owner, CSV);
    expect(again.json().data).toMatchObject({ mapped: true, validRows: 4 });
    const tpl = await req('GET', `/merchant/campaign/templates?apiKeyId=${apiKeyId}`, owner);
    expect(tpl.json().data[0].rememberedMapping).toEqual(MAPPING);
  });

  it('reads an XLSX workbook (shared and inline strings, numbers)', async () => {
    const xlsx = buildXlsx([
      ['Phone', 'Name', 'Order'],
      [84912000222, 'Phạm Dũng', 'A1'],
      ['0912000333', 'Vũ & Co', 'A2'],
      ['12', 'Bad', 'A3'],
    ]);
    const up = await upload(owner, xlsx, { mapping: JSON.stringify(MAPPING) }, 'list.xlsx');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ kind: 'xlsx', mapped: true, totalRows: 3, validRows: 2, rejectedRows: 1 });
  });

  it('answers malformed files with a report, never a crash: wrong encoding, missing columns, junk', async () => {
    const latin1 = Buffer.concat([Buffer.from('Phone,Name,Order\r\n0912345678,'), Buffer.from([0x4e, 0x67, 0x75, 0x79, 0xea, 0x6e]), Buffer.from(',DH1\r\n0912345679,Binh,DH2\r\n')]);
    const enc = await upload(owner, latin1, { mapping: JSON.stringify(MAPPING) });
    expect(enc.statusCode, enc.body).toBe(200);
    expect(enc.json().data).toMatchObject({ validRows: 1, rejectedRows: 1 });
    const report = await req('GET', `/merchant/campaign/upload/${enc.json().data.id}/rejects?lang=en`, owner);
    expect(report.body).toContain('ENCODING');

    const missing = await upload(owner, 'Phone,Name\r\n0912345678,An\r\n', { mapping: JSON.stringify(MAPPING) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details.rule).toBe('MAPPING_INVALID');

    // 20 MB of printable junk with an unbalanced quote: rows are cut and reported, the request answers.
    const junk = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < junk.length; i++) junk[i] = 33 + ((i * 7919) % 90);
    junk.write('Phone,Name,Order\n', 0);
    const j = await upload(owner, junk, { mapping: JSON.stringify(MAPPING) });
    expect(j.statusCode, j.body.slice(0, 300)).toBe(200);
    expect(j.json().data.validRows).toBe(0);
    expect(j.json().data.rejectedRows).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a file over the limit (413) and one that is neither CSV nor XLSX (415), storing nothing', async () => {
    const before = await t.database.db.select().from(campaigns);
    const binary = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), randomBytes(1000)]);
    const r415 = await upload(owner, binary);
    expect(r415.statusCode).toBe(415);
    const notXlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]);
    expect((await upload(owner, notXlsx)).statusCode).toBe(415);
    const big = Buffer.alloc(CAMPAIGN_UPLOAD_MAX_BYTES + 1024, 0x41);
    const r413 = await upload(owner, big);
    expect(r413.statusCode).toBe(413);
    expect(await t.database.db.select().from(campaigns)).toHaveLength(before.length);
  }, 120_000);
});

describe('campaign creation and review', () => {
  let uploadId: string;
  beforeAll(async () => {
    const up = await upload(owner, CSV, { mapping: JSON.stringify(MAPPING) });
    uploadId = up.json().data.id;
  });

  it('refuses a campaign breaking a §5 rule with 422 naming it', async () => {
    const base = { name: 'Tết 2027', apiKeyId, uploadId, startMode: 'IMMEDIATE', mode: 'production' };
    const rule = async (body: Record<string, unknown>) => (await req('POST', '/merchant/campaign', owner, body)).json().error?.details?.rule;
    expect(await rule({ ...base, apiKeyId: null })).toBe('API_KEY_REQUIRED');
    expect(await rule({ ...base, startMode: 'SCHEDULE' })).toBe('SCHEDULE_REQUIRED');
    expect(await rule({ ...base, startMode: 'SCHEDULE', scheduleAt: new Date(Date.now() - 60_000).toISOString() })).toBe('PAST_SCHEDULE');
    const empty = await upload(owner, 'Phone,Name,Order\r\nabc,An,X\r\n', { mapping: JSON.stringify(MAPPING) });
    expect(await rule({ ...base, uploadId: empty.json().data.id })).toBe('NO_VALID_ROWS');
    const unmapped = await upload(owner, 'Tel,Name,Order\r\n0912345678,An,X\r\n');
    expect(await rule({ ...base, uploadId: unmapped.json().data.id })).toBe('UPLOAD_NOT_READY');
    await t.database.db.insert(campaignSettings).values({ tenantId, publicMode: 'development' });
    expect(await rule(base)).toBe('MODE_NOT_ALLOWED');
    await t.database.db.delete(campaignSettings).where(eq(campaignSettings.tenantId, tenantId));
    const short = await req('POST', '/merchant/campaign', owner, { ...base, name: 'ab' });
    expect(short.statusCode).toBe(400);
  });

  it("the organisation sets a tenant's ZNS public mode: development refuses production campaigns, audited; another organisation's tenant is 404, a member without UPDATE_TENANT 403", async () => {
    const orgOf = await t.app.inject({ method: 'GET', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: owner });
    expect(orgOf.statusCode).toBe(200);
    expect(orgOf.json().data).toMatchObject({ tenantId, publicMode: 'production', abilities: { update: true } });
    const set = await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: owner, payload: { publicMode: 'development' } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.publicMode).toBe('development');
    expect((await req('GET', '/merchant/campaign/form-options', owner)).json().data.publicMode).toBe('development');
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.action, 'TENANT_SERVICES_UPDATE')));
    expect(entry?.after).toMatchObject({ znsPublicMode: 'development' });
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: owner, payload: { publicMode: 'live' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: viewer, payload: { publicMode: 'production' } })).statusCode).toBe(403);
    const stranger = await buildOrganisation(t.database);
    const so = await buildUser(t.database, { merchantId: stranger.id, role: 'OWNER' });
    const strangerOwner = (await loginAs(t.app, so.email)).headers({ 'x-merchant-id': stranger.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: strangerOwner })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: strangerOwner, payload: { publicMode: 'production' } })).statusCode).toBe(404);
    const back = await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${tenantId}/zns-public-mode`, headers: owner, payload: { publicMode: 'production' } });
    expect(back.json().data.publicMode).toBe('production');
  });

  it('creates a campaign through the review: approval holds the estimated cost and it waits for its start', async () => {
    expect((await req('PUT', '/merchant/approval-workflow', owner, { kind: 'ZNS_CAMPAIGN', teamId: null, approverIds: [approverId] })).statusCode).toBe(200);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await req('POST', '/merchant/campaign', owner, { name: 'Tết 2027', apiKeyId, uploadId, startMode: 'SCHEDULE', scheduleAt: at, mode: 'production' });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ status: 'PENDING', recordCount: 4, estimatedCost: 4 * PRICE, template: { templateName: 'Order confirmation', price: PRICE }, apiKey: { id: apiKeyId } });
    // The same list cannot make a second campaign.
    expect((await req('POST', '/merchant/campaign', owner, { name: 'Again', apiKeyId, uploadId, startMode: 'IMMEDIATE', mode: 'production' })).json().error.details.rule).toBe('UPLOAD_USED');

    const list = await req('GET', '/merchant/campaign?status=PENDING&name=t%E1%BA%BFt', approver);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(list.json().data[0].abilities.decide).toBe(true);

    expect((await req('PATCH', `/merchant/campaign/approval/${c.id}`, owner, { approval: true, comment: 'ok' })).statusCode).toBe(403);
    const ok = await req('PATCH', `/merchant/campaign/approval/${c.id}`, approver, { approval: true, comment: 'Duyệt' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('APPROVED');
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row).toMatchObject({ status: 'APPROVED', dispatchState: 'WAITING' });
    expect(row?.nextRunAt?.toISOString()).toBe(at);
    const [hold] = await t.database.db.select().from(walletHolds).where(eq(walletHolds.ref, `campaign:${c.id}`));
    expect(hold).toMatchObject({ amount: 4 * PRICE, status: 'OPEN' });
    expect(row?.holdId).toBe(hold?.id);
    expect((await req('PATCH', `/merchant/campaign/approval/${c.id}`, approver, { approval: true, comment: 'again' })).statusCode).toBe(409);

    const audits = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.tenantId, tenantId));
    const actions = new Set(audits.map((a) => a.action));
    expect(actions.has('CAMPAIGN_UPLOAD')).toBe(true);
    expect(actions.has('CAMPAIGN_CREATE')).toBe(true);
    expect(actions.has('TASK_APPROVE')).toBe(true);
  });

  it('rejects through the review; a wallet that cannot cover the cost is refused with the shortfall (submission and approval)', async () => {
    const up1 = await upload(owner, CSV, { mapping: JSON.stringify(MAPPING) });
    const c1 = (await req('POST', '/merchant/campaign', owner, { name: 'To reject', apiKeyId, uploadId: up1.json().data.id, startMode: 'IMMEDIATE', mode: 'production' })).json().data;
    const rej = await req('PATCH', `/merchant/campaign/approval/${c1.id}`, approver, { approval: false, comment: 'Không' });
    expect(rej.json().data.status).toBe('REJECTED');

    // Balance now 10 000 − 1 200 held = 8 800: a campaign of 4 rows at 300 fits; drain to 1 000 first.
    await t.database.db.transaction(async (tx) => {
      const wallet = await ensureTenantWallet(tx, tenantId);
      await applyEntry(tx, { walletId: wallet.id, type: 'SUB', value: 7_800, reason: 'ADJUST' });
    });
    const up2 = await upload(owner, CSV, { mapping: JSON.stringify(MAPPING) });
    expect(up2.json().data).toMatchObject({ estimatedCost: 1200, balance: 1000, shortfall: 200 });
    const refused = await req('POST', '/merchant/campaign', owner, { name: 'Too dear', apiKeyId, uploadId: up2.json().data.id, startMode: 'IMMEDIATE', mode: 'production' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.details).toMatchObject({ shortfall: 200, balance: 1000, estimatedCost: 1200 });
    // Development mode is never charged: it passes.
    const dev = await req('POST', '/merchant/campaign', owner, { name: 'Dev run', apiKeyId, uploadId: up2.json().data.id, startMode: 'IMMEDIATE', mode: 'development' });
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json().data.estimatedCost).toBe(0);

    // Covered at submission, short at approval: the approval fails with the shortfall and nothing changes.
    await topUp(tenantId, 300);
    const up3 = await upload(owner, CSV, { mapping: JSON.stringify(MAPPING) });
    const c3 = await req('POST', '/merchant/campaign', owner, { name: 'Short later', apiKeyId, uploadId: up3.json().data.id, startMode: 'IMMEDIATE', mode: 'production' });
    expect(c3.statusCode, c3.body).toBe(200);
    await t.database.db.transaction(async (tx) => {
      const wallet = await ensureTenantWallet(tx, tenantId);
      await applyEntry(tx, { walletId: wallet.id, type: 'SUB', value: 500, reason: 'ADJUST' });
    });
    const late = await req('PATCH', `/merchant/campaign/approval/${c3.json().data.id}`, approver, { approval: true, comment: 'ok' });
    expect(late.statusCode).toBe(402);
    expect(late.json().error.details.shortfall).toBe(400);
    const [still] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c3.json().data.id));
    expect(still?.status).toBe('PENDING');
  });

  it('approves on submission when the workflow is empty', async () => {
    await req('PUT', '/merchant/approval-workflow', owner, { kind: 'ZNS_CAMPAIGN', teamId: null, approverIds: [] });
    const up = await upload(owner, CSV, { mapping: JSON.stringify(MAPPING) });
    const res = await req('POST', '/merchant/campaign', owner, { name: 'Straight through', apiKeyId, uploadId: up.json().data.id, startMode: 'IMMEDIATE', mode: 'development' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('APPROVED');
    const [row] = await t.database.db.select().from(campaigns).where(and(eq(campaigns.id, res.json().data.id), eq(campaigns.tenantId, tenantId)));
    expect(row?.dispatchState).toBe('WAITING');
  });

  it('keeps tenants apart (404) and checks permissions (403)', async () => {
    const [c] = await t.database.db.select().from(campaigns).where(eq(campaigns.tenantId, tenantId)).limit(1);
    const id = c?.id ?? '';
    expect((await req('GET', '/merchant/campaign', otherOwner)).json().data).toEqual([]);
    expect((await req('GET', `/merchant/campaign/upload/${uploadId}`, otherOwner)).statusCode).toBe(404);
    expect((await req('GET', `/merchant/campaign/upload/${uploadId}/rejects`, otherOwner)).statusCode).toBe(404);
    expect((await req('PUT', `/merchant/campaign/upload/${uploadId}/mapping`, otherOwner, MAPPING)).statusCode).toBe(404);
    expect((await req('PATCH', `/merchant/campaign/approval/${id}`, otherOwner, { approval: true, comment: 'x' })).statusCode).toBe(404);
    expect((await req('POST', '/merchant/campaign', otherOwner, { name: 'Steal', apiKeyId: otherKeyId, uploadId, startMode: 'IMMEDIATE', mode: 'production' })).statusCode).toBe(404);
    const m = multipart({ apiKeyId, znsTemplateId: TEMPLATE }, { filename: 'a.csv', contentType: 'text/csv', data: Buffer.from(CSV) });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/campaign/upload', headers: { ...otherOwner, ...m.headers }, payload: m.payload })).statusCode).toBe(404);

    expect((await req('GET', '/merchant/campaign', bare)).statusCode).toBe(403);
    expect((await req('GET', '/merchant/campaign', viewer)).statusCode).toBe(200);
    expect((await req('GET', '/merchant/campaign/form-options', viewer)).statusCode).toBe(403);
    expect((await upload(viewer, CSV)).statusCode).toBe(403);
    expect((await req('POST', '/merchant/campaign', viewer, { name: 'Nope', apiKeyId, uploadId, startMode: 'IMMEDIATE', mode: 'production' })).statusCode).toBe(403);
    expect((await req('PUT', `/merchant/campaign/upload/${uploadId}/mapping`, viewer, MAPPING)).statusCode).toBe(403);
  });
});

/** A minimal XLSX (zip, deflated entries): first row and strings as shared strings, the rest inline or numbers. */
function buildXlsx(rows: Array<Array<string | number>>): Buffer {
  const shared: string[] = [];
  const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((r, ri) => {
      const cells = r
        .map((v, ci) => {
          const ref = `${col(ci)}${ri + 1}`;
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          if (ri === 0 || ci === 1) {
            shared.push(v);
            return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
          }
          return `<c r="${ref}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`;
        })
        .join('');
      return `<row r="${ri + 1}">${cells}</row>`;
    })
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': '<?xml version="1.0"?><workbook><sheets><sheet name="S" sheetId="1"/></sheets></workbook>',
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst>${shared.map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = deflateRawSync(Buffer.from(text));
    const n = Buffer.from(name);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(8, 8);
    lh.writeUInt32LE(data.length, 18);
    lh.writeUInt32LE(Buffer.byteLength(text), 22);
    lh.writeUInt16LE(n.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(8, 10);
    ch.writeUInt32LE(data.length, 20);
    ch.writeUInt32LE(Buffer.byteLength(text), 24);
    ch.writeUInt16LE(n.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, n, data);
    central.push(ch, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
