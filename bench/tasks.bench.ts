// Figures (issue 11, My tasks): task list p95 ≤ 50 ms and task counter card p95 ≤ 20 ms at
// 1,000,000 tasks over 100 tenants, for filter combinations, on PostgreSQL and on PGlite. Rows
// are generated in SQL with generate_series (not through the API) into a throwaway database
// (dropped at the end unless BENCH_KEEP_DB=1). Queries go through the approvals module's own repo
// (the page + its count, the card's counts), timed end to end from Node.
//
//   npm run bench -- tasks                                       PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL)
//   node --import tsx bench/tasks.bench.ts --pglite              PGlite (BENCH_PGLITE_DIR keeps the data)
//   BENCH_TASKS=100000 node --import tsx bench/tasks.bench.ts    a smaller run
//   BENCH_KEEP_DB=1 BENCH_DB_NAME=x npm run bench -- tasks       keep the database; run again to re-measure it
//
// The list's total comes from the review_task_counts rows (migration 0019) unless a name is searched;
// every scenario checks it against a direct count joined to the tasks.
//
// Shape: 100 tenants × 20 users × 3 teams; every task has its creator and two approvers as
// participants; user 0 of each tenant is the last approver of every task (10,000 tasks each: the
// worst case), user 7 an ordinary user (~1,500). Statuses 15 % PENDING, 60 % APPROVAL, 20 %
// DISAPPROVAL, 5 % VOIDED; 30 % unread; five kinds, two modules.
import type { Database } from '../apps/server/src/db/client';
import { pct, pglite, withBenchDatabase } from './bench-db';
import { countTasksForUser, listTasksForUser, type TaskListFilter } from '../apps/server/src/modules/approvals/repo';
import { trustedTenantScope } from '../apps/server/src/platform/tenant-scope';

const TASKS = Number(process.env.BENCH_TASKS ?? 1_000_000);
const TENANTS = 100;
const CHUNK = 250_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);

const tenantId = (t: number) => `00000000-0000-4000-8000-${String(t).padStart(12, '0')}`;
const userId = (t: number, u: number) => `00000000-0000-4000-9000-${String(t * 100 + u).padStart(12, '0')}`;
const teamId = (t: number, k: number) => `00000000-0000-4000-a000-${String(t * 10 + k).padStart(12, '0')}`;
const T_SQL = (expr: string) => `('00000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;
const U_SQL = (t: string, u: string) => `('00000000-0000-4000-9000-' || lpad(((${t}) * 100 + (${u}))::text, 12, '0'))::uuid`;
const TEAM_SQL = (t: string, k: string) => `('00000000-0000-4000-a000-' || lpad(((${t}) * 10 + (${k}))::text, 12, '0'))::uuid`;

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  const started = performance.now();
  await q.exec(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  await q.exec(`insert into tenants (id, merchant_id, name, zns_service, oa_service) select ${T_SQL('t')}, '00000000-0000-4000-8000-0000000000aa', 'Bench tenant ' || t, true, true from generate_series(0, ${TENANTS - 1}) t`);
  await q.exec(`insert into users (id, email, password_hash, display_name) select ${U_SQL('t', 'u')}, 'u' || t || '-' || u || '@bench.vn', 'x', 'User ' || t || '-' || u from generate_series(0, ${TENANTS - 1}) t, generate_series(0, 19) u`);
  await q.exec(`insert into teams (id, tenant_id, name, is_default) select ${TEAM_SQL('t', 'k')}, ${T_SQL('t')}, 'Team ' || k, k = 0 from generate_series(0, ${TENANTS - 1}) t, generate_series(0, 2) k`);
  const drop = async (table: string) => {
    const { rows } = await q.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = '${table}' and indexname not in (select conname from pg_constraint)`);
    for (const i of rows) await q.exec(`drop index if exists "${i.indexname}"`);
    return rows;
  };
  // Secondary indexes are built after the load (one sort each instead of millions of inserts).
  const idx = [...(await drop('review_tasks')), ...(await drop('review_task_participants'))];
  for (let from = 1; from <= TASKS; from += CHUNK) {
    const to = Math.min(TASKS, from + CHUNK - 1);
    // g → tenant g % 100, creator user (g / 100) % 20, approvers user ((g / 100) + 1) % 20 … and user 0.
    await q.exec(`
      insert into review_tasks (id, merchant_id, tenant_id, team_id, kind, module, reference_id, name, status, workflow, current_step, next_approver_id, snapshot, snapshot_hash, version, created_by, created_at, updated_at, decided_at)
      select md5('task' || g)::uuid, '00000000-0000-4000-8000-0000000000aa', ${T_SQL('g % 100')}, ${TEAM_SQL('g % 100', '(g / 100) % 3')},
             k.kind, k.module, md5('ref' || g)::uuid, 'Task ' || g || ' ' || k.kind,
             s.status,
             jsonb_build_array(jsonb_build_object('userId', ${U_SQL('g % 100', '1 + ((g / 100) + 1) % 19')}, 'status', 'APPROVED', 'updatedAt', null, 'comment', null),
                               jsonb_build_object('userId', ${U_SQL('g % 100', '0')}, 'status', case s.status when 'APPROVAL' then 'APPROVED' when 'DISAPPROVAL' then 'REJECTED' else 'PENDING' end, 'updatedAt', null, 'comment', null)),
             case when s.status = 'PENDING' then 1 end,
             case when s.status = 'PENDING' then ${U_SQL('g % 100', '0')} end,
             '{"content":"bench"}'::jsonb, md5('snap' || g), 1, ${U_SQL('g % 100', '1 + (g / 100) % 19')},
             timestamp with time zone '2026-01-01 00:00:00+00' + g * interval '30 second',
             timestamp with time zone '2026-01-01 00:00:00+00' + g * interval '30 second',
             case when s.status in ('APPROVAL', 'DISAPPROVAL') then timestamp with time zone '2026-01-01 00:00:00+00' + g * interval '30 second' end
      from generate_series(${from}, ${to}) g,
           lateral (select (array['OA_CONTENT_POST','OA_CONTENT_VIDEO','OA_BROADCAST','ZNS_CAMPAIGN','ZNS_TEMPLATE'])[1 + (g / 100) % 5] as kind, (array['OA','OA','OA','ZNS','ZNS'])[1 + (g / 100) % 5] as module) k,
           lateral (select case when abs(hashint4(g) % 100) < 15 then 'PENDING' when abs(hashint4(g) % 100) < 75 then 'APPROVAL' when abs(hashint4(g) % 100) < 95 then 'DISAPPROVAL' else 'VOIDED' end as status) s`);
    // Participants: creator, first approver, user 0 (distinct users: creator and first approver are 1..19).
    await q.exec(`
      insert into review_task_participants (task_id, user_id, tenant_id, module, kind, team_id, name, status, created_at, viewed_at)
      select t.id, p.user_id, t.tenant_id, t.module, t.kind, t.team_id, t.name, t.status, t.created_at, case when abs(hashint4(p.n * 7919 + g) % 10) < 3 then null else t.created_at end
      from generate_series(${from}, ${to}) g
      join review_tasks t on t.id = md5('task' || g)::uuid
      cross join lateral (values (1, t.created_by), (2, ${U_SQL('g % 100', '1 + ((g / 100) + 1) % 19')}), (3, ${U_SQL('g % 100', '0')})) p(n, user_id)
      where p.user_id is not null
      on conflict do nothing`);
    console.log(`  ${to.toLocaleString('en')} tasks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (!pglite) await q.exec(`set maintenance_work_mem = '512MB'`);
  for (const i of idx) {
    const t0 = performance.now();
    await q.exec(i.indexdef);
    console.log(`  index ${i.indexname} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // The users' counter rows, as migration 0019 backfills them (the review engine keeps them from then on).
  await q.exec(`delete from review_task_counts`);
  await q.exec(`insert into review_task_counts (user_id, tenant_id, module, kind, team_id, status, n)
    select user_id, tenant_id, module, kind, team_id, status, count(*)::int from review_task_participants group by 1, 2, 3, 4, 5, 6`);
  await q.exec('vacuum analyze review_tasks');
  await q.exec('vacuum analyze review_task_participants');
  await q.exec('vacuum analyze review_task_counts');
  console.log(`generated ${TASKS.toLocaleString('en')} tasks in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

type F = Omit<TaskListFilter, 'userId' | 'limit' | 'offset' | 'direction'> & { direction?: 'asc' | 'desc'; page?: number };
const S: Array<{ name: string; f: F }> = [
  { name: 'no filter', f: {} },
  { name: 'ascending', f: { direction: 'asc' } },
  { name: 'page 50', f: { page: 50 } },
  { name: 'module OA', f: { module: 'OA' } },
  { name: 'module ZNS', f: { module: 'ZNS' } },
  { name: 'type ZNS_TEMPLATE', f: { kind: 'ZNS_TEMPLATE' } },
  { name: 'status PENDING', f: { status: 'PENDING' } },
  { name: 'status DISAPPROVAL', f: { status: 'DISAPPROVAL' } },
  { name: 'team', f: { teamIds: ['TEAM1'] } },
  { name: 'name search', f: { name: 'Task 12' } },
  { name: 'module + status', f: { module: 'ZNS', status: 'APPROVAL' } },
  { name: 'type + status + team', f: { kind: 'OA_BROADCAST', status: 'PENDING', teamIds: ['TEAM1'] } },
  { name: 'module + type + status + team + name', f: { module: 'OA', kind: 'OA_CONTENT_POST', status: 'APPROVAL', teamIds: ['TEAM2'], name: '5' } },
  { name: 'two teams, ascending', f: { teamIds: ['TEAM1', 'TEAM2'], direction: 'asc' } },
];

async function measure(database: Database): Promise<boolean> {
  const listAll: number[] = [];
  const cardAll: number[] = [];
  // The worst-case user (every task of the tenant) and an ordinary one, in three tenants.
  const who = [0, 37, 99].flatMap((t) => [{ t, u: 0 }, { t, u: 7 }]);
  for (const sc of S) {
    const times: number[] = [];
    let total = 0;
    for (let r = 0; r < REPEAT; r += 1) {
      for (const w of who) {
        const teamIds = sc.f.teamIds?.map((x) => teamId(w.t, Number(x.slice(4))));
        const f: TaskListFilter = { ...sc.f, teamIds, userId: userId(w.t, w.u), direction: sc.f.direction ?? 'desc', limit: 10, offset: ((sc.f.page ?? 1) - 1) * 10 };
        const t0 = performance.now();
        const res = await listTasksForUser(database.db, trustedTenantScope(tenantId(w.t)), f);
        times.push(performance.now() - t0);
        if (w.u === 0 && w.t === 0) total = res.total;
      }
    }
    listAll.push(...times);
    // The total (counter rows, or the name search's count) must equal a direct count joined to the tasks.
    {
      const f = sc.f;
      const conds = [`p.user_id = '${userId(0, 0)}'`, `p.tenant_id = '${tenantId(0)}'`, f.status ? `p.status = '${f.status}'` : `p.status <> 'VOIDED'`];
      if (f.module) conds.push(`p.module = '${f.module}'`);
      if (f.kind) conds.push(`t.kind = '${f.kind}'`);
      if (f.teamIds) conds.push(`t.team_id in (${f.teamIds.map((x) => `'${teamId(0, Number(x.slice(4)))}'`).join(', ')})`);
      if (f.name) conds.push(`t.name ilike '%${f.name}%'`);
      const { rows } = await database.raw.query<{ n: number }>(`select count(*)::int as n from review_task_participants p join review_tasks t on t.id = p.task_id where ${conds.join(' and ')}`);
      if (rows[0]?.n !== total) throw new Error(`${sc.name}: total ${total} differs from a direct count ${rows[0]?.n}`);
    }
    console.log(`list ${sc.name.padEnd(40)} total(u0) ${String(total).padStart(6)}  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms  max ${Math.max(...times).toFixed(1).padStart(6)} ms`);
  }
  for (let r = 0; r < REPEAT * 4; r += 1) {
    for (const w of who) {
      const t0 = performance.now();
      await countTasksForUser(database.db, trustedTenantScope(tenantId(w.t)), userId(w.t, w.u));
      cardAll.push(performance.now() - t0);
    }
  }
  const lp = pct(listAll, 95);
  const cp = pct(cardAll, 95);
  console.log(`\ncard (task counts)  p50 ${pct(cardAll, 50).toFixed(1)} ms  p95 ${cp.toFixed(1)} ms  max ${Math.max(...cardAll).toFixed(1)} ms (bound p95 ≤ 20 ms) ${cp <= 20 ? 'OK' : 'MISSED'}`);
  console.log(`list (all ${listAll.length} calls) p50 ${pct(listAll, 50).toFixed(1)} ms  p95 ${lp.toFixed(1)} ms  max ${Math.max(...listAll).toFixed(1)} ms (bound p95 ≤ 50 ms) ${lp <= 50 ? 'OK' : 'MISSED'}`);
  return lp <= 50 && cp <= 20;
}

await withBenchDatabase({ prefix: 'zc_bench_tasks', filledTable: 'review_tasks', generate }, async (db, label) => {
  console.log(`database: ${label}; ${TASKS.toLocaleString('en')} tasks over ${TENANTS} tenants`);
  if (!(await measure(db))) process.exitCode = 1;
});
