// Figure (issue 16 #3, "Month-end statements for 1,000 tenants generated in ≤ 60 s"). 1,000 tenants of 10
// organisations (plus the 10 organisations' own wallets), 80 % in Asia/Ho_Chi_Minh and the rest in four other
// zones, a realistic ledger of 200–1,000 entries per tenant in the month just ended (top-ups, message charges
// with their message_history rows and discounts, refunds, holds placed/charged/released, adjustments, postpaid
// usage for a tenth of the tenants) and a few entries the month before. Entries and messages are written in
// SQL with generate_series (new_balance the running balance, as the ledger keeps it).
//
// Measured: the month-end job as it runs hourly (`runMonthEndStatements`: finds the due wallets and generates
// every statement, each batch one set-based statement), then a full regeneration of the month
// (`generateStatements` over every wallet: every statement updated and its lines rewritten). Every statement is
// checked to reconcile (closing = opening + movements; the job refuses to write one that does not).
//
//   npm run bench -- statements                      PostgreSQL
//   node --import tsx bench/statements.bench.ts --pglite
import type { Database } from '../apps/server/src/db/client';
import { pglite, withBenchDatabase } from './bench-db';
import { generateStatements, runMonthEndStatements } from '../apps/server/src/modules/statements/service';

const TENANTS = Number(process.env.BENCH_STATEMENT_TENANTS ?? 1_000);
const ORGS = 10;
const ZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Sydney'];

/** The month just ended in Viet Nam (YYYY-MM) and its first instant there. */
function lastMonth(): { period: string; start: string; before: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  const y = Number(parts.find((p) => p.type === 'year')?.value);
  const m = Number(parts.find((p) => p.type === 'month')?.value);
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const [by, bm] = pm === 1 ? [py - 1, 12] : [py, pm - 1];
  const pad = (n: number) => String(n).padStart(2, '0');
  return { period: `${py}-${pad(pm)}`, start: `${py}-${pad(pm)}-01`, before: `${by}-${pad(bm)}-01` };
}

const orgId = (o: number) => `00000000-0000-4000-8000-${String(900 + o).padStart(12, '0')}`;

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  const { start, before } = lastMonth();
  const t0 = performance.now();
  for (let o = 0; o < ORGS; o++) await q.query(`insert into merchants (id, name) values ($1::uuid, $2)`, [orgId(o), `Bench org ${o}`]);
  await q.exec(`
    insert into tenants (id, merchant_id, name, zns_service, time_zone)
    select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid,
           ('00000000-0000-4000-8000-' || lpad((900 + g % ${ORGS})::text, 12, '0'))::uuid,
           'Bench tenant ' || g, true,
           case when g % 5 = 0 then (array['${ZONES.join("','")}'])[1 + (g / 5) % ${ZONES.length}] else 'Asia/Ho_Chi_Minh' end
    from generate_series(1, ${TENANTS}) g`);
  await q.exec(`
    insert into wallets (merchant_id, tenant_id, mode)
    select t.merchant_id, t.id, case when right(t.id::text, 2)::int % 10 = 3 then 'POSTPAID' else 'PREPAID' end from tenants t`);
  await q.exec(`insert into wallets (merchant_id) select id from merchants`);
  // One row per ledger entry: wallet, ordinal, time and kind; 200–1,000 entries in the month, 20 before it.
  await q.exec(`
    create temporary table bench_plan as
    with w as (
      select w.id as wallet_id, w.tenant_id, w.mode, coalesce(t.time_zone, 'Asia/Ho_Chi_Minh') as tz,
             200 + abs(hashint4(hashtext(w.id::text))) % 801 as n
      from wallets w left join tenants t on t.id = w.tenant_id
    )
    select w.wallet_id, w.tenant_id, w.mode, g as ord,
           case when g <= 20 then ('${before}'::timestamp at time zone w.tz) + (g * interval '1 hour')
                else ('${start}'::timestamp at time zone w.tz) + ((g - 20)::float8 / (w.n + 1) * 27 * 86400) * interval '1 second' end as at,
           case when w.tenant_id is null then case when g % 3 = 1 then 'TOPUP' else 'ADJUST' end
                when g = 1 or g % 40 = 0 then 'TOPUP'
                when g % 97 = 0 then 'ADJUST'
                when g % 150 = 5 then 'HOLD'
                when g % 150 = 60 then 'RELEASE'
                when g % 150 between 6 and 20 then 'HOLD_CHARGE'
                when g % 23 = 0 then case when w.mode = 'POSTPAID' then 'USAGE_REFUND' else 'REFUND' end
                else case when w.mode = 'POSTPAID' then 'USAGE' else 'CHARGE' end end as reason,
           (1 + abs(hashint4(g)) % 3) * 100 as price, (abs(hashint4(g + 1)) % 3) * 50 as discount
    from w cross join lateral generate_series(1, w.n + 20) g`);
  // Messages for every charge entry (module, template, price and list price: the lines' source).
  await q.exec(`
    insert into message_history (id, tenant_id, module, zalo_oa_id, zns_template_id, template_name, phone, type, status, is_charged, price, list_price, created_at)
    select md5(p.wallet_id::text || ':' || p.ord)::uuid, p.tenant_id, case when p.ord % 7 = 0 then 'OA' else 'ZNS' end,
           '00000000-0000-4000-9000-000000000001'::uuid,
           case when p.ord % 7 = 0 then null else 'tpl-' || (p.ord % 12) end,
           case when p.ord % 7 = 0 then null else 'Mẫu tin ' || (p.ord % 12) end,
           '84900000000', case when p.ord % 7 = 0 then 'CS' else 'TRANSACTION' end, 'RECEIVED', true, p.price, p.price + p.discount, p.at
    from bench_plan p where p.reason in ('CHARGE', 'USAGE', 'HOLD_CHARGE')`);
  await q.exec(`
    insert into wallet_entries (wallet_id, type, value, new_balance, reason, message_id, note, created_at)
    select x.wallet_id, x.type, x.value,
           sum(x.delta) over (partition by x.wallet_id order by x.at, x.ord rows unbounded preceding),
           x.reason, x.message_id, 'bench', x.at
    from (
      select p.wallet_id, p.ord, p.at, p.reason,
             case when p.reason in ('TOPUP', 'REFUND', 'RELEASE', 'USAGE_REFUND') or (p.reason = 'ADJUST' and p.ord % 2 = 0) then 'ADD' else 'SUB' end as type,
             case when p.reason = 'TOPUP' then 200000 when p.reason in ('HOLD', 'RELEASE') then 30000 when p.reason = 'ADJUST' then 1000 else p.price end as value,
             case when p.reason in ('CHARGE', 'USAGE', 'HOLD_CHARGE') then md5(p.wallet_id::text || ':' || p.ord)::uuid end as message_id,
             case p.reason when 'TOPUP' then 200000 when 'REFUND' then p.price when 'RELEASE' then 30000 when 'HOLD' then -30000
                           when 'CHARGE' then -p.price when 'ADJUST' then case when p.ord % 2 = 0 then 1000 else -1000 end else 0 end as delta
      from bench_plan p
    ) x`);
  await q.exec(`drop table bench_plan`);
  await q.exec(`analyze wallet_entries; analyze message_history; analyze wallets; analyze tenants`);
  const { rows } = await q.query<{ n: number }>(`select count(*)::int as n from wallet_entries`);
  console.log(`  generated ${rows[0]?.n.toLocaleString('en')} ledger entries for ${TENANTS} tenants + ${ORGS} organisations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await withBenchDatabase({ prefix: 'zc_bench_statements', filledTable: 'wallet_entries', generate }, async (database, label) => {
  const { period } = lastMonth();
  const q = database.raw;
  const { rows: entryRows } = await q.query<{ n: number }>(`select count(*)::int as n from wallet_entries`);
  console.log(`${label}: ${entryRows[0]?.n.toLocaleString('en')} ledger entries, statements of ${period}`);

  const t1 = performance.now();
  const outcomes = await runMonthEndStatements(database.db, { warn: (o, m) => console.warn(m, JSON.stringify(o).slice(0, 500)) });
  const jobSeconds = (performance.now() - t1) / 1000;
  const generated = outcomes.reduce((n, o) => n + o.generated, 0);
  const failed = outcomes.reduce((n, o) => n + o.failed, 0);
  console.log(`  month-end job: ${generated} statements generated (${failed} failed) in ${jobSeconds.toFixed(1)} s — target ≤ 60 s`);

  const { rows: wallets } = await q.query<{ id: string }>(`select wallet_id as id from statements where period = $1`, [period]);
  const t2 = performance.now();
  const regen = await generateStatements((work) => database.db.transaction(work), { period, walletIds: wallets.map((w) => w.id), auditAsSystem: true });
  const regenSeconds = (performance.now() - t2) / 1000;
  console.log(`  regeneration of every statement: ${regen.regenerated} regenerated (${regen.failed} failed) in ${regenSeconds.toFixed(1)} s`);

  const { rows: check } = await q.query<{ bad: number; lines: number }>(`
    select count(*) filter (where opening_balance + top_ups - charges + refunds - holds_placed + holds_released + adjustments <> closing_balance)::int as bad,
           (select count(*)::int from statement_lines l join statements s on s.id = l.statement_id where s.period = $1) as lines
    from statements where period = $1`, [period]);
  console.log(`  ${check[0]?.lines.toLocaleString('en')} charge lines; statements not reconciling: ${check[0]?.bad}`);
  if (generated < TENANTS || failed > 0 || (check[0]?.bad ?? 1) > 0) {
    console.error('  FAILED: not every statement was generated and reconciled');
    process.exitCode = 1;
  }
  if (jobSeconds > 60) console.log(`  over the 60 s target${pglite ? ' (PGlite)' : ''}`);
});
