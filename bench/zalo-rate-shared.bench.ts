// Figure (issue 10 #8): with the shared (database) rate limiter, two worker processes together stay
// within ±5 % of the configured per-OA rate over 60 s. Two child processes each run the product's
// Zalo client (createServerZaloClient + createSharedRateLimiter, as main.ts wires them) with 16
// concurrent callers of an OA Open API call (getoa) against one sandbox; this process serves the
// sandbox and counts, as an independent observer, the OA API requests it received in the 60 s
// after both children were told to go. Then the same with each process's own in-memory bucket
// (`local`, the behaviour before), for comparison. PostgreSQL only (a throwaway database on
// BENCH_PG_URL, dropped at the end): embedded PGlite is single-process.
//
//   npm run bench -- zalo-rate-shared      (BENCH_RATE=4000 per minute, BENCH_SECONDS=60, BENCH_LOCAL_SECONDS=20)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const RATE = Number(process.env.BENCH_RATE ?? 4_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LOCAL_SECONDS = Number(process.env.BENCH_LOCAL_SECONDS ?? 20);
const CALLERS = 16;
const SECRET = 'bench-secret-bench-secret-bench-secret-42';

if (process.argv.includes('--child')) await child();
else await drive();

/** A "worker process": the product's Zalo client with the shared or local limiter, calling getoa until told to stop. */
async function child(): Promise<void> {
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { createCipher } = await import('../apps/server/src/platform/crypto');
  const { createSharedRateLimiter } = await import('../apps/server/src/platform/rate-limiter');
  const { createServerZaloClient } = await import('../apps/server/src/modules/zalo-oa/zalo-client');
  const { getOaInfo } = await import('@zc/zalo/oa-info');
  const { sandboxHosts } = await import('@zc/zalo/hosts');
  const database = await openDatabase({ url: process.env.BENCH_DB_URL ?? '', poolSize: 4 });
  const shared = process.env.BENCH_MODE === 'shared';
  let reservations = 0;
  const raw = {
    ...database.raw,
    query: ((text, values, opts) => {
      if (opts?.name === 'rate-limit-reserve') reservations += 1;
      return database.raw.query(text, values, opts);
    }) as typeof database.raw.query,
  };
  const limiter = shared ? createSharedRateLimiter(raw, { perMinute: RATE }) : undefined;
  const zalo = createServerZaloClient(database.db, createCipher(SECRET), sandboxHosts(process.env.BENCH_SANDBOX_URL ?? ''), { oaPerMinute: RATE, timeoutMs: 10_000, limiter });
  const oaId = process.env.BENCH_OA_ID ?? '';
  await getOaInfo(zalo, oaId); // warm: token read, connection, prepared statement
  reservations = 0;
  console.log('READY');
  const rl = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => rl.once('line', () => resolve()));
  let calls = 0;
  let failures = 0;
  const until = Date.now() + Number(process.env.BENCH_RUN_MS);
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (Date.now() < until) {
        try {
          await getOaInfo(zalo, oaId);
          calls += 1;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  console.log(`DONE ${JSON.stringify({ calls, failures, reservations })}`);
  await database.close();
  process.exit(0);
}

async function drive(): Promise<void> {
  const pg = await import('pg');
  const { default: Fastify } = await import('fastify');
  const { createSandbox } = await import('@zc/zalo-sandbox/sandbox');
  const { zaloSandboxPlugin } = await import('@zc/zalo-sandbox/plugin');
  const { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID } = await import('@zc/zalo-sandbox/seed');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildSendFixture } = await import('../apps/server/src/modules/messaging/test-fixtures');

  const dbName = `zc_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
  const database = await openDatabase({ url: dbUrl, poolSize: 2 });
  await migrateDatabase(database);
  const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID];
  const f = await buildSendFixture(database, SECRET, { zoaId: SANDBOX_OA_ID, zappId: SANDBOX_APP_ID, appSecretKey: SANDBOX_APP_SECRET_KEY, accessToken: tokens?.accessToken, refreshToken: tokens?.refreshToken });

  // The sandbox's own per-app limit far above the configured rate: this measures our limiter, not Zalo's refusals.
  const sandbox = createSandbox({ oaRateLimitPerMinute: 1_000_000 });
  const app = Fastify({ logger: false, keepAliveTimeout: 30_000 });
  const seen: number[] = [];
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/openapi/')) seen.push(Date.now());
  });
  await app.register(zaloSandboxPlugin, { sandbox });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const sandboxUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`; // listen() on TCP gives an AddressInfo

  const children: ChildProcess[] = [];
  const run = async (mode: 'shared' | 'local', seconds: number) => {
    await database.raw.query('delete from rate_limit_buckets');
    const procs = [0, 1].map(() => {
      const c = spawn(process.execPath, ['--import', 'tsx', self, '--child'], {
        env: { ...process.env, BENCH_DB_URL: dbUrl, BENCH_MODE: mode, BENCH_SANDBOX_URL: sandboxUrl, BENCH_OA_ID: f.zaloOaId, BENCH_RUN_MS: String(seconds * 1000) },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      children.push(c);
      const lines = createInterface({ input: c.stdout as NodeJS.ReadableStream });
      const ready = new Promise<void>((resolve, reject) => {
        lines.on('line', (l) => l === 'READY' && resolve());
        c.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
      });
      const done = new Promise<{ calls: number; failures: number; reservations: number }>((resolve) => {
        lines.on('line', (l) => l.startsWith('DONE ') && resolve(JSON.parse(l.slice(5)) as { calls: number; failures: number; reservations: number }));
      });
      return { c, ready, done };
    });
    await Promise.all(procs.map((p) => p.ready));
    seen.length = 0;
    const go = Date.now();
    for (const p of procs) p.c.stdin?.write('GO\n');
    const results = await Promise.all(procs.map((p) => p.done));
    const inWindow = seen.filter((t) => t >= go && t < go + seconds * 1000).length;
    const expected = (RATE * seconds) / 60;
    // Steady state: the same count without the first second (the cold bucket's one-second burst).
    const steady = seen.filter((t) => t >= go + 1000 && t < go + seconds * 1000).length;
    const steadyExpected = (RATE * (seconds - 1)) / 60;
    const calls = results.reduce((s, r) => s + r.calls, 0);
    const reservations = results.reduce((s, r) => s + r.reservations, 0);
    console.log(
      `${mode.padEnd(6)} 2 processes × ${CALLERS} callers, ${seconds} s at ${RATE}/min per OA: sandbox saw ${inWindow} OA API calls (expected ${expected.toFixed(0)}, ${(((inWindow - expected) / expected) * 100).toFixed(2)} %); ` +
        `after the first second ${steady} (expected ${steadyExpected.toFixed(0)}, ${(((steady - steadyExpected) / steadyExpected) * 100).toFixed(2)} %); ` +
        `split ${results.map((r) => r.calls).join(' / ')}; failures ${results.reduce((s, r) => s + r.failures, 0)}` +
        (mode === 'shared' ? `; ${reservations} reservations = ${(calls / Math.max(1, reservations)).toFixed(1)} calls per database round trip` : ''),
    );
  };
  try {
    await run('shared', SECONDS);
    if (LOCAL_SECONDS > 0) await run('local', LOCAL_SECONDS);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await app.close();
    sandbox.close();
    await database.close();
    const c = new pg.default.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
}
