// Public API rate limiter (issue 17 #4): what one shared decision costs on the send path. The
// limiter alone against its database (no HTTP): one key checked sequentially (latency of a decision
// when nothing shares it), then 64 checks in flight over 100 keys of 100 tenants (decisions per
// second when requests share batches). Limits are the defaults, so every check passes (the hot path).
//
//   npm run bench -- public-api-limiter        (PostgreSQL on BENCH_PG_URL; `-- --pglite` for PGlite)
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pct, withBenchDatabase } from './bench-db';
import { buildSendFixture } from '../apps/server/src/modules/messaging/test-fixtures';
import { PublicApiRateLimiter } from '../apps/server/src/modules/api-rate-limits/limiter';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 2000);
const SECONDS = Number(process.env.BENCH_PHASE_S ?? 5);
const IN_FLIGHT = 64;
const KEYS = 100;
const hashes: string[] = [];

await withBenchDatabase(
  {
    prefix: 'zc_bench_limiter',
    filledTable: 'api_keys',
    generate: async (db) => {
      const first = await buildSendFixture(db, 'bench-secret-bench-secret-bench-secret-42');
      hashes.push(createHash('sha256').update(first.secret).digest('hex'));
      for (let i = 1; i < KEYS; i += 1) {
        const f = await buildSendFixture(db, 'bench-secret-bench-secret-bench-secret-42', { merchantId: first.merchantId });
        hashes.push(createHash('sha256').update(f.secret).digest('hex'));
      }
    },
  },
  async (db, label) => {
    if (hashes.length === 0) throw new Error('run on a fresh database (the secrets are only known when generated)');
    const limiter = new PublicApiRateLimiter(db.raw, { keyPerSecond: 8000, tenantPerSecond: 10_000, burstSeconds: 2 });
    const hot = hashes[0] as string;
    for (let i = 0; i < 200; i += 1) await limiter.check(hot); // warm-up
    // Calibration on the same pool: one trivial round trip (the host's floor for any statement).
    const base: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const t0 = performance.now();
      await db.db.execute(sql`select 1`);
      base.push(performance.now() - t0);
    }
    const lat: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i += 1) {
      const t0 = performance.now();
      const d = await limiter.check(hot);
      lat.push(performance.now() - t0);
      if (!d?.allowed) throw new Error('a default-limit check was refused');
    }
    console.log(`database: ${label}`);
    console.log(`select 1 (calibration): p50 ${pct(base, 50).toFixed(2)} ms   p99 ${pct(base, 99).toFixed(2)} ms`);
    console.log(`sequential, one key: ${SEQUENTIAL} decisions   p50 ${pct(lat, 50).toFixed(2)} ms   p99 ${pct(lat, 99).toFixed(2)} ms   mean ${(lat.reduce((a, b) => a + b, 0) / lat.length).toFixed(2)} ms`);

    const end = Date.now() + SECONDS * 1000;
    const clat: number[] = [];
    let refused = 0;
    const worker = async (w: number) => {
      let i = w;
      while (Date.now() < end) {
        const t0 = performance.now();
        const d = await limiter.check(hashes[i % hashes.length] as string);
        clat.push(performance.now() - t0);
        if (!d?.allowed) refused += 1;
        i += IN_FLIGHT;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
    console.log(`${IN_FLIGHT} in flight, ${KEYS} keys: ${Math.round(clat.length / SECONDS)} decisions/s   p50 ${pct(clat, 50).toFixed(2)} ms   p99 ${pct(clat, 99).toFixed(2)} ms   refused ${refused}`);
  },
);
