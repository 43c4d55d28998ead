import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { LIVE_ZALO_HOSTS, sandboxHosts, type ZaloHosts } from '@zc/zalo/hosts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads; README's settings table mirrors this schema. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // Proxy headers (X-Forwarded-For) are ignored unless the proxies are named: `off` (default), a hop
  // count (`1`), or a comma-separated list of proxy addresses/CIDRs (`10.0.0.1,10.1.0.0/16`).
  TRUST_PROXY: z
    .string()
    .regex(/^(off|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'must be off, a hop count or a list of proxy addresses')
    .default('off'),
  // Outgoing calls to tenant URLs refuse private/loopback/link-local targets unless this is true
  // (tests and local development only).
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Zalo Console <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().default('apps/web/dist'),
  // The built Zalo Mini App (apps/mini-app), served at /mini-app/ (issue 14 #9).
  MINI_APP_DIST: z.string().default('apps/mini-app/dist'),
  // Origins (scheme://host[:port], comma-separated) allowed to call /api/zma/app/* from a browser:
  // inside Zalo the mini app is served from Zalo's hosts, not ours. Empty: no cross-origin caller.
  ZMA_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every(isOrigin), 'must be comma-separated origins (scheme://host[:port], no path), e.g. https://mini.example.com'),
  ZALO_MODE: z.enum(['sandbox', 'live']).optional(),
  ZALO_SANDBOX_URL: z.url().optional(),
  ZALO_OAUTH_URL: z.url().optional(),
  ZALO_OPENAPI_URL: z.url().optional(),
  ZALO_BUSINESS_URL: z.url().optional(),
  ZALO_GRAPH_URL: z.url().optional(),
  ZALO_OA_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(4000),
  // Campaign messages a tenant may enqueue per second, across all its campaigns and workers (issue 13).
  CAMPAIGN_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  // Public API (/api/v1) limits for all processes together (issue 17 #4, platform/openapi/guides/rate-limits.md);
  // an organisation may set its own per tenant. Defaults sit above one process's measured send peak.
  PUBLIC_API_RATE_PER_SECOND_KEY: z.coerce.number().int().min(1).max(100_000).default(8000),
  PUBLIC_API_RATE_PER_SECOND_TENANT: z.coerce.number().int().min(1).max(100_000).default(10_000),
  PUBLIC_API_RATE_BURST_SECONDS: z.coerce.number().int().min(1).max(60).default(2),
  // `shared`: one per-OA budget for every process, kept in the database; `local`: each process its own.
  ZALO_RATE_LIMIT: z.enum(['shared', 'local']).optional(),
  ZALO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // PGlite only: the engine in a worker thread so queries do not stop HTTP handling (ADR 0005).
  PGLITE_WORKER: z.enum(['on', 'off']).default('on'),
  // The send path's micro-batching (modules/messaging, ADR 0003).
  SEND_BATCHING: z.enum(['on', 'off']).default('on'),
  SEND_BATCH_LANES: z.coerce.number().int().min(1).max(32).default(2),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  /** PUBLIC_URL was set (not derived from HOST and PORT). */
  publicUrlGiven: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Without DATABASE_URL: run PGlite in a worker thread (ADR 0005). */
  pgliteWorker: boolean;
  appSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  authRateLimitPerMinute: number;
  /** Fastify's trustProxy: false (default), a hop count, or the proxy addresses. */
  trustProxy: false | number | string[];
  /** Lets tenant webhooks reach private/loopback targets (tests and local development only). */
  webhookAllowPrivateTargets: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string;
  miniAppDist: string;
  /** Browser origins answered with CORS on /api/zma/app/* (the mini app served from Zalo's hosts). */
  zmaAllowedOrigins: string[];
  zaloMode: 'sandbox' | 'live';
  /**
   * Base URL of an external sandbox; without it sandbox mode mounts one in-process at /zalo-sandbox
   * (a worker process then uses the address its API process recorded in the database).
   */
  zaloSandboxUrl: string | undefined;
  zaloHostOverrides: Partial<Record<'oauth' | 'openapi' | 'business' | 'graph', string>>;
  zaloOaRatePerMinute: number;
  /** Campaign messages a tenant may enqueue per second, all campaigns and workers together. */
  campaignRatePerSecond: number;
  /** Default public API limits (requests per second per key / per tenant; burst = that many seconds' worth). */
  publicApiRate: { keyPerSecond: number; tenantPerSecond: number; burstSeconds: number };
  /** Per-OA limit kept in the database for every process (default with DATABASE_URL), or per process (PGlite default). */
  zaloRateLimit: 'shared' | 'local';
  zaloTimeoutMs: number;
  uploadsDir: string;
  /** True when APP_SECRET was not given and this process read or generated DATA_DIR/app-secret. */
  appSecretGenerated: boolean;
  /** Public sends go through the micro-batcher (ADR 0003); false: one transaction each. */
  sendBatching: boolean;
  /** Concurrent per-tenant send batches. */
  sendBatchLanes: number;
}

/** Thrown at boot with every invalid setting listed. */
export class ConfigError extends Error {}

/**
 * Parses the environment. Embedded mode (no DATABASE_URL) generates APP_SECRET once into the data
 * directory so encrypted values survive restarts; production must set it.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: required in production');
  }
  if (env.NODE_ENV === 'production' && !env.ZALO_MODE) {
    throw new ConfigError('Invalid configuration:\n  ZALO_MODE: required in production (live, or sandbox for a staging copy)');
  }
  mkdirSync(dataDir, { recursive: true });
  const appSecret = env.APP_SECRET ?? readOrCreateSecret(dataDir);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`,
    publicUrlGiven: env.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteWorker: env.PGLITE_WORKER === 'on',
    appSecret,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webhookAllowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    // Production seeds only when asked (SEED_DEMO=true), and then never with the published password (seed/demo.ts).
    seedDemo: env.SEED_DEMO ?? (env.NODE_ENV !== 'production' && !env.DATABASE_URL),
    webDist: path.resolve(env.WEB_DIST),
    miniAppDist: path.resolve(env.MINI_APP_DIST),
    zmaAllowedOrigins: env.ZMA_ALLOWED_ORIGINS,
    zaloMode: env.ZALO_MODE ?? 'sandbox',
    zaloSandboxUrl: env.ZALO_SANDBOX_URL,
    zaloHostOverrides: Object.fromEntries(
      Object.entries({ oauth: env.ZALO_OAUTH_URL, openapi: env.ZALO_OPENAPI_URL, business: env.ZALO_BUSINESS_URL, graph: env.ZALO_GRAPH_URL }).filter(([, v]) => v),
    ),
    zaloOaRatePerMinute: env.ZALO_OA_RATE_PER_MINUTE,
    campaignRatePerSecond: env.CAMPAIGN_RATE_PER_SECOND,
    publicApiRate: { keyPerSecond: env.PUBLIC_API_RATE_PER_SECOND_KEY, tenantPerSecond: env.PUBLIC_API_RATE_PER_SECOND_TENANT, burstSeconds: env.PUBLIC_API_RATE_BURST_SECONDS },
    // Embedded PGlite has exactly one process, whose in-memory bucket is already exact.
    zaloRateLimit: env.ZALO_RATE_LIMIT ?? (env.DATABASE_URL ? 'shared' : 'local'),
    zaloTimeoutMs: env.ZALO_TIMEOUT_MS,
    uploadsDir: path.join(dataDir, 'uploads'),
    appSecretGenerated: !env.APP_SECRET,
    sendBatching: env.SEND_BATCHING === 'on',
    sendBatchLanes: env.SEND_BATCH_LANES,
  };
}

/** Where the Zalo client points: live Zalo, an external sandbox, or the in-process one at `localBase`. */
export function resolveZaloHosts(config: Config, localBase: string): ZaloHosts {
  const base = config.zaloMode === 'live' ? LIVE_ZALO_HOSTS : sandboxHosts(config.zaloSandboxUrl ?? `${localBase}/zalo-sandbox`);
  return { ...base, ...config.zaloHostOverrides };
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'off') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim());
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
