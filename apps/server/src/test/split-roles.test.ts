import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEMPLATE_IDS, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { openDatabase, migrateDatabase, type Database } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { messageHistory } from '../db/schema/messaging';
import { merchantMembers } from '../db/schema/organisation';
import { zaloOas } from '../db/schema/zalo-oa';
import { createCipher } from '../platform/crypto';
import { createTokenSigner } from '../platform/tokens';
import { openSse } from './sse-client';
import type { SendFixture } from '../modules/messaging/test-fixtures';
import { buildSandboxSendFixture } from '../modules/messaging/sandbox-fixture';

// Split roles as an operator runs them (README "Two processes"): `--role=api` and `--role=worker`
// as separate processes on one PostgreSQL, each with its own DATA_DIR. Embedded PGlite belongs to
// one process, so this runs only with TEST_DATABASE_URL.
const PG_URL = process.env.TEST_DATABASE_URL;
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
const SECRET = 'split-roles-secret-split-roles-secret-42';

interface Proc {
  child: ChildProcess;
  out: string[];
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

function start(role: 'api' | 'worker', env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, `--role=${role}`], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'silent', ZALO_MODE: 'sandbox', SEED_DEMO: 'false', DATA_DIR: mkdtempSync(path.join(tmpdir(), `zc-${role}-`)), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  child.stdout?.on('data', (d: Buffer) => out.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => out.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

async function waitFor(p: Proc, text: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!p.out.join('').includes(text)) {
    if (p.child.exitCode !== null) throw new Error(`exited ${p.child.exitCode}: ${p.out.join('')}`);
    if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms: ${p.out.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(p: Proc | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return;
  p.child.kill('SIGTERM');
  await p.exited;
}

describe.skipIf(!PG_URL)('split roles on PostgreSQL (skipped on PGlite: embedded PGlite is single-process)', () => {
  const dbName = `zc_test_split_${randomBytes(5).toString('hex')}`;
  let url = '';
  let database: Database;
  let f: SendFixture;
  const procs: Proc[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL ?? '');
    u.pathname = `/${dbName}`;
    url = u.toString();
    database = await openDatabase({ url, poolSize: 2 });
    await migrateDatabase(database);
    f = await buildSandboxSendFixture(database, SECRET, 100_000);
    // The sandbox signs its delivery webhooks with its own secret.
    await database.db.update(zaloOas).set({ webhookSecretEnc: createCipher(SECRET).encrypt(SANDBOX_WEBHOOK_SECRET) }).where(eq(zaloOas.id, f.zaloOaId));
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) await stop(p);
    await database?.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 30_000);

  it('refuses a sandbox-mode worker before any API process recorded its sandbox, naming ZALO_SANDBOX_URL', async () => {
    const w = start('worker', { DATABASE_URL: url, APP_SECRET: SECRET });
    procs.push(w);
    expect(await w.exited).not.toBe(0);
    expect(w.out.join('')).toMatch(/no Zalo sandbox is recorded[\s\S]*ZALO_SANDBOX_URL/);
  }, 30_000);

  it('refuses a process whose APP_SECRET is not the database\'s, naming APP_SECRET', async () => {
    // Without APP_SECRET the worker generates one into its own DATA_DIR — the operator's mistake of the issue.
    const w = start('worker', { DATABASE_URL: url });
    procs.push(w);
    expect(await w.exited).not.toBe(0);
    const text = w.out.join('');
    expect(text).toMatch(/APP_SECRET (does not match|cannot decrypt)/);
    expect(text).toContain('generated its own APP_SECRET');
  }, 30_000);

  it('delivers a ZNS sent to the API process through the worker process, to RECEIVED', async () => {
    const port = await freePort();
    const api = start('api', { DATABASE_URL: url, APP_SECRET: SECRET, PORT: String(port), WEB_DIST: path.join(tmpdir(), 'zc-no-web') });
    procs.push(api);
    await waitFor(api, 'Zalo Console ready');
    const worker = start('worker', { DATABASE_URL: url, APP_SECRET: SECRET });
    procs.push(worker);
    await waitFor(worker, 'Zalo Console worker running');

    // A signed-in console on the API process (issue 10): the worker's status changes reach it through LISTEN/NOTIFY.
    const [owner] = await database.db.insert(users).values({ email: `split-${Date.now()}@test.vn`, displayName: 'Split', passwordHash: 'x' }).returning();
    await database.db.insert(merchantMembers).values({ merchantId: f.merchantId, userId: owner?.id ?? '', role: 'OWNER' });
    const [session] = await database.db.insert(sessions).values({ userId: owner?.id ?? '' }).returning();
    const token = await createTokenSigner(SECRET, 900).sign({ sub: owner?.id ?? '', sid: session?.id ?? '' });
    const sse = await openSse(`http://127.0.0.1:${port}/api/realtime/stream`, { authorization: `Bearer ${token}`, 'x-merchant-id': f.merchantId });
    expect(sse.status, sse.body).toBe(200);
    await sse.next((m) => m.event === 'ready');

    const res = await fetch(`http://127.0.0.1:${port}/api/v1/zns/send`, {
      method: 'POST',
      headers: { 'x-api-key': f.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '0987000001', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '424242' }, trackingId: `split-${Date.now()}` }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { data } = (await res.json()) as { data: { id: string } };
    let status = '';
    for (let i = 0; i < 150 && status !== 'RECEIVED'; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      const [row] = await database.db.select({ status: messageHistory.status }).from(messageHistory).where(eq(messageHistory.id, data.id));
      status = row?.status ?? '';
    }
    expect(status).toBe('RECEIVED');
    // Both written by the worker process: PUSHED_ZALO by its delivery loop, RECEIVED by its webhook consumer,
    // woken by the NOTIFY of the API process that stored Zalo's receipt (ADR 0019).
    const statusOf = (st: string) => (m: { event: string; data: string }) => m.event === 'message.status_changed' && (JSON.parse(m.data) as { data: { messageId: string; status: string } }).data.messageId === data.id && m.data.includes(`"status":"${st}"`);
    await sse.next(statusOf('PUSHED_ZALO'));
    await sse.next(statusOf('RECEIVED'));
    sse.close();

    // The API process gone, the address it recorded does not answer: a new worker says so.
    await stop(api);
    const late = start('worker', { DATABASE_URL: url, APP_SECRET: SECRET });
    procs.push(late);
    expect(await late.exited).not.toBe(0);
    expect(late.out.join('')).toMatch(/does not answer[\s\S]*ZALO_SANDBOX_URL/);
  }, 60_000);
});
