// Figure (issue 11, tickets): an SLA warning and breach are raised within 60 s of their time, never
// twice. Tickets are generated in SQL with due times spread over the next minutes (warning time =
// due − the tenant's warn-before minutes), then two SLA watchers — two database handles, as two
// worker processes would have — sweep at the production interval (SLA_WATCH_INTERVAL_MS) until every
// clock has been announced. The lag of each announcement is its domain_events.created_at (the
// sweep transaction's time) minus the warning or due time; duplicates are counted per ticket,
// clock and kind. A background of open tickets due much later (and done tickets) sits in the table.
//
//   npm run bench -- sla                          PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL), throwaway database
//   node --import tsx bench/sla.bench.ts --pglite PGlite (one process: both watchers share it)
//   BENCH_SLA_TICKETS=2000 npm run bench -- sla   fewer due tickets
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '../apps/server/src/db/client';
import { SLA_WATCH_INTERVAL_MS, startSlaWatcher } from '../apps/server/src/modules/tickets/sla-watcher';

const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const pglite = process.argv.includes('--pglite');
const DUE = Number(process.env.BENCH_SLA_TICKETS ?? 5_000);
const BACKGROUND = Number(process.env.BENCH_SLA_BACKGROUND ?? 100_000);
const TENANTS = 50;
/** Warning times fall 10–40 s from the start, due times 60 s after them (warn-before 1 minute). */
const SPREAD_S = 30;
const dbName = `zc_bench_sla_${randomBytes(4).toString('hex')}`;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const T_SQL = (expr: string) => `('00000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  const targets = JSON.stringify(Object.fromEntries(['LOW', 'MEDIUM', 'HIGH', 'URGENT'].map((p) => [p, { firstResponseMinutes: 1, resolutionMinutes: 2 }])));
  await q.exec(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  await q.exec(`insert into tenants (id, merchant_id, name) select ${T_SQL('t')}, '00000000-0000-4000-8000-0000000000aa', 'Bench tenant ' || t from generate_series(0, ${TENANTS - 1}) t`);
  await q.exec(
    `insert into sla_settings (tenant_id, business_hours, targets, warn_before_minutes) select ${T_SQL('t')}, '{"days":[0,1,2,3,4,5,6],"start":"00:00","end":"24:00"}'::jsonb, '${targets}'::jsonb, 1 from generate_series(0, ${TENANTS - 1}) t`,
  );
  // Background: open tickets due in days, and done ones (not the watcher's business).
  await q.exec(
    `insert into tickets (merchant_id, tenant_id, number, title, status, first_response_due_at, resolution_due_at, resolved_at)
     select '00000000-0000-4000-8000-0000000000aa', ${T_SQL(`g % ${TENANTS}`)}, 100000 + g, 'Background ' || g,
            case when g % 2 = 0 then 'OPEN' else 'RESOLVED' end, now() + interval '3 days', now() + interval '5 days',
            case when g % 2 = 0 then null else now() end
     from generate_series(1, ${BACKGROUND}) g`,
  );
  // The measured tickets: first-response due 70–100 s from now, resolution 30 s later (warnings 60 s before each).
  await q.exec(
    `insert into tickets (merchant_id, tenant_id, number, title, first_response_due_at, resolution_due_at)
     select '00000000-0000-4000-8000-0000000000aa', ${T_SQL(`g % ${TENANTS}`)}, g, 'Due ' || g,
            now() + make_interval(secs => 70 + ${SPREAD_S} * (g::float / ${DUE})),
            now() + make_interval(secs => 100 + ${SPREAD_S} * (g::float / ${DUE}))
     from generate_series(1, ${DUE}) g`,
  );
  await q.exec('analyze tickets');
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(database: Database, second: Database): Promise<boolean> {
  const errors: unknown[] = [];
  const watchers = [startSlaWatcher(database.db, { onError: (e) => errors.push(e) }), startSlaWatcher(second.db, { onError: (e) => errors.push(e) })];
  const expected = DUE * 4;
  const started = Date.now();
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, 2_000));
      const { rows } = await database.raw.query<{ n: number }>(`select count(*)::int as n from domain_events where type in ('ticket.sla_warning', 'ticket.sla_breached')`);
      if ((rows[0]?.n ?? 0) >= expected || Date.now() - started > 240_000) break;
    }
  } finally {
    await Promise.all(watchers.map((w) => w.stop()));
  }
  const { rows } = await database.raw.query<{ kind: string; clock: string; lag_ms: number }>(`
    select e.type as kind, e.payload->>'clock' as clock,
           extract(epoch from (e.created_at - case when e.type = 'ticket.sla_warning' then (e.payload->>'dueAt')::timestamptz - interval '1 minute' else (e.payload->>'dueAt')::timestamptz end)) * 1000 as lag_ms
    from domain_events e where e.type in ('ticket.sla_warning', 'ticket.sla_breached')`);
  const { rows: dup } = await database.raw.query<{ n: number }>(`
    select count(*)::int as n from (select payload->>'ticketId', payload->>'clock', type from domain_events where type in ('ticket.sla_warning', 'ticket.sla_breached') group by 1, 2, 3 having count(*) > 1) d`);
  const { rows: early } = await database.raw.query<{ n: number }>(`
    select count(*)::int as n from domain_events where type = 'ticket.sla_breached' and created_at < (payload->>'dueAt')::timestamptz`);
  console.log(`watch interval ${SLA_WATCH_INTERVAL_MS} ms, two watchers; ${DUE.toLocaleString('en')} due tickets (+${BACKGROUND.toLocaleString('en')} background) over ${TENANTS} tenants`);
  let ok = errors.length === 0;
  for (const kind of ['ticket.sla_warning', 'ticket.sla_breached']) {
    for (const clock of ['FIRST_RESPONSE', 'RESOLUTION']) {
      const lags = rows.filter((r) => r.kind === kind && r.clock === clock).map((r) => Number(r.lag_ms)).sort((a, b) => a - b);
      const max = lags[lags.length - 1] ?? NaN;
      console.log(`${kind.padEnd(20)} ${clock.padEnd(15)} n=${String(lags.length).padStart(6)}  lag p50 ${pct(lags, 50).toFixed(0)} ms  p95 ${pct(lags, 95).toFixed(0)} ms  max ${max.toFixed(0)} ms  min ${(lags[0] ?? NaN).toFixed(0)} ms`);
      if (lags.length !== DUE || !(max <= 60_000)) ok = false;
    }
  }
  console.log(`announced twice: ${dup[0]?.n ?? 0}; breaches before their due time: ${early[0]?.n ?? 0}; watcher errors: ${errors.length}`);
  if ((dup[0]?.n ?? 0) !== 0 || (early[0]?.n ?? 0) !== 0) ok = false;
  console.log(ok ? 'PASS: every clock announced once, within 60 s' : 'FAIL');
  return ok;
}

let database: Database | null = null;
let second: Database | null = null;
try {
  if (pglite) {
    database = await openDatabase({});
    await migrateDatabase(database);
    second = database;
  } else {
    await admin(`create database ${dbName}`);
    const url = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
    database = await openDatabase({ url, poolSize: 4 });
    await migrateDatabase(database);
    second = await openDatabase({ url, poolSize: 4 });
  }
  console.log(`database: ${pglite ? 'PGlite (in-process)' : `PostgreSQL (${dbName})`}`);
  await generate(database);
  if (!(await measure(database, second))) process.exitCode = 1;
} finally {
  if (second && second !== database) await second.close();
  await database?.close();
  if (!pglite) await admin(`drop database if exists ${dbName} with (force)`);
}
