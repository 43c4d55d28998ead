// Figure (issue 10, "Realtime"): 5,000 concurrent SSE subscribers on one API process; an event
// reaches all of them with p95 ≤ 250 ms from commit; the API process's memory grows ≤ 200 MB.
//
// Three roles, two processes: the API process (this file with --serve: the product app over a
// throwaway PostgreSQL database, listening on 127.0.0.1) and this driver, which holds the 5,000
// streams (node:http, one socket each) and commits the events from its own connection — another
// process than the API, as a --role=worker process would. Every stream is a member of the tenant
// (through its own session; 160 accounts, 32 streams each at most), so every event goes through
// the permission check of every stream. Latency = time the driver's client read the event minus
// the time the driver's COMMIT returned (one clock).
//
//   npm run bench -- sse-fanout
//   BENCH_SSE_SUBSCRIBERS=1000 BENCH_SSE_EVENTS=20 node --import tsx bench/sse-fanout.bench.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const SUBSCRIBERS = Number(process.env.BENCH_SSE_SUBSCRIBERS ?? 5000);
const EVENTS = Number(process.env.BENCH_SSE_EVENTS ?? 40);
const EVENT_GAP_MS = Number(process.env.BENCH_SSE_GAP_MS ?? 250);
const STREAMS_PER_USER = 32;
const APP_SECRET = 'bench-secret-bench-secret-bench-secret-42';
const self = fileURLToPath(import.meta.url);

interface ServeInfo {
  port: number;
  pid: number;
  merchantId: string;
  tenantId: string;
  tokens: string[];
}

if (process.argv.includes('--serve')) await serve();
else await drive();

/** Child: the product app (API role) over the bench database, with the accounts and their sessions. */
async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { sessions } = await import('../apps/server/src/db/schema/index');
  const { createTokenSigner } = await import('../apps/server/src/platform/tokens');
  const { buildOrganisation, buildTenant, buildUser } = await import('../apps/server/src/test/helpers');
  const url = process.env.BENCH_DB_URL ?? '';
  const database = await openDatabase({ url, poolSize: 10 });
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bench-sse-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET, LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none'), DATABASE_URL: url, ACCESS_TOKEN_TTL_SECONDS: '7200' });
  const merchant = await buildOrganisation(database, 'Bench org');
  const tenant = await buildTenant(database, merchant.id, { znsService: true });
  const signer = createTokenSigner(APP_SECRET, 7200);
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(SUBSCRIBERS / STREAMS_PER_USER); i += 1) {
    // USER role, default group of the tenant (VIEW_HISTORY): each event passes the tenant check.
    const u = await buildUser(database, { merchantId: merchant.id, role: 'USER', tenantIds: [tenant.id] });
    const [s] = await database.db.insert(sessions).values({ userId: u.id }).returning();
    if (!s) throw new Error('session');
    tokens.push(await signer.sign({ sub: u.id, sid: s.id }));
  }
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port; // listen() on a TCP port returns an AddressInfo
  const info: ServeInfo = { port, pid: process.pid, merchantId: merchant.id, tenantId: tenant.id, tokens };
  console.log(`READY ${JSON.stringify(info)}`);
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface Stream {
  ready: Promise<void>;
  /** Receive time (performance.now()) per event id. */
  got: Map<number, number>;
  req: http.ClientRequest;
}

function openStream(port: number, token: string, merchantId: string, agent: http.Agent): Stream {
  const got = new Map<number, number>();
  let resolveReady: () => void = () => undefined;
  let rejectReady: (e: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const req = http.get({ host: '127.0.0.1', port, path: '/api/realtime/stream', agent, headers: { authorization: `Bearer ${token}`, 'x-merchant-id': merchantId, accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      rejectReady(new Error(`stream answered ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk: string) => {
      const now = performance.now();
      buf += chunk;
      let cut = buf.indexOf('\n\n');
      while (cut >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        cut = buf.indexOf('\n\n');
        if (block.includes('event: ready')) resolveReady();
        else if (block.startsWith('id: ')) got.set(Number(block.slice(4, block.indexOf('\n'))), now);
      }
    });
  });
  req.on('error', (e) => rejectReady(e));
  return { ready, got, req };
}

async function drive(): Promise<void> {
  const pg = (await import('pg')).default;
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { emitEvent } = await import('../apps/server/src/platform/events');
  const dbName = `zc_bench_sse_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
  let child: ChildProcess | null = null;
  const streams: Stream[] = [];
  try {
    child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { env: { ...process.env, BENCH_DB_URL: dbUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
    const server = child;
    const info = await new Promise<ServeInfo>((resolve, reject) => {
      createInterface({ input: server.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as ServeInfo);
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const database = await openDatabase({ url: dbUrl, poolSize: 2 });
    const emit = (i: number) =>
      database.db.transaction((tx) => emitEvent(tx, { type: 'message.status_changed', tenantId: info.tenantId, data: { messageId: crypto.randomUUID(), module: 'ZNS', status: i % 2 ? 'RECEIVED' : 'PUSHED_ZALO' } }));

    // Warm the API process (JIT, the hub's LISTEN) with a few streams and events, then measure from there.
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const warm = Array.from({ length: 20 }, (_, i) => openStream(info.port, info.tokens[i % info.tokens.length] ?? '', info.merchantId, agent));
    await Promise.all(warm.map((s) => s.ready));
    for (let i = 0; i < 5; i += 1) await emit(i);
    await new Promise((r) => setTimeout(r, 500));
    for (const s of warm) s.req.destroy();
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = rssMb(info.pid);

    const t0 = performance.now();
    for (let i = 0; i < SUBSCRIBERS; i += 200) {
      const batch = Array.from({ length: Math.min(200, SUBSCRIBERS - i) }, (_, j) => openStream(info.port, info.tokens[Math.floor((i + j) / STREAMS_PER_USER)] ?? '', info.merchantId, agent));
      streams.push(...batch);
      await Promise.all(batch.map((s) => s.ready));
    }
    const connectS = (performance.now() - t0) / 1000;
    const rssConnected = rssMb(info.pid);
    console.log(`${SUBSCRIBERS} streams open in ${connectS.toFixed(1)} s; API RSS ${rssBefore.toFixed(0)} MB → ${rssConnected.toFixed(0)} MB`);

    const commits = new Map<number, number>();
    for (let i = 0; i < EVENTS; i += 1) {
      const id = await emit(i);
      commits.set(id, performance.now());
      await new Promise((r) => setTimeout(r, EVENT_GAP_MS));
    }
    // Let the last event arrive everywhere (or time out).
    const deadline = performance.now() + 10_000;
    const lastId = Math.max(...commits.keys());
    while (performance.now() < deadline && streams.some((s) => !s.got.has(lastId))) await new Promise((r) => setTimeout(r, 50));
    const rssAfter = rssMb(info.pid);

    const lat: number[] = [];
    let missing = 0;
    for (const s of streams) {
      for (const [id, committed] of commits) {
        const at = s.got.get(id);
        if (at === undefined) missing += 1;
        else lat.push(at - committed);
      }
    }
    lat.sort((a, b) => a - b);
    const perEventP100 = [...commits].map(([id, c]) => Math.max(...streams.map((s) => (s.got.get(id) ?? Infinity) - c)));
    perEventP100.sort((a, b) => a - b);
    console.log(`${EVENTS} events × ${SUBSCRIBERS} streams = ${EVENTS * SUBSCRIBERS} deliveries, ${missing} missing`);
    console.log(`commit → received (ms): p50 ${percentile(lat, 50).toFixed(1)}  p95 ${percentile(lat, 95).toFixed(1)}  p99 ${percentile(lat, 99).toFixed(1)}  max ${(lat.at(-1) ?? NaN).toFixed(1)}`);
    console.log(`time for an event to reach its last stream (ms): median ${percentile(perEventP100, 50).toFixed(1)}  worst ${(perEventP100.at(-1) ?? NaN).toFixed(1)}`);
    console.log(`API process RSS: ${rssBefore.toFixed(0)} MB before the streams, ${rssConnected.toFixed(0)} MB with them, ${rssAfter.toFixed(0)} MB after the events (growth ${(rssAfter - rssBefore).toFixed(0)} MB)`);
    const ok = missing === 0 && percentile(lat, 95) <= 250 && rssAfter - rssBefore <= 200;
    console.log(ok ? 'PASS: p95 ≤ 250 ms, every delivery arrived, growth ≤ 200 MB' : 'FAIL: the figure is not met');
    await database.close();
    if (!ok) process.exitCode = 1;
  } finally {
    for (const s of streams) s.req.destroy();
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
}
