// Figure (issue 8, defect 2): "with an attacker sending poisoned requests at 50 req/s beside
// legitimate traffic at half of peak, 100 % of the legitimate sends succeed". 100 tenants send
// through the public API from an open-loop generator (bench/open-loop.ts) at half of the measured
// peak, first alone, then with an attacker beside them: 50 req/s of sends carrying NUL bytes and
// lone surrogates (template id, tracking id, template data, phone, OA text), half without a valid
// key (the unauthenticated attacker), half with the attacker's own key. Before ADR 0006 one
// poisoned template id made the shared context read fail for every request in it (36.7 % of
// legitimate sends answered 500 in a 10 s run). Afterwards every legitimate send must be 2xx, every
// poisoned one 400/401, none 5xx, and the wallets must hold exactly the accepted charges.
// PostgreSQL by default (a throwaway database on BENCH_PG_URL); `--pglite` (run the file directly) for PGlite.
//
//   npm run bench -- poisoned-sends      (or: node --import tsx bench/poisoned-sends.bench.ts [--pglite])
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openLoop } from './open-loop';

const self = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 15);
const PEAK_S = Number(process.env.BENCH_PEAK_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ATTACK_RATE = Number(process.env.BENCH_ATTACK_RATE ?? 50);
const TENANTS = 100;
const PRICE = 300;

interface ServeInfo {
  port: number;
  keys: string[];
  attackerKey: string;
  templateId: string;
}

if (process.argv.includes('--serve')) await serve();
else await drive();

/** Child: database, 100 tenants + the attacker's, the product app; answers `CHECK` with the ledger totals. */
async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase, migrateDatabase } = await import('../apps/server/src/db/client');
  const { buildApp } = await import('../apps/server/src/app');
  const { buildSendFixture } = await import('../apps/server/src/modules/messaging/test-fixtures');
  const url = process.env.BENCH_DB_URL;
  const database = await openDatabase(url ? { url, poolSize: 20 } : { worker: process.env.PGLITE_WORKER !== 'off' });
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret-42', LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', WEB_DIST: path.join(dataDir, 'none'), ...(url ? { DATABASE_URL: url } : {}) });
  const templateId = 'benchtpl01';
  const template = { id: templateId, price: PRICE, params: tplParams() };
  const first = await buildSendFixture(database, config.appSecret, { balance: 1_000_000_000, template });
  const keys = [first.secret];
  for (let i = 1; i < TENANTS; i += 1) keys.push((await buildSendFixture(database, config.appSecret, { balance: 1_000_000_000, merchantId: first.merchantId, template })).secret);
  const attacker = await buildSendFixture(database, config.appSecret, { balance: 1_000_000, template });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port; // listen() on a TCP port returns an AddressInfo
  const info: ServeInfo = { port, keys, attackerKey: attacker.secret, templateId };
  console.log(`READY ${JSON.stringify(info)}`);
  // The driver asks for the books at the end: history rows, charged total and wallet debits.
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line !== 'CHECK') return;
    void database.raw
      .query<{ rows: string; charged: string; debited: string; attacker_rows: string }>(
        `select (select count(*) from message_history where tenant_id <> $1) as rows,
                (select coalesce(sum(price), 0) from message_history where tenant_id <> $1) as charged,
                (select coalesce(sum(1000000000 - balance), 0) from wallets where tenant_id <> $1) as debited,
                (select count(*) from message_history where tenant_id = $1) as attacker_rows`,
        [attacker.tenantId],
      )
      .then(({ rows }) => console.log(`BOOKS ${JSON.stringify(rows[0])}`));
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}

function tplParams() {
  return [
    { name: 'customer_name', require: true, type: 'STRING', maxLength: 30, minLength: 1, acceptNull: false },
    { name: 'order_code', require: true, type: 'STRING', maxLength: 30, minLength: 1, acceptNull: false },
  ];
}

/** The attacker's requests, in turn: every poison of issue 8, with and without a valid key. */
function poisonedRequests(info: ServeInfo): Array<{ path: string; key: string; body: string }> {
  const zns = (o: Record<string, unknown>) => JSON.stringify({ phone: '0987654321', templateId: info.templateId, templateData: { customer_name: 'A', order_code: 'PE01' }, trackingId: `evil-${randomBytes(4).toString('hex')}`, ...o });
  const bodies = [
    { path: '/api/v1/zns/send', body: zns({ templateId: `${info.templateId}\u0000` }) },
    { path: '/api/v1/zns/send', body: zns({ templateId: '\uD800' }) },
    { path: '/api/v1/zns/send', body: zns({ trackingId: 'evil\u0000' }) },
    { path: '/api/v1/zns/send', body: zns({ templateData: { customer_name: 'A\u0000', order_code: 'PE01' } }) },
    { path: '/api/v1/zns/send', body: zns({ templateData: { customer_name: 'A', order_code: '\uDC00', 'k\u0000': 'v' } }) },
    { path: '/api/v1/zns/send', body: zns({ phone: '0987654321\u0000' }) },
    { path: '/api/v1/oa/send', body: JSON.stringify({ uid: '2512523625412515', trackingId: 'evil-oa', message: { kind: 'text', text: 'x\u0000\uD800' } }) },
  ];
  const unknownKey = `zck_${randomBytes(16).toString('hex')}`;
  return bodies.flatMap((b) => [{ ...b, key: unknownKey }, { ...b, key: info.attackerKey }]);
}

/** 50 req/s of poisoned sends on node:http (cheap at this rate), counting answers by status. */
function attack(info: ServeInfo, rate: number, seconds: number): Promise<Map<number, number>> {
  const requests = poisonedRequests(info);
  const statuses = new Map<number, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let sent = 0;
  let done = 0;
  const total = Math.round(rate * seconds);
  return new Promise((resolve) => {
    const count = (status: number) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      done += 1;
      if (done === total) {
        agent.destroy();
        resolve(statuses);
      }
    };
    const timer = setInterval(() => {
      if (sent >= total) return clearInterval(timer);
      const r = requests[sent % requests.length];
      sent += 1;
      if (!r) return;
      const req = http.request({ host: '127.0.0.1', port: info.port, path: r.path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-api-key': r.key, 'content-length': Buffer.byteLength(r.body) } }, (res) => {
        res.resume();
        res.on('end', () => count(res.statusCode ?? 0));
      });
      req.on('error', () => count(0));
      req.end(r.body);
    }, 1000 / rate);
  });
}

async function drive(): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const pglite = process.argv.includes('--pglite');
  const pg = await import('pg');
  let dbName: string | null = null;
  if (!pglite) {
    dbName = `zc_bench_${randomBytes(5).toString('hex')}`;
    const c = new pg.default.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
  }
  const dbUrl = dbName ? Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString() : '';
  let child: ChildProcess | null = null;
  try {
    child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { env: { ...process.env, BENCH_DB_URL: dbUrl }, stdio: ['pipe', 'pipe', 'inherit'] });
    const server = child;
    const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
    const nextLine = (prefix: string) =>
      new Promise<string>((resolve, reject) => {
        const onLine = (line: string) => {
          if (!line.startsWith(prefix)) return;
          lines.off('line', onLine);
          resolve(line.slice(prefix.length));
        };
        lines.on('line', onLine);
        server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
    const info = JSON.parse(await nextLine('READY ')) as ServeInfo;

    let seq = 0;
    const legit = () => {
      seq += 1;
      return {
        headers: { 'content-type': 'application/json', 'x-api-key': info.keys[seq % info.keys.length] ?? '' },
        body: JSON.stringify({ phone: '0987654321', templateId: info.templateId, templateData: { customer_name: 'Nguyễn Văn A', order_code: `PE${seq}` }, trackingId: `b-${process.pid}-${seq}` }),
      };
    };
    const engine = pglite ? `PGlite (${process.env.PGLITE_WORKER === 'off' ? 'in-process' : 'worker thread'})` : 'PostgreSQL';
    console.log(`database: ${engine}; ${TENANTS} tenants; ${CONNECTIONS} connections; peak ${PEAK_S} s, then ${PHASE_S} s per phase; attacker ${ATTACK_RATE} req/s`);

    const closed = async (seconds: number) => {
      const r = await autocannon({
        url: `http://127.0.0.1:${info.port}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ method: 'POST', path: '/api/v1/zns/send', setupRequest: (req: Record<string, unknown>) => ({ ...req, ...legit() }) }],
      });
      return { rps: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors, sent: r.requests.total };
    };
    const warm = await closed(3);
    const peak = await closed(PEAK_S);
    console.log(`peak (closed loop, 100 tenants)          ${String(peak.rps).padStart(6)} req/s   non-2xx ${peak.non2xx}   errors ${peak.errors}`);
    const rate = Math.max(1, Math.round(peak.rps / 2));

    const baseline = await openLoop({ port: info.port, path: '/api/v1/zns/send', rate, seconds: PHASE_S, connections: CONNECTIONS, request: legit });
    const row = (label: string, r: typeof baseline) =>
      console.log(`${label.padEnd(40)} ${String(r.achieved).padStart(6)} req/s   ok ${r.ok}/${r.sent} (${((100 * r.ok) / r.sent).toFixed(2)} %)   p50 ${r.p50} ms   p99 ${r.p99} ms   max ${r.max} ms   non-2xx ${r.non2xx}   errors ${r.errors}`);
    row(`legit alone at half of peak (${rate}/s)`, baseline);

    const [underAttack, attackStatuses] = await Promise.all([
      openLoop({ port: info.port, path: '/api/v1/zns/send', rate, seconds: PHASE_S, connections: CONNECTIONS, request: legit }),
      attack(info, ATTACK_RATE, PHASE_S),
    ]);
    row(`legit beside ${ATTACK_RATE} poisoned req/s`, underAttack);
    const attackSummary = [...attackStatuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`attacker answers                         ${attackSummary}`);

    server.stdin?.write('CHECK\n');
    const books = JSON.parse(await nextLine('BOOKS ')) as { rows: string; charged: string; debited: string; attacker_rows: string };
    // autocannon stops with up to CONNECTIONS sends in flight per closed phase: accepted by the server, never counted here.
    const accepted = warm.sent - warm.non2xx - warm.errors + (peak.sent - peak.non2xx - peak.errors) + baseline.ok + underAttack.ok;
    const rows = Number(books.rows);
    console.log(`books: ${rows} history rows for ${accepted} sends answered 202 (+${rows - accepted} in flight when autocannon stopped); charged ${books.charged} đ, wallets debited ${books.debited} đ; attacker rows ${books.attacker_rows}`);

    const share = underAttack.sent > 0 ? underAttack.ok / underAttack.sent : 0;
    const attackServerErrors = [...attackStatuses.entries()].filter(([status]) => status >= 500 || status === 0).reduce((s, [, n]) => s + n, 0);
    const booksOk = rows >= accepted && rows - accepted <= 2 * CONNECTIONS && Number(books.charged) === Number(books.debited) && Number(books.charged) === rows * PRICE && Number(books.attacker_rows) === 0;
    console.log('');
    console.log(`legit success under attack  ${(share * 100).toFixed(2)} %  (bound 100 %)  ${share === 1 ? 'OK' : 'MISSED'}`);
    console.log(`attacker 5xx / errors       ${attackServerErrors}  (bound 0)  ${attackServerErrors === 0 ? 'OK' : 'MISSED'}`);
    console.log(`books balance               ${booksOk ? 'OK' : 'MISSED'}`);
    if (share !== 1 || attackServerErrors !== 0 || !booksOk) process.exitCode = 1;
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (dbName) {
      const c = new pg.default.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}
