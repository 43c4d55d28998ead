import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, buildUser, loginAs, type TestContext, type Session } from '../../test/helpers';
import { buildSendFixture, znsBody, type SendFixture } from './test-fixtures';

let t: TestContext;
let a: SendFixture;
let b: SendFixture;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
  b = await buildSendFixture(t.database, t.config.appSecret, { merchantId: a.merchantId });
  const u = await buildUser(t.database, { merchantId: a.merchantId, role: 'OWNER' });
  owner = await loginAs(t.app, u.email);
  // 1,205 ZNS rows and 30 OA rows for tenant A, written in SQL (faster than the API, same shape).
  await t.database.raw.query(
    `insert into message_history (tenant_id, module, api_key_id, zalo_oa_id, tracking_id, session_id, phone, zns_template_id, template_name, template_data, type, status, is_charged, price, created_at)
     select $1, 'ZNS', $2, $3, 'trk-' || g, 'ses-' || g, '8498765' || lpad((g % 10000)::text, 4, '0'), case when g % 2 = 0 then 'tplEven' else 'tplOdd' end,
            case when g % 3 = 0 then 'Order shipped' else 'OTP' end, '{"customer_name":"A"}'::jsonb,
            (array['CS','PROMOTION','TRANSACTION','GMF'])[1 + g % 4], (array['PENDING','PUSHED_ZALO','RECEIVED','ERROR_CALL_ZALO','PROCESSING'])[1 + g % 5],
            g % 7 <> 0, 300, timestamp '2026-11-01' + g * interval '1 minute' + (g % 3) * interval '1 microsecond'
     from generate_series(1, 1205) g`,
    [a.tenantId, a.apiKeyId, a.zaloOaId],
  );
  await t.database.raw.query(
    `insert into message_history (tenant_id, module, api_key_id, zalo_oa_id, tracking_id, uid, message_data, template_name, type, status, is_charged, price, created_at)
     select $1, 'OA', $2, $3, 'oa-' || g, 'uid' || (g % 3), '{"kind":"text","text":"=cmd, \\"hi\\""}'::jsonb, 'text', 'CS', (array['PROCESSING','RECEIVED','ERROR_CALL_ZALO'])[1 + g % 3], true, 55,
            timestamp '2026-11-02' + g * interval '1 second'
     from generate_series(1, 30) g`,
    [a.tenantId, a.apiKeyId, a.zaloOaId],
  );
});
afterAll(async () => {
  await t.close();
});

type Page = { data: Array<{ id: string; trackingId: string; status: string; createdAt: string; phone: string }>; meta: { total: number; totalIsEstimate: boolean; nextCursor: string | null; prevCursor: string | null } };
const get = async (url: string, tenantId = a.tenantId, session = owner) => t.app.inject({ url, headers: session.headers({ 'x-tenant-id': tenantId }) });
const page = async (url: string): Promise<Page> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe('GET /api/merchant/zns/history', () => {
  it('filters by every §2.13 field within the tenant', async () => {
    expect((await page('/api/merchant/zns/history')).meta).toMatchObject({ total: 1205, totalIsEstimate: false });
    expect((await page('/api/merchant/zns/history?trackingId=trk-7')).data.map((r) => r.trackingId)).toEqual(['trk-7']);
    expect((await page('/api/merchant/zns/history?sessionId=ses-8')).data).toHaveLength(1);
    expect((await page('/api/merchant/zns/history?phone=0987650012')).data.map((r) => r.trackingId)).toEqual(['trk-12']);
    expect((await page('/api/merchant/zns/history?templateId=tplEven')).meta.total).toBe(602);
    expect((await page('/api/merchant/zns/history?templateName=Order%20shipped')).meta.total).toBe(401);
    expect((await page('/api/merchant/zns/history?status=RECEIVED,ERROR_CALL_ZALO')).meta.total).toBe(482);
    expect((await page('/api/merchant/zns/history?status=RECEIVED&status=ERROR_CALL_ZALO')).meta.total).toBe(482);
    expect((await page('/api/merchant/zns/history?type=GMF')).meta.total).toBe(301);
    expect((await page('/api/merchant/zns/history?isCharged=false')).meta.total).toBe(172);
    const combo = await page('/api/merchant/zns/history?type=CS&status=RECEIVED&isCharged=true&templateId=tplEven&size=100');
    expect(combo.data.every((r) => r.status === 'RECEIVED')).toBe(true);
    const bad = await get('/api/merchant/zns/history?status=NOPE');
    expect(bad.statusCode).toBe(400);
    // tenant B shares the organisation but sees none of A's rows
    const other = await get('/api/merchant/zns/history?trackingId=trk-7', b.tenantId);
    expect(other.json().meta.total).toBe(0);
  });

  it('walks every page with next cursors past 1,000 rows and back with prev cursors', async () => {
    const seen: string[] = [];
    const cursors: Array<string | null> = [];
    let url = '/api/merchant/zns/history?size=100';
    let p = await page(url);
    for (;;) {
      seen.push(...p.data.map((r) => r.id));
      cursors.push(p.meta.prevCursor);
      if (!p.meta.nextCursor) break;
      url = `/api/merchant/zns/history?size=100&cursor=${p.meta.nextCursor}`;
      p = await page(url);
    }
    expect(seen).toHaveLength(1205);
    expect(new Set(seen).size).toBe(1205);
    const created = (await page('/api/merchant/zns/history?size=3')).data.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    // back from the last page
    const back = await page(`/api/merchant/zns/history?size=100&cursor=${p.meta.prevCursor ?? ''}`);
    expect(back.data.map((r) => r.id)).toEqual(seen.slice(1100, 1200));
    expect(back.meta.nextCursor).not.toBeNull();
    // ascending order walks the same set the other way
    const asc = await page('/api/merchant/zns/history?size=5&orderBy=createdAt=asc');
    expect(asc.data.map((r) => r.id)).toEqual([...seen].reverse().slice(0, 5));
    // offset pages stop at 1,000 rows
    expect((await page('/api/merchant/zns/history?size=100&page=11')).data).toHaveLength(100);
    const far = await get('/api/merchant/zns/history?size=100&page=12');
    expect(far.statusCode).toBe(400);
    expect(far.json().error.code).toBe('PAGE_NEEDS_CURSOR');
    expect((await get('/api/merchant/zns/history?cursor=garbage')).json().error.code).toBe('CURSOR_INVALID');
  });

  it('is exact up to 10,000 and an estimate beyond', async () => {
    const c = await buildSendFixture(t.database, t.config.appSecret, { merchantId: a.merchantId });
    await t.database.raw.query(
      `insert into message_history (tenant_id, module, zalo_oa_id, type, status, created_at) select $1, 'ZNS', $2, 'CS', 'RECEIVED', now() - g * interval '1 second' from generate_series(1, 10050) g`,
      [c.tenantId, c.zaloOaId],
    );
    await t.database.raw.exec('analyze message_history');
    const res = await get('/api/merchant/zns/history', c.tenantId);
    expect(res.json().meta).toMatchObject({ totalIsEstimate: true });
    expect(res.json().meta.total).toBeGreaterThan(10_000);
  });

  it('answers 403 without VIEW_HISTORY, with the module off, and for a tenant the user cannot open', async () => {
    const { rows: [group] } = await t.database.raw.query<{ id: string }>(`insert into user_groups (tenant_id, name, permissions) values ($1, 'none', '[]'::jsonb) returning id`, [a.tenantId]);
    const member = await buildUser(t.database, { merchantId: a.merchantId, role: 'EU', tenantIds: [a.tenantId], groupId: group?.id });
    const s = await loginAs(t.app, member.email);
    for (const url of ['/api/merchant/zns/history', '/api/merchant/uid', '/api/merchant/uid/export']) {
      const res = await get(url, a.tenantId, s);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const outsider = await buildUser(t.database, { merchantId: a.merchantId, role: 'USER', tenantIds: [b.tenantId] });
    const so = await loginAs(t.app, outsider.email);
    const denied = await get('/api/merchant/zns/history', a.tenantId, so);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('TENANT_ACCESS_DENIED');
  });
});

describe('GET /api/merchant/uid and /api/merchant/uid/export', () => {
  it('lists OA history with the official-account filters', async () => {
    const all = await page('/api/merchant/uid?size=50');
    expect(all.meta.total).toBe(30);
    expect((await page('/api/merchant/uid?uid=uid1')).meta.total).toBe(10);
    expect((await page('/api/merchant/uid?status=PROCESSING,RECEIVED&uid=uid0')).meta.total).toBe(10);
    expect((await page('/api/merchant/uid?status=RECEIVED&uid=uid0')).meta.total).toBe(0);
    expect((await page('/api/merchant/uid?type=CS&trackingId=oa-3')).data).toHaveLength(1);
    const extra = await get('/api/merchant/uid?phone=0987654321');
    expect(extra.statusCode).toBe(400);
  });

  it('streams the filtered history as a CSV download with formula cells neutralised', async () => {
    const res = await get('/api/merchant/uid/export?uid=uid2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="uid-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^createdAt,trackingId,sessionId/);
    // The price before discounts sits beside the charged one (issue 13 discounts).
    expect(lines[0]).toContain(',price,listPrice,');
    expect(lines).toHaveLength(11);
    expect(res.body).not.toContain(',=cmd');
  });

  it('refuses a tenant without the OA module', async () => {
    const c = await buildSendFixture(t.database, t.config.appSecret, { merchantId: a.merchantId });
    await t.database.raw.query('update tenants set oa_service = false where id = $1', [c.tenantId]);
    const res = await get('/api/merchant/uid', c.tenantId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('MODULE_NOT_ENABLED');
    expect((await get('/api/merchant/uid/export', c.tenantId)).statusCode).toBe(403);
  });

  it('shows a row sent through the public API with its §3 fields', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { merchantId: a.merchantId });
    const body = znsBody(f);
    await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: body });
    const res = await get(`/api/merchant/zns/history?trackingId=${body.trackingId}`, f.tenantId);
    expect(res.json().data[0]).toMatchObject({
      trackingId: body.trackingId,
      znsApiKeyId: f.apiKeyId,
      znsTemplateId: f.templateId,
      templateName: 'Order shipped',
      phone: '84987654321',
      templateData: body.templateData,
      mode: 'production',
      type: 'TRANSACTION',
      status: 'PENDING',
      isCharged: true,
      isDirectZalo: true,
      errorMsg: null,
    });
  });
});
