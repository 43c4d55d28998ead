// Issue 14 figures for the lucky draw (ADR 0022), on PostgreSQL, through the spin service
// (`spin(db, …)` of modules/zma-draw — the same call the mini-app route makes after the token check):
//  1. 1,000 concurrent spins (1,000 customers, one turn each) on a prize with stock 100 and probability
//     100 % → exactly 100 winners, 900 NO_PRIZE, won = 100, 100 codes allocated;
//  2. throughput: ZMA_SPIN_BENCH_SPINS spins (default 30,000) by 3,000 customers (GAME_TURN 10 a day)
//     with ZMA_SPIN_BENCH_CONCURRENCY in flight (default 48) over a pool of ZMA_SPIN_BENCH_POOL
//     connections (default 24); a 10 % voucher slice with ample stock (ZMA_SPIN_BENCH_WIN_PPM), the rest "no prize". Target ≥ 1,500 spins/s.
// `node --import tsx bench/zma-spin.bench.ts` (BENCH_PG_URL / TEST_DATABASE_URL, default postgres://zc:zc@127.0.0.1:5432/zc).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/client';
import { spin } from '../apps/server/src/modules/zma-draw/service';
import { AppError } from '../apps/server/src/platform/errors';
import { pct, PG_URL } from './bench-db';

const SPINS = Number(process.env.ZMA_SPIN_BENCH_SPINS ?? 30_000);
const CONCURRENCY = Number(process.env.ZMA_SPIN_BENCH_CONCURRENCY ?? 48);
const POOL = Number(process.env.ZMA_SPIN_BENCH_POOL ?? 24);
/** The voucher slice of the throughput draw, in parts per million (default 100,000 = 10 %). */
const WIN_PPM = Number(process.env.ZMA_SPIN_BENCH_WIN_PPM ?? 100_000);

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(text);
  await c.end();
}

async function one<T>(db: Database, text: string, values: unknown[] = []): Promise<T> {
  return (await db.raw.query<T>(text, values)).rows[0] as T;
}

interface App {
  tenantId: string;
  appId: string;
  itemId: string;
}

async function appFixture(db: Database): Promise<App> {
  const tag = randomBytes(4).toString('hex');
  const m = await one<{ id: string }>(db, `insert into merchants (name) values ($1) returning id`, [`Bench ${tag}`]);
  const t = await one<{ id: string }>(db, `insert into tenants (merchant_id, name, is_mini_app_enabled) values ($1, $2, true) returning id`, [m.id, `Bench ${tag}`]);
  const a = await one<{ id: string }>(db, `insert into zma_apps (tenant_id, name, zalo_app_id, app_secret_enc) values ($1, 'Bench', $2, 'x') returning id`, [t.id, `${Date.now()}${tag.slice(0, 2)}`]);
  const i = await one<{ id: string }>(db, `insert into zma_gift_items (zma_app_id, tenant_id, type, name, discount_kind, discount_value) values ($1, $2, 'VOUCHER', 'Bench voucher', 'AMOUNT', 50000) returning id`, [a.id, t.id]);
  return { tenantId: t.id, appId: a.id, itemId: i.id };
}

async function drawFixture(db: Database, app: App, prize: { probability: number; stock: number | null }, turnsPerDay: number | null): Promise<{ drawId: string; prizeId: string }> {
  const d = await one<{ id: string }>(db, `insert into zma_draws (zma_app_id, tenant_id, name) values ($1, $2, 'Bench draw') returning id`, [app.appId, app.tenantId]);
  const p = await one<{ id: string }>(db, `insert into zma_draw_prizes (draw_id, zma_app_id, gift_item_id, label, probability, stock, position) values ($1, $2, $3, 'Voucher', $4, $5, 0) returning id`, [d.id, app.appId, app.itemId, prize.probability, prize.stock]);
  if (prize.probability < 1_000_000) {
    await db.raw.query(`insert into zma_draw_prizes (draw_id, zma_app_id, gift_item_id, label, probability, stock, position) values ($1, $2, null, 'Chúc may mắn', $3, null, 1)`, [d.id, app.appId, 1_000_000 - prize.probability]);
  }
  if (turnsPerDay !== null) {
    await db.raw.query(`insert into zma_rules (zma_app_id, tenant_id, draw_id, name, condition_type, frequency, value) values ($1, $2, $3, 'bench', 'GAME_TURN', 'DAILY', $4)`, [app.appId, app.tenantId, d.id, turnsPerDay]);
  }
  return { drawId: d.id, prizeId: p.id };
}

async function customers(db: Database, app: App, n: number): Promise<string[]> {
  const { rows } = await db.raw.query<{ id: string }>(
    `insert into zma_customers (zma_app_id, tenant_id, zalo_user_id, name) select $1, $2, 'b' || g || '-' || $3, 'Bench ' || g from generate_series(1, $4) g returning id`,
    [app.appId, app.tenantId, randomBytes(3).toString('hex'), n],
  );
  return rows.map((r) => r.id);
}

async function stockRace(db: Database, app: App): Promise<void> {
  const { drawId, prizeId } = await drawFixture(db, app, { probability: 1_000_000, stock: 100 }, null);
  const ids = await customers(db, app, 1000);
  const t0 = performance.now();
  const results = await Promise.all(
    ids.map((customerId) =>
      spin(db.db, { zmaAppId: app.appId, tenantId: app.tenantId, drawId, customerId }).then(
        (r) => r.outcome,
        (e: unknown) => (e instanceof AppError ? e.code : Promise.reject(e)),
      ),
    ),
  );
  const ms = performance.now() - t0;
  const wins = results.filter((r) => r === 'WIN').length;
  const other = results.filter((r) => r !== 'WIN' && r !== 'NO_PRIZE');
  const prize = await one<{ won: number; stock: number }>(db, `select won, stock from zma_draw_prizes where id = $1`, [prizeId]);
  const codes = await one<{ n: number }>(db, `select count(*)::int as n from zma_gift_codes c join zma_spins s on s.gift_code_id = c.id where s.draw_id = $1`, [drawId]);
  console.log(`1,000 concurrent spins, stock 100: ${wins} winners, ${results.length - wins - other.length} NO_PRIZE, ${other.length} errors, won=${prize.won}/${prize.stock}, ${codes.n} codes allocated, ${ms.toFixed(0)} ms`);
  if (wins !== 100 || prize.won !== 100 || codes.n !== 100 || other.length > 0) throw new Error('stock race: expected exactly 100 winners');
}

/** CPU seconds (user + system) used so far by the PostgreSQL backends serving this database (Linux /proc; null elsewhere). */
async function backendCpu(db: Database): Promise<number | null> {
  const pids = (await db.raw.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows.map((r) => r.pid);
  try {
    return pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
    }, 0);
  } catch {
    return null;
  }
}

async function throughput(db: Database, app: App): Promise<void> {
  const { drawId } = await drawFixture(db, app, { probability: WIN_PPM, stock: 1_000_000 }, 10);
  const ids = await customers(db, app, Math.ceil(SPINS / 10));
  const run = async (count: number, offset: number) => {
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    let wins = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const customerId = ids[(offset + i) % ids.length]!;
        const s = performance.now();
        try {
          const r = await spin(db.db, { zmaAppId: app.appId, tenantId: app.tenantId, drawId, customerId });
          if (r.outcome === 'WIN') wins += 1;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          failures += 1;
        }
        latencies.push(performance.now() - s);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return { ms: performance.now() - t0, latencies, failures, wins };
  };
  await run(Math.min(2000, ids.length), 0); // warm-up: plans, pool, caches (each customer's first turn)
  // CPU used per spin by this process (the spin service, and the driver) and by the PostgreSQL backends: on a
  // loaded host the wall-clock rate says more about the neighbours than about the code, this does not.
  const pg0 = await backendCpu(db);
  const node0 = process.cpuUsage();
  const r = await run(SPINS - Math.min(2000, ids.length), Math.min(2000, ids.length));
  const nodeCpu = process.cpuUsage(node0);
  const pg1 = await backendCpu(db);
  const n = r.latencies.length;
  const nodeUs = (nodeCpu.user + nodeCpu.system) / n;
  const pgUs = pg0 !== null && pg1 !== null ? ((pg1 - pg0) * 1e6) / n : null;
  console.log(
    `CPU per spin: this process ${nodeUs.toFixed(0)} µs, PostgreSQL backends ${pgUs === null ? 'n/a' : `${pgUs.toFixed(0)} µs`}` +
      (pgUs === null ? '' : ` → at most ${Math.round((os.cpus().length * 1e6) / (nodeUs + pgUs))} spins/s on ${os.cpus().length} otherwise idle cores (CPU bound, WAL and background work not counted)`),
  );
  console.log(
    `throughput: ${n} spins in ${(r.ms / 1000).toFixed(2)} s = ${Math.round((n / r.ms) * 1000)} spins/s (target ≥ 1,500); ${r.wins} wins, ${r.failures} refused; ` +
      `latency p50 ${pct(r.latencies, 50).toFixed(1)} ms, p95 ${pct(r.latencies, 95).toFixed(1)} ms, p99 ${pct(r.latencies, 99).toFixed(1)} ms; concurrency ${CONCURRENCY}, pool ${POOL}`,
  );
}

async function main(): Promise<void> {
  console.log(`zma-spin bench on ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${new Date().toISOString()}`);
  const dbName = `zma_spin_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const database = await openDatabase({ url: Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString(), poolSize: POOL });
  try {
    await migrateDatabase(database);
    const app = await appFixture(database);
    await stockRace(database, app);
    await throughput(database, app);
    console.log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await database.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
