import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { users } from './db/schema/auth';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoAtBoot } from './db/seed/demo';
import { createInProcessSandbox, sandboxMounts } from './sandbox-mount';
import { createSandbox } from '@zc/zalo-sandbox/sandbox';
import { zaloSandboxPlugin } from '@zc/zalo-sandbox/plugin';
import * as seed from '@zc/zalo-sandbox/seed';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from './test/helpers';

const sandboxApp = { createSandbox, zaloSandboxPlugin, seed };

const SECRET = 'prod-secret-prod-secret-prod-secret-42';
const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'zc-config-')), 'not', 'yet', 'there');
const production = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ NODE_ENV: 'production', APP_SECRET: SECRET, ZALO_MODE: 'live', DATA_DIR: freshDir(), ...extra });

describe('config: production', () => {
  it('creates a missing DATA_DIR (with its parents) when APP_SECRET is set', () => {
    const env = production();
    expect(existsSync(env.DATA_DIR ?? '')).toBe(false);
    const config = loadConfig(env);
    expect(config.dataDir).toBe(path.resolve(env.DATA_DIR ?? ''));
    expect(existsSync(config.dataDir)).toBe(true);
    // The secret came from the environment: nothing generated into the data directory.
    expect(config.appSecret).toBe(SECRET);
    expect(existsSync(path.join(config.dataDir, 'app-secret'))).toBe(false);
  });

  it('requires APP_SECRET and ZALO_MODE, naming each', () => {
    expect(() => loadConfig(production({ APP_SECRET: undefined }))).toThrow(/APP_SECRET: required in production/);
    expect(() => loadConfig(production({ ZALO_MODE: undefined }))).toThrow(ConfigError);
    expect(() => loadConfig(production({ ZALO_MODE: undefined }))).toThrow(/ZALO_MODE: required in production/);
    expect(loadConfig(production({ ZALO_MODE: 'sandbox' })).zaloMode).toBe('sandbox');
  });

  it('lists every invalid setting at once', () => {
    const run = () => loadConfig(production({ ZALO_MODE: 'test', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes', SEED_DEMO: 'maybe' }));
    expect(run).toThrow(ConfigError);
    for (const name of ['ZALO_MODE', 'WEBHOOK_ALLOW_PRIVATE_TARGETS', 'SEED_DEMO']) expect(run).toThrow(new RegExp(`^  ${name}: `, 'm'));
  });

  it('seeds no demo data unless SEED_DEMO=true, on PGlite too', () => {
    expect(loadConfig(production()).seedDemo).toBe(false);
    expect(loadConfig(production({ SEED_DEMO: 'true' })).seedDemo).toBe(true);
    expect(loadConfig(production({ DATABASE_URL: 'postgres://u:p@db/zc', SEED_DEMO: 'true' })).seedDemo).toBe(true);
  });

  it('refuses private webhook targets in every NODE_ENV unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(loadConfig(production({ NODE_ENV })).webhookAllowPrivateTargets, NODE_ENV).toBe(false);
      expect(loadConfig(production({ NODE_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })).webhookAllowPrivateTargets, NODE_ENV).toBe(true);
    }
  });
});

describe('config: development defaults', () => {
  it('runs the sandbox and seeds the demo on PGlite; not with DATABASE_URL', () => {
    const dev = loadConfig({ DATA_DIR: freshDir() });
    expect(dev.env).toBe('development');
    expect(dev.zaloMode).toBe('sandbox');
    expect(dev.seedDemo).toBe(true);
    expect(dev.webhookAllowPrivateTargets).toBe(false);
    // Embedded mode generates its secret into the data directory, once.
    expect(existsSync(path.join(dev.dataDir, 'app-secret'))).toBe(true);
    expect(loadConfig({ DATA_DIR: dev.dataDir }).appSecret).toBe(dev.appSecret);
    expect(loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: 'postgres://u:p@db/zc' }).seedDemo).toBe(false);
  });
});

describe('the Zalo sandbox exists only in sandbox mode', () => {
  const apps: FastifyInstance[] = [];
  const sandboxes: Array<{ close(): void }> = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const sandbox of sandboxes) sandbox.close();
    await database.drop();
  });

  /** The app as main.ts builds it for an HTTP process, with the sandbox mounts main.ts would pass. */
  async function appFor(config: Config): Promise<FastifyInstance> {
    const sandbox = createInProcessSandbox(sandboxApp, config, true, 'http://127.0.0.1:1');
    const app = await buildApp({ config, database, logger: false, mounts: sandboxMounts(sandboxApp, sandbox) });
    await app.ready();
    apps.push(app);
    if (sandbox) sandboxes.push(sandbox);
    return app;
  }

  const probes = [
    { method: 'GET' as const, url: '/zalo-sandbox/_control/state' },
    { method: 'POST' as const, url: '/zalo-sandbox/_control/reset', payload: {} },
    { method: 'POST' as const, url: '/zalo-sandbox/_control/clock/advance', payload: { ms: 1000 } },
    { method: 'POST' as const, url: '/zalo-sandbox/_control/webhooks', payload: { url: 'http://169.254.169.254/' } },
    { method: 'POST' as const, url: '/zalo-sandbox/v4/oa/access_token', payload: {} },
    { method: 'GET' as const, url: '/zalo-sandbox/v3.0/oa/getoa' },
  ];

  it('answers 404 for everything under /zalo-sandbox in live mode', async () => {
    const config = testConfig({ zaloMode: 'live' });
    expect(createInProcessSandbox(sandboxApp, config, true, 'http://127.0.0.1:1')).toBeNull();
    const app = await appFor(config);
    for (const probe of probes) {
      const res = await app.inject(probe);
      expect(res.statusCode, probe.url).toBe(404);
      expect(res.json().error.code, probe.url).toBe('NOT_FOUND');
    }
  });

  it('mounts the simulator and its control API in sandbox mode (not with an external sandbox, nor in a worker)', async () => {
    const config = testConfig({ zaloMode: 'sandbox' });
    expect(createInProcessSandbox(sandboxApp, { ...config, zaloSandboxUrl: 'http://127.0.0.1:3900' }, true, 'http://x')).toBeNull();
    expect(createInProcessSandbox(sandboxApp, config, false, 'http://x')).toBeNull();
    const app = await appFor(config);
    const state = await app.inject({ url: '/zalo-sandbox/_control/state' });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toHaveProperty('apps');
    // Zalo's simulator is not our API: none of its routes is in the OpenAPI document.
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/zalo-sandbox'))).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/api/v1/zns/send');
  });
});

describe('demo accounts at boot', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email, password } });
  const demoRows = () => t.database.db.select().from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));

  it('production without SEED_DEMO seeds nothing', async () => {
    expect(await seedDemoAtBoot(t.database.db, { production: true, seed: false })).toEqual({ published: false, fresh: [] });
    expect(await demoRows()).toHaveLength(0);
  });

  it('production with SEED_DEMO=true gives each account its own generated password, answered once, never the published one', async () => {
    const first = await seedDemoAtBoot(t.database.db, { production: true, seed: true });
    expect(first.published).toBe(false);
    expect(first.fresh.map((l) => l.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(new Set(first.fresh.map((l) => l.password)).size).toBe(DEMO_USERS.length);
    for (const l of first.fresh) {
      expect(l.password).not.toBe(DEMO_PASSWORD);
      expect(l.password.length).toBeGreaterThanOrEqual(20);
    }
    const owner = first.fresh.find((l) => l.role === 'OWNER');
    expect((await login('owner@demo.vn', owner?.password ?? '')).statusCode).toBe(200);
    expect((await login('owner@demo.vn', DEMO_PASSWORD)).statusCode).toBe(401);
    // A restart prints nothing again: the passwords are not kept anywhere.
    expect(await seedDemoAtBoot(t.database.db, { production: true, seed: true })).toEqual({ published: false, fresh: [] });
    expect((await login('owner@demo.vn', owner?.password ?? '')).statusCode).toBe(200);
  });

  it('production retires the published password of demo accounts seeded earlier in development, ending their sessions', async () => {
    await t.database.db.delete(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
    expect(await seedDemoAtBoot(t.database.db, { production: false, seed: true })).toEqual({ published: true, fresh: [] });
    const before = await login('admin@demo.vn', DEMO_PASSWORD);
    expect(before.statusCode).toBe(200);
    const refreshToken = before.json().data.refreshToken as string;
    const boot = await seedDemoAtBoot(t.database.db, { production: true, seed: false });
    expect(boot.fresh).toHaveLength(DEMO_USERS.length);
    expect((await login('admin@demo.vn', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('admin@demo.vn', boot.fresh.find((l) => l.email === 'admin@demo.vn')?.password ?? '')).statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('config: the only reader of the environment', () => {
  it('parses the send-path and rate-limit settings that modules receive through deps', () => {
    const dev = (extra: NodeJS.ProcessEnv = {}) => loadConfig({ DATA_DIR: freshDir(), APP_SECRET: SECRET, ...extra });
    expect(dev()).toMatchObject({ sendBatching: true, sendBatchLanes: 2, zaloRateLimit: 'local', appSecretGenerated: false, publicUrlGiven: false });
    expect(dev({ SEND_BATCHING: 'off', SEND_BATCH_LANES: '4', PUBLIC_URL: 'https://console.example.vn' })).toMatchObject({ sendBatching: false, sendBatchLanes: 4, publicUrlGiven: true });
    expect(dev({ DATABASE_URL: 'postgres://x@127.0.0.1/zc' }).zaloRateLimit).toBe('shared');
    expect(dev({ DATABASE_URL: 'postgres://x@127.0.0.1/zc', ZALO_RATE_LIMIT: 'local' }).zaloRateLimit).toBe('local');
    expect(loadConfig({ DATA_DIR: freshDir() }).appSecretGenerated).toBe(true);
    for (const name of ['SEND_BATCH_LANES', 'ZALO_RATE_LIMIT']) expect(() => dev({ SEND_BATCH_LANES: '0', ZALO_RATE_LIMIT: 'redis' })).toThrow(new RegExp(`^  ${name}: `, 'm'));
  });

  it('sends through the batcher or alone as config.sendBatching says, whatever the process environment holds', async () => {
    const { buildSendFixture, znsBody } = await import('./modules/messaging/test-fixtures');
    const { batcherFor } = await import('./modules/messaging/send-batcher');
    for (const sendBatching of [false, true]) {
      const t = await createTestApp({ sendBatching });
      try {
        const f = await buildSendFixture(t.database, t.config.appSecret);
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: znsBody(f) });
        expect(res.statusCode, res.body).toBe(202);
        expect(batcherFor(t.database).stats.batched).toBe(sendBatching ? 1 : 0);
      } finally {
        await t.close();
      }
    }
  });
});
