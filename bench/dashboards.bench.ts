// Figure (issue 16, "Figures"): every dashboard and report query p95 ≤ 100 ms at 10 million messages and 100
// tenants, rollups maintained as messages change (ADR 0024), not recomputed per view.
//
// Messages are generated with generate_series straight into message_history in chunks (the
// statement triggers run and append their deltas, as for real sends), spread over a year ending END
// in time order; then foldAllMessageStats moves the deltas into the rollups (timed). Each message:
// one of 100 tenants (each 3 OAs, 5 ZNS templates, 2 API keys, a campaign for a tenth of the ZNS
// ones), ZNS 70 % / OA 30 %, mostly delivered, some failed (not charged) or still sent / pending.
// Queries go through the stats service (what the routes answer), ~50 runs each over moving windows.
//
//   npm run bench -- dashboards                                          PostgreSQL, 10,000,000 messages
//   BENCH_DASH_MESSAGES=1000000 node --import tsx bench/dashboards.bench.ts --pglite
//   BENCH_DASH_TENANTS (100), BENCH_DASH_CHUNK (500,000), BENCH_REPEAT (50), BENCH_KEEP_DB / BENCH_DB_NAME (bench-db.ts)
import type { Database } from '../apps/server/src/db/client';
import { pct, withBenchDatabase } from './bench-db';
import {
  foldAllMessageStats,
  getBreakdown,
  getLowBalances,
  getOverview,
  getTenantDashboard,
  getTenantOas,
  getTenantRows,
  type OrgCaller,
} from '../apps/server/src/modules/stats/service';
import { organisationReport, tenantFailures, tenantReport } from '../apps/server/src/modules/reports/service';
import { trustedTenantScope } from '../apps/server/src/platform/tenant-scope';
import type { StatisticPeriod } from '../packages/shared/src/api/oa-analytics';

const MESSAGES = Number(process.env.BENCH_DASH_MESSAGES ?? 10_000_000);
const TENANTS = Number(process.env.BENCH_DASH_TENANTS ?? 100);
const CHUNK = Number(process.env.BENCH_DASH_CHUNK ?? 500_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 50);
const ORG = '00000000-0000-4000-8000-0000000000aa';
const USER = '00000000-0000-4000-8000-0000000000bb';
/** The generated year ends here (UTC); "today" of the queries is its last Vietnam day. */
const END = '2026-11-25T17:00:00Z';
const SPAN_S = 365 * 24 * 3600;

const tenantId = (i: number) => `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`;
const oaId = (t: number, o: number) => `00000000-0000-4000-9000-${String(t * 10 + o).padStart(12, '0')}`;

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  await q.query(`insert into merchants (id, name) values ($1::uuid, 'Bench org')`, [ORG]);
  await q.query(`insert into users (id, email, display_name, password_hash) values ($1::uuid, 'bench-dash@example.test', 'Bench', 'x')`, [USER]);
  await q.query(`insert into merchant_members (merchant_id, user_id, role) values ($1::uuid, $2::uuid, 'OWNER')`, [ORG, USER]);
  for (let t = 0; t < TENANTS; t++) {
    await q.query(`insert into tenants (id, merchant_id, name, oa_service, zns_service) values ($1::uuid, $2::uuid, $3, true, true)`, [tenantId(t), ORG, `Bench tenant ${t}`]);
    await q.query(`insert into wallets (merchant_id, tenant_id, mode, balance, threshold) values ($1::uuid, $2::uuid, 'PREPAID', $3, 100000)`, [ORG, tenantId(t), t % 7 === 0 ? 50_000 : 5_000_000]);
    for (let o = 0; o < 3; o++) {
      await q.query(
        `insert into zalo_oas (id, tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc) values ($1::uuid, $2::uuid, $3, 'bench-app', $4, 'x', 'x', 'x', 'x')`,
        [oaId(t, o), tenantId(t), `OA ${t}-${o}`, `bench-dash-zoa-${t}-${o}`],
      );
      for (let k = 0; k < 5; k++) {
        if (k % 3 !== o) continue;
        await q.query(`insert into zns_templates (tenant_id, zalo_oa_id, zns_template_id, name, status) values ($1::uuid, $2::uuid, $3, $4, 'ENABLE')`, [tenantId(t), oaId(t, o), `${t * 10 + k}`, `Template ${t}-${k}`]);
      }
    }
  }
  const started = performance.now();
  for (let from = 1; from <= MESSAGES; from += CHUNK) {
    const to = Math.min(MESSAGES, from + CHUNK - 1);
    // In time order over the year; tenant, OA, template, key and outcome from hashes of g.
    await q.exec(`
      insert into message_history (tenant_id, module, api_key_id, zalo_oa_id, zns_template_id, type, status, error_code, is_charged, price, list_price, campaign_id, created_at)
      select ('00000000-0000-4000-8000-' || lpad((100 + t)::text, 12, '0'))::uuid,
             case when zns then 'ZNS' else 'OA' end,
             ('00000000-0000-4000-a000-' || lpad((t * 10 + h % 2)::text, 12, '0'))::uuid,
             ('00000000-0000-4000-9000-' || lpad((t * 10 + tpl % 3)::text, 12, '0'))::uuid,
             case when zns then (t * 10 + tpl)::text end,
             case when zns then (case when tpl = 4 then 'PROMOTION' else 'TRANSACTION' end) else (array['CS','TRANSACTION','PROMOTION'])[1 + h % 3] end,
             st, case when st = 'ERROR' then -124 end, st <> 'ERROR', case when zns then 300 else 55 end, case when zns then 330 else 55 end,
             case when zns and h % 10 = 0 then ('00000000-0000-4000-b000-' || lpad((t * 10 + h / 10 % 3)::text, 12, '0'))::uuid end,
             timestamp with time zone '${END}' - ((${MESSAGES} - g)::float8 / ${MESSAGES} * ${SPAN_S}) * interval '1 second'
      from (
        select g, abs(hashint4(g)) % ${TENANTS} as t, abs(hashint4(g + 1)) % 1000 as h, abs(hashint4(g + 2)) % 5 as tpl, abs(hashint4(g + 3)) % 10 < 7 as zns,
               (array['RECEIVED','RECEIVED','RECEIVED','RECEIVED','RECEIVED','RECEIVED','PUSHED_ZALO','PUSHED_ZALO','ERROR','PENDING'])[1 + abs(hashint4(g + 4)) % 10] as st
        from generate_series(${from}, ${to}) g
      ) x`);
    console.log(`  ${to.toLocaleString('en')} messages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const inserted = (performance.now() - started) / 1000;
  const { rows: d } = await q.query<{ n: number }>('select count(*)::int as n from message_stat_deltas');
  const t0 = performance.now();
  await foldAllMessageStats(database.db);
  const fold = (performance.now() - t0) / 1000;
  for (const table of ['message_stats_hourly', 'message_stats_daily', 'message_stats_tenant_daily', 'message_error_stats_daily']) await q.exec(`vacuum analyze ${table}`);
  const { rows } = await q.query<{ h: number; d: number; td: number }>(
    'select (select count(*) from message_stats_hourly)::int as h, (select count(*) from message_stats_daily)::int as d, (select count(*) from message_stats_tenant_daily)::int as td',
  );
  console.log(`inserted ${MESSAGES.toLocaleString('en')} messages in ${inserted.toFixed(0)} s (${Math.round(MESSAGES / inserted).toLocaleString('en')}/s, triggers included: ${d[0]?.n.toLocaleString('en')} deltas)`);
  console.log(`fold: ${fold.toFixed(1)} s (${Math.round(MESSAGES / fold).toLocaleString('en')} messages/s) → hourly ${rows[0]?.h.toLocaleString('en')}, daily ${rows[0]?.d.toLocaleString('en')}, tenant-daily ${rows[0]?.td.toLocaleString('en')} rows`);
}

const lastDay = new Date(Date.parse(END) + 7 * 3_600_000 - 1).toISOString().slice(0, 10);
const day = (offsetDays: number) => new Date(Date.parse(`${lastDay}T00:00:00Z`) - offsetDays * 86_400_000).toISOString().slice(0, 10);

async function measure(database: Database): Promise<void> {
  const db = database.db;
  const caller: OrgCaller = { merchantId: ORG, userId: USER, everyTenant: true };
  const actor = { userId: USER, merchantRole: 'OWNER' as const, permissions: new Set<never>() };
  const range = (span: number, i: number) => ({ from: day(span - 1 + (i % 10) * 3), to: day((i % 10) * 3) });
  const cases: Array<[string, (i: number) => Promise<unknown>]> = [
    ['overview DAILY 30 days', (i) => getOverview(db, caller, { ...range(30, i), period: 'DAILY' }, true)],
    ['overview HOURLY 7 days', (i) => getOverview(db, caller, { ...range(7, i), period: 'HOURLY' }, true)],
    ['overview HOURLY 31 days', (i) => getOverview(db, caller, { ...range(31, i), period: 'HOURLY' }, true)],
    ['overview MONTHLY 365 days', (i) => getOverview(db, caller, { ...range(365, i), period: 'MONTHLY' as StatisticPeriod }, true)],
    ['tenants 30 days', (i) => getTenantRows(db, caller, range(30, i))],
    ['tenants 365 days', (i) => getTenantRows(db, caller, range(365, i))],
    ['low balances', () => getLowBalances(db, caller)],
    ['tenant OAs 30 days', (i) => getTenantOas(db, caller, tenantId(i % TENANTS), range(30, i))],
    ['breakdown type 30 days', (i) => getBreakdown(db, caller, { ...range(30, i), dimension: 'type' })],
    ['breakdown template 30 days', (i) => getBreakdown(db, caller, { ...range(30, i), dimension: 'template' })],
    ['breakdown OA 30 days', (i) => getBreakdown(db, caller, { ...range(30, i), dimension: 'oa' })],
    ['breakdown tenant 30 days', (i) => getBreakdown(db, caller, { ...range(30, i), dimension: 'tenant' })],
    ['breakdown template 1 tenant 365 days', (i) => getBreakdown(db, caller, { ...range(365, i), dimension: 'template', tenantId: tenantId(i % TENANTS) })],
    ['breakdown type 365 days', (i) => getBreakdown(db, caller, { ...range(365, i), dimension: 'type' })],
    ['breakdown template 365 days', (i) => getBreakdown(db, caller, { ...range(365, i), dimension: 'template' })],
    ['tenant dashboard DAILY 30 days', (i) => getTenantDashboard(db, actor, trustedTenantScope(tenantId(i % TENANTS)), { ...range(30, i), period: 'DAILY' }, new Date(END))],
    ['tenant dashboard HOURLY 7 days', (i) => getTenantDashboard(db, actor, trustedTenantScope(tenantId(i % TENANTS)), { ...range(7, i), period: 'HOURLY' }, new Date(END))],
    // Reports (VIEW_REPORT): the tenant's by every grouping, its failures, the organisation's.
    ...(['day', 'type', 'status', 'template', 'apiKey', 'campaign', 'team'] as const).map(
      (groupBy): [string, (i: number) => Promise<unknown>] => [`report tenant ${groupBy} 365 days`, (i) => tenantReport(db, trustedTenantScope(tenantId(i % TENANTS)), { ...range(365, i), groupBy })],
    ),
    ['report failures 365 days', (i) => tenantFailures(db, trustedTenantScope(tenantId(i % TENANTS)), range(365, i))],
    ...(['tenant', 'day', 'type'] as const).flatMap((groupBy): Array<[string, (i: number) => Promise<unknown>]> => [
      [`report organisation ${groupBy} 30 days`, (i) => organisationReport(db, ORG, { ...range(30, i), groupBy })],
      [`report organisation ${groupBy} 365 days`, (i) => organisationReport(db, ORG, { ...range(365, i), groupBy })],
    ]),
  ];
  let missed = 0;
  for (const [name, run] of cases) {
    await run(0);
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const t0 = performance.now();
      await run(i);
      times.push(performance.now() - t0);
    }
    const p95 = pct(times, 95);
    if (p95 > 100) missed += 1;
    console.log(`${name.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  max ${Math.max(...times).toFixed(1).padStart(7)} ms ${p95 <= 100 ? '' : ' MISSED'}`);
  }
  console.log(`\n${cases.length - missed} of ${cases.length} dashboard and report queries within p95 ≤ 100 ms`);
  if (missed) process.exitCode = 1;
}

await withBenchDatabase({ prefix: 'zc_bench_dash', filledTable: 'message_stats_daily', generate }, async (db, label) => {
  console.log(`database: ${label}; ${MESSAGES.toLocaleString('en')} messages over ${TENANTS} tenants, a year ending ${lastDay}`);
  await measure(db);
});
