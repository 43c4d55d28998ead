import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MerchantRole } from '@zc/shared/permissions';
import { loadConfig, type Config } from '../config';
import { openDatabase, migrateDatabase, type Database } from '../db/client';
import { buildApp } from '../app';
import type { ZaloHosts } from '@zc/zalo/hosts';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { users } from '../db/schema/auth';
import { merchantMembers, merchants, tenants } from '../db/schema/organisation';
import { tenantMembers, userGroups } from '../db/schema/user-groups';
import { hashPassword } from '../modules/auth/passwords';
import { DEFAULT_USER_GROUPS } from '../modules/organisation/service';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the server
 * named by TEST_DATABASE_URL (CI runs the suite both ways). `pgliteWorker` always opens in-memory
 * PGlite in a worker thread, as the product runtime does (ADR 0005).
 */
/** A fresh database (PGlite, or a new database on TEST_DATABASE_URL), migrated unless `migrate: false`. */
export async function createTestDatabase(opts: { pgliteWorker?: boolean; migrate?: boolean } = {}): Promise<Database & { drop(): Promise<void> }> {
  const url = opts.pgliteWorker ? undefined : process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ worker: opts.pgliteWorker ?? false });
    if (opts.migrate !== false) await migrateDatabase(database);
    return { ...database, drop: () => database.close() };
  }
  const name = `zc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString(), poolSize: 5 });
  if (opts.migrate !== false) await migrateDatabase(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // pool.end() resolves before its connections have closed; a FORCE drop would then kill them and
        // the server's 57P01 reaches a client nobody listens to any more. Wait (up to 5 s) for them to go.
        for (let waited = 0; waited < 5000; waited += 50) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        // FORCE may not end an autovacuum worker of another role (42501); it finishes within moments.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await c.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (e) {
            if ((e as { code?: string }).code !== '42501' || attempt >= 20) throw e;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-test-'));
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-42', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '1000', WEB_DIST: path.join(dataDir, 'no-web') });
  return { ...base, ...overrides };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A Fastify app over a fresh database, for app.inject; `zaloHosts` points it at a test sandbox,
 * `pgliteWorker` runs its PGlite in a worker thread.
 */
export async function createTestApp(overrides: Partial<Config> = {}, opts: { zaloHosts?: ZaloHosts; pgliteWorker?: boolean } = {}): Promise<TestContext> {
  const database = await createTestDatabase({ pgliteWorker: opts.pgliteWorker });
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false, zaloHosts: opts.zaloHosts });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const PASSWORD = 'Passw0rd!x';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}${randomBytes(2).toString('hex')}`;

export async function buildOrganisation(database: Database, name = `Org ${unique()}`) {
  const [m] = await database.db.insert(merchants).values({ name }).returning();
  if (!m) throw new Error('merchant');
  return m;
}

export async function buildTenant(
  database: Database,
  merchantId: string,
  services: Partial<{ oaService: boolean; znsService: boolean; isMiniAppEnabled: boolean; isMultiTeam: boolean }> = {},
) {
  const [t] = await database.db.insert(tenants).values({ merchantId, name: `Tenant ${unique()}`, ...services }).returning();
  if (!t) throw new Error('tenant');
  const groups = await database.db.insert(userGroups).values(DEFAULT_USER_GROUPS.map((g) => ({ ...g, tenantId: t.id }))).returning();
  return { ...t, adminGroupId: groups.find((g) => !g.isDefault)?.id ?? '', defaultGroupId: groups.find((g) => g.isDefault)?.id ?? '' };
}

/** A user with a role in the organisation and, optionally, tenant memberships (default group). */
export async function buildUser(
  database: Database,
  opts: { merchantId?: string; role?: MerchantRole; tenantIds?: string[]; groupId?: string; email?: string } = {},
) {
  const [u] = await database.db
    .insert(users)
    .values({ email: opts.email ?? `u${unique()}@test.vn`, displayName: `User ${unique()}`, passwordHash: await passwordHash() })
    .returning();
  if (!u) throw new Error('user');
  if (opts.merchantId) await database.db.insert(merchantMembers).values({ merchantId: opts.merchantId, userId: u.id, role: opts.role ?? 'USER' });
  for (const tenantId of opts.tenantIds ?? []) {
    const [g] = opts.groupId
      ? [{ id: opts.groupId }]
      : await database.db.select({ id: userGroups.id }).from(userGroups).where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.isDefault, true)));
    await database.db.insert(tenantMembers).values({ tenantId, userId: u.id, userGroupId: g?.id ?? null });
  }
  return u;
}

export interface Session {
  token: string;
  refreshToken: string;
  userId: string;
  headers(extra?: Record<string, string>): Record<string, string>;
}

export async function loginAs(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { accessToken: string; refreshToken: string; user: { id: string } };
  return {
    token: data.accessToken,
    refreshToken: data.refreshToken,
    userId: data.user.id,
    headers: (extra = {}) => ({ authorization: `Bearer ${data.accessToken}`, ...extra }),
  };
}

/** A multipart body with text fields and an optional file, for app.inject. */
export function multipart(fields: Record<string, string>, file?: { name?: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----zc${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1×1). */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The create-OA body (§5, seven fields) for one of the sandbox's seeded OAs. */
export function sandboxOaBody(zoaId: string, overrides: Record<string, string> = {}) {
  const tokens = SANDBOX_INITIAL_TOKENS[zoaId];
  return {
    name: 'OA thử nghiệm',
    zappId: SANDBOX_APP_ID,
    zoaId,
    zoaSecretKey: SANDBOX_APP_SECRET_KEY,
    zoaWebhookSecretKey: SANDBOX_WEBHOOK_SECRET,
    zoaAccessToken: tokens?.accessToken ?? '',
    zoaRefreshToken: tokens?.refreshToken ?? '',
    ...overrides,
  };
}
