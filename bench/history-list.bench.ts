// Figure (issue 4, "Send API and history"): history list p95 ≤ 50 ms on PostgreSQL (≤ 100 ms on
// PGlite) at 10 million rows, for §2.13 filter combinations and pages reached by next/previous.
// Rows are generated in SQL with generate_series (not through the API) into a throwaway database
// (dropped at the end unless BENCH_KEEP_DB=1). Queries go through the product's own listHistory
// (the list + the bounded count of one API call), timed end to end from Node.
//
//   npm run bench -- history-list                   PostgreSQL, 10,000,000 rows
//   BENCH_HISTORY_ROWS=1000000 node --import tsx bench/history-list.bench.ts --pglite
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '../apps/server/src/db/client';
import { listHistory, type HistoryPageQuery } from '../apps/server/src/modules/messaging/repo';
import { trustedTenantScope } from '../apps/server/src/platform/tenant-scope';
import type { MessageModule } from '../packages/shared/src/api/messaging';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const pglite = process.argv.includes('--pglite');
const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 10_000_000);
const CHUNK = 1_000_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const HOT = '00000000-0000-4000-8000-000000000001';

const dbName = process.env.BENCH_DB_NAME ?? `zc_bench_hist_${randomBytes(4).toString('hex')}`;
const keep = process.env.BENCH_KEEP_DB === '1';

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function exists(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const r = await c.query('select 1 from pg_database where datname = $1', [dbName]);
  await c.end();
  return r.rowCount === 1;
}

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  await q.query(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  const tenantIds = [HOT, ...Array.from({ length: 19 }, (_, i) => `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`)];
  for (const id of tenantIds) await q.query(`insert into tenants (id, merchant_id, name, zns_service, oa_service) values ($1::uuid, '00000000-0000-4000-8000-0000000000aa', $2, true, true)`, [id, `Bench tenant ${id.slice(-3)}`]);
  // Build the secondary indexes after the load: one sort per index instead of 10 M index inserts.
  const { rows: idx } = await q.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'message_history' and indexname <> 'message_history_pkey'`,
  );
  for (const i of idx) await q.exec(`drop index if exists "${i.indexname}"`);
  const started = performance.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    // 60 % of all rows belong to one hot tenant (the worst case), the rest to 19 others; 20 % OA.
    await q.exec(`
      insert into message_history (tenant_id, module, zalo_oa_id, tracking_id, session_id, uid, zns_template_id, template_name, phone, template_data, mode, type, status, error_msg, is_charged, price, created_at, next_attempt_at)
      select case when g % 10 < 6 then '${HOT}'::uuid else ('00000000-0000-4000-8000-' || lpad((100 + g % 19)::text, 12, '0'))::uuid end,
             case when g % 5 = 0 then 'OA' else 'ZNS' end,
             '00000000-0000-4000-8000-0000000000bb',
             'trk-' || g, 'ses-' || g,
             case when g % 5 = 0 then 'u' || (g % 200000) end,
             case when g % 5 <> 0 then 'tpl' || (g % 50) end,
             case when g % 5 <> 0 then 'Template ' || (g % 50) else 'text' end,
             case when g % 5 <> 0 then '849' || lpad((g % 100000000)::text, 8, '0') end,
             '{"otp":"123456"}'::jsonb, 'production',
             (array['CS','PROMOTION','TRANSACTION','GMF'])[1 + abs(hashint4(g + 17) % 4)],
             case when abs(hashint4(g) % 100) < 80 then 'RECEIVED' when abs(hashint4(g) % 100) < 90 then 'PUSHED_ZALO' when abs(hashint4(g) % 100) < 93 then 'ERROR_CALL_ZALO'
                  when abs(hashint4(g) % 100) < 95 then 'PENDING' when abs(hashint4(g) % 100) < 97 then 'PROCESSING' when abs(hashint4(g) % 100) < 98 then 'ERROR'
                  when abs(hashint4(g) % 100) < 99 then 'ERROR_PUSH_QUEUE' else 'PUSHED_QUEUE' end,
             null, abs(hashint4(g + 31) % 13) <> 0, 300,
             timestamp with time zone '2026-01-01 00:00:00+00' + g * interval '2.5 second',
             timestamp with time zone '2100-01-01 00:00:00+00'
      from generate_series(${from}, ${to}) g`);
    console.log(`  ${to.toLocaleString('en')} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (!pglite) await q.exec(`set maintenance_work_mem = '512MB'`);
  for (const i of idx) {
    const t0 = performance.now();
    await q.exec(i.indexdef);
    console.log(`  index ${i.indexname} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await q.exec('vacuum analyze message_history');
  console.log(`generated ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface Scenario {
  name: string;
  module: MessageModule;
  q: Partial<HistoryPageQuery>;
}

const S: Scenario[] = [
  { name: 'no filter', module: 'ZNS', q: {} },
  { name: 'no filter (uid history)', module: 'OA', q: {} },
  { name: 'trackingId', module: 'ZNS', q: { trackingId: 'trk-600000' } },
  { name: 'sessionId', module: 'ZNS', q: { sessionId: 'ses-600001' } },
  { name: 'uid', module: 'OA', q: { uid: 'u120' } },
  { name: 'uid + status (default OA filter)', module: 'OA', q: { uid: 'u120', status: ['ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'RECEIVED', 'PROCESSING'] } },
  { name: 'templateId', module: 'ZNS', q: { templateId: 'tpl7' } },
  { name: 'phone', module: 'ZNS', q: { phone: '0900600001' } },
  { name: 'templateName', module: 'ZNS', q: { templateName: 'Template 7' } },
  { name: 'status default (errors + RECEIVED)', module: 'ZNS', q: { status: ['ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'RECEIVED'] } },
  { name: 'status ERROR_CALL_ZALO', module: 'ZNS', q: { status: ['ERROR_CALL_ZALO'] } },
  { name: 'status PUSHED_QUEUE (1 %)', module: 'ZNS', q: { status: ['PUSHED_QUEUE'] } },
  { name: 'type GMF', module: 'ZNS', q: { type: 'GMF' } },
  { name: 'isCharged false', module: 'ZNS', q: { isCharged: false } },
  { name: 'type + isCharged', module: 'ZNS', q: { type: 'PROMOTION', isCharged: false } },
  { name: 'status + type + isCharged', module: 'ZNS', q: { status: ['ERROR', 'ERROR_CALL_ZALO'], type: 'GMF', isCharged: false } },
  { name: 'templateId + status', module: 'ZNS', q: { templateId: 'tpl7', status: ['ERROR_CALL_ZALO'] } },
  { name: 'templateName + type + isCharged', module: 'ZNS', q: { templateName: 'Template 9', type: 'CS', isCharged: true } },
  { name: 'phone + templateId + status', module: 'ZNS', q: { phone: '84900600001', templateId: 'tpl1', status: ['RECEIVED'] } },
  { name: 'trackingId + sessionId + status', module: 'ZNS', q: { trackingId: 'trk-600000', sessionId: 'ses-600000', status: ['RECEIVED', 'PUSHED_ZALO'] } },
  { name: 'uid + type + status', module: 'OA', q: { uid: 'u120', type: 'CS', status: ['RECEIVED'] } },
  { name: 'ascending, no filter', module: 'ZNS', q: { orderBy: 'createdAt=asc' } },
];

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

async function measure(database: Database): Promise<void> {
  const all: number[] = [];
  const lines: string[] = [];
  for (const sc of S) {
    const times: number[] = [];
    let total = 0;
    let estimate = false;
    for (let r = 0; r < REPEAT; r += 1) {
      // First page, then 10 "next" pages, then 3 "previous" pages, then page 5 by offset.
      const base: HistoryPageQuery = { page: 1, size: 10, orderBy: 'createdAt=desc', ...sc.q };
      let t0 = performance.now();
      let page = await listHistory(database.db, trustedTenantScope(HOT), sc.module, base);
      times.push(performance.now() - t0);
      total = page.total;
      estimate = page.totalIsEstimate;
      for (let i = 0; i < 10 && page.nextCursor; i += 1) {
        t0 = performance.now();
        page = await listHistory(database.db, trustedTenantScope(HOT), sc.module, { ...base, page: base.page + i + 1, cursor: page.nextCursor });
        times.push(performance.now() - t0);
      }
      for (let i = 0; i < 3 && page.prevCursor; i += 1) {
        t0 = performance.now();
        page = await listHistory(database.db, trustedTenantScope(HOT), sc.module, { ...base, cursor: page.prevCursor });
        times.push(performance.now() - t0);
      }
      t0 = performance.now();
      await listHistory(database.db, trustedTenantScope(HOT), sc.module, { ...base, page: 5 });
      times.push(performance.now() - t0);
    }
    all.push(...times);
    lines.push(`${sc.name.padEnd(40)} total ${String(total).padStart(9)}${estimate ? '~' : ' '}  p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms  max ${Math.max(...times).toFixed(1).padStart(7)} ms`);
  }
  for (const l of lines) console.log(l);
  const bound = pglite ? 100 : 50;
  const p95 = pct(all, 95);
  if (p95 > bound) process.exitCode = 1;
  console.log(`\nall ${all.length} list calls: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms (bound p95 ≤ ${bound} ms) ${p95 <= bound ? 'OK' : 'MISSED'}`);
}

let database: Database | null = null;
try {
  if (pglite) {
    database = await openDatabase({ dataDir: process.env.BENCH_PGLITE_DIR });
    await migrateDatabase(database);
    const { rows } = await database.raw.query<{ n: number }>('select count(*)::int as n from message_history');
    if ((rows[0]?.n ?? 0) === 0) await generate(database);
  } else {
    const fresh = !(await exists());
    if (fresh) await admin(`create database ${dbName}`);
    const url = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
    database = await openDatabase({ url, poolSize: 4 });
    if (fresh) {
      await migrateDatabase(database);
      await generate(database);
    }
  }
  console.log(`database: ${pglite ? 'PGlite' : `PostgreSQL (${dbName})`}; ${ROWS.toLocaleString('en')} rows; hot tenant holds 60 %`);
  await measure(database);
} finally {
  await database?.close();
  if (!pglite && !keep) await admin(`drop database if exists ${dbName} with (force)`);
}
