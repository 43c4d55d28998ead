// Figure (issue 13 #8): campaign history (`merchant/campaign/history`: the ZNS history narrowed by
// campaign_id) p95 ≤ 50 ms at 10 million rows. Rows generated in SQL (generate_series) into a throwaway
// database: one tenant holding every row, 40 % in one large campaign, 30 % spread over 200 smaller
// ones, the rest public API sends. Queries go through the product's listHistory with the campaign
// filter (the list plus the bounded count of one API call), first pages, filtered pages and pages
// reached by cursor, timed end to end from Node.
//
//   npm run bench -- campaign-history                 PostgreSQL, BENCH_ROWS=10000000
//   BENCH_ROWS=1000000 node --import tsx bench/campaign-history.bench.ts --pglite
import { pct, pglite, withBenchDatabase } from './bench-db';
import type { Database } from '../apps/server/src/db/client';
import { listHistory, type HistoryPageQuery } from '../apps/server/src/modules/messaging/repo';
import { trustedTenantScope } from '../apps/server/src/platform/tenant-scope';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const CHUNK = 1_000_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const TENANT = '00000000-0000-4000-8000-000000000001';
const BIG = '00000000-0000-4000-8000-00000000c000';


async function generate(database: Database): Promise<void> {
  const q = database.raw;
  await q.query(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  await q.query(`insert into tenants (id, merchant_id, name, zns_service) values ($1::uuid, '00000000-0000-4000-8000-0000000000aa', 'Bench tenant', true)`, [TENANT]);
  const { rows: idx } = await q.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = 'message_history' and indexname <> 'message_history_pkey'`);
  for (const i of idx) await q.exec(`drop index if exists "${i.indexname}"`);
  const started = performance.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await q.exec(`
      insert into message_history (tenant_id, module, zalo_oa_id, tracking_id, session_id, zns_template_id, template_name, phone, template_data, mode, type, status, is_charged, price, created_at, next_attempt_at, campaign_id, idempotency_key, api_key_id)
      select '${TENANT}'::uuid, 'ZNS', '00000000-0000-4000-8000-0000000000bb',
             'c-' || g, 'ses-' || g, 'tpl' || (g % 20), 'Template ' || (g % 20), '849' || lpad((g % 100000000)::text, 8, '0'),
             '{"otp":"123456"}'::jsonb, 'production', 'TRANSACTION',
             case when abs(hashint4(g) % 100) < 80 then 'RECEIVED' when abs(hashint4(g) % 100) < 93 then 'PUSHED_ZALO' when abs(hashint4(g) % 100) < 97 then 'ERROR_CALL_ZALO' else 'ERROR' end,
             abs(hashint4(g + 31) % 13) <> 0, 300,
             timestamp with time zone '2026-01-01 00:00:00+00' + g * interval '1 second',
             timestamp with time zone '2100-01-01 00:00:00+00',
             case when g % 10 < 4 then '${BIG}'::uuid when g % 10 < 7 then ('00000000-0000-4000-8000-' || lpad(to_hex(49153 + (g % 200)), 12, '0'))::uuid end,
             'k-' || g, '00000000-0000-4000-8000-0000000000cc'
      from generate_series(${from}, ${to}) g`);
    console.log(`  ${to.toLocaleString('en')} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (!pglite) await q.exec(`set maintenance_work_mem = '512MB'`);
  for (const i of idx) await q.exec(i.indexdef);
  await q.exec('vacuum analyze message_history');
  console.log(`generated ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const scenarios: Array<{ name: string; q: Partial<HistoryPageQuery> & { campaignId: string } }> = [
  { name: 'large campaign, first page', q: { campaignId: BIG } },
  { name: 'large campaign, status ERROR_CALL_ZALO', q: { campaignId: BIG, status: ['ERROR_CALL_ZALO'] } },
  { name: 'large campaign, phone', q: { campaignId: BIG, phone: '84900000020' } },
  { name: 'large campaign, isCharged false', q: { campaignId: BIG, isCharged: false } },
  { name: 'large campaign, ascending', q: { campaignId: BIG, orderBy: 'createdAt=asc' } },
  { name: 'small campaign, first page', q: { campaignId: `00000000-0000-4000-8000-${(0xc001 + 4).toString(16).padStart(12, '0')}` } },
  { name: 'small campaign, status RECEIVED', q: { campaignId: `00000000-0000-4000-8000-${(0xc001 + 6).toString(16).padStart(12, '0')}`, status: ['RECEIVED'] } },
];

await withBenchDatabase({ prefix: 'bench_campaign_history', filledTable: 'message_history', generate }, async (database, label) => {
  const scope = trustedTenantScope(TENANT);
  const all: number[] = [];
  const run = async (q: HistoryPageQuery) => {
    const t0 = performance.now();
    const page = await listHistory(database.db, scope, 'ZNS', q);
    const ms = performance.now() - t0;
    all.push(ms);
    return { page, ms };
  };
  console.log(`${label}: ${ROWS.toLocaleString('en')} rows`);
  for (const s of scenarios) {
    const times: number[] = [];
    let total = 0;
    for (let r = 0; r < REPEAT; r += 1) {
      const base: HistoryPageQuery = { page: 1, size: 20, orderBy: 'createdAt=desc', ...s.q };
      const first = await run(base);
      times.push(first.ms);
      total = first.page.total;
      // Three pages on by cursor (keyset).
      let cursor = first.page.nextCursor;
      for (let i = 0; i < 3 && cursor; i += 1) {
        const next = await run({ ...base, cursor });
        times.push(next.ms);
        cursor = next.page.nextCursor;
      }
    }
    console.log(`  ${s.name.padEnd(42)} p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  (total ${total.toLocaleString('en')})`);
  }
  console.log(`${label}: all calls p95 ${pct(all, 95).toFixed(1)} ms over ${all.length} calls`);
});
