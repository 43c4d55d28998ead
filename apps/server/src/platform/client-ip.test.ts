import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../db/schema/audit';
import { authThrottle, sessions } from '../db/schema/auth';
import { buildOrganisation, buildUser, createTestApp, PASSWORD, type TestContext } from '../test/helpers';

/**
 * request.ip feeds the auth rate limit, the sign-in throttle, the audit entry and the session row.
 * X-Forwarded-For may only change it when TRUST_PROXY names the proxy it came through.
 */
const LIMIT = 25;

async function signInFacts(t: TestContext, headers: Record<string, string>, remoteAddress: string) {
  const org = await buildOrganisation(t.database);
  const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: user.email, password: PASSWORD }, headers, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
  const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.actorId, user.id), eq(auditLogs.action, 'AUTH_LOGIN')));
  return { user, sessionIp: session?.ip, auditIp: entry?.ip };
}

const refresh = (t: TestContext, headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'not-a-token' }, headers, remoteAddress });

const wrongLogin = (t: TestContext, i: number, headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: `spray${i}-${Date.now()}@test.vn`, password: 'wrong-password' }, headers, remoteAddress });

describe('TRUST_PROXY off (the default): X-Forwarded-For is ignored', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: LIMIT });
    expect(t.config.trustProxy).toBe(false);
  });
  afterAll(async () => t.close());

  it('records the socket address, not a forged one, on the session and the audit entry', async () => {
    const facts = await signInFacts(t, { 'x-forwarded-for': '203.0.113.7' }, '192.0.2.10');
    expect(facts).toMatchObject({ sessionIp: '192.0.2.10', auditIp: '192.0.2.10' });
  });

  it('keeps rate-limiting one client that rotates forged X-Forwarded-For values', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await refresh(t, { 'x-forwarded-for': `203.0.113.${i + 1}` }, '192.0.2.30')).statusCode).toBe(401);
    const over = await refresh(t, { 'x-forwarded-for': '198.51.100.99' }, '192.0.2.30');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });

  it('locks the socket address after 20 wrong passwords whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 20; i += 1) expect((await wrongLogin(t, i, { 'x-forwarded-for': `203.0.113.${i + 1}` }, '192.0.2.20')).statusCode).toBe(401);
    const org = await buildOrganisation(t.database);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const locked = await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.1' }, remoteAddress: '192.0.2.20' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const rows = await t.database.db.select().from(authThrottle).where(eq(authThrottle.scope, 'login-ip'));
    expect(rows.map((r) => r.key)).toEqual(['192.0.2.20']);
  });
});

describe('TRUST_PROXY naming the proxy address', () => {
  let t: TestContext;
  const proxy = '10.0.0.5';
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: LIMIT, trustProxy: [proxy] });
  });
  afterAll(async () => t.close());

  it('uses the forwarded client address when the request came through the proxy, the socket otherwise', async () => {
    expect(await signInFacts(t, { 'x-forwarded-for': '203.0.113.7' }, proxy)).toMatchObject({ sessionIp: '203.0.113.7', auditIp: '203.0.113.7' });
    // Straight from somewhere else: the header is a forgery and is ignored.
    expect(await signInFacts(t, { 'x-forwarded-for': '203.0.113.8' }, '198.51.100.9')).toMatchObject({ sessionIp: '198.51.100.9', auditIp: '198.51.100.9' });
  });

  it('rate-limits and locks per forwarded client, not per proxy', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await refresh(t, { 'x-forwarded-for': '203.0.113.20' }, proxy)).statusCode).toBe(401);
    expect((await refresh(t, { 'x-forwarded-for': '203.0.113.20' }, proxy)).statusCode).toBe(429);
    expect((await refresh(t, { 'x-forwarded-for': '203.0.113.21' }, proxy)).statusCode).toBe(401);

    for (let i = 0; i < 20; i += 1) expect((await wrongLogin(t, i, { 'x-forwarded-for': '203.0.113.30' }, proxy)).statusCode).toBe(401);
    const org = await buildOrganisation(t.database);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const login = (client: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': client }, remoteAddress: proxy });
    expect((await login('203.0.113.30')).statusCode).toBe(429);
    expect((await login('203.0.113.31')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(async () => t.close());

  it('takes the address the one trusted proxy saw, not what the client claimed before it', async () => {
    const facts = await signInFacts(t, { 'x-forwarded-for': '198.51.100.66, 203.0.113.61' }, '10.0.0.5');
    expect(facts).toMatchObject({ sessionIp: '203.0.113.61', auditIp: '203.0.113.61' });
  });
});
