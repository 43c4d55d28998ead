// Figure (issue 12, "Analytics"): webhook event ingest ≥ 2,000 events/s. Signed Zalo events (mostly
// user messages, plus follows, seen/received receipts, chat-now clicks and OA echoes over 4 OAs and
// 2,000 users) go through the real route POST /api/webhooks/zalo of the product app: signature and
// freshness check and the deduplicating insert into zalo_events, a batch of concurrent deliveries per
// statement (group commit, ADR 0015); the hourly + daily rollup and chat sessions are applied by the
// webhook consumer in the same server process, off the request path (ADR 0019), while the load runs —
// after the main phase the bench waits for its backlog to drain and reports how long that took and the
// consumer's rate. Server and load generator run in separate processes (2 cores shared);
// autocannon targets 127.0.0.1 only; every phase is bounded in time. Then a phase resends already
// stored events (Zalo retries: answered duplicate, counted nothing), and one sends over a single
// connection (one event at a time). BENCH_SERVER_NODE_ARGS passes flags to the server (--cpu-prof).
//
//   npm run bench -- webhook-ingest            (or: node --import tsx bench/webhook-ingest.bench.ts [--pglite])
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { signZaloWebhook } from '../packages/zalo/src/webhook-signature';

const self = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const APP_ID = 'bench-ingest-app';
const SECRET = 'bench-ingest-webhook-secret';
const ZOAS = ['bench-zoa-1', 'bench-zoa-2', 'bench-zoa-3', 'bench-zoa-4'];

let seq = 0;

if (process.argv.includes('--serve')) await serve();
else await drive();

async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { createCipher } = await import('../apps/server/src/platform/crypto');
  const url = process.env.BENCH_DB_URL;
  const database = await openDatabase(url ? { url, poolSize: 20 } : { worker: process.env.PGLITE_WORKER !== 'off' });
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret-42', LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none'), ...(url ? { DATABASE_URL: url } : {}) });
  const c = createCipher(config.appSecret);
  const q = database.raw;
  await q.query(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  await q.query(`insert into tenants (id, merchant_id, name, oa_service) values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000aa', 'Bench tenant', true)`);
  for (const zoa of ZOAS) {
    await q.query(
      `insert into zalo_oas (tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc) values ('00000000-0000-4000-8000-000000000001', $1, $2, $3, $4, $5, $6, $7)`,
      [zoa, APP_ID, zoa, c.encrypt('s'), c.encrypt(SECRET), c.encrypt('a'), c.encrypt('r')],
    );
  }
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port; // listen() on a TCP port returns an AddressInfo
  // The driver asks (IPC) how far the consumer is: stored, pending and counted events.
  const stats = async () =>
    (
      await q.query<{ events: number; pending: number; counted: number }>(
        `select (select count(*)::int from zalo_events) as events, (select count(*)::int from zalo_events where pending) as pending, (select coalesce(sum(follow_count + unfollow_count + user_seen_message_count + user_click_chatnow_count + user_received_message_count + user_message_count + oa_message_count), 0)::int from oa_stats_hourly) as counted`,
      )
    ).rows[0];
  process.on('message', (m) => {
    if (m === 'stats') void stats().then((r) => process.send?.({ stats: r }));
  });
  console.log(`READY ${JSON.stringify({ port })}`);
  process.on('SIGTERM', () => {
    void (async () => {
      const { rows } = await q.query<{ events: number; counted: number }>(
        `select (select count(*)::int from zalo_events) as events, (select count(*)::int from zalo_events where pending) as pending, (select coalesce(sum(follow_count + unfollow_count + user_seen_message_count + user_click_chatnow_count + user_received_message_count + user_message_count + oa_message_count), 0)::int from oa_stats_hourly) as counted`,
      );
      console.log(`STORED ${JSON.stringify(rows[0])}`);
      await app.close();
      await database.close();
      process.exit(0);
    })();
  });
}

/** One signed event: 60 % user messages, then follows, seen and received receipts, chat-now clicks, OA echoes. */
function event(n: number): { body: string; signature: string } {
  const zoa = ZOAS[n % ZOAS.length] ?? '';
  const user = `u${n % 2000}`;
  const timestamp = String(Date.now());
  const kind = n % 10;
  const base = { app_id: APP_ID, timestamp };
  const payload =
    kind < 6
      ? { ...base, event_name: 'user_send_text', sender: { id: user }, recipient: { id: zoa }, message: { text: 'xin chào', msg_id: `m${process.pid}-${n}` } }
      : kind === 6
        ? { ...base, event_name: 'follow', oa_id: zoa, follower: { id: `${user}-${n}` }, source: 'oa_profile' }
        : kind === 7
          ? { ...base, event_name: 'user_seen_message', sender: { id: zoa }, recipient: { id: user }, message: { msg_ids: [`s${process.pid}-${n}`] } }
          : kind === 8
            ? { ...base, event_name: 'user_received_message', sender: { id: zoa }, recipient: { id: user }, message: { msg_id: `r${process.pid}-${n}` } }
            : { ...base, event_name: 'oa_send_text', sender: { id: zoa, admin_id: 'adm' }, recipient: { id: user }, message: { text: 'dạ', msg_id: `o${process.pid}-${n}` } };
  const body = JSON.stringify(payload);
  return { body, signature: signZaloWebhook({ appId: APP_ID, rawBody: body, timestamp, secret: SECRET }) };
}


/** CPU seconds (user + system) used so far by the server process and by the PostgreSQL backends of the bench database. */
function cpuSeconds(serverPid: number, dbName: string | null): { server: number; postgres: number } {
  const ticks = (pid: string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
    } catch {
      return 0;
    }
  };
  let postgres = 0;
  if (dbName) {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dbName)) postgres += ticks(pid);
      } catch {
        // gone meanwhile
      }
    }
  }
  return { server: ticks(String(serverPid)) / 100, postgres: postgres / 100 };
}

async function drive(): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const pglite = process.argv.includes('--pglite');
  const pg = await import('pg');
  let dbName: string | null = null;
  if (!pglite) {
    dbName = `zc_bench_ingest_${randomBytes(4).toString('hex')}`;
    const c = new pg.default.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
  }
  const dbUrl = dbName ? Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString() : '';
  let child: ChildProcess | null = null;
  let stored = '';
  try {
    child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', self, '--serve'], { env: { ...process.env, BENCH_DB_URL: dbUrl }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    const proc = child;
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      const rl = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
      rl.on('line', (line) => {
        if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as { port: number });
        if (line.startsWith('STORED ')) stored = line.slice(7);
      });
      proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const sent: Array<{ body: string; signature: string }> = [];
    const run = async (label: string, seconds: number, replay = false, connections = CONNECTIONS) => {
      let i = 0;
      const r = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/webhooks/zalo',
            setupRequest: (req: Record<string, unknown>) => {
              let e: { body: string; signature: string };
              if (replay) e = sent[i++ % Math.max(1, sent.length)] ?? event(0);
              else {
                e = event(seq++);
                if (sent.length < 20_000) sent.push(e);
              }
              return { ...req, headers: { 'content-type': 'application/json', 'x-zevent-signature': e.signature }, body: e.body };
            },
          },
        ],
      });
      const rps = Math.round(r.requests.average);
      console.log(`${label.padEnd(40)} ${String(rps).padStart(6)} events/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   non-2xx ${r.non2xx}   errors ${r.errors}`);
      return { rps, bad: r.non2xx + r.errors };
    };
    console.log(`database: ${pglite ? 'PGlite' : 'PostgreSQL'}; ${CONNECTIONS} connections; ${PHASE_S} s per phase; 4 OAs, 2,000 users`);
    await run('warm-up', 3);
    const cpu0 = cpuSeconds(proc.pid ?? 0, dbName);
    const main = await run('signed events through the ingest route', PHASE_S);
    const cpu1 = cpuSeconds(proc.pid ?? 0, dbName);
    const perEvent = (a: number, b: number) => ((b - a) * 1e6) / Math.max(1, main.rps * PHASE_S);
    console.log(`CPU per acknowledged event (main phase): server process ${perEvent(cpu0.server, cpu1.server).toFixed(0)} µs${dbName ? `, PostgreSQL backends ${perEvent(cpu0.postgres, cpu1.postgres).toFixed(0)} µs` : ' (PGlite runs inside it)'}`);
    // The consumer's backlog after the burst: how long until every stored event is applied.
    const ask = () =>
      new Promise<{ events: number; pending: number; counted: number }>((resolve) => {
        proc.once('message', (m) => resolve((m as { stats: { events: number; pending: number; counted: number } }).stats));
        proc.send('stats');
      });
    const t0 = Date.now();
    const first = await ask();
    let last = first;
    while (last.pending > 0 && Date.now() - t0 < 300_000) {
      await new Promise((r) => setTimeout(r, 200));
      last = await ask();
    }
    const drainS = (Date.now() - t0) / 1000;
    const cpu2 = cpuSeconds(proc.pid ?? 0, dbName);
    console.log(`CPU per acknowledged event, main phase + the consumer's backlog drain: server process ${perEvent(cpu0.server, cpu2.server).toFixed(0)} µs${dbName ? `, PostgreSQL backends ${perEvent(cpu0.postgres, cpu2.postgres).toFixed(0)} µs` : ''}`);
    const consumed = first.events - first.pending; // applied while the load ran (warm-up + main phase)
    console.log(`consumer: ${consumed} of ${first.events} stored events applied during the load (${Math.round(consumed / (PHASE_S + 3))}/s over warm-up + main), backlog ${first.pending} drained in ${drainS.toFixed(1)} s; pending now ${last.pending}, counted ${last.counted} of ${last.events}`);
    const dup = await run('Zalo retries of stored events (duplicates)', Math.max(3, Math.round(PHASE_S / 2)), true);
    // One delivery at a time: every event pays a whole batch (ADR 0015), for comparison.
    const single = await run('one connection (one event at a time)', Math.max(3, Math.round(PHASE_S / 2)), false, 1);
    console.log('');
    const ok = main.rps >= 2000 && main.bad === 0 && dup.bad === 0 && single.bad === 0;
    console.log(`ingest throughput   ${main.rps} events/s  (target ≥ 2,000)  ${ok ? 'OK' : 'MISSED'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 2000));
    }
    if (stored) console.log(`stored: ${stored} (events in zalo_events; counter increments in the rollup)`);
    if (dbName) {
      const c = new pg.default.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}
