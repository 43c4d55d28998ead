// Figure (issue 11, notifications): notification list p95 ≤ 30 ms at 1,000,000 notifications, on
// PostgreSQL and on PGlite. Rows are generated in SQL with generate_series into a throwaway database
// (PostgreSQL: dropped at the end unless BENCH_KEEP_DB=1). Calls go through the module's own
// listForUser (the page + total + totalNew of one API call), timed end to end from Node, for the
// organisation list and the tenant list of a hot user (5 % of all rows) and of an ordinary one.
//
//   npm run bench -- notifications-list                              PostgreSQL
//   node --import tsx bench/notifications-list.bench.ts --pglite       PGlite
// The list's total and totalNew come from the notification_counts rows (migration 0019); each
// scenario checks them against a direct count once measured.
//
//   … --requested-indexes   also builds the two indexes asked for in /tmp/zc/schema-requests.md
//                           (user, merchant, created_at) and (user, merchant) where new, to measure them
//                           before their migration lands (once it has, they are there anyway).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '../apps/server/src/db/client';
import { listForUser } from '../apps/server/src/modules/notifications/service';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const pglite = process.argv.includes('--pglite');
const ROWS = Number(process.env.BENCH_NOTIFICATION_ROWS ?? 1_000_000);
const USERS = 1_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const MERCHANT = '00000000-0000-4000-8000-0000000000aa';
const uuidOf = (prefix: string, n: number) => `00000000-0000-4000-${prefix}-${String(n).padStart(12, '0')}`;
const HOT_USER = uuidOf('8001', 0);
const PLAIN_USER = uuidOf('8001', 7);
const TENANTS = Array.from({ length: 20 }, (_, i) => uuidOf('8002', i));

const dbName = process.env.BENCH_DB_NAME ?? `zc_bench_notif_${randomBytes(4).toString('hex')}`;
const keep = process.env.BENCH_KEEP_DB === '1';
const requestedIndexes = process.argv.includes('--requested-indexes');
const REQUESTED = [
  `create index if not exists notifications_user_merchant_idx on notifications (user_id, merchant_id, created_at)`,
  `create index if not exists notifications_user_merchant_new_idx on notifications (user_id, merchant_id) where status = 'new'`,
];

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
  await q.query(`insert into merchants (id, name) values ($1::uuid, 'Bench org')`, [MERCHANT]);
  for (const id of TENANTS) await q.query(`insert into tenants (id, merchant_id, name) values ($1::uuid, $2::uuid, $3)`, [id, MERCHANT, `Bench tenant ${id.slice(-2)}`]);
  await q.exec(`
    insert into users (id, email, display_name, password_hash)
    select ('00000000-0000-4000-8001-' || lpad(g::text, 12, '0'))::uuid, 'bench' || g || '@bench.vn', 'Bench user ' || g, 'x'
    from generate_series(0, ${USERS - 1}) g`);
  const { rows: idx } = await q.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = 'notifications' and indexname <> 'notifications_pkey'`);
  for (const i of idx) await q.exec(`drop index if exists "${i.indexname}"`);
  const started = performance.now();
  const chunk = 250_000;
  for (let from = 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    // 5 % of the rows belong to one hot user, the rest spread over 999 users; 5 % organisation-level
    // (no tenant); 10 % still new; a creator on half of them.
    await q.exec(`
      insert into notifications (merchant_id, tenant_id, user_id, status, action, type, reference_id, reference_type, task_id, name, description, created_by, created_at)
      select '${MERCHANT}'::uuid,
             case when g % 20 = 0 then null else ('00000000-0000-4000-8002-' || lpad((1 + abs(hashint4(g + 3)) % 19)::text, 12, '0'))::uuid end,
             case when g % 20 = 1 then '${HOT_USER}'::uuid else ('00000000-0000-4000-8001-' || lpad((1 + abs(hashint4(g)) % ${USERS - 1})::text, 12, '0'))::uuid end,
             case when abs(hashint4(g + 7)) % 10 = 0 then 'new' else 'viewed' end,
             (array['CREATED','APPROVED','REJECTED','PUBLISHED'])[1 + g % 4],
             (array['TASK_WAITING','TASK_APPROVED','TICKET_ASSIGNED','SLA_WARNING','WALLET_LOW_BALANCE'])[1 + g % 5],
             'ref-' || g, 'TICKET', null, '#' || g || ' Bench ticket', null,
             case when g % 2 = 0 then ('00000000-0000-4000-8001-' || lpad((g % ${USERS})::text, 12, '0'))::uuid end,
             timestamp with time zone '2026-01-01 00:00:00+00' + g * interval '20 second'
      from generate_series(${from}, ${to}) g`);
    console.log(`  ${to.toLocaleString('en')} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  for (const i of idx) await q.exec(i.indexdef);
  // The users' figures, as migration 0019 backfills them (the module keeps them from then on).
  await q.exec(`delete from notification_counts`);
  await q.exec(`insert into notification_counts (user_id, merchant_id, tenant_id, total, unread)
    select user_id, merchant_id, tenant_id, count(*)::int, (count(*) filter (where status = 'new'))::int from notifications group by 1, 2, 3`);
  await q.exec('vacuum analyze notifications');
  await q.exec('vacuum analyze notification_counts');
  console.log(`generated ${ROWS.toLocaleString('en')} notifications in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

interface Scenario {
  name: string;
  userId: string;
  tenantId?: string;
  page: number;
  status?: 'new';
}

const S: Scenario[] = [
  { name: 'hot user, organisation, page 1', userId: HOT_USER, page: 1 },
  { name: 'hot user, organisation, page 5', userId: HOT_USER, page: 5 },
  { name: 'hot user, organisation, new only', userId: HOT_USER, page: 1, status: 'new' },
  { name: 'hot user, tenant, page 1', userId: HOT_USER, tenantId: TENANTS[1], page: 1 },
  { name: 'hot user, tenant, page 3', userId: HOT_USER, tenantId: TENANTS[1], page: 3 },
  { name: 'ordinary user, organisation, page 1', userId: PLAIN_USER, page: 1 },
  { name: 'ordinary user, tenant, page 1', userId: PLAIN_USER, tenantId: TENANTS[3], page: 1 },
  { name: 'bell (5 latest + counts), hot user', userId: HOT_USER, page: 1 },
];

async function measure(database: Database): Promise<void> {
  const all: number[] = [];
  for (const sc of S) {
    const size = sc.name.startsWith('bell') ? 5 : 20;
    const times: number[] = [];
    let meta = { total: 0, totalNew: 0 };
    for (let r = 0; r < REPEAT; r += 1) {
      const t0 = performance.now();
      const res = await listForUser(database.db, { userId: sc.userId, merchantId: MERCHANT, tenantId: sc.tenantId }, { page: sc.page, size, status: sc.status });
      times.push(performance.now() - t0);
      meta = { total: res.total, totalNew: res.totalNew };
    }
    all.push(...times);
    // The counter rows must agree with a direct count of the rows.
    const scope = sc.tenantId ? `tenant_id = '${sc.tenantId}'` : `merchant_id = '${MERCHANT}'`;
    const { rows: direct } = await database.raw.query<{ total: number; unread: number }>(
      `select (count(*) filter (where ${sc.status ? `status = '${sc.status}'` : 'true'}))::int as total, (count(*) filter (where status = 'new'))::int as unread from notifications where user_id = '${sc.userId}' and ${scope}`,
    );
    if (direct[0]?.total !== meta.total || direct[0]?.unread !== meta.totalNew) throw new Error(`${sc.name}: counters ${JSON.stringify(meta)} differ from a direct count ${JSON.stringify(direct[0])}`);
    console.log(`${sc.name.padEnd(40)} total ${String(meta.total).padStart(7)} new ${String(meta.totalNew).padStart(6)}  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms  max ${Math.max(...times).toFixed(1).padStart(6)} ms`);
  }
  const p95 = pct(all, 95);
  if (p95 > 30) process.exitCode = 1;
  console.log(`\nall ${all.length} list calls: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms (bound p95 ≤ 30 ms) ${p95 <= 30 ? 'OK' : 'MISSED'}`);
}

let database: Database | null = null;
try {
  if (pglite) {
    database = await openDatabase({ dataDir: process.env.BENCH_PGLITE_DIR });
    await migrateDatabase(database);
    const { rows } = await database.raw.query<{ n: number }>('select count(*)::int as n from notifications');
    if ((rows[0]?.n ?? 0) === 0) await generate(database);
  } else {
    // BENCH_DB_NAME of a kept database (BENCH_KEEP_DB=1) measures it again without regenerating.
    const fresh = !(await exists());
    if (fresh) await admin(`create database ${dbName}`);
    const url = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
    database = await openDatabase({ url, poolSize: 4 });
    if (fresh) {
      await migrateDatabase(database);
      await generate(database);
    }
  }
  if (requestedIndexes) {
    for (const ddl of REQUESTED) await database.raw.exec(ddl);
    await database.raw.exec('vacuum analyze notifications');
  }
  const { rows: present } = await database.raw.query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'notifications' order by 1`);
  console.log(`indexes: ${present.map((r) => r.indexname).join(', ')}`);
  console.log(`database: ${pglite ? 'PGlite' : `PostgreSQL (${dbName})`}; ${ROWS.toLocaleString('en')} notifications over ${USERS} users, the hot user holds 5 %`);
  await measure(database);
} finally {
  await database?.close();
  if (!pglite && !keep) await admin(`drop database if exists ${dbName} with (force)`);
}
