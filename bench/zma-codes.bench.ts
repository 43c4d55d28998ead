// Issue 14 figures: generating 1,000,000 gift codes ≤ 15 s (the real batch path: crypto codes, multi-row
// unnest inserts with ON CONFLICT DO NOTHING and top-up), and looking a code up at a branch p95 ≤ 10 ms
// with 10,000,000 codes in the table (the lookup route's service call: branch check + the code by
// (zma_app_id, code)). `node --import tsx bench/zma-codes.bench.ts [--pglite]`; ZMA_BENCH_CODES sets the
// table size (default 10,000,000), ZMA_BENCH_GENERATE the batch size (default 1,000,000; 0 measures the lookup only);
// ZMA_BENCH_LOOKUP=0 measures the generation into the empty table only (no fill, no lookups, no second batch).
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Database } from '../apps/server/src/db/client';
import { lookupGiftCode, runCodeBatch } from '../apps/server/src/modules/zma-loyalty/manage';
import { pct, withBenchDatabase } from './bench-db';

const TABLE_CODES = Number(process.env.ZMA_BENCH_CODES ?? 10_000_000);
const GENERATE = Number(process.env.ZMA_BENCH_GENERATE ?? 1_000_000);
const LOOKUPS = 3000;
const LOOKUP = process.env.ZMA_BENCH_LOOKUP !== '0';

interface Ids {
  tenantId: string;
  appId: string;
  itemId: string;
  branchId: string;
  customerId: string;
}

async function one<T>(db: Database, text: string, values: unknown[] = []): Promise<T> {
  return (await db.raw.query<T>(text, values)).rows[0] as T;
}

async function fixtures(db: Database): Promise<Ids> {
  const tag = randomBytes(4).toString('hex');
  const m = await one<{ id: string }>(db, `insert into merchants (name) values ($1) returning id`, [`Bench ${tag}`]);
  const t = await one<{ id: string }>(db, `insert into tenants (merchant_id, name, is_mini_app_enabled) values ($1, $2, true) returning id`, [m.id, `Bench ${tag}`]);
  const a = await one<{ id: string }>(db, `insert into zma_apps (tenant_id, name, zalo_app_id, app_secret_enc) values ($1, 'Bench', $2, 'x') returning id`, [t.id, String(Date.now())]);
  const i = await one<{ id: string }>(db, `insert into zma_gift_items (zma_app_id, tenant_id, type, name) values ($1, $2, 'VOUCHER', 'Bench voucher') returning id`, [a.id, t.id]);
  const b = await one<{ id: string }>(db, `insert into zma_branches (zma_app_id, tenant_id, name) values ($1, $2, 'Bench branch') returning id`, [a.id, t.id]);
  const c = await one<{ id: string }>(db, `insert into zma_customers (zma_app_id, tenant_id, zalo_user_id, name) values ($1, $2, 'bench', 'Bench') returning id`, [a.id, t.id]);
  return { tenantId: t.id, appId: a.id, itemId: i.id, branchId: b.id, customerId: c.id };
}

async function generate(db: Database, ids: Ids, count: number): Promise<number> {
  const batch = await one<{ id: string }>(db, `insert into zma_gift_code_batches (zma_app_id, gift_item_id, requested) values ($1, $2, $3) returning id`, [ids.appId, ids.itemId, count]);
  const t0 = performance.now();
  await runCodeBatch(db.db, batch.id);
  const ms = performance.now() - t0;
  const done = await one<{ generated: number; status: string }>(db, `select generated, status from zma_gift_code_batches where id = $1`, [batch.id]);
  if (done.status !== 'DONE' || done.generated !== count) throw new Error(`batch ended ${done.status} with ${done.generated}`);
  return ms;
}

/**
 * Fills the table to `target` codes with generate_series: 'S' + 9 base-31 digits of i (unique, same
 * length and alphabet as generated codes), a quarter ALLOCATED, a tenth USED. Setup only: indexes,
 * primary key and foreign keys are dropped during the fill and rebuilt after, as a restore would (the
 * foreign keys come back NOT VALID: they check every later insert, the bench's rows are not re-read).
 */
async function fill(db: Database, ids: Ids, target: number): Promise<void> {
  const have = (await one<{ n: number }>(db, `select count(*)::int as n from zma_gift_codes`)).n;
  const defs = (await db.raw.query<{ name: string; def: string }>(`select indexname as name, indexdef as def from pg_indexes where tablename = 'zma_gift_codes' and indexname <> 'zma_gift_codes_pkey'`)).rows;
  const cons = (await db.raw.query<{ name: string; def: string }>(`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'zma_gift_codes'::regclass and contype in ('f', 'p') order by contype desc`)).rows;
  for (const c of cons) await db.raw.exec(`alter table zma_gift_codes drop constraint ${c.name}`);
  for (const d of defs) await db.raw.exec(`drop index ${d.name}`);
  const step = 2_000_000;
  const A = `'23456789ABCDEFGHJKMNPQRSTUVWXYZ'`;
  const code = `'S' || substr(A, ((i / 852891037441::bigint) % 31)::int + 1, 1) || substr(A, ((i / 27512614111::bigint) % 31)::int + 1, 1) || substr(A, ((i / 887503681::bigint) % 31)::int + 1, 1) || substr(A, ((i / 28629151::bigint) % 31)::int + 1, 1) || substr(A, ((i / 923521::bigint) % 31)::int + 1, 1) || substr(A, ((i / 29791::bigint) % 31)::int + 1, 1) || substr(A, ((i / 961::bigint) % 31)::int + 1, 1) || substr(A, ((i / 31::bigint) % 31)::int + 1, 1) || substr(A, ((i / 1::bigint) % 31)::int + 1, 1)`.replaceAll('A,', `${A},`);
  for (let from = have; from < target; from += step) {
    const to = Math.min(target, from + step) - 1;
    await db.raw.exec(`
      insert into zma_gift_codes (zma_app_id, tenant_id, gift_item_id, code, status, customer_id, assigned_at, used_at, branch_id, created_at)
      select '${ids.appId}', '${ids.tenantId}', '${ids.itemId}', ${code},
        case when i % 4 = 0 then 'ALLOCATED' when i % 10 = 1 then 'USED' else 'NEW' end,
        case when i % 4 = 0 or i % 10 = 1 then '${ids.customerId}'::uuid end,
        case when i % 4 = 0 or i % 10 = 1 then now() end,
        case when i % 10 = 1 then now() end,
        case when i % 10 = 1 then '${ids.branchId}'::uuid end,
        now() - make_interval(secs => i % 100000)
      from generate_series(${from}, ${to}) i`);
    console.log(`  filled ${to + 1} codes`);
  }
  const t0 = performance.now();
  for (const c of cons) await db.raw.exec(`alter table zma_gift_codes add constraint ${c.name} ${c.def}${c.def.startsWith('FOREIGN') ? ' not valid' : ''}`);
  for (const d of defs) await db.raw.exec(d.def);
  await db.raw.exec('analyze zma_gift_codes');
  console.log(`  keys and indexes rebuilt in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  await withBenchDatabase({ prefix: 'bench_zma_codes', filledTable: 'zma_apps', generate: async () => {} }, async (db, label) => {
    const host = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`;
    console.log(`zma-codes on ${label}; ${host}; ${new Date().toISOString()}`);
    const ids = await fixtures(db);

    const genEmpty = GENERATE > 0 ? await generate(db, ids, GENERATE) : 0;
    if (GENERATE > 0) console.log(`generate ${GENERATE.toLocaleString('en')} codes (empty table): ${(genEmpty / 1000).toFixed(2)} s (target ≤ 15 s)`);
    if (!LOOKUP) return;

    const tf = performance.now();
    await fill(db, ids, TABLE_CODES);
    console.log(`setup: table filled to ${TABLE_CODES.toLocaleString('en')} codes in ${((performance.now() - tf) / 1000).toFixed(0)} s`);

    // Codes to look up: a random sample of the table (found) plus some unknown ones (404).
    const sample = (await db.raw.query<{ code: string }>(`select code from zma_gift_codes tablesample system (0.1) limit ${LOOKUPS}`)).rows.map((r) => r.code);
    const lookups = [...sample, ...Array.from({ length: Math.floor(LOOKUPS / 10) }, () => `ZZ${randomBytes(4).toString('hex').toUpperCase()}`)];
    for (const code of lookups.slice(0, 200)) await lookupGiftCode(db.db, ids.appId, { code, branchId: ids.branchId }).catch(() => null); // warm
    const times: number[] = [];
    let found = 0;
    for (const code of lookups) {
      const t0 = performance.now();
      const r = await lookupGiftCode(db.db, ids.appId, { code, branchId: ids.branchId }).catch(() => null);
      times.push(performance.now() - t0);
      if (r) found += 1;
    }
    console.log(`lookup at a branch, ${lookups.length} sequential (${found} found): p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms (target p95 ≤ 10 ms)`);
    const conc: number[] = [];
    const queue = [...lookups];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let code = queue.pop(); code; code = queue.pop()) {
          const t0 = performance.now();
          await lookupGiftCode(db.db, ids.appId, { code, branchId: ids.branchId }).catch(() => null);
          conc.push(performance.now() - t0);
        }
      }),
    );
    console.log(`lookup at a branch, 8 concurrent: p50 ${pct(conc, 50).toFixed(2)} ms, p95 ${pct(conc, 95).toFixed(2)} ms`);

    const genFull = GENERATE > 0 ? await generate(db, ids, GENERATE) : 0;
    if (GENERATE > 0) console.log(`generate ${GENERATE.toLocaleString('en')} codes (table at ${TABLE_CODES.toLocaleString('en')}+): ${(genFull / 1000).toFixed(2)} s`);
    console.log(`host load after: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`);
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
