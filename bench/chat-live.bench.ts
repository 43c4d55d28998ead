// Figure (issue 15): "Follower message, from the webhook's arrival to the agent's browser, p95 ≤ 300 ms
// with 500 connected agents." Two processes: the product app (this file with --serve: buildApp over a
// throwaway PostgreSQL database — its webhook route, its consumer loop and its realtime hub, as in
// production's API role) and this driver, which holds the agents' realtime streams (node:http, one socket
// each, GET /api/realtime/stream as the browser's EventSource does) and posts signed user_send_text
// webhooks one at a time. Each agent is a MODERATOR member of the tenant (VIEW_ZALO_OA_CHAT), so every
// event passes every stream's audience check. Latency = the time a stream read the message's
// `chat.message` event minus the time the driver started the webhook's POST (one clock): signature
// check, the deduplicating insert, the consumer's pass (the chat ingest: conversation, message, counters,
// the event's insert and NOTIFY), the hub's LISTEN, the audience check and the write to 500 sockets.
//
//   npm run bench -- chat-live
//   BENCH_CHAT_AGENTS=500 BENCH_CHAT_MESSAGES=60 BENCH_CHAT_GAP_MS=250 node --import tsx bench/chat-live.bench.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { signZaloWebhook } from '../packages/zalo/src/webhook-signature';
import { pct, PG_URL } from './bench-db';

const AGENTS = Number(process.env.BENCH_CHAT_AGENTS ?? 500);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 60);
const GAP_MS = Number(process.env.BENCH_CHAT_GAP_MS ?? 250);
/** Streams per account: agents often keep several tabs; 10 keeps the account set small to build. */
const STREAMS_PER_USER = 10;
const APP_SECRET = 'bench-secret-bench-secret-bench-secret-42';
const APP_ID = 'bench-live-app';
const SECRET = 'bench-live-webhook-secret';
const ZOA = 'bench-live-zoa';
const self = fileURLToPath(import.meta.url);

interface ServeInfo {
  port: number;
  merchantId: string;
  tenantId: string;
  tokens: string[];
}

if (process.argv.includes('--serve')) await serve();
else await drive();

async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { sessions } = await import('../apps/server/src/db/schema/index');
  const { createTokenSigner } = await import('../apps/server/src/platform/tokens');
  const { createCipher } = await import('../apps/server/src/platform/crypto');
  const { buildOrganisation, buildTenant, buildUser } = await import('../apps/server/src/test/helpers');
  const url = process.env.BENCH_DB_URL ?? '';
  const database = await openDatabase({ url, poolSize: 10 });
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bench-live-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET, LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none'), DATABASE_URL: url, ACCESS_TOKEN_TTL_SECONDS: '7200' });
  const merchant = await buildOrganisation(database, 'Bench org');
  const tenant = await buildTenant(database, merchant.id, { oaService: true });
  const c = createCipher(config.appSecret);
  await database.raw.query(
    `insert into zalo_oas (tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc) values ($1, 'Bench OA', $2, $3, $4, $5, $6, $7)`,
    [tenant.id, APP_ID, ZOA, c.encrypt('s'), c.encrypt(SECRET), c.encrypt('a'), c.encrypt('r')],
  );
  const signer = createTokenSigner(APP_SECRET, 7200);
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(AGENTS / STREAMS_PER_USER); i += 1) {
    const u = await buildUser(database, { merchantId: merchant.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const [s] = await database.db.insert(sessions).values({ userId: u.id }).returning();
    if (!s) throw new Error('session');
    tokens.push(await signer.sign({ sub: u.id, sid: s.id }));
  }
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const info: ServeInfo = { port: (app.server.address() as { port: number }).port, merchantId: merchant.id, tenantId: tenant.id, tokens };
  console.log(`READY ${JSON.stringify(info)}`);
  process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
}

interface Stream {
  ready: Promise<void>;
  /** Receive time (performance.now()) of each IN chat.message, in arrival order. */
  got: number[];
  req: http.ClientRequest;
}

function openStream(port: number, token: string, merchantId: string, tenantId: string, agent: http.Agent): Stream {
  const got: number[] = [];
  let resolveReady: () => void = () => undefined;
  let rejectReady: (e: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const headers = { authorization: `Bearer ${token}`, 'x-merchant-id': merchantId, 'x-tenant-id': tenantId, accept: 'text/event-stream' };
  const req = http.get({ host: '127.0.0.1', port, path: '/api/realtime/stream', agent, headers }, (res) => {
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
        else if (block.includes('event: chat.message\n') && block.includes('"direction":"IN"')) got.push(now);
      }
    });
  });
  req.on('error', (e) => rejectReady(e));
  return { ready, got, req };
}

function webhook(n: number, tag: string): { body: string; signature: string } {
  const timestamp = String(Date.now());
  const body = JSON.stringify({ app_id: APP_ID, event_name: 'user_send_text', sender: { id: `follower-${n % 40}` }, recipient: { id: ZOA }, message: { text: `Chào shop, đơn ${n} của em đâu rồi?`, msg_id: `${tag}-${n}` }, timestamp });
  return { body, signature: signZaloWebhook({ appId: APP_ID, rawBody: body, timestamp, secret: SECRET }) };
}

async function drive(): Promise<void> {
  const pg = (await import('pg')).default;
  const dbName = `zc_bench_live_${randomBytes(5).toString('hex')}`;
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
    const post = async (e: { body: string; signature: string }) => {
      const res = await fetch(`http://127.0.0.1:${info.port}/api/webhooks/zalo`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zevent-signature': e.signature }, body: e.body });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    };
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    for (let i = 0; i < AGENTS; i += 100) {
      const batch = Array.from({ length: Math.min(100, AGENTS - i) }, (_, j) => openStream(info.port, info.tokens[Math.floor((i + j) / STREAMS_PER_USER)] ?? '', info.merchantId, info.tenantId, agent));
      streams.push(...batch);
      await Promise.all(batch.map((s) => s.ready));
    }
    console.log(`${AGENTS} agent streams open (${info.tokens.length} accounts)`);
    // Warm-up: JIT, the consumer's first passes, the hub's LISTEN; then the arrivals so far are dropped.
    for (let i = 0; i < 5; i += 1) {
      await post(webhook(i, 'warm'));
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const s of streams) s.got.length = 0;

    const sent: number[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      sent.push(performance.now());
      await post(webhook(i, 'live'));
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && streams.some((s) => s.got.length < MESSAGES)) await new Promise((r) => setTimeout(r, 50));

    const lat: number[] = [];
    let missing = 0;
    for (const s of streams) {
      for (let i = 0; i < MESSAGES; i += 1) {
        const at = s.got[i];
        const t0 = sent[i];
        if (at === undefined || t0 === undefined) missing += 1;
        else lat.push(at - t0);
      }
    }
    lat.sort((a, b) => a - b);
    console.log(`${MESSAGES} follower messages × ${AGENTS} agents = ${MESSAGES * AGENTS} deliveries, ${missing} missing; one webhook every ${GAP_MS} ms`);
    console.log(`webhook arrival → agent's stream (ms): p50 ${pct(lat, 50).toFixed(1)}  p95 ${pct(lat, 95).toFixed(1)}  p99 ${pct(lat, 99).toFixed(1)}  max ${(lat.at(-1) ?? NaN).toFixed(1)}  (target p95 ≤ 300)`);
  } finally {
    for (const s of streams) s.req.destroy();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const admin2 = new pg.Client({ connectionString: PG_URL });
    await admin2.connect();
    await admin2.query(`drop database if exists ${dbName} with (force)`);
    await admin2.end();
  }
}
