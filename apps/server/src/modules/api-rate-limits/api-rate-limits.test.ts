import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys';
import { auditLogs } from '../../db/schema/audit';
import { rateLimitBuckets } from '../../db/schema/platform';
import { tenantApiRateLimits } from '../../db/schema/api-rate-limits';
import { sha256 } from '../../platform/crypto';
import { buildOrganisation, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { buildSendFixture, znsBody, type SendFixture } from '../messaging/test-fixtures';
import { buildApp } from '../../app';
import { figuresAt, gcraStep } from './limiter';

// Small defaults so a burst is a handful of requests: 3/s per key, 5/s per tenant, 1 s burst.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ publicApiRate: { keyPerSecond: 3, tenantPerSecond: 5, burstSeconds: 1 } });
});
afterAll(async () => t.close());

const send = (key: string, body: unknown | string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'content-type': 'application/json', 'x-api-key': key }, payload: typeof body === 'string' ? body : JSON.stringify(body) });

async function secondKey(f: SendFixture): Promise<string> {
  const secret = `zck_${randomBytes(16).toString('hex')}`;
  await t.database.db.insert(apiKeys).values({ tenantId: f.tenantId, zaloOaId: f.zaloOaId, name: 'second key', keyPrefix: secret.slice(0, 8), secretHash: sha256(secret) });
  return secret;
}

/** n sends at once: they share one or two limiter decisions, so the buckets do not refill between them. */
const burst = (key: string, f: SendFixture, n: number) => Promise.all(Array.from({ length: n }, () => send(key, znsBody(f))));
const codes = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();
const count = (rs: { statusCode: number }[], code: number) => rs.filter((r) => r.statusCode === code).length;

async function setOverride(f: SendFixture, keyPerSecond: number, tenantPerSecond: number, burstSeconds: number) {
  await t.database.db.insert(tenantApiRateLimits).values({ tenantId: f.tenantId, keyPerSecond, tenantPerSecond, burstSeconds });
}

async function ownerOf(f: SendFixture, role: 'OWNER' | 'MODERATOR' = 'OWNER') {
  const user = await buildUser(t.database, { merchantId: f.merchantId, role, tenantIds: role === 'OWNER' ? [] : [f.tenantId] });
  const s = await loginAs(t.app, user.email);
  return { user, headers: (extra: Record<string, string> = {}) => s.headers({ 'x-merchant-id': f.merchantId, ...extra }) };
}

describe('GCRA arithmetic', () => {
  it('lets a full bucket through, refuses the next and says how long to wait', () => {
    let tat = 0;
    for (let i = 0; i < 3; i += 1) {
      const step = gcraStep(tat, 1_000_000, 3, 1);
      expect(step.allowed).toBe(true);
      tat = step.tat;
    }
    const refused = gcraStep(tat, 1_000_000, 3, 1);
    expect(refused.allowed).toBe(false);
    expect(refused.waitMs).toBeCloseTo(1000 / 3, 3);
    expect(figuresAt(tat, 1_000_000, 3, 1)).toEqual({ capacity: 3, windowSeconds: 1, remaining: 0, resetSeconds: 1 });
    expect(figuresAt(tat, 1_000_000 + 1000, 3, 1).remaining).toBe(3);
  });
});

describe('public API rate limits (issue 17 #4)', () => {
  it('answers a 202 with the RateLimit-* headers, and a burst over the key limit with 429, Retry-After and the shared error shape', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    const first = await send(f.secret, znsBody(f));
    expect(first.statusCode, first.body).toBe(202);
    expect(first?.headers['ratelimit-limit']).toBe('3');
    expect(first?.headers['ratelimit-remaining']).toBe('2');
    expect(Number(first?.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(first?.headers['ratelimit-policy']).toBe('3;w=1;comment="api-key", 5;w=1;comment="tenant"');
    const rest = await burst(f.secret, f, 8);
    const limited = rest.filter((r) => r.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    const r = limited[0]!;
    expect(r.json().error).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
    expect(r.json().error.requestId).toBeTruthy();
    expect(r.headers['retry-after']).toBe('1');
    expect(r.headers['ratelimit-remaining']).toBe('0');
    expect(r.headers['ratelimit-limit']).toBe('3');
  });

  it('carries the headers on a 400 of an authenticated key too', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    const bad = await send(f.secret, '{"phone":');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['ratelimit-remaining']).toBe('2');
  });

  it('answers an unknown or malformed key 401 before the body is read, without headers or spending any budget', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    const before = await t.database.db.select().from(rateLimitBuckets).where(like(rateLimitBuckets.key, `api-tenant:${f.tenantId}`));
    for (const key of ['zck_unknown_key_0000000000000000', 'x'.repeat(201), ' ']) {
      for (let i = 0; i < 6; i += 1) {
        const res = await send(key, '{"phone":');
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('API_KEY_INVALID');
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    }
    expect(before).toHaveLength(0);
    const ok = await send(f.secret, znsBody(f));
    expect(ok.statusCode).toBe(202);
    expect(ok.headers['ratelimit-remaining']).toBe('2');
  });

  it("keeps tenants apart: one tenant's flood leaves another tenant at 202", async () => {
    const a = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    const b = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    const flood = await Promise.all(Array.from({ length: 12 }, () => send(a.secret, znsBody(a))));
    // 3 at once and 3/s: most of 12 are refused even when the burst takes a second on a loaded host.
    expect(count(flood, 429)).toBeGreaterThanOrEqual(6);
    const other = await send(b.secret, znsBody(b));
    expect(other.statusCode).toBe(202);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });

  it('lets two keys of one tenant share the tenant budget, and a key over its own limit does not drain it', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    await setOverride(f, 2, 3, 5); // key: 10 at once (2/s), tenant: 15 at once (3/s)
    const k2 = await secondKey(f);
    const k1 = await burst(f.secret, f, 14);
    // The key's own limit (a refill of 2/s while a loaded host runs the burst aside); its refusals consume nothing.
    expect(count(k1, 202)).toBeGreaterThanOrEqual(10);
    expect(count(k1, 202)).toBeLessThanOrEqual(12);
    const tenantLeft = 15 - count(k1, 202);
    const second = await burst(k2, f, 10);
    const passed = count(second, 202);
    // Key 2 gets what the tenant has left (plus its refill of 3/s), fewer than its own 10.
    expect(passed).toBeGreaterThanOrEqual(tenantLeft);
    expect(passed).toBeLessThan(10);
    const refused = second.find((r) => r.statusCode === 429);
    expect(refused?.headers['ratelimit-limit']).toBe('15');
    expect(refused?.headers['ratelimit-policy']).toMatch(/^15;w=5;comment="tenant"/);
  });

  it('is one budget for every API process: two apps on one database do not double it', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    await setOverride(f, 1, 100, 10); // the key: 10 at once, refilling 1 per second
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const viaOther = () => other.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'content-type': 'application/json', 'x-api-key': f.secret }, payload: JSON.stringify(znsBody(f)) });
      const res = await Promise.all([...Array.from({ length: 10 }, () => send(f.secret, znsBody(f))), ...Array.from({ length: 10 }, viaOther)]);
      const passed = count(res, 202);
      // 10 at once (plus a refill of 1/s while the burst runs); each process alone would have let 10 through, 20 in all.
      expect(passed).toBeGreaterThanOrEqual(10);
      expect(passed).toBeLessThanOrEqual(12);
      expect(count(res, 429)).toBe(20 - passed);
    } finally {
      await other.close();
    }
  });

  it('applies an organisation override on the next request, without a restart', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1_000_000 });
    const { headers } = await ownerOf(f);
    const put = await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: headers(), payload: { keyPerSecond: 1, tenantPerSecond: null, burstSeconds: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ override: { keyPerSecond: 1, tenantPerSecond: null, burstSeconds: 2 }, effective: { keyPerSecond: 1, tenantPerSecond: 5, burstSeconds: 2 }, defaults: { keyPerSecond: 3 } });
    const res = await burst(f.secret, f, 3);
    expect(codes(res)).toEqual([202, 202, 429]);
    expect(res.find((r) => r.statusCode === 202)?.headers['ratelimit-policy']).toBe('2;w=2;comment="api-key", 10;w=2;comment="tenant"');
    expect(res.find((r) => r.statusCode === 429)?.headers['retry-after']).toBe('1');
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'TENANT_API_RATE_LIMITS_UPDATE'), eq(auditLogs.targetId, f.tenantId)));
    expect(entry).toMatchObject({ merchantId: f.merchantId, tenantId: f.tenantId });
  });
});

describe('the organisation route', () => {
  it('shows defaults, override and effective limits; 403 without UPDATE_TENANT; 404 for another organisation’s tenant', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1 });
    const mod = await ownerOf(f, 'MODERATOR');
    const get = await t.app.inject({ url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: mod.headers() });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json().data).toMatchObject({ tenantId: f.tenantId, override: { keyPerSecond: null }, effective: { keyPerSecond: 3, tenantPerSecond: 5, burstSeconds: 1 }, updatedAt: null, abilities: { update: false } });
    const denied = await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: mod.headers(), payload: { keyPerSecond: 1, tenantPerSecond: 1, burstSeconds: 1 } });
    expect(denied.statusCode).toBe(403);

    const other = await buildOrganisation(t.database);
    const stranger = await buildUser(t.database, { merchantId: other.id, role: 'OWNER' });
    const s = await loginAs(t.app, stranger.email);
    const h = s.headers({ 'x-merchant-id': other.id });
    expect((await t.app.inject({ url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: h })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: h, payload: { keyPerSecond: 1, tenantPerSecond: 1, burstSeconds: 1 } });
    expect(put.statusCode).toBe(404);
    expect(await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'TENANT_API_RATE_LIMITS_UPDATE'), eq(auditLogs.targetId, f.tenantId)))).toHaveLength(0);
  });

  it('refuses values out of bounds with 400 naming the field, and writes nothing', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { balance: 1 });
    const { headers } = await ownerOf(f);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ keyPerSecond: 0, tenantPerSecond: 1, burstSeconds: 1 }, 'body.keyPerSecond'],
      [{ keyPerSecond: 1, tenantPerSecond: 100_001, burstSeconds: 1 }, 'body.tenantPerSecond'],
      [{ keyPerSecond: 1, tenantPerSecond: 1, burstSeconds: 61 }, 'body.burstSeconds'],
      [{ keyPerSecond: 1.5, tenantPerSecond: 1, burstSeconds: 1 }, 'body.keyPerSecond'],
      [{ keyPerSecond: '10', tenantPerSecond: 1, burstSeconds: 1 }, 'body.keyPerSecond'],
      [{ tenantPerSecond: 1, burstSeconds: 1 }, 'body.keyPerSecond'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: headers(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.fields.map((x: { path: string }) => x.path)).toContain(field);
    }
    const get = await t.app.inject({ url: `/api/merchant/tenant/${f.tenantId}/api-rate-limits`, headers: headers() });
    expect(get.json().data.updatedAt).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('documents the 429 with Retry-After and the RateLimit-* headers on both public send operations, and the two organisation routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    for (const path of ['/api/v1/zns/send', '/api/v1/oa/send']) {
      expect(Object.keys(doc.paths[path]?.post?.responses['429']?.headers ?? {})).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']));
    }
    const ours = doc.paths['/api/merchant/tenant/{id}/api-rate-limits'];
    expect([ours?.get?.operationId, ours?.put?.operationId]).toEqual(['getTenantApiRateLimits', 'updateTenantApiRateLimits']);
  });
});
