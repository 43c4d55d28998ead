// Figure (issue 12, followers): the follower list with display-name search p95 ≤ 50 ms on PostgreSQL
// and ≤ 100 ms on PGlite at 2,000,000 followers. Rows are generated in SQL with generate_series into a
// throwaway database (dropped at the end unless BENCH_KEEP_DB=1); queries go through the followers
// module's own repo (the page of 20 and its capped count), timed end to end from Node.
//
//   npm run bench -- followers-list                                    PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL)
//   node --import tsx bench/followers-list.bench.ts --pglite           PGlite (BENCH_PGLITE_DIR keeps the data)
//   BENCH_FOLLOWERS=200000 node --import tsx bench/followers-list.bench.ts   a smaller run
//
// Shape: tenant 0 is the worst case, 1,000,000 followers over 5 OAs (200,000 each); the other
// 1,000,000 are spread over 9 tenants with 2 OAs each. Names are Vietnamese "family middle given"
// with a number, so a one-letter prefix matches a large share. Search = case-insensitive prefix of
// the display name (lower(display_name) collate "C" like 'term%', index oa_followers_*_lname_idx).
import type { Database } from '../apps/server/src/db/client';
import { pct, pglite, withBenchDatabase } from './bench-db';
import { listFollowerRows } from '../apps/server/src/modules/followers/repo';
import { trustedTenantScope } from '../apps/server/src/platform/tenant-scope';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 2_000_000);
const CHUNK = 250_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const BOUND = pglite ? 100 : 50;

const tenantId = (t: number) => `00000000-0000-4000-8000-${String(t).padStart(12, '0')}`;
const oaId = (t: number, k: number) => `00000000-0000-4000-b000-${String(t * 10 + k).padStart(12, '0')}`;
const T_SQL = (expr: string) => `('00000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;
const OA_SQL = (t: string, k: string) => `('00000000-0000-4000-b000-' || lpad(((${t}) * 10 + (${k}))::text, 12, '0'))::uuid`;
// Tenant 0: 5 OAs; tenants 1–9: 2 OAs each (OA k of tenant t).
const OAS: Array<{ t: number; k: number }> = [...[0, 1, 2, 3, 4].map((k) => ({ t: 0, k })), ...Array.from({ length: 9 }, (_, i) => [0, 1].map((k) => ({ t: i + 1, k }))).flat()];

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  const started = performance.now();
  await q.exec(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  await q.exec(`insert into tenants (id, merchant_id, name, zns_service, oa_service) select ${T_SQL('t')}, '00000000-0000-4000-8000-0000000000aa', 'Bench tenant ' || t, true, true from generate_series(0, 9) t`);
  for (const o of OAS) {
    await q.exec(`insert into zalo_oas (id, tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc)
      values ('${oaId(o.t, o.k)}', '${tenantId(o.t)}', 'OA ${o.t}-${o.k}', 'app${o.t}${o.k}', 'zoa${o.t}${o.k}', 'x', 'x', 'x', 'x')`);
  }
  const { rows: idx } = await q.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = 'oa_followers' and indexname not in (select conname from pg_constraint)`);
  for (const i of idx) await q.exec(`drop index if exists "${i.indexname}"`);
  const half = Math.floor(FOLLOWERS / 2);
  for (let from = 0; from < FOLLOWERS; from += CHUNK) {
    const to = Math.min(FOLLOWERS, from + CHUNK) - 1;
    // g < half → tenant 0, OA g % 5; otherwise tenant 1 + g % 9, OA (g / 9) % 2.
    await q.exec(`
      insert into oa_followers (tenant_id, zalo_oa_id, user_id, display_name, is_follower, tag_names, synced_at, created_at)
      select case when g < ${half} then ${T_SQL('0')} else ${T_SQL('1 + g % 9')} end,
             case when g < ${half} then ${OA_SQL('0', 'g % 5')} else ${OA_SQL('1 + g % 9', '(g / 9) % 2')} end,
             (7000000000000000000 + g)::text,
             (array['Nguyễn','Trần','Lê','Phạm','Hoàng','Huỳnh','Phan','Vũ','Võ','Đặng','Bùi','Đỗ','Hồ','Ngô','Dương','Lý'])[1 + abs(hashint4(g) % 16)] || ' ' ||
             (array['Văn','Thị','Hữu','Minh','Ngọc','Thanh','Quốc','Đức'])[1 + abs(hashint4(g + 1) % 8)] || ' ' ||
             (array['An','Bình','Chi','Dũng','Giang','Hà','Hùng','Khánh','Lan','Long','Mai','Nam','Phương','Quân','Sơn','Trang','Tuấn','Vy'])[1 + abs(hashint4(g + 2) % 18)] || ' ' || (g % 1000)::text,
             true, '[]'::jsonb, now(), now()
      from generate_series(${from}, ${to}) g`);
    console.log(`  ${(to + 1).toLocaleString('en')} followers (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (!pglite) await q.exec(`set maintenance_work_mem = '512MB'`);
  for (const i of idx) {
    const t0 = performance.now();
    await q.exec(i.indexdef);
    console.log(`  index ${i.indexname} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await q.exec('vacuum analyze oa_followers');
  console.log(`generated ${FOLLOWERS.toLocaleString('en')} followers in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const S: Array<{ name: string; search?: string; oa?: boolean; page?: number }> = [
  { name: 'no search' },
  { name: 'no search, page 50', page: 50 },
  { name: 'OA filter', oa: true },
  { name: 'prefix "n" (broad)', search: 'n' },
  { name: 'prefix "Nguyễn"', search: 'Nguyễn' },
  { name: 'prefix "đặng thị lan"', search: 'đặng thị lan' },
  { name: 'prefix "Võ Minh Vy 12"', search: 'Võ Minh Vy 12' },
  { name: 'prefix "zz" (none)', search: 'zz' },
  { name: 'prefix "Lê" + OA filter', search: 'Lê', oa: true },
  { name: 'prefix "Trần V" page 10', search: 'Trần V', page: 10 },
];

async function measure(database: Database): Promise<boolean> {
  const all: number[] = [];
  const searchOnly: number[] = [];
  for (const sc of S) {
    const times: number[] = [];
    let total = 0;
    for (let r = 0; r < REPEAT; r += 1) {
      for (const t of [0, 4, 9]) {
        const t0 = performance.now();
        const res = await listFollowerRows(database.db, trustedTenantScope(tenantId(t)), {
          search: sc.search, zaloOAId: sc.oa ? oaId(t, 1) : undefined, limit: 20, offset: ((sc.page ?? 1) - 1) * 20,
        });
        times.push(performance.now() - t0);
        if (t === 0) total = res.total;
      }
    }
    all.push(...times);
    if (sc.search) searchOnly.push(...times);
    console.log(`list ${sc.name.padEnd(34)} total(t0) ${String(total).padStart(6)}  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms  max ${Math.max(...times).toFixed(1).padStart(6)} ms`);
  }
  const p = pct(all, 95);
  const ps = pct(searchOnly, 95);
  console.log(`\nsearch calls (${searchOnly.length}) p50 ${pct(searchOnly, 50).toFixed(1)} ms  p95 ${ps.toFixed(1)} ms (bound ≤ ${BOUND} ms) ${ps <= BOUND ? 'OK' : 'MISSED'}`);
  console.log(`all list calls (${all.length}) p50 ${pct(all, 50).toFixed(1)} ms  p95 ${p.toFixed(1)} ms  max ${Math.max(...all).toFixed(1)} ms (bound ≤ ${BOUND} ms) ${p <= BOUND ? 'OK' : 'MISSED'}`);
  return p <= BOUND;
}

await withBenchDatabase({ prefix: 'zc_bench_followers', filledTable: 'oa_followers', generate }, async (db, label) => {
  console.log(`database: ${label}; ${FOLLOWERS.toLocaleString('en')} followers over 10 tenants (tenant 0: ${Math.floor(FOLLOWERS / 2).toLocaleString('en')})`);
  if (!(await measure(db))) process.exitCode = 1;
});
