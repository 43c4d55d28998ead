// Figures (issue 4, "Send API and history"): send API throughput vs a bare Fastify route doing one
// INSERT into message_history (same run, same database), p99 at half of peak, one hot tenant vs
// 100 tenants. Server and load generator run in separate processes (2 cores shared); autocannon
// targets 127.0.0.1 only and every phase is bounded in time. PostgreSQL by default (a throwaway
// database on BENCH_PG_URL, dropped at the end); `-- --pglite` for the in-process database.
//
//   npm run bench -- send-api            (or: node --import tsx bench/send-api.bench.ts [--pglite])
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openLoop } from './open-loop';

const self = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TENANTS = 100;

interface ServeInfo {
  port: number;
  barePort: number;
  keys: string[];
  templateId: string;
  bare: { tenantId: string; zaloOaId: string };
}

if (process.argv.includes('--serve')) await serve();
else await drive();

/** Child: database, fixtures, the product app and the bare route; prints where they listen. */
async function serve(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { messageHistory } = await import('../apps/server/src/db/schema/index');
  const { buildSendFixture } = await import('../apps/server/src/modules/messaging/test-fixtures');
  const url = process.env.BENCH_DB_URL;
  const database = await openDatabase(url ? { url, poolSize: 20 } : { worker: process.env.PGLITE_WORKER !== 'off' });
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret-42', LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none'), ...(url ? { DATABASE_URL: url } : {}), ...sendSettings() });
  const templateId = 'benchtpl01';
  const first = await buildSendFixture(database, config.appSecret, { balance: 1_000_000_000, template: { id: templateId, price: 300, params: tplParams() } });
  const keys = [first.secret];
  for (let i = 1; i < TENANTS; i += 1) {
    const f = await buildSendFixture(database, config.appSecret, { balance: 1_000_000_000, merchantId: first.merchantId, template: { id: templateId, price: 300, params: tplParams() } });
    keys.push(f.secret);
  }
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (req, reply) => {
    const b = req.body as { phone: string; templateId: string; templateData: Record<string, string>; trackingId: string };
    const [row] = await database.db
      .insert(messageHistory)
      .values({ tenantId: first.tenantId, zaloOaId: first.zaloOaId, module: 'ZNS', phone: b.phone, znsTemplateId: b.templateId, templateData: b.templateData, trackingId: b.trackingId, type: 'TRANSACTION', status: 'PENDING', price: 300 })
      .returning({ id: messageHistory.id });
    return reply.status(202).send({ data: { id: row?.id, trackingId: b.trackingId, status: 'PENDING' } });
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port; // listen() on a TCP port returns an AddressInfo
  const barePort = (bare.server.address() as { port: number }).port; // same
  const info: ServeInfo = { port, barePort, keys, templateId, bare: { tenantId: first.tenantId, zaloOaId: first.zaloOaId } };
  console.log(`READY ${JSON.stringify(info)}`);
  const stop = async () => {
    await app.close();
    await bare.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

/** SEND_BATCHING / SEND_BATCH_LANES of the bench's environment, for the server's config (config.ts reads no env of its own here). */
function sendSettings(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['SEND_BATCHING', 'SEND_BATCH_LANES']) if (process.env[k]) out[k] = process.env[k] ?? '';
  return out;
}

function tplParams() {
  return [
    { name: 'customer_name', require: true, type: 'STRING', maxLength: 30, minLength: 1, acceptNull: false },
    { name: 'order_code', require: true, type: 'STRING', maxLength: 30, minLength: 1, acceptNull: false },
  ];
}

interface Phase {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function drive(): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const pglite = process.argv.includes('--pglite');
  let dbName: string | null = null;
  const pg = await import('pg');
  if (!pglite) {
    dbName = `zc_bench_${randomBytes(5).toString('hex')}`;
    const c = new pg.default.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
  }
  const dbUrl = dbName ? Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString() : '';
  const children: ChildProcess[] = [];
  const startServer = async (extraEnv: Record<string, string>): Promise<ServeInfo> => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { env: { ...process.env, BENCH_DB_URL: dbUrl, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    return new Promise<ServeInfo>((resolve, reject) => {
      const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      rl.on('line', (line) => {
        if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as ServeInfo);
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
  };
  const stopServers = async () => {
    for (const c of children.splice(0)) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
  };
  try {
    const info = await startServer({});
    let seq = 0;
    const body = () => {
      seq += 1;
      return JSON.stringify({ phone: '0987654321', templateId: info.templateId, templateData: { customer_name: 'Nguyễn Văn A', order_code: `PE${seq}` }, trackingId: `b-${process.pid}-${seq}` });
    };
    const run = async (label: string, opts: { port: number; path: string; keys?: string[]; rate?: number; seconds?: number; connections?: number }): Promise<Phase> => {
      const r = await autocannon({
        url: `http://127.0.0.1:${opts.port}`,
        connections: opts.connections ?? CONNECTIONS,
        duration: opts.seconds ?? PHASE_S,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
        requests: [
          {
            method: 'POST',
            path: opts.path,
            setupRequest: (req: Record<string, unknown>) => {
              const keys = opts.keys;
              const headers: Record<string, string> = { 'content-type': 'application/json' };
              if (keys) headers['x-api-key'] = keys[seq % keys.length] ?? '';
              return { ...req, headers, body: body() };
            },
          },
        ],
      });
      const phase = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
      console.log(`${label.padEnd(44)} ${String(phase.rps).padStart(6)} req/s   p50 ${phase.p50} ms   p99 ${phase.p99} ms   non-2xx ${phase.non2xx}   errors ${phase.errors}`);
      return phase;
    };
    const engine = pglite ? `PGlite (${process.env.PGLITE_WORKER === 'off' ? 'in-process' : 'worker thread'})` : 'PostgreSQL';
    console.log(`database: ${engine}; ${CONNECTIONS} connections; ${PHASE_S} s per phase`);
    await run('warm-up (send API)', { port: info.port, path: '/api/v1/zns/send', keys: info.keys, seconds: 3 });
    await run('warm-up (bare)', { port: info.barePort, path: '/bare', seconds: 3 });
    const bare = await run('bare Fastify route, one INSERT', { port: info.barePort, path: '/bare' });
    const spread = await run('send API, 100 tenants', { port: info.port, path: '/api/v1/zns/send', keys: info.keys });
    const hot = await run('send API, one hot tenant', { port: info.port, path: '/api/v1/zns/send', keys: info.keys.slice(0, 1) });
    const peak = Math.max(spread.rps, 1);
    // Latency at half of peak from an open-loop generator (bench/open-loop.ts): evenly spaced
    // requests, each timed from its scheduled instant. autocannon's overallRate bursts every
    // second's budget at full speed, which measures peak-load latency instead.
    const halfRate = Math.round(peak / 2);
    const halfBody = () => ({ headers: { 'content-type': 'application/json', 'x-api-key': info.keys[seq % info.keys.length] ?? '' }, body: body() });
    const half = await openLoop({ port: info.port, path: '/api/v1/zns/send', rate: halfRate, seconds: PHASE_S, connections: CONNECTIONS, request: halfBody });
    console.log(`${`send API at half of peak (${halfRate} req/s, open loop)`.padEnd(44)} ${String(half.achieved).padStart(6)} req/s   p50 ${half.p50} ms   p90 ${half.p90} ms   p99 ${half.p99} ms   max ${half.max} ms   non-2xx ${half.non2xx}   errors ${half.errors}   generator CPU ${half.generatorCpu} %`);
    console.log('');
    console.log(`send/bare ratio      ${(spread.rps / bare.rps).toFixed(2)}  (bound ≥ 0.5)  ${spread.rps / bare.rps >= 0.5 ? 'OK' : 'MISSED'}`);
    console.log(`send throughput      ${spread.rps} req/s  (target ≥ 3,000 on PostgreSQL)  ${pglite ? 'n/a on PGlite' : spread.rps >= 3000 ? 'OK' : 'MISSED'}`);
    console.log(`p99 at half of peak  ${half.p99} ms (open loop, ≤ ${CONNECTIONS} connections)  (bound ≤ 25 ms)  ${half.p99 <= 25 ? 'OK' : 'MISSED'}`);
    console.log(`hot/spread ratio     ${(hot.rps / spread.rps).toFixed(2)}  (bound ≥ 0.5)  ${hot.rps / spread.rps >= 0.5 ? 'OK' : 'MISSED'}`);
    const met = spread.rps / bare.rps >= 0.5 && (pglite || spread.rps >= 3000) && half.p99 <= 25 && half.non2xx + half.errors === 0 && hot.rps / spread.rps >= 0.5;
    if (!met) process.exitCode = 1;
    if (!process.argv.includes('--no-unbatched')) {
      // The same two phases with micro-batching off, on a fresh server over the same database.
      await stopServers();
      const plain = await startServer({ SEND_BATCHING: 'off' });
      await run('warm-up (unbatched)', { port: plain.port, path: '/api/v1/zns/send', keys: plain.keys, seconds: 3 });
      const uSpread = await run('UNBATCHED send API, 100 tenants', { port: plain.port, path: '/api/v1/zns/send', keys: plain.keys });
      const uHot = await run('UNBATCHED send API, one hot tenant', { port: plain.port, path: '/api/v1/zns/send', keys: plain.keys.slice(0, 1) });
      console.log(`unbatched: send/bare ${(uSpread.rps / bare.rps).toFixed(2)}, hot/spread ${(uHot.rps / uSpread.rps).toFixed(2)}`);
    }
  } finally {
    await stopServers();
    if (dbName) {
      const c = new pg.default.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}
