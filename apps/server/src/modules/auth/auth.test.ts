import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLogs, mailOutbox, otpCodes, users } from '../../db/schema/index';
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

  it('logs in an owner without tenants (they may create one) and writes an AUTH_LOGIN entry', async () => {
    const org = await buildOrganisation(t.database);
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const me = await t.app.inject({ url: '/api/auth', headers: s.headers() });
    expect(me.json().data).toMatchObject({ id: owner.id, email: owner.email });
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.actorId, owner.id)).orderBy(desc(auditLogs.seq));
    expect(entry?.action).toBe('AUTH_LOGIN');
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
