// Figure (issue 15, "Webhook ingest ≥ 2,000 messages/s with nothing lost when the process is killed
// mid-burst"): follower messages (signed user_send_text webhooks over 2 OAs and 5,000 followers) go
// through the real route POST /api/webhooks/zalo of the product app (signature, freshness, the
// deduplicating insert into zalo_events) and the webhook consumer of the same process, which applies
// them to the chat inbox (modules/chat/ingest.ts: conversations, chat_messages deduplicated per msg id,
// counters, chat.* events) — "stored" means a chat_messages row. Phase 1 (load): a closed loop of
// CONNECTIONS keep-alive sockets (bench/open-loop.ts; BENCH_GENERATOR=autocannon for autocannon) for
// BENCH_PHASE_S seconds, then the bench waits for the consumer's backlog; the end-to-end rate is the
// chat messages stored divided by the time from the first request to the last message applied.
// Phase 2 (kill mid-burst): 32 senders post a burst, the server gets SIGKILL after BENCH_KILL_AFTER_MS,
// is started again on the same database, every event of the burst is sent again (Zalo's retries);
// checked: every acknowledged message is stored, every message of the burst is stored exactly once,
// the conversations' unread counters equal the number of follower messages (applied once), nothing is
// left pending or failed. Server and load generator are separate processes; targets 127.0.0.1 only.
// PostgreSQL by default; --pglite runs the server on an on-disk PGlite directory (one process).
// --split (PostgreSQL) runs the product's two roles as two processes, as `--role=api` and `--role=worker`
// do: the API process verifies, stores and NOTIFYs; the worker's consumer applies (ADR 0019). Kill
// mid-burst then kills both and starts both again.
//
//   npm run bench -- chat-ingest            (or: node --import tsx bench/chat-ingest.bench.ts [--pglite])
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { signZaloWebhook } from '../packages/zalo/src/webhook-signature';
import { closedLoop, postBytes } from './open-loop';

const self = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KILL_AFTER_MS = Number(process.env.BENCH_KILL_AFTER_MS ?? 5000);
const USERS = 5000;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 10_000);
const APP_ID = 'bench-chat-app';
const SECRET = 'bench-chat-webhook-secret';
const ZOAS = ['bench-chat-zoa-1', 'bench-chat-zoa-2'];
const APP_SECRET = 'bench-secret-bench-secret-bench-secret-42';

interface Stats {
  events: number;
  pending: number;
  failed: number;
  messages: number;
  inMessages: number;
  unread: number;
  conversations: number;
  chatEvents: number;
}

if (process.argv.includes('--serve')) await serve();
else await drive();

async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { createCipher } = await import('../apps/server/src/platform/crypto');
  const url = process.env.BENCH_DB_URL;
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'zc-bench-chat-'));
  const database = await openDatabase(url ? { url, poolSize: 20 } : { dataDir: path.join(dataDir, 'pglite'), worker: process.env.PGLITE_WORKER !== 'off' });
  await migrateDatabase(database);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET, LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none'), ...(url ? { DATABASE_URL: url } : {}) });
  const c = createCipher(config.appSecret);
  const q = database.raw;
  if ((await q.query<{ n: number }>(`select count(*)::int as n from tenants where id = '00000000-0000-4000-8000-000000000001'`)).rows[0]?.n === 0) {
    await q.query(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
    await q.query(`insert into tenants (id, merchant_id, name, oa_service) values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000aa', 'Bench tenant', true)`);
    for (const zoa of ZOAS) {
      await q.query(
        `insert into zalo_oas (tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc) values ('00000000-0000-4000-8000-000000000001', $1, $2, $3, $4, $5, $6, $7)`,
        [zoa, APP_ID, zoa, c.encrypt('s'), c.encrypt(SECRET), c.encrypt('a'), c.encrypt('r')],
      );
    }
  }
  const role = process.env.BENCH_ROLE ?? 'all';
  profileOnRequest(role);
  if (role === 'worker') {
    const { startZaloEventConsumer } = await import('../apps/server/src/modules/zalo-webhooks/consumer');
    const { ZALO_EVENT_HANDLERS } = await import('../apps/server/src/zalo-event-handlers');
    startZaloEventConsumer(database.db, ZALO_EVENT_HANDLERS, { listen: (c, f, o) => database.listen(c, f, o), onError: (e) => console.error('[zalo-events]', e) });
    console.log(`READY ${JSON.stringify({ port: 0, dataDir })}`);
    return;
  }
  const app = await buildApp({ config, database, logger: false, zaloEventConsumer: role === 'api' ? 'worker' : 'in-process' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const stats = async (): Promise<Stats | undefined> =>
    (
      await q.query<Stats>(`select
        (select count(*)::int from zalo_events) as events,
        (select count(*)::int from zalo_events where pending) as pending,
        (select count(*)::int from zalo_events where last_error is not null) as failed,
        (select count(*)::int from chat_messages) as messages,
        (select count(*)::int from chat_messages where direction = 'IN') as "inMessages",
        (select coalesce(sum(unread_count), 0)::int from chat_conversations) as unread,
        (select count(*)::int from chat_conversations) as conversations,
        (select count(*)::int from domain_events where type = 'chat.message') as "chatEvents"`)
    ).rows[0];
  const stored = async (ids: string[]): Promise<string[]> =>
    (await q.query<{ k: string }>(`select zalo_msg_id as k from chat_messages where zalo_msg_id = any($1::text[])`, [ids])).rows.map((r) => r.k);
  // Consumer alone: `n` follower messages stored as pending events in one statement (as the route would
  // have stored them), then the consumer is woken; the driver times the drain.
  const inject = async (n: number, tag: string): Promise<number> => {
    const now = Date.now();
    await q.query(
      `insert into zalo_events (zalo_oa_id, event_name, dedupe_key, payload, pending)
       select o.id, 'user_send_text', 'user_send_text:' || $2 || '-' || g,
         jsonb_build_object('app_id', $3::text, 'event_name', 'user_send_text', 'sender', jsonb_build_object('id', 'u' || (g % ${USERS})),
           'recipient', jsonb_build_object('id', o.zoa_id), 'message', jsonb_build_object('text', 'tin nhắn ' || g, 'msg_id', $2 || '-' || g), 'timestamp', ($4::bigint + g)::text),
         true
       from generate_series(1, $1::int) g join zalo_oas o on o.zoa_id = (array[${ZOAS.map((z) => `'${z}'`).join(', ')}])[1 + g % ${ZOAS.length}]
       order by g`,
      [n, tag, APP_ID, now],
    );
    const { wakeZaloConsumer } = await import('../apps/server/src/modules/zalo-webhooks/consumer');
    wakeZaloConsumer(database.db);
    return Date.now();
  };
  process.on('message', (m: { ask: 'stats' } | { ask: 'stored'; ids: string[] } | { ask: 'inject'; n: number; tag: string } | { ask: 'profile-start' | 'profile-stop' }) => {
    if (m.ask === 'stats') void stats().then((r) => process.send?.({ stats: r }));
    else if (m.ask === 'inject') void inject(m.n, m.tag).then((r) => process.send?.({ injected: r }));
    else if (m.ask === 'stored') void stored(m.ids).then((r) => process.send?.({ stored: r }));
  });
  console.log(`READY ${JSON.stringify({ port: (app.server.address() as { port: number }).port, dataDir })}`);
}

/**
 * BENCH_CPU_PROFILE_DIR=dir: each server process records a V8 CPU profile of the load phase (asked by the
 * driver over IPC, so a process later killed by phase 2 has written it) to dir/<role>.cpuprofile.
 */
function profileOnRequest(role: string): void {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir) return;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (err, r) => (err ? reject(err) : resolve(r))));
  process.on('message', (m: { ask?: string }) => {
    if (m.ask === 'profile-start') void post('Profiler.enable').then(() => post('Profiler.start')).then(() => process.send?.({ profiling: true }));
    else if (m.ask === 'profile-stop') {
      void post('Profiler.stop').then((r) => {
        writeFileSync(path.join(dir, `${role}.cpuprofile`), JSON.stringify((r as { profile: unknown }).profile));
        process.send?.({ profiled: true });
      });
    }
  });
}

/** Follower message n of a run tagged `tag`: a signed user_send_text with msg id `${tag}-${n}`. */
function event(n: number, tag: string): { body: string; signature: string; id: string } {
  const zoa = ZOAS[n % ZOAS.length] ?? '';
  const timestamp = String(Date.now());
  const id = `${tag}-${n}`;
  const body = JSON.stringify({ app_id: APP_ID, event_name: 'user_send_text', sender: { id: `u${n % USERS}` }, recipient: { id: zoa }, message: { text: `tin nhắn ${n}`, msg_id: id }, timestamp });
  return { body, signature: signZaloWebhook({ appId: APP_ID, rawBody: body, timestamp, secret: SECRET }), id };
}

/** The server (role all), or with --split its API process then its worker process (the consumer). */
async function startServers(env: Record<string, string>, split: boolean): Promise<{ child: ChildProcess; port: number; dataDir: string; worker: ChildProcess | null }> {
  const api = await start({ ...env, BENCH_ROLE: split ? 'api' : 'all' });
  const worker = split ? (await start({ ...env, BENCH_ROLE: 'worker' })).child : null;
  return { ...api, worker };
}

function start(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; dataDir: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ...(JSON.parse(line.slice(6)) as { port: number; dataDir: string }) });
    });
    child.on('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}`)));
  });
}

function ask<T>(child: ChildProcess, m: unknown, field: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (r: unknown) => {
      const v = (r as Record<string, unknown>)[field];
      if (v === undefined) return;
      child.off('message', on);
      resolve(v as T);
    };
    child.on('message', on);
    child.send(m as object);
  });
}

async function post(port: number, e: { body: string; signature: string }): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/webhooks/zalo`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zevent-signature': e.signature }, body: e.body });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0; // refused or reset: not acknowledged
  }
}

/** CPU seconds (user + system) used so far by the server process and by the PostgreSQL backends of the bench database. */
function cpuSeconds(serverPids: number | number[], dbName: string | null): number {
  const ticks = (pid: string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(f[11]) + Number(f[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  let total = [serverPids].flat().reduce((sum, pid) => sum + ticks(String(pid)), 0);
  if (dbName) {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dbName)) total += ticks(pid);
      } catch {
        // gone meanwhile
      }
    }
  }
  return total / 100;
}

async function drain(child: ChildProcess, limitMs = 300_000): Promise<{ stats: Stats; at: number }> {
  const t0 = Date.now();
  let s = await ask<Stats>(child, { ask: 'stats' }, 'stats');
  while (s.pending > 0 && Date.now() - t0 < limitMs) {
    await new Promise((r) => setTimeout(r, 100));
    s = await ask<Stats>(child, { ask: 'stats' }, 'stats');
  }
  return { stats: s, at: Date.now() };
}

async function drive(): Promise<void> {
  const pglite = process.argv.includes('--pglite');
  const split = process.argv.includes('--split');
  if (split && pglite) throw new Error('--split needs PostgreSQL: embedded PGlite runs only --role=all');
  const pg = await import('pg');
  let dbName: string | null = null;
  if (!pglite) {
    dbName = `zc_bench_chat_${randomBytes(4).toString('hex')}`;
    const c = new pg.default.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
  }
  const env: Record<string, string> = dbName ? { BENCH_DB_URL: Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString() } : {};
  let server: ChildProcess | null = null;
  let worker: ChildProcess | null = null;
  let failed = false;
  const pids = () => [server?.pid ?? 0, worker?.pid ?? 0].filter(Boolean);
  try {
    const first = await startServers(env, split);
    server = first.child;
    worker = first.worker;
    if (pglite) env.BENCH_DATA_DIR = first.dataDir;
    console.log(`database: ${pglite ? 'PGlite (on disk)' : 'PostgreSQL'}; ${split ? 'two processes (--role=api stores and NOTIFYs, --role=worker applies)' : 'one process (--role=all)'}; ${CONNECTIONS} connections; ${PHASE_S} s of load; 2 OAs, ${USERS} followers`);

    // Phase 0: the consumer alone on a backlog of stored follower messages — first to 5,000 new
    // conversations, then (steady state) to the same, existing conversations.
    let consumerRate = 0;
    let cd: { stats: Stats; at: number } = { stats: await ask<Stats>(server, { ask: 'stats' }, 'stats'), at: Date.now() };
    for (const label of ['new conversations', 'existing conversations']) {
      const before = cd.stats;
      const c0 = Date.now();
      await ask<number>(server, { ask: 'inject', n: BACKLOG, tag: `C${randomBytes(3).toString('hex')}` }, 'injected');
      const c1 = Date.now();
      const cpu0 = cpuSeconds(pids(), dbName);
      cd = await drain(server);
      const cpu1 = cpuSeconds(pids(), dbName);
      const applied = cd.stats.messages - before.messages;
      consumerRate = applied / ((cd.at - c1) / 1000);
      console.log(`consumer alone (${label}): ${BACKLOG} stored events (inserted in ${((c1 - c0) / 1000).toFixed(1)} s) applied in ${((cd.at - c1) / 1000).toFixed(1)} s = ${Math.round(consumerRate)} chat messages/s (${applied} stored, ${cd.stats.conversations - before.conversations} conversations created, pending ${cd.stats.pending}, failed ${cd.stats.failed})`);
      const cpuPerMessage = ((cpu1 - cpu0) * 1e6) / Math.max(1, applied);
      console.log(`  CPU per applied message (server process${split ? 'es' : ''}${dbName ? ' + PostgreSQL backends' : ', PGlite inside it'}): ${cpuPerMessage.toFixed(0)} µs = ${Math.round(1e6 / cpuPerMessage)} messages/s per core of CPU`);
      if (applied !== BACKLOG || cd.stats.failed > 0) failed = true;
    }

    // Phase 1: load. Zalo signs its deliveries on its own machines: the generator prepares them (signed,
    // as HTTP bytes) before the timed phase. The default generator is a closed loop of keep-alive raw
    // sockets (bench/open-loop.ts), whose own CPU per request is a fraction of autocannon's
    // (BENCH_GENERATOR=autocannon measures with it instead): on a 2-core host what the generator spends
    // is taken from the server and its database.
    const tag = `L${randomBytes(3).toString('hex')}`;
    const signed = Array.from({ length: Math.min(200_000, PHASE_S * 5000) }, (_, i) => event(i, tag));
    const lean = process.env.BENCH_GENERATOR !== 'autocannon';
    const bytes = lean ? signed.map((e) => postBytes({ port: first.port, path: '/api/webhooks/zalo', headers: { 'content-type': 'application/json', 'x-zevent-signature': e.signature }, body: e.body })) : [];
    let n = 0;
    const profiled = process.env.BENCH_CPU_PROFILE_DIR ? [server, worker].filter((c): c is ChildProcess => Boolean(c)) : [];
    await Promise.all(profiled.map((c) => ask(c, { ask: 'profile-start' }, 'profiling')));
    const t0 = Date.now();
    const cpu2 = cpuSeconds(pids(), dbName);
    const gen0 = process.cpuUsage();
    let r: { total: number; rate: number; p50: number; p99: number; non2xx: number; errors: number };
    if (lean) {
      const c = await closedLoop({ port: first.port, connections: CONNECTIONS, seconds: PHASE_S, next: () => bytes[n++] ?? null });
      r = { total: c.sent, rate: c.sent / c.seconds, p50: c.p50, p99: c.p99, non2xx: c.non2xx, errors: c.errors };
    } else {
      const { default: autocannon } = await import('autocannon');
      const a = await autocannon({
        url: `http://127.0.0.1:${first.port}`,
        connections: CONNECTIONS,
        duration: PHASE_S,
        requests: [
          {
            method: 'POST',
            path: '/api/webhooks/zalo',
            setupRequest: (req: Record<string, unknown>) => {
              const e = signed[n] ?? event(n, tag);
              n += 1;
              return { ...req, headers: { 'content-type': 'application/json', 'x-zevent-signature': e.signature }, body: e.body };
            },
          },
        ],
      });
      r = { total: a.requests.total, rate: a.requests.average, p50: a.latency.p50, p99: a.latency.p99, non2xx: a.non2xx, errors: a.errors };
    }
    const loadS = (Date.now() - t0) / 1000;
    const gen = process.cpuUsage(gen0);
    const atLoadEnd = await ask<Stats>(server, { ask: 'stats' }, 'stats');
    const d = await drain(server);
    await Promise.all(profiled.map((c) => ask(c, { ask: 'profile-stop' }, 'profiled')));
    const e2eS = (d.at - t0) / 1000;
    const cpu3 = cpuSeconds(pids(), dbName);
    const loadMessages = d.stats.messages - cd.stats.messages;
    const acked = r.total - r.non2xx - r.errors;
    console.log(`route: ${Math.round(r.rate)} webhooks/s acknowledged (p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}), ${acked} in ${loadS.toFixed(1)} s`);
    console.log(`  load generator (this process, ${lean ? 'closed loop on raw keep-alive sockets' : 'autocannon'}, ${CONNECTIONS} connections): ${((gen.user + gen.system) / Math.max(1, r.total)).toFixed(0)} µs CPU per request`);
    console.log(`consumer during the load: ${atLoadEnd.messages - cd.stats.messages} chat messages stored (${Math.round((atLoadEnd.messages - cd.stats.messages) / loadS)}/s), backlog ${atLoadEnd.pending} events`);
    console.log(`end to end: ${loadMessages} chat messages stored in ${e2eS.toFixed(1)} s from the first request to the last applied = ${Math.round(loadMessages / e2eS)} messages/s (target ≥ 2,000)`);
    console.log(`  CPU per message end to end (route + consumer): ${(((cpu3 - cpu2) * 1e6) / Math.max(1, d.stats.messages - cd.stats.messages)).toFixed(0)} µs`);
    console.log(`  conversations ${d.stats.conversations}, unread sum ${d.stats.unread}, chat.message events ${d.stats.chatEvents}, pending ${d.stats.pending}, failed ${d.stats.failed}`);
    if (loadMessages < acked || d.stats.messages !== d.stats.events || d.stats.unread !== d.stats.inMessages || d.stats.chatEvents !== d.stats.messages || d.stats.pending > 0 || d.stats.failed > 0) {
      console.log('LOAD PHASE: counts disagree');
      failed = true;
    }
    const e2e = loadMessages / e2eS;

    // Phase 2: kill mid-burst.
    const ktag = `K${randomBytes(3).toString('hex')}`;
    const sent: Array<{ body: string; signature: string; id: string }> = [];
    const ackedIds = new Set<string>();
    let next = 0;
    let alive = true;
    const k0 = Date.now();
    const senders = Array.from({ length: 32 }, async () => {
      while (alive) {
        const e = event(next++, ktag);
        sent.push(e);
        const status = await post(first.port, e);
        if (status === 200) ackedIds.add(e.id);
        else if (status === 0) return;
      }
    });
    await new Promise((res) => setTimeout(res, KILL_AFTER_MS));
    server.kill('SIGKILL');
    worker?.kill('SIGKILL');
    const killedAt = Date.now() - k0;
    await Promise.all(senders);
    alive = false;
    console.log(`kill: SIGKILL at ${killedAt} ms of the burst: ${sent.length} sent, ${ackedIds.size} acknowledged`);
    const second = await startServers(env, split);
    server = second.child;
    worker = second.worker;
    const afterRestart = await ask<Stats>(server, { ask: 'stats' }, 'stats');
    const drained = await drain(server);
    const ids = [...ackedIds];
    let storedAcked = 0;
    for (let i = 0; i < ids.length; i += 5000) storedAcked += (await ask<string[]>(server, { ask: 'stored', ids: ids.slice(i, i + 5000) }, 'stored')).length;
    console.log(`restarted: ${afterRestart.pending} events were pending; after the drain, acknowledged and stored as chat messages: ${storedAcked} of ${ackedIds.size}`);
    if (storedAcked !== ackedIds.size) failed = true;
    // Zalo retries the whole burst.
    const retry = [...sent];
    await Promise.all(Array.from({ length: 32 }, async () => {
      for (let e = retry.pop(); e; e = retry.pop()) await post(second.port, e);
    }));
    const fin = (await drain(server)).stats;
    const expected = d.stats.messages + sent.length;
    console.log(`after Zalo's retries: ${fin.messages} chat messages (expected ${expected}: each once), unread sum ${fin.unread} = IN messages ${fin.inMessages}, pending ${fin.pending}, failed ${fin.failed}`);
    if (fin.messages !== expected || fin.unread !== fin.inMessages || fin.pending > 0 || fin.failed > 0 || drained.stats.failed > 0) failed = true;
    console.log(failed ? 'KILL MID-BURST: FAILED' : 'KILL MID-BURST: nothing acknowledged was lost; every message stored and counted exactly once');
    console.log(`\nconsumer alone           ${Math.round(consumerRate)} messages/s`);
    console.log(`chat ingest end to end   ${Math.round(e2e)} messages/s  (target ≥ 2,000)  ${e2e >= 2000 ? 'OK' : 'MISSED'}`);
    if (failed || e2e < 2000) process.exitCode = 1;
  } finally {
    for (const child of [server, worker]) if (child && child.exitCode === null) child.kill('SIGKILL');
    await new Promise((res) => setTimeout(res, 500));
    if (dbName) {
      const c = new pg.default.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}
