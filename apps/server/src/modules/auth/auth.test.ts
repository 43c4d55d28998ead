import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit';
import { authThrottle, otpCodes, passwordResets, users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail';
import { merchantMembers } from '../../db/schema/organisation';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, PASSWORD, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('credential login (§8 texts)', () => {
  it('answers the exact §8 texts for an unknown account, a wrong password, no organisation and no tenant', async () => {
    const unknown = await post('/api/auth/login/credential', { email: 'nobody@test.vn', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatchObject({ code: 'LOGIN_FAILED', message: 'Login failed. Account is not exist!' });

    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const wrong = await post('/api/auth/login/credential', { email: owner.email, password: 'wrong-password' });
    expect(wrong.json().error.message).toBe('Login failed. Account is not exist!');

    const loner = await buildUser(t.database);
    const noMerchant = await post('/api/auth/login/credential', { email: loner.email, password: PASSWORD });
    expect(noMerchant.statusCode).toBe(403);
    expect(noMerchant.json().error).toMatchObject({ code: 'NO_MERCHANT', message: 'No merchants assigned' });

    const staff = await buildUser(t.database, { merchantId: org.id, role: 'USER' });
    const noTenant = await post('/api/auth/login/credential', { email: staff.email, password: PASSWORD });
    expect(noTenant.statusCode).toBe(403);
    expect(noTenant.json().error).toMatchObject({ code: 'NO_TENANT', message: 'No tenant' });
  });

  it('logs in an owner without tenants (they may create one) and records the sign-in in the user’s own chain only', async () => {
    const org = await buildOrganisation(t.database);
    const other = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    await t.database.db.insert(merchantMembers).values({ merchantId: other.id, userId: owner.id, role: 'USER' });
    const s = await loginAs(t.app, owner.email);
    const me = await t.app.inject({ url: '/api/auth', headers: s.headers() });
    expect(me.json().data).toMatchObject({ id: owner.id, email: owner.email });
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.actorId, owner.id)).orderBy(desc(auditLogs.seq));
    expect(entries.map((e) => [e.action, e.merchantId])).toEqual([['AUTH_LOGIN', null]]);
    // Neither organisation the user belongs to reads where they sign in.
    for (const merchantId of [org.id, other.id]) {
      const log = await t.app.inject({ url: '/api/merchant/audit-log/by-merchant?action=AUTH_LOGIN', headers: s.headers({ 'x-merchant-id': merchantId }) });
      if (merchantId === org.id) expect(log.json().meta.total).toBe(0);
      expect((await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.merchantId, merchantId), eq(auditLogs.action, 'AUTH_LOGIN')))).length).toBe(0);
    }
  });

  it('answers 400 with field details for schema violations and unknown fields, writing nothing', async () => {
    const before = (await t.database.db.select().from(auditLogs)).length;
    const res = await post('/api/auth/login/credential', { email: 'not-an-email', password: '', role: 'OWNER' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.fields as Array<{ path: string }>;
    expect(fields.map((f) => f.path)).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.role']));
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.statusCode).toBe(415);
    expect((await t.database.db.select().from(auditLogs)).length).toBe(before);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the session when a used one comes back', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const first = await post('/api/auth/refresh', { refreshToken: s.refreshToken });
    expect(first.statusCode).toBe(200);
    const next = first.json().data as { accessToken: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(s.refreshToken);

    const reuse = await post('/api/auth/refresh', { refreshToken: s.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('REFRESH_TOKEN_REUSED');
    // the whole family is gone: the rotated token and its access token no longer work
    expect((await post('/api/auth/refresh', { refreshToken: next.refreshToken })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth', headers: { authorization: `Bearer ${next.accessToken}` } })).statusCode).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    expect((await post('/api/auth/logout', {}, s.headers())).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth', headers: s.headers() })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: s.refreshToken })).statusCode).toBe(401);
  });

  it('revokes every session on password change and hands the caller a fresh pair', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const other = await loginAs(t.app, owner.email);
    const s = await loginAs(t.app, owner.email);
    const wrong = await post('/api/merchant/user/change-password', { currentPassword: 'nope-nope', newPassword: 'NewPassw0rd!' }, s.headers());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].path).toBe('currentPassword');
    const ok = await post('/api/merchant/user/change-password', { currentPassword: PASSWORD, newPassword: 'NewPassw0rd!' }, s.headers());
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().data.tokens.accessToken as string;
    expect((await t.app.inject({ url: '/api/auth', headers: other.headers() })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth', headers: s.headers() })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
    await loginAs(t.app, owner.email, 'NewPassw0rd!');
  });
});

describe('register, forgot and reset password', () => {
  it('registers an owner of a new organisation and refuses a taken email with 409', async () => {
    const payload = { email: 'New.Owner@Test.vn', password: 'Passw0rd!x', displayName: '  Chủ mới ', organisationName: 'Công ty Mới' };
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'new.owner@test.vn', displayName: 'Chủ mới' });
    const token = res.json().data.accessToken as string;
    const orgs = await t.app.inject({ url: '/api/merchant/merchant/by-user', headers: { authorization: `Bearer ${token}` } });
    expect(orgs.json().data[0]).toMatchObject({ name: 'Công ty Mới', role: 'OWNER', tenants: [] });
    const again = await post('/api/auth/register', payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('mails a reset link through the outbox and resets the password once', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    expect((await post('/api/merchant/auth/forgot-password', { email: owner.email })).statusCode).toBe(200);
    expect((await post('/api/merchant/auth/forgot-password', { email: 'ghost@test.vn' })).statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email)).orderBy(desc(mailOutbox.createdAt));
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await post('/api/merchant/auth/reset-password', { token, password: 'Reset-Passw0rd' })).statusCode).toBe(200);
    const reused = await post('/api/merchant/auth/reset-password', { token, password: 'Another-Passw0rd' });
    expect(reused.json().error.code).toBe('RESET_TOKEN_INVALID');
    expect((await t.app.inject({ url: '/api/auth', headers: s.headers() })).statusCode).toBe(401);
    await loginAs(t.app, owner.email, 'Reset-Passw0rd');
  });
});

describe('profile', () => {
  it('trims the display name and refuses a blank one', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const blank = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: s.headers(), payload: { displayName: '   ' } });
    expect(blank.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: s.headers(), payload: { displayName: '  Tên Mới  ' } });
    expect(ok.json().data.displayName).toBe('Tên Mới');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.displayName).toBe('Tên Mới');
  });
});

describe('OTP (§8, §9)', () => {
  async function setup() {
    const org = await buildOrganisation(t.database);
    const tenant = await buildTenant(t.database, org.id);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
    const s = await loginAs(t.app, user.email);
    const latestCode = async () => {
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.createdAt));
      return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
    };
    const expireGuard = () => t.database.db.update(otpCodes).set({ lastSentAt: new Date(Date.now() - 10_000) }).where(eq(otpCodes.userId, user.id));
    return { s, user, latestCode, expireGuard };
  }

  it('issues a 6-digit code with its TTL in seconds and guards re-requests for 5 s', async () => {
    const { s, latestCode } = await setup();
    const res = await post('/api/auth/otp/generate', { purpose: 'API_KEY' }, s.headers());
    expect(res.json().data).toEqual({ ttl: 300 });
    expect(await latestCode()).toMatch(/^\d{6}$/);
    const again = await post('/api/merchant/otp/generate', { purpose: 'API_KEY' }, s.headers());
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/^Please try again after [1-5]$/);
  });

  it('answers OTP is required, OTP is incorrect, and consumes a right code once', async () => {
    const { s, latestCode } = await setup();
    await post('/api/auth/otp/generate', { purpose: 'GENERIC' }, s.headers());
    const code = await latestCode();
    expect((await post('/api/auth/otp/verify', { purpose: 'GENERIC' }, s.headers())).json().error.message).toBe('OTP is required');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/auth/otp/verify', { purpose: 'GENERIC', otp: wrong }, s.headers())).json().error.message).toBe('OTP is incorrect');
    expect((await post('/api/auth/otp/verify', { purpose: 'GENERIC', otp: code }, s.headers())).statusCode).toBe(200);
    expect((await post('/api/auth/otp/verify', { purpose: 'GENERIC', otp: code }, s.headers())).json().error.message).toBe('OTP is incorrect');
  });

  it('locks out after 5 wrong attempts, even for the right code and for new codes', async () => {
    const { s, latestCode, expireGuard } = await setup();
    await post('/api/auth/otp/generate', {}, s.headers());
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect((await post('/api/auth/otp/verify', { otp: wrong }, s.headers())).json().error.code).toBe('OTP_INCORRECT');
    const fifth = await post('/api/auth/otp/verify', { otp: wrong }, s.headers());
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.message).toMatch(/^You have reached the maximum number of OTP attempts\. Please try again after \d+$/);
    expect(fifth.json().error.details.retryAfterSeconds).toBeGreaterThan(800);
    expect((await post('/api/auth/otp/verify', { otp: code }, s.headers())).json().error.code).toBe('OTP_MAX_ATTEMPTS');
    await expireGuard();
    expect((await post('/api/auth/otp/generate', {}, s.headers())).json().error.code).toBe('OTP_MAX_ATTEMPTS');
  });

  it('answers OTP is expired after the TTL', async () => {
    const { s, user, latestCode } = await setup();
    await post('/api/auth/otp/generate', {}, s.headers());
    const code = await latestCode();
    await t.database.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpCodes.userId, user.id));
    expect((await post('/api/auth/otp/verify', { otp: code }, s.headers())).json().error.code).toBe('OTP_EXPIRED');
  });
});

describe('sign-in throttling (per account and per address)', () => {
  let ipSeq = 0;
  /** A fresh client address per call, so only the account counter is in play. */
  const freshIp = () => {
    ipSeq += 1;
    return `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  };
  const attempt = (email: string, password: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email, password }, remoteAddress: ip });
  type ThrottleScope = typeof authThrottle.$inferSelect.scope;
  const throttleRow = async (scope: ThrottleScope, key: string) =>
    (await t.database.db.select().from(authThrottle).where(and(eq(authThrottle.scope, scope), eq(authThrottle.key, key))))[0];
  const endLock = (scope: ThrottleScope, key: string) =>
    t.database.db.update(authThrottle).set({ lockedUntil: new Date(Date.now() - 1000) }).where(and(eq(authThrottle.scope, scope), eq(authThrottle.key, key)));
  const lockMails = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject.includes('Sign-in temporarily locked'));
  async function owner() {
    const org = await buildOrganisation(t.database);
    return buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  }

  it('locks an account after 5 wrong passwords, refuses even the right one with 429 and the wait, and mails the owner once', async () => {
    const user = await owner();
    for (let i = 0; i < 5; i += 1) expect((await attempt(user.email, 'wrong-password')).json().error.code).toBe('LOGIN_FAILED');
    const locked = await attempt(user.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const wait = locked.json().error.details.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(locked.headers['retry-after']).toBe(String(wait));
    // Attempts during a lock are refused unheard: they neither count nor extend it.
    expect((await attempt(user.email, 'wrong-again')).statusCode).toBe(429);
    expect((await throttleRow('login-account', user.email))?.failures).toBe(5);
    const mails = await lockMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('tạm khoá trong 1 phút');
    expect(mails[0]?.text).toContain('locked for 1 minute(s)');

    // The lock over, the next wrong password locks for twice as long; no second mail within the hour.
    await endLock('login-account', user.email);
    expect((await attempt(user.email, 'wrong-password')).statusCode).toBe(401);
    const longer = await attempt(user.email, PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(longer.json().error.details.retryAfterSeconds).toBeGreaterThan(110);
    expect(longer.json().error.details.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(await lockMails(user.email)).toHaveLength(1);

    // The lock over, the right password signs in and the account starts again from zero.
    await endLock('login-account', user.email);
    expect((await attempt(user.email, PASSWORD)).statusCode).toBe(200);
    expect(await throttleRow('login-account', user.email)).toBeUndefined();
    expect((await attempt(user.email, 'wrong-password')).statusCode).toBe(401);
    expect((await throttleRow('login-account', user.email))?.lockedUntil).toBeNull();
  });

  it('counts 40 concurrent wrong passwords before any of them is checked, so the right one after them is refused', async () => {
    const user = await owner();
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(user.email, 'wrong-password')));
    const codes = results.map((r) => r.json().error.code as string);
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(35);
    const right = await attempt(user.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('locks an unknown email the same way (same answer, mixed-case spelling included) and mails nobody', async () => {
    const ghost = `ghost-${Date.now()}@test.vn`;
    for (let i = 0; i < 5; i += 1) expect((await attempt(i % 2 ? ghost.toUpperCase() : ghost, 'wrong-password')).json().error.code).toBe('LOGIN_FAILED');
    const locked = await attempt(ghost, 'whatever-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', details: { retryAfterSeconds: expect.any(Number) } });
    expect(Object.keys(locked.json().error.details)).toEqual(['retryAfterSeconds']);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ghost))).toHaveLength(0);
  });

  it('does not count right passwords: many sign-ins from one address pass, and a success resets the account counter', async () => {
    const user = await owner();
    const ip = freshIp();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await attempt(user.email, 'wrong-password', ip)).statusCode).toBe(401);
      expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < 15; i += 1) expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(200);
    // Concurrent sign-ins of many people behind one address (an office) pass too.
    const colleagues = await Promise.all(Array.from({ length: 12 }, () => owner()));
    const many = await Promise.all(colleagues.map((c) => attempt(c.email, PASSWORD, ip)));
    expect(many.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect((await throttleRow('login-ip', ip))?.failures).toBe(8);
    expect((await throttleRow('login-ip', ip))?.lockedUntil).toBeNull();
  });

  it('locks an address after 20 wrong passwords over any accounts; the same account still signs in from elsewhere', async () => {
    const user = await owner();
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await attempt(`spray-${i}-${Date.now()}@test.vn`, 'wrong-password', ip)).statusCode).toBe(401);
    const fromIp = await attempt(user.email, PASSWORD, ip);
    expect(fromIp.statusCode).toBe(429);
    expect(fromIp.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // Refused at the address: the account was not charged for it.
    expect(await throttleRow('login-account', user.email)).toBeUndefined();
    expect((await attempt(user.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset links and their throttle', () => {
  const forgot = (email: string) => post('/api/merchant/auth/forgot-password', { email });
  const tokensIn = async (to: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt)).map((m) => /token=([\w-]+)/.exec(m.text)?.[1] ?? '');

  it('voids every earlier reset link when a new one is issued, and all of them once one is used', async () => {
    const org = await buildOrganisation(t.database);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot(user.email)).statusCode).toBe(200);
    const [first, second] = await tokensIn(user.email);
    const live = await t.database.db.select().from(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(live).toHaveLength(1);
    expect((await post('/api/merchant/auth/reset-password', { token: first, password: 'Reset-Passw0rd' })).json().error.code).toBe('RESET_TOKEN_INVALID');
    expect((await post('/api/merchant/auth/reset-password', { token: second, password: 'Reset-Passw0rd' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))))).toHaveLength(0);
  });

  it('allows 3 reset requests per account, then answers 429 alike for a known and an unknown email', async () => {
    const org = await buildOrganisation(t.database);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const ghost = `nobody-${Date.now()}@test.vn`;
    const answers: Record<string, Array<{ status: number; code?: string; retry?: number }>> = {};
    for (const email of [user.email, ghost]) {
      answers[email] = [];
      for (let i = 0; i < 4; i += 1) {
        const r = await forgot(i === 3 ? email.toUpperCase() : email);
        answers[email]?.push({ status: r.statusCode, code: r.json().error?.code, retry: r.json().error?.details?.retryAfterSeconds });
      }
    }
    expect(answers[user.email]?.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[ghost]?.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[user.email]?.[3]?.code).toBe('TOO_MANY_ATTEMPTS');
    expect(answers[ghost]?.[3]?.code).toBe('TOO_MANY_ATTEMPTS');
    expect(answers[user.email]?.[3]?.retry).toBeGreaterThan(290);
    expect(await tokensIn(user.email)).toHaveLength(3);
  });

  it('lifts a sign-in lock when the owner resets the password', async () => {
    const org = await buildOrganisation(t.database);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    for (let i = 0; i < 5; i += 1) await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: user.email, password: 'wrong-password' }, remoteAddress: `10.78.0.${i + 1}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/credential', payload: { email: user.email, password: PASSWORD }, remoteAddress: '10.78.1.1' })).statusCode).toBe(429);
    await forgot(user.email);
    const [token] = (await tokensIn(user.email)).filter(Boolean);
    expect((await post('/api/merchant/auth/reset-password', { token, password: 'After-Lock-1' })).statusCode).toBe(200);
    await loginAs(t.app, user.email, 'After-Lock-1');
  });
});

describe('concurrent registration of one email', () => {
  it('answers one 200 and 409 EMAIL_TAKEN to the rest, on PGlite and on PostgreSQL alike', async () => {
    const email = `race-${Date.now()}@test.vn`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/api/auth/register', { email, password: 'Passw0rd!x', displayName: `Racer ${i}`, organisationName: `Race ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email is already registered', details: { fields: [{ path: 'email' }] } });
      expect(r.body).not.toContain('users_email_key');
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
