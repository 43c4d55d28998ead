import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import type { StatCounters } from '@zc/shared/api/stats';
import { rowsOf } from '../../platform/sql';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { writeOutbox } from '../messaging/outbox';
import { buildSendFixture, oaMessage, znsMessage, type SendFixture } from '../messaging/test-fixtures';
import { ensureTenantWallet } from '../wallets/service';
import { foldAllMessageStats } from './fold';
import { vnToday } from './service';

let t: TestContext;
let f: SendFixture;
let orgId: string;
let tenant2: string;
let foreignTenant: string;
let owner: Record<string, string>;
let member: Record<string, string>;
let eu: Record<string, string>;
let viewer: Record<string, string>;
let noDash: Record<string, string>;
let viewer2: Record<string, string>;
const NO_OA = '22222222-2222-4222-8222-222222222222';
const today = vnToday(new Date());
const dayBefore = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function groupWith(tid: string, permissions: Permission[]) {
  const { rows: [g] } = await t.database.raw.query<{ id: string }>(`insert into user_groups (tenant_id, name, permissions) values ($1, $2, $3::jsonb) returning id`, [tid, `g${Math.random()}`, JSON.stringify(permissions)]);
  if (!g) throw new Error('group');
  return g.id;
}

const get = async (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
async function data<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** Counters straight from message_history (the test's reference; the API never reads it). */
async function direct(where: ReturnType<typeof sql>, groupBy?: ReturnType<typeof sql>) {
  const r = rowsOf<Record<string, string | null>>(
    await t.database.db.execute(sql`
      select ${groupBy ?? sql`''`} as key, count(*) total,
        count(*) filter (where status in ('PUSHED_ZALO','RECEIVED')) sent,
        count(*) filter (where status = 'RECEIVED') delivered,
        count(*) filter (where status in ('ERROR_PUSH_QUEUE','ERROR','ERROR_CALL_ZALO')) failed,
        count(*) filter (where status in ('PENDING','PROCESSING','PUSHED_QUEUE')) pending,
        coalesce(sum(price) filter (where is_charged), 0) cost
      from message_history where ${where} group by 1`),
  );
  return new Map(r.map((x) => [String(x.key ?? ''), { total: Number(x.total), sent: Number(x.sent), delivered: Number(x.delivered), failed: Number(x.failed), pending: Number(x.pending), cost: Number(x.cost) }]));
}
const pick = (c: StatCounters) => ({ total: c.total, sent: c.sent, delivered: c.delivered, failed: c.failed, pending: c.pending, cost: c.cost });

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrganisation(t.database)).id;
  f = await buildSendFixture(t.database, t.config.appSecret, { merchantId: orgId, balance: 1_000_000 });
  tenant2 = (await buildTenant(t.database, orgId, { znsService: true })).id;
  foreignTenant = (await buildTenant(t.database, (await buildOrganisation(t.database)).id, { znsService: true })).id;
  // tenant2: a prepaid wallet below its threshold.
  await ensureTenantWallet(t.database.db, tenant2);
  await t.database.db.execute(sql`update wallets set balance = 10, threshold = 1000, mode = 'PREPAID' where tenant_id = ${tenant2}`);

  owner = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'OWNER' })).email)).headers({ 'x-merchant-id': orgId });
  member = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'USER', tenantIds: [f.tenantId] })).email)).headers({ 'x-merchant-id': orgId });
  eu = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [f.tenantId] })).email)).headers({ 'x-merchant-id': orgId });
  const dash = await groupWith(f.tenantId, ['VIEW_DASHBOARD_AND_CHART']);
  viewer = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [f.tenantId], groupId: dash })).email)).headers({ 'x-tenant-id': f.tenantId });
  const none = await groupWith(f.tenantId, ['VIEW_TICKET']);
  noDash = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [f.tenantId], groupId: none })).email)).headers({ 'x-tenant-id': f.tenantId });
  const dash2 = await groupWith(tenant2, ['VIEW_DASHBOARD_AND_CHART']);
  viewer2 = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenant2], groupId: dash2 })).email)).headers({ 'x-tenant-id': tenant2 });

  // Sends through the real outbox (charged), then the delivery outcomes the worker and receipts would write.
  const msgs = [...Array.from({ length: 24 }, (_, i) => znsMessage(f, `z-${i}`, 300)), ...Array.from({ length: 8 }, (_, i) => oaMessage(f, `o-${i}`, 55))];
  await writeOutbox(t.database, msgs);
  const [written] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*) n from message_history where tenant_id = ${f.tenantId} and is_charged`));
  expect(Number(written!.n)).toBe(msgs.length);
  await t.database.db.execute(sql`update message_history set status = 'PUSHED_ZALO' where tenant_id = ${f.tenantId} and seq % 4 <> 0`);
  await t.database.db.execute(sql`update message_history set status = 'RECEIVED' where tenant_id = ${f.tenantId} and status = 'PUSHED_ZALO' and seq % 3 = 0`);
  await t.database.db.execute(sql`update message_history set status = 'ERROR_CALL_ZALO', is_charged = false, error_code = -124 where tenant_id = ${f.tenantId} and status = 'PENDING' and seq % 2 = 0`);
  // Another tenant of the organisation, one of another organisation, and the month boundary (23:59 and 00:00 local).
  await t.database.db.execute(sql`insert into message_history (tenant_id, zalo_oa_id, module, type, status, is_charged, price, created_at) values
    (${tenant2}, ${NO_OA}, 'ZNS', 'PROMOTION', 'RECEIVED', true, 400, now()),
    (${tenant2}, ${NO_OA}, 'ZNS', 'PROMOTION', 'ERROR', false, 400, now()),
    (${tenant2}, ${NO_OA}, 'ZNS', 'TRANSACTION', 'RECEIVED', true, 200, '2026-10-31T16:59:00Z'),
    (${tenant2}, ${NO_OA}, 'ZNS', 'TRANSACTION', 'RECEIVED', true, 200, '2026-10-31T17:00:00Z'),
    (${foreignTenant}, ${NO_OA}, 'ZNS', 'TRANSACTION', 'RECEIVED', true, 999, now())`);
  await foldAllMessageStats(t.database.db);
});
afterAll(async () => t.close());

describe('organisation dashboard (GET /merchant/stats/*)', () => {
  it('overview: totals and every bucket equal direct counts over the raw rows; revenue for VIEW_REVENUE_CHART', async () => {
    const from = dayBefore(today, 6);
    const o = await data<{ totals: StatCounters; series: Array<StatCounters & { bucket: string }>; revenue: { total: number; series: Array<{ bucket: string; cost: number }> } | null; tenantCount: number; activeUsers: { count: number } }>(
      `/merchant/stats/overview?from=${from}&to=${today}&period=DAILY`,
      owner,
    );
    const want = (await direct(sql`tenant_id in (${f.tenantId}, ${tenant2}) and created_at >= ${`${from}T00:00:00+07:00`}::timestamptz`)).get('')!;
    expect(pick(o.totals)).toEqual(want);
    expect(o.totals.deliveryRate).toBeCloseTo(want.delivered / want.sent, 10);
    expect(o.series.map((p) => p.bucket)).toHaveLength(7);
    expect(o.series[6]!.bucket).toBe(today);
    expect(o.series.slice(0, 6).every((p) => p.total === 0)).toBe(true);
    expect(o.revenue).not.toBeNull();
    expect(o.revenue!.total).toBe(want.cost);
    expect(o.tenantCount).toBe(2);
    expect(o.activeUsers.count).toBeGreaterThanOrEqual(0);
  });

  it('revenue is null without VIEW_REVENUE_CHART; a member sees only their tenants', async () => {
    const o = await data<{ revenue: unknown; tenantCount: number; totals: StatCounters }>(`/merchant/stats/overview?from=${today}&to=${today}`, member);
    expect(o.revenue).toBeNull();
    expect(o.tenantCount).toBe(1);
    expect(pick(o.totals)).toEqual((await direct(sql`tenant_id = ${f.tenantId}`)).get(''));
    const rows = await data<Array<{ tenantId: string }>>(`/merchant/stats/tenants?from=${today}&to=${today}`, member);
    expect(rows.map((r) => r.tenantId)).toEqual([f.tenantId]);
    expect((await get(`/merchant/stats/tenant/${tenant2}/oas?from=${today}&to=${today}`, member)).statusCode).toBe(404);
  });

  it('tenants: one row per tenant with its counters and wallet, by total descending', async () => {
    const rows = await data<Array<StatCounters & { tenantId: string; balance: number | null; lowBalance: boolean; walletMode: string | null }>>(`/merchant/stats/tenants?from=${today}&to=${today}`, owner);
    expect(rows.map((r) => r.tenantId)).toEqual([f.tenantId, tenant2]);
    const want = await direct(sql`tenant_id in (${f.tenantId}, ${tenant2}) and created_at >= ${`${today}T00:00:00+07:00`}::timestamptz`, sql`tenant_id::text`);
    for (const r of rows) expect(pick(r)).toEqual(want.get(r.tenantId));
    expect(rows[1]).toMatchObject({ balance: 10, walletMode: 'PREPAID', lowBalance: true });
    expect(rows[0]!.lowBalance).toBe(false);
  });

  it('low balances: prepaid wallets below their threshold', async () => {
    const rows = await data<Array<{ tenantId: string; balance: number; threshold: number }>>('/merchant/stats/low-balances', owner);
    expect(rows).toEqual([expect.objectContaining({ tenantId: tenant2, balance: 10, threshold: 1000 })]);
  });

  it('tenant OAs (drill-down) and breakdowns by type, template, OA and tenant equal direct counts', async () => {
    const q = `from=${today}&to=${today}`;
    const oas = await data<Array<StatCounters & { zaloOaId: string | null; name: string }>>(`/merchant/stats/tenant/${f.tenantId}/oas?${q}`, owner);
    expect(oas).toHaveLength(1);
    expect(oas[0]!.zaloOaId).toBe(f.zaloOaId);
    expect(oas[0]!.name).toBe('Shop OA');
    expect(pick(oas[0]!)).toEqual((await direct(sql`tenant_id = ${f.tenantId}`)).get(''));

    const inOrg = sql`tenant_id in (${f.tenantId}, ${tenant2}) and created_at >= ${`${today}T00:00:00+07:00`}::timestamptz`;
    const byType = await data<Array<StatCounters & { key: string; label: string }>>(`/merchant/stats/breakdown?${q}&dimension=type`, owner);
    const wantType = await direct(inOrg, sql`type`);
    expect(byType.map((r) => r.key).sort()).toEqual([...wantType.keys()].sort());
    for (const r of byType) expect(pick(r)).toEqual(wantType.get(r.key));

    const byTemplate = await data<Array<StatCounters & { key: string; label: string }>>(`/merchant/stats/breakdown?${q}&dimension=template&tenantId=${f.tenantId}`, owner);
    const tpl = byTemplate.find((r) => r.key === f.templateId)!;
    expect(tpl.label).toBe('Order shipped');
    expect(pick(tpl)).toEqual((await direct(sql`tenant_id = ${f.tenantId} and zns_template_id = ${f.templateId}`)).get(''));

    const byOa = await data<Array<StatCounters & { key: string; label: string }>>(`/merchant/stats/breakdown?${q}&dimension=oa`, owner);
    expect(byOa.find((r) => r.key === f.zaloOaId)?.label).toBe('Shop OA');
    expect(byOa.reduce((s, r) => s + r.total, 0)).toBe(wantType.size ? [...wantType.values()].reduce((s, r) => s + r.total, 0) : 0);

    const byTenant = await data<Array<StatCounters & { key: string }>>(`/merchant/stats/breakdown?${q}&dimension=tenant`, owner);
    expect(byTenant.map((r) => r.key)).toEqual([f.tenantId, tenant2]);
  });

  it("another organisation's tenant answers 404 (drill-down and breakdown)", async () => {
    expect((await get(`/merchant/stats/tenant/${foreignTenant}/oas?from=${today}&to=${today}`, owner)).statusCode).toBe(404);
    expect((await get(`/merchant/stats/breakdown?from=${today}&to=${today}&dimension=type&tenantId=${foreignTenant}`, owner)).statusCode).toBe(404);
    const rows = await data<Array<{ tenantId: string }>>(`/merchant/stats/tenants?from=${today}&to=${today}`, owner);
    expect(rows.some((r) => r.tenantId === foreignTenant)).toBe(false);
  });

  it('a role without VIEW_TENANT answers 403', async () => {
    for (const url of [`/merchant/stats/overview?from=${today}&to=${today}`, `/merchant/stats/tenants?from=${today}&to=${today}`, '/merchant/stats/low-balances', `/merchant/stats/breakdown?from=${today}&to=${today}&dimension=type`]) {
      expect((await get(url, eu)).statusCode, url).toBe(403);
    }
  });

  it('reversed or too long ranges answer 422 DATE_RANGE_INVALID naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`/merchant/stats/overview?from=2026-03-02&to=2026-03-01`, 'querystring.to'],
      [`/merchant/stats/overview?from=2026-01-01&to=2026-02-01&period=HOURLY`, 'querystring.to'],
      [`/merchant/stats/overview?from=2026-02-30&to=2026-03-01`, 'querystring.from'],
      [`/merchant/stats/tenants?from=2024-01-01&to=2026-01-01`, 'querystring.to'],
      [`/merchant/stats/breakdown?from=2026-01-02&to=2026-01-01&dimension=oa`, 'querystring.to'],
      [`/merchant/stats/tenant/${f.tenantId}/oas?from=2026-01-02&to=2026-01-01`, 'querystring.to'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url, owner);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.code).toBe('DATE_RANGE_INVALID');
      expect(JSON.stringify(res.json().error.details)).toContain(field);
    }
    const res = await get(`/merchant/stats/tenant-dashboard?from=2026-01-01&to=2026-03-01&period=HOURLY`, viewer);
    expect(res.statusCode).toBe(422);
  });

  it('answers every bucket: 48 hours, 3 months with zeros', async () => {
    const h = await data<{ series: Array<{ bucket: string }> }>(`/merchant/stats/overview?from=${dayBefore(today, 1)}&to=${today}&period=HOURLY`, owner);
    expect(h.series).toHaveLength(48);
    expect(h.series[0]!.bucket).toBe(`${dayBefore(today, 1)}T00:00`);
    const m = await data<{ series: Array<{ bucket: string; total: number }> }>(`/merchant/stats/overview?from=2026-01-15&to=2026-03-02&period=MONTHLY`, owner);
    expect(m.series.map((p) => [p.bucket, p.total])).toEqual([['2026-01', 0], ['2026-02', 0], ['2026-03', 0]]);
  });

  it('a message at 23:59 local on the last day of a month belongs to that month (Asia/Ho_Chi_Minh)', async () => {
    const m = await data<{ series: Array<{ bucket: string; total: number }> }>(`/merchant/stats/overview?from=2026-10-01&to=2026-10-31&period=MONTHLY`, owner);
    expect(m.series).toEqual([expect.objectContaining({ bucket: '2026-10', total: 1 })]);
    const d = await data<{ series: Array<{ bucket: string; total: number }> }>(`/merchant/stats/overview?from=2026-10-31&to=2026-11-01&period=DAILY`, owner);
    expect(d.series.map((p) => [p.bucket, p.total])).toEqual([['2026-10-31', 1], ['2026-11-01', 1]]);
    const h = await data<{ series: Array<{ bucket: string; total: number }> }>(`/merchant/stats/overview?from=2026-10-31&to=2026-11-01&period=HOURLY`, owner);
    expect(h.series.filter((p) => p.total > 0).map((p) => p.bucket)).toEqual(['2026-10-31T23:00', '2026-11-01T00:00']);
  });
});

describe('tenant dashboard (GET /merchant/stats/tenant-dashboard)', () => {
  it("today's and the period's counters, spend against the wallet, reviews, tickets and followers", async () => {
    const d = await data<{
      today: StatCounters;
      period: { totals: StatCounters; series: unknown[] };
      spend: { cost: number; balance: number | null; walletMode: string | null; threshold: number | null };
      pendingReviews: number;
      openTickets: number;
      followers: { total: number; series: unknown[] } | null;
      miniApp: unknown;
    }>(`/merchant/stats/tenant-dashboard?from=${dayBefore(today, 2)}&to=${today}`, viewer);
    const want = (await direct(sql`tenant_id = ${f.tenantId}`)).get('')!;
    expect(pick(d.today)).toEqual(want);
    expect(pick(d.period.totals)).toEqual(want);
    expect(d.period.series).toHaveLength(3);
    const [w] = rowsOf<{ balance: string }>(await t.database.db.execute(sql`select balance from wallets where tenant_id = ${f.tenantId}`));
    expect(d.spend).toEqual({ cost: want.cost, balance: Number(w!.balance), walletMode: 'PREPAID', threshold: 0 });
    expect(d.pendingReviews).toBe(0);
    expect(d.openTickets).toBe(0);
    expect(d.followers).toEqual({ total: 0, series: expect.any(Array) });
    expect(d.followers!.series).toHaveLength(3);
    expect(d.miniApp).toBeNull();
  });

  it('followers null when the OA service is off; the mini-app series when it is on', async () => {
    await t.database.db.execute(sql`update tenants set is_mini_app_enabled = true where id = ${tenant2}`);
    const d = await data<{ followers: unknown; miniApp: { series: Array<{ bucket: string; spins: number }> } | null; today: StatCounters }>(`/merchant/stats/tenant-dashboard?from=${today}&to=${today}&period=HOURLY`, viewer2);
    expect(d.followers).toBeNull();
    expect(d.miniApp?.series).toHaveLength(24);
    expect(d.today.total).toBe(2);
  });

  it('without VIEW_DASHBOARD_AND_CHART answers 403', async () => {
    expect((await get(`/merchant/stats/tenant-dashboard?from=${today}&to=${today}`, noDash)).statusCode).toBe(403);
  });
});
