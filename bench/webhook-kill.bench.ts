// Figure (issue 12): webhook ingest loses nothing when the process is killed mid-burst (ADR 0019).
// A server process (the product app: POST /api/webhooks/zalo and its event consumer) takes a burst of
// signed events from 32 concurrent senders; after BENCH_KILL_AFTER_MS it is killed with SIGKILL (no
// shutdown at all). It is started again on the same database; then every event of the burst is sent
// again, as Zalo retries whatever was not acknowledged (and may resend the rest). Checked: every event
// acknowledged before the kill is stored; once the consumer has drained, every stored event is applied
// exactly once (the hourly counters sum to the number of stored events — each event of this mix counts
// one) and none is left pending; every event of the burst is stored once. PostgreSQL by default;
// --pglite runs the server on an on-disk PGlite directory (single process).
//
//   npm run bench -- webhook-kill            (or: node --import tsx bench/webhook-kill.bench.ts [--pglite])
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { signZaloWebhook } from '../packages/zalo/src/webhook-signature';

const self = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const KILL_AFTER_MS = Number(process.env.BENCH_KILL_AFTER_MS ?? 6000);
const SENDERS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const APP_ID = 'bench-kill-app';
const SECRET = 'bench-kill-webhook-secret';
const ZOAS = ['bench-kill-zoa-1', 'bench-kill-zoa-2'];
const APP_SECRET = 'bench-secret-bench-secret-bench-secret-42';

interface Stats {
  events: number;
  pending: number;
  counted: number;
}

if (process.argv.includes('--serve')) await serve();
else await drive();

async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { createCipher } = await import('../apps/server/src/platform/crypto');
  const url = process.env.BENCH_DB_URL;
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'zc-bench-kill-'));
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
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const stats = async (): Promise<Stats | undefined> =>
    (
      await q.query<Stats>(
        `select (select count(*)::int from zalo_events) as events, (select count(*)::int from zalo_events where pending) as pending, (select coalesce(sum(follow_count + user_seen_message_count + user_message_count), 0)::int from oa_stats_hourly) as counted`,
      )
    ).rows[0];
  const stored = async (keys: string[]): Promise<string[]> =>
    (await q.query<{ k: string }>(`select dedupe_key as k from zalo_events where dedupe_key = any($1::text[]) and not pending`, [keys])).rows.map((r) => r.k);
  process.on('message', (m: { ask: 'stats' } | { ask: 'stored'; keys: string[] }) => {
    if (m.ask === 'stats') void stats().then((r) => process.send?.({ stats: r }));
    else void stored(m.keys).then((r) => process.send?.({ stored: r }));
  });
  console.log(`READY ${JSON.stringify({ port: (app.server.address() as { port: number }).port, dataDir })}`);
}

/** Event n of the burst: a user message, a follow or a seen receipt (each counts exactly one), with its dedupe key. */
function event(n: number, tag: string): { body: string; signature: string; key: string } {
  const zoa = ZOAS[n % ZOAS.length] ?? '';
  const timestamp = String(Date.now());
  const base = { app_id: APP_ID, timestamp };
  const kind = n % 3;
  const id = `${tag}-${n}`;
  const payload =
    kind === 0
      ? { ...base, event_name: 'user_send_text', sender: { id: `u${n % 500}` }, recipient: { id: zoa }, message: { text: 'xin chào', msg_id: id } }
      : kind === 1
        ? { ...base, event_name: 'follow', oa_id: zoa, follower: { id: id }, source: 'oa_profile', message: { msg_id: id } }
        : { ...base, event_name: 'user_seen_message', sender: { id: zoa }, recipient: { id: `u${n % 500}` }, message: { msg_ids: [id] } };
  const body = JSON.stringify(payload);
  return { body, signature: signZaloWebhook({ appId: APP_ID, rawBody: body, timestamp, secret: SECRET }), key: `${payload.event_name}:${id}` };
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
    return 0; // connection refused or reset: not acknowledged
  }
}

async function drive(): Promise<void> {
  const pglite = process.argv.includes('--pglite');
  const pg = await import('pg');
  let dbName: string | null = null;
  if (!pglite) {
    dbName = `zc_bench_kill_${randomBytes(4).toString('hex')}`;
    const c = new pg.default.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
  }
  const env: Record<string, string> = dbName ? { BENCH_DB_URL: Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString() } : {};
  const tag = randomBytes(3).toString('hex');
  let server: ChildProcess | null = null;
  let failed = false;
  try {
    const first = await start(env);
    server = first.child;
    if (pglite) env.BENCH_DATA_DIR = first.dataDir;
    console.log(`database: ${pglite ? 'PGlite (on disk)' : 'PostgreSQL'}; ${SENDERS} senders; SIGKILL after ${KILL_AFTER_MS} ms of burst`);
    // The burst: SENDERS loops, each posting the next event until the server is gone.
    const sent: Array<{ body: string; signature: string; key: string }> = [];
    const acked = new Set<string>();
    let next = 0;
    let alive = true;
    const t0 = Date.now();
    const senders = Array.from({ length: SENDERS }, async () => {
      while (alive) {
        const e = event(next++, tag);
        sent.push(e);
        const status = await post(first.port, e);
        if (status === 200) acked.add(e.key);
        else if (status === 0) return;
      }
    });
    await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
    server.kill('SIGKILL');
    const killedAt = Date.now() - t0;
    await Promise.all(senders);
    alive = false;
    console.log(`killed at ${killedAt} ms: ${sent.length} events sent, ${acked.size} acknowledged (${Math.round((acked.size * 1000) / killedAt)}/s)`);

    const second = await start(env);
    server = second.child;
    const afterRestart = await ask<Stats>(server, { ask: 'stats' }, 'stats');
    console.log(`restarted: ${afterRestart.events} stored, ${afterRestart.pending} still pending (stored before the kill, not yet applied)`);
    const storedAcked = new Set<string>();
    // Before any retry: every acknowledged event must already be stored.
    const keys = [...acked];
    for (let i = 0; i < keys.length; i += 5000) {
      const { rows } = await (async () => {
        if (pglite) return { rows: [] as string[] }; // PGlite is one process: asked after the drain below
        const c = new pg.default.Client({ connectionString: env.BENCH_DB_URL });
        await c.connect();
        const r = await c.query<{ k: string }>(`select dedupe_key as k from zalo_events where dedupe_key = any($1::text[])`, [keys.slice(i, i + 5000)]);
        await c.end();
        return { rows: r.rows.map((x) => x.k) };
      })();
      for (const k of rows) storedAcked.add(k);
    }
    const drainStart = Date.now();
    let s = afterRestart;
    while (s.pending > 0 && Date.now() - drainStart < 120_000) {
      await new Promise((r) => setTimeout(r, 100));
      s = await ask<Stats>(server, { ask: 'stats' }, 'stats');
    }
    console.log(`consumer applied the left-over pending events in ${((Date.now() - drainStart) / 1000).toFixed(1)} s`);
    if (pglite) for (let i = 0; i < keys.length; i += 5000) for (const k of await ask<string[]>(server, { ask: 'stored', keys: keys.slice(i, i + 5000) }, 'stored')) storedAcked.add(k);
    const lost = keys.filter((k) => !storedAcked.has(k));
    console.log(`acknowledged before the kill and stored: ${storedAcked.size} of ${acked.size} — lost ${lost.length}${lost.length ? ` (e.g. ${lost.slice(0, 3).join(', ')})` : ''}`);
    console.log(`after the drain: ${s.events} stored, ${s.pending} pending, counted ${s.counted} (must equal stored)`);
    if (lost.length > 0 || s.pending > 0 || s.counted !== s.events) failed = true;

    // Zalo retries every event of the burst (the unacknowledged ones must be; the others may be).
    const retry = [...sent];
    let retried = 0;
    const retriers = Array.from({ length: SENDERS }, async () => {
      for (let e = retry.pop(); e; e = retry.pop()) if ((await post(second.port, e)) === 200) retried += 1;
    });
    await Promise.all(retriers);
    let f = await ask<Stats>(server, { ask: 'stats' }, 'stats');
    const t1 = Date.now();
    while (f.pending > 0 && Date.now() - t1 < 120_000) {
      await new Promise((r) => setTimeout(r, 100));
      f = await ask<Stats>(server, { ask: 'stats' }, 'stats');
    }
    console.log(`after Zalo's retries of all ${sent.length} (${retried} answered 200): ${f.events} stored, ${f.pending} pending, counted ${f.counted}`);
    if (f.events !== sent.length || f.counted !== f.events || f.pending !== 0) failed = true;
    console.log(failed ? 'KILL MID-BURST: FAILED' : 'KILL MID-BURST: nothing acknowledged was lost; every event stored and applied exactly once');
    if (failed) process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
    }
    if (dbName) {
      const c = new pg.default.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}
