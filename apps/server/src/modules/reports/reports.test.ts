import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Permission } from '@zc/shared/permissions';
import { REPORT_SYNC_EXPORT_ROWS, type Report, type ReportFailure, type ReportSchedule } from '@zc/shared/api/reports';
import type { StatCounters } from '@zc/shared/api/stats';
import { explainZaloError } from '@zc/zalo/error-catalog';
import { rowsOf } from '../../platform/sql';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { xlsxRecords } from '../campaigns/ingest-xlsx';
import { buildSendFixture, type SendFixture } from '../messaging/test-fixtures';
import { foldAllMessageStats } from '../stats/fold';
import { previousMonth, previousWeek, vnToday } from './periods';
import { runReportExport, runReportSchedules } from './service';

let t: TestContext;
let f: SendFixture;
let orgId: string;
let tenantB: string;
let tenantBig: string;
let key2: string;
let campaignId: string;
let teamOne: string;
let teamTwo: string;
let reporter: Record<string, string>;
let reporterB: Record<string, string>;
let reporterBig: Record<string, string>;
let noReport: Record<string, string>;
let owner: Record<string, string>;
let member: Record<string, string>;
const dir = await mkdtemp(path.join(tmpdir(), 'zc-reports-'));
const today = vnToday(new Date());
const dayBefore = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const from = dayBefore(today, 2);

async function groupWith(tid: string, permissions: Permission[]) {
  const { rows: [g] } = await t.database.raw.query<{ id: string }>(`insert into user_groups (tenant_id, name, permissions) values ($1, $2, $3::jsonb) returning id`, [tid, `g${Math.random()}`, JSON.stringify(permissions)]);
  if (!g) throw new Error('group');
  return g.id;
}
async function session(tid: string, permissions: Permission[]) {
  const g = await groupWith(tid, permissions);
  const u = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tid], groupId: g });
  return (await loginAs(t.app, u.email)).headers({ 'x-tenant-id': tid });
}
const q = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
async function data<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

type Counts = { total: number; sent: number; delivered: number; failed: number; pending: number; cost: number; listCost: number };
const pick = (c: StatCounters): Counts => ({ total: c.total, sent: c.sent, delivered: c.delivered, failed: c.failed, pending: c.pending, cost: c.cost, listCost: c.listCost });

/** Counters straight from message_history (the reference; the reports never read it), keyed by `key`. */
async function direct(tenantId: string, key: ReturnType<typeof sql>): Promise<Map<string, Counts>> {
  const r = await q<Record<string, string | null>>(sql`
    select ${key} as key, count(*) total,
      count(*) filter (where m.status in ('PUSHED_ZALO','RECEIVED')) sent,
      count(*) filter (where m.status = 'RECEIVED') delivered,
      count(*) filter (where m.status in ('ERROR_PUSH_QUEUE','ERROR','ERROR_CALL_ZALO')) failed,
      count(*) filter (where m.status in ('PENDING','PROCESSING','PUSHED_QUEUE')) pending,
      coalesce(sum(m.price) filter (where m.is_charged), 0) cost,
      coalesce(sum(m.list_price) filter (where m.is_charged), 0) list_cost
    from message_history m
      left join campaigns c on c.id = m.campaign_id
      left join api_keys k on k.id = m.api_key_id
    where m.tenant_id = ${tenantId} and m.created_at >= ${`${from}T00:00:00+07:00`}::timestamptz
    group by 1`);
  return new Map(
    r.map((x) => [
      String(x.key ?? 'none'),
      { total: Number(x.total), sent: Number(x.sent), delivered: Number(x.delivered), failed: Number(x.failed), pending: Number(x.pending), cost: Number(x.cost), listCost: Number(x.list_cost) },
    ]),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrganisation(t.database)).id;
  f = await buildSendFixture(t.database, t.config.appSecret, { merchantId: orgId });
  tenantB = (await buildTenant(t.database, orgId, { znsService: true })).id;
  tenantBig = (await buildTenant(t.database, orgId, { znsService: true })).id;
  // A second key with a team, a campaign of another team on the first key (whose own team is none).
  const [t1] = await q<{ id: string }>(sql`insert into teams (tenant_id, name) values (${f.tenantId}, 'Team One') returning id`);
  const [t2] = await q<{ id: string }>(sql`insert into teams (tenant_id, name) values (${f.tenantId}, 'Team Two') returning id`);
  teamOne = t1!.id;
  teamTwo = t2!.id;
  const [k2] = await q<{ id: string }>(sql`insert into api_keys (tenant_id, zalo_oa_id, name, key_prefix, secret_hash, team_id) values (${f.tenantId}, ${f.zaloOaId}, 'second key', 'zck_2222', ${`h${Math.random()}`}, ${teamTwo}) returning id`);
  key2 = k2!.id;
  const [up] = await q<{ id: string }>(sql`insert into campaign_uploads (tenant_id, zalo_oa_id, zns_template_id, file_name, mapping, status) values (${f.tenantId}, ${f.zaloOaId}, ${f.templateId}, 'l.csv', '{}'::jsonb, 'READY') returning id`);
  const [c] = await q<{ id: string }>(sql`insert into campaigns (tenant_id, api_key_id, zalo_oa_id, upload_id, name, zns_template_id, template_name, team_id) values (${f.tenantId}, ${f.apiKeyId}, ${f.zaloOaId}, ${up!.id}, 'Black Friday', ${f.templateId}, 'Order shipped', ${teamOne}) returning id`);
  campaignId = c!.id;

  reporter = await session(f.tenantId, ['VIEW_REPORT']);
  reporterB = await session(tenantB, ['VIEW_REPORT']);
  reporterBig = await session(tenantBig, ['VIEW_REPORT']);
  noReport = await session(f.tenantId, ['VIEW_DASHBOARD_AND_CHART']);
  owner = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'OWNER' })).email)).headers({ 'x-merchant-id': orgId });
  member = (await loginAs(t.app, (await buildUser(t.database, { merchantId: orgId, role: 'USER', tenantIds: [f.tenantId] })).email)).headers({ 'x-merchant-id': orgId });

  // Random messages over three days: ZNS and OA, templates known and unknown, two keys or none, the campaign or none.
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pickOf = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const statuses = ['PENDING', 'PROCESSING', 'PUSHED_ZALO', 'RECEIVED', 'ERROR', 'ERROR_CALL_ZALO'] as const;
  const values = Array.from({ length: 160 }, (_, i) => {
    const oa = rnd() < 0.25;
    const status = pickOf(statuses);
    const failed = status.startsWith('ERROR');
    const code = failed ? pickOf(oa ? [-213, -32, null] : [-124, -1123, null]) : null;
    const hoursAgo = Math.floor(rnd() * 60);
    return sql`(${f.tenantId}, ${oa ? 'OA' : 'ZNS'}, ${f.zaloOaId}, ${oa ? 'CS' : pickOf(['TRANSACTION', 'PROMOTION'])}, ${status}, ${!failed}, ${200 + (i % 5) * 10}, ${300},
      ${oa ? null : pickOf([f.templateId, 'tpl-unknown'])}, ${pickOf([f.apiKeyId, key2, null])}, ${!oa && rnd() < 0.3 ? campaignId : null},
      now() - (${hoursAgo} * interval '1 hour'), ${code})`;
  });
  await t.database.db.execute(
    sql`insert into message_history (tenant_id, module, zalo_oa_id, type, status, is_charged, price, list_price, zns_template_id, api_key_id, campaign_id, created_at, error_code) values ${sql.join(values, sql`, `)}`,
  );
  // State changes after the first fold, as the delivery worker and receipts make them.
  await foldAllMessageStats(t.database.db);
  await t.database.db.execute(sql`update message_history set status = 'RECEIVED' where tenant_id = ${f.tenantId} and status = 'PUSHED_ZALO' and seq % 2 = 0`);
  await t.database.db.execute(sql`update message_history set status = 'ERROR_CALL_ZALO', is_charged = false, error_code = -124 where tenant_id = ${f.tenantId} and module = 'ZNS' and status = 'PENDING' and seq % 3 = 0`);
  // Another tenant of the organisation (isolation, organisation report).
  await t.database.db.execute(sql`insert into message_history (tenant_id, module, zalo_oa_id, type, status, is_charged, price, list_price, zns_template_id, created_at, error_code) values
    (${tenantB}, 'ZNS', ${f.zaloOaId}, 'PROMOTION', 'RECEIVED', true, 400, 500, 'tpl-b', now(), null),
    (${tenantB}, 'ZNS', ${f.zaloOaId}, 'PROMOTION', 'ERROR', false, 400, 500, 'tpl-b', now(), -124)`);
  await foldAllMessageStats(t.database.db);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('tenant report (GET /merchant/report)', () => {
  const keys = {
    day: sql`to_char(m.created_at at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD')`,
    type: sql`m.type`,
    template: sql`nullif(m.zns_template_id, '')`,
    apiKey: sql`m.api_key_id::text`,
    campaign: sql`m.campaign_id::text`,
    team: sql`coalesce(c.team_id, k.team_id)::text`,
  } as const;

  for (const groupBy of Object.keys(keys) as Array<keyof typeof keys>) {
    it(`by ${groupBy}: every row equals direct counts over the raw rows after the fold`, async () => {
      const r = await data<Report>(`/merchant/report?from=${from}&to=${today}&groupBy=${groupBy}`, reporter);
      const want = await direct(f.tenantId, keys[groupBy]);
      const got = new Map(r.rows.filter((x) => x.total > 0).map((x) => [x.key, pick(x)]));
      expect(got).toEqual(want);
      const all = (await direct(f.tenantId, sql`''`)).get('')!;
      expect(pick(r.totals)).toEqual(all);
      expect(r.totals.deliveryRate).toBeCloseTo(all.delivered / all.sent, 10);
      for (const row of r.rows) expect(row.deliveryRate).toBeCloseTo(row.sent ? row.delivered / row.sent : 0, 10);
    });
  }

  it('labels rows with names: template, API key, campaign, team; none for messages without one', async () => {
    const label = async (groupBy: string, key: string) => (await data<Report>(`/merchant/report?from=${from}&to=${today}&groupBy=${groupBy}`, reporter)).rows.find((r) => r.key === key)?.label;
    expect(await label('template', f.templateId)).toBe('Order shipped');
    expect(await label('template', 'tpl-unknown')).toBe('tpl-unknown');
    expect(await label('apiKey', f.apiKeyId)).toBe('test key');
    expect(await label('apiKey', key2)).toBe('second key');
    expect(await label('campaign', campaignId)).toBe('Black Friday');
    expect(await label('team', teamOne)).toBe('Team One');
    expect(await label('team', teamTwo)).toBe('Team Two');
    expect(await label('team', 'none')).toBeTruthy();
  });

  it('by day answers every day of the range, empty ones as zeros', async () => {
    const r = await data<Report>(`/merchant/report?from=${dayBefore(today, 9)}&to=${today}&groupBy=day`, reporter);
    expect(r.rows.map((x) => x.key)).toEqual(Array.from({ length: 10 }, (_, i) => dayBefore(today, 9 - i)));
    expect(r.rows[0]!.total).toBe(0);
  });

  it('by status: one row per bucket (pending, sent not yet delivered, delivered, failed) adding up to the total', async () => {
    const r = await data<Report>(`/merchant/report?from=${from}&to=${today}&groupBy=status`, reporter);
    const all = (await direct(f.tenantId, sql`''`)).get('')!;
    expect(r.rows.map((x) => [x.key, x.total])).toEqual([
      ['pending', all.pending],
      ['sent', all.sent - all.delivered],
      ['delivered', all.delivered],
      ['failed', all.failed],
    ]);
    expect(r.rows.reduce((n, x) => n + x.total, 0)).toBe(all.total);
  });

  it('another tenant sees only its own messages', async () => {
    const r = await data<Report>(`/merchant/report?from=${from}&to=${today}&groupBy=type`, reporterB);
    expect(pick(r.totals)).toEqual((await direct(tenantB, sql`''`)).get(''));
    expect(r.totals.total).toBe(2);
  });

  it('403 without VIEW_REPORT (report, failures, export, schedules)', async () => {
    expect((await get(`/merchant/report?from=${from}&to=${today}`, noReport)).statusCode).toBe(403);
    expect((await get(`/merchant/report/failures?from=${from}&to=${today}`, noReport)).statusCode).toBe(403);
    expect((await get('/merchant/report/schedules', noReport)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/report/export', headers: noReport, payload: { format: 'csv', groupBy: 'day', from, to: today } });
    expect(res.statusCode).toBe(403);
  });

  it('a reversed or too long range answers 422 DATE_RANGE_INVALID naming the field; an unknown groupBy 400 naming it', async () => {
    const reversed = await get(`/merchant/report?from=${today}&to=${dayBefore(today, 1)}`, reporter);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.code).toBe('DATE_RANGE_INVALID');
    expect(reversed.json().error.details.fields[0].path).toBe('querystring.to');
    const long = await get(`/merchant/report?from=${dayBefore(today, 400)}&to=${today}`, reporter);
    expect(long.statusCode).toBe(422);
    expect(long.json().error.details.fields[0].path).toBe('querystring.to');
    const badDay = await get(`/merchant/report/failures?from=2026-02-30&to=${today}`, reporter);
    expect(badDay.statusCode).toBe(422);
    expect(badDay.json().error.details.fields[0].path).toBe('querystring.from');
    const unknown = await get(`/merchant/report?from=${from}&to=${today}&groupBy=colour`, reporter);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error.details)).toContain('groupBy');
    const orgReversed = await get(`/merchant/report/organisation?from=${today}&to=${from}`, owner);
    expect(orgReversed.statusCode).toBe(422);
  });
});

describe('failures (GET /merchant/report/failures)', () => {
  it('group failed messages by module and Zalo error code with the catalogue explanation in English and Vietnamese', async () => {
    const rows = await data<ReportFailure[]>(`/merchant/report/failures?from=${from}&to=${today}`, reporter);
    const want = await q<{ module: string; code: number; n: string }>(sql`
      select module, coalesce(error_code, 0) code, count(*) n from message_history
      where tenant_id = ${f.tenantId} and status in ('ERROR','ERROR_CALL_ZALO','ERROR_PUSH_QUEUE')
        and created_at >= ${`${from}T00:00:00+07:00`}::timestamptz group by 1, 2`);
    expect(new Map(rows.map((r) => [`${r.module}:${r.errorCode}`, r.count]))).toEqual(new Map(want.map((w) => [`${w.module}:${w.code}`, Number(w.n)])));
    expect(rows.map((r) => r.count)).toEqual([...rows.map((r) => r.count)].sort((a, b) => b - a));
    const zns = rows.find((r) => r.module === 'ZNS' && r.errorCode === -124)!;
    expect(zns.message).toBe(explainZaloError(-124, 'zns').en.meaning);
    expect(zns.messageVi).toBe(explainZaloError(-124, 'zns').vi.meaning);
    expect(zns.actionVi).toBe(explainZaloError(-124, 'zns').vi.action);
    const none = rows.find((r) => r.errorCode === 0);
    expect(none?.messageVi).toMatch(/Zalo/);
  });
});

describe('organisation report (GET /merchant/report/organisation)', () => {
  it('per tenant, day and type over every tenant of the organisation, equal to direct counts; 403 without VIEW_REVENUE_CHART', async () => {
    const byTenant = await data<Report>(`/merchant/report/organisation?from=${from}&to=${today}&groupBy=tenant`, owner);
    expect(byTenant.rows.map((r) => r.key).sort()).toEqual([f.tenantId, tenantB, tenantBig].sort());
    expect(pick(byTenant.rows.find((r) => r.key === f.tenantId)!)).toEqual((await direct(f.tenantId, sql`''`)).get(''));
    expect(byTenant.rows.find((r) => r.key === tenantB)!.total).toBe(2);
    const byType = await data<Report>(`/merchant/report/organisation?from=${from}&to=${today}&groupBy=type`, owner);
    expect(byType.totals.total).toBe(byTenant.totals.total);
    const byDay = await data<Report>(`/merchant/report/organisation?from=${from}&to=${today}&groupBy=day`, owner);
    expect(byDay.rows).toHaveLength(3);
    expect(byDay.totals).toEqual(byTenant.totals);
    expect((await get(`/merchant/report/organisation?from=${from}&to=${today}`, member)).statusCode).toBe(403);
  });
});

describe('exports', () => {
  const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  async function readXlsx(buf: Buffer) {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
    await writeFile(file, buf);
    const rows: string[][] = [];
    for await (const batch of xlsxRecords(file)) for (const r of batch) rows.push(r.cells);
    return rows;
  }

  it('a small export answers the CSV at once (BOM, headings in the chosen language, a row per report row and the totals), audited', async () => {
    const res = await post('/merchant/report/export', reporter, { format: 'csv', groupBy: 'type', from, to: today, lang: 'vi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`report-type-${from}-${today}.csv`);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('Tổng tin');
    const report = await data<Report>(`/merchant/report?from=${from}&to=${today}&groupBy=type`, reporter);
    expect(lines).toHaveLength(report.rows.length + 2);
    expect(lines.at(-1)).toContain(`Tổng cộng,${report.totals.total},`);
    const [audit] = await q<{ n: string }>(sql`select count(*) n from audit_logs where action = 'REPORT_EXPORT' and tenant_id = ${f.tenantId}`);
    expect(Number(audit!.n)).toBeGreaterThanOrEqual(1);
  });

  it('a small export answers the XLSX at once, which reads back as the report', async () => {
    const res = await post('/merchant/report/export', reporter, { format: 'xlsx', groupBy: 'template', from, to: today, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const report = await data<Report>(`/merchant/report?from=${from}&to=${today}&groupBy=template`, reporter);
    expect(rows[0]![0]).toBe('Key');
    expect(rows.slice(1, -1).map((r) => [r[0], Number(r[2])])).toEqual(report.rows.map((r) => [r.key, r.total]));
    expect(rows.at(-1)![2]).toBe(String(report.totals.total));
  });

  it('the organisation export needs VIEW_REVENUE_CHART and its own groupings; a bad range answers 422 naming the body field', async () => {
    const ok = await post('/merchant/report/organisation/export', owner, { scope: 'organisation', format: 'csv', groupBy: 'tenant', from, to: today });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.rawPayload.toString('utf8').split('\r\n').length).toBeGreaterThanOrEqual(5);
    expect((await post('/merchant/report/organisation/export', member, { scope: 'organisation', format: 'csv', groupBy: 'tenant', from, to: today })).statusCode).toBe(403);
    const bad = await post('/merchant/report/organisation/export', owner, { scope: 'organisation', format: 'csv', groupBy: 'template', from, to: today });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('body.groupBy');
    const reversed = await post('/merchant/report/export', reporter, { format: 'csv', groupBy: 'day', from: today, to: from });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.details.fields[0].path).toBe('body.to');
  });

  it(`an export over ${REPORT_SYNC_EXPORT_ROWS} rows goes to a job (202), tells its user, and the file downloads once written`, async () => {
    const n = REPORT_SYNC_EXPORT_ROWS + 20;
    await t.database.db.execute(sql`
      insert into message_history (tenant_id, module, zalo_oa_id, type, status, is_charged, price, list_price, zns_template_id)
      select ${tenantBig}::uuid, 'ZNS', ${f.zaloOaId}::uuid, 'TRANSACTION', 'RECEIVED', true, 100, 100, 'big-' || g from generate_series(1, ${n}) g`);
    await foldAllMessageStats(t.database.db);
    const res = await post('/merchant/report/export', reporterBig, { format: 'csv', groupBy: 'template', from: today, to: today });
    expect(res.statusCode, res.body).toBe(202);
    const { exportId, rows } = res.json().data as { exportId: string; rows: number };
    expect(rows).toBe(n);
    const pending = await data<{ status: string }>(`/merchant/report/exports/${exportId}`, reporterBig);
    expect(pending.status).toBe('PENDING');
    expect((await get(`/merchant/report/exports/${exportId}/download`, reporterBig)).statusCode).toBe(409);
    // Another user of the organisation does not see it.
    expect((await get(`/merchant/report/exports/${exportId}`, reporter)).statusCode).toBe(404);

    await runReportExport(t.database.db, exportId);
    const ready = await data<{ status: string; rows: number; fileName: string }>(`/merchant/report/exports/${exportId}`, reporterBig);
    expect(ready).toMatchObject({ status: 'READY', rows: n, fileName: `report-template-${today}-${today}.csv` });
    const file = await get(`/merchant/report/exports/${exportId}/download`, reporterBig);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(n + 2);
    const events = await q<{ payload: { status: string; userId: string } }>(sql`select payload from domain_events where type = 'report_export.changed' and payload->>'exportId' = ${exportId} order by id`);
    expect(events.map((e) => e.payload.status)).toEqual(['PENDING', 'READY']);
    // Running it again changes nothing (idempotent).
    await runReportExport(t.database.db, exportId);
    expect((await q(sql`select 1 from domain_events where type = 'report_export.changed' and payload->>'exportId' = ${exportId}`)).length).toBe(2);
  });
});

describe('report schedules', () => {
  const put = (id: string, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/merchant/report/schedules/${id}`, headers, payload });
  const create = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/report/schedules', headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportSchedule;
  };
  const mails = async (to: string) => q<{ subject: string; text: string }>(sql`select subject, text from mail_outbox where "to" = ${to} order by created_at`);

  it('CRUD: audited; at most 10 recipients; another tenant’s schedule answers 404', async () => {
    const s = await create(reporter, { frequency: 'WEEKLY', recipients: ['a@shop.vn'], format: 'csv', groupBy: 'day' });
    expect(s.lastPeriod).toBe(previousWeek(new Date()).label);
    expect(s.abilities).toEqual({ update: true, delete: true });
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/merchant/report/schedules', headers: reporter, payload: { frequency: 'WEEKLY', recipients: Array.from({ length: 11 }, (_, i) => `r${i}@shop.vn`), format: 'csv', groupBy: 'day' } });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json().error.details)).toContain('recipients');
    const badGroup = await t.app.inject({ method: 'POST', url: '/api/merchant/report/schedules', headers: reporter, payload: { frequency: 'WEEKLY', recipients: ['a@shop.vn'], format: 'csv', groupBy: 'colour' } });
    expect(badGroup.statusCode).toBe(400);
    const edited = await put(s.id, reporter, { frequency: 'MONTHLY', recipients: ['a@shop.vn', 'b@shop.vn'], format: 'xlsx', groupBy: 'type' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ frequency: 'MONTHLY', format: 'xlsx', lastPeriod: previousMonth(new Date()).label });
    expect((await put(s.id, reporterB, { frequency: 'MONTHLY', recipients: ['x@shop.vn'], format: 'csv', groupBy: 'day' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/report/schedules/${s.id}`, headers: reporterB })).statusCode).toBe(404);
    expect(((await data<ReportSchedule[]>('/merchant/report/schedules', reporterB)) ?? []).length).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/report/schedules/${s.id}`, headers: reporter })).statusCode).toBe(200);
    const actions = await q<{ action: string }>(sql`select action from audit_logs where target_id = ${s.id} order by seq`);
    expect(actions.map((a) => a.action)).toEqual(['REPORT_SCHEDULE_CREATE', 'REPORT_SCHEDULE_UPDATE', 'REPORT_SCHEDULE_DELETE']);
  });

  it('the hourly job mails each period once, as a signed expiring link; a failing schedule does not stop the others', async () => {
    const weekly = await create(reporter, { frequency: 'WEEKLY', recipients: ['w1@shop.vn', 'w2@shop.vn'], format: 'xlsx', groupBy: 'type', lang: 'en' });
    const monthly = await create(reporterB, { frequency: 'MONTHLY', recipients: ['m@shop.vn'], format: 'csv', groupBy: 'day' });
    const broken = await create(reporter, { frequency: 'WEEKLY', recipients: ['broken@shop.vn'], format: 'csv', groupBy: 'day' });
    // A row the job cannot read (recipients not a list) must fail alone.
    await t.database.db.execute(sql`update report_schedules set recipients = '{"bad": true}'::jsonb where id = ${broken.id}`);
    const opts = { publicUrl: 'https://console.test', secret: t.config.appSecret };

    // Within the same period nothing is due (the first mail is for the next period that ends).
    expect(await runReportSchedules(t.database.db, { ...opts, now: new Date() })).toEqual({ sent: 0, failed: 0 });

    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const first = await runReportSchedules(t.database.db, { ...opts, now: nextWeek });
    // The monthly one is due too when the week crossed a month end.
    const monthTurned = previousMonth(nextWeek).label !== previousMonth(new Date()).label;
    expect(first).toEqual({ sent: monthTurned ? 2 : 1, failed: 1 });
    expect(await mails('w1@shop.vn')).toHaveLength(1);
    expect(await mails('w2@shop.vn')).toHaveLength(1);
    const [mail] = await mails('w1@shop.vn');
    const period = previousWeek(nextWeek);
    expect(mail!.subject).toContain(period.label);
    const [brokenRow] = await q<{ last_error: string | null; last_period: string }>(sql`select last_error, last_period from report_schedules where id = ${broken.id}`);
    expect(brokenRow!.last_error).toBeTruthy();
    expect(brokenRow!.last_period).not.toBe(period.label);

    // Once per period: the next hour sends nothing new.
    expect(await runReportSchedules(t.database.db, { ...opts, now: new Date(nextWeek.getTime() + 3_600_000) })).toEqual({ sent: 0, failed: 1 });
    expect(await mails('w1@shop.vn')).toHaveLength(1);

    // The signed link downloads the week's report without a session; a tampered one does not.
    const link = /https:\/\/console\.test(\/api\/report-files\/\S+)/.exec(mail!.text)![1]!;
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode, file.body).toBe(200);
    const rows = await readBack(file.rawPayload);
    const want = await data<Report>(`/merchant/report?from=${period.from}&to=${period.to}&groupBy=type`, reporter);
    expect(rows.at(-1)![2]).toBe(String(want.totals.total));
    expect((await t.app.inject({ method: 'GET', url: link.replace(/sig=[0-9a-f]+/, `sig=${'ab'.repeat(32)}`) })).statusCode).toBe(404);

    // The monthly one goes when its month has ended.
    const nextMonth = new Date(Date.now() + 32 * 86_400_000);
    await runReportSchedules(t.database.db, { ...opts, now: nextMonth });
    expect(await mails('m@shop.vn')).toHaveLength(1);
    const [m] = await mails('m@shop.vn');
    expect(m!.subject).toContain(previousMonth(nextMonth).label);
    expect(m!.subject).toMatch(/^Báo cáo/);
    await runReportSchedules(t.database.db, { ...opts, now: nextMonth });
    expect(await mails('m@shop.vn')).toHaveLength(1);
    expect(weekly.id).not.toBe(monthly.id);

    async function readBack(buf: Buffer) {
      const p = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
      await writeFile(p, buf);
      const out: string[][] = [];
      for await (const batch of xlsxRecords(p)) for (const r of batch) out.push(r.cells);
      return out;
    }
  });
});
