import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError } from '@zc/zalo/errors';
import { appSecretProof, getMe, getPhoneNumber } from '@zc/zalo/graph';
import { SANDBOX_MINI_APP_ID, SANDBOX_MINI_APP_SECRET, SANDBOX_MINI_APP_USERS } from '../mini-app-state';
import { startHarness, type Harness } from './harness';

/** REFERENCE §10, §13.6 over HTTP: the real graph client against the sandbox's Mini App identity. */
let h: Harness;
const t = () => h.client.transport;

interface Issued { userId: string; accessToken: string }
const newUser = (b: Record<string, unknown> = {}) => h.control('/mini-app/users', b) as Promise<Issued>;
const phoneToken = async (accessToken: string) => ((await h.control('/mini-app/phone-token', { accessToken })) as { token: string }).token;

async function zaloError(p: Promise<unknown>): Promise<ZaloApiError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(ZaloApiError);
  return e as ZaloApiError;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.control('/reset', {});
});

describe('graph /me', () => {
  it('answers the user of a token with the proof of the registered app', async () => {
    const u = await newUser({ appId: SANDBOX_MINI_APP_ID, name: 'Lan', phone: '84912345678' });
    const me = await getMe(t(), u.accessToken, SANDBOX_MINI_APP_SECRET);
    expect(me.id).toBe(u.userId);
    expect(me.name).toBe('Lan');
    expect(me.avatar).toMatch(/^https:\/\//);
  });

  it('signs a seeded demo user in again with a fresh token of the control API', async () => {
    const seeded = SANDBOX_MINI_APP_USERS[0]!;
    const u = await newUser({ userId: seeded.id, appId: SANDBOX_MINI_APP_ID });
    expect((await getMe(t(), u.accessToken, SANDBOX_MINI_APP_SECRET)).name).toBe(seeded.name);
  });

  it('refuses a wrong appsecret_proof with -242 once the app is registered, any proof when it is not', async () => {
    const u = await newUser({ appId: SANDBOX_MINI_APP_ID });
    const e = await zaloError(getMe(t(), u.accessToken, 'not-the-secret'));
    expect(e.code).toBe(-242);
    expect(e.api).toBe('graph');
    expect(e.explanation.vi.meaning).toContain('appsecret_proof');
    const loose = await newUser({ appId: '99999000111' });
    expect((await getMe(t(), loose.accessToken, 'whatever')).id).toBe(loose.userId);
    await h.control('/mini-app/apps', { appId: '99999000111', secret: 'registered-secret' });
    expect((await zaloError(getMe(t(), loose.accessToken, 'whatever'))).code).toBe(-242);
    expect((await getMe(t(), loose.accessToken, 'registered-secret')).id).toBe(loose.userId);
  });

  it('refuses an unknown token (452), a tampered one (452) and an expired one (-220)', async () => {
    expect((await zaloError(getMe(t(), 'nonsense-token', SANDBOX_MINI_APP_SECRET))).code).toBe(452);
    const u = await newUser({ appId: SANDBOX_MINI_APP_ID });
    const tampered = u.accessToken.replace(/\.(\d)(\d+)\./, (_m, a: string, rest: string) => `.${a === '9' ? '8' : '9'}${rest}.`);
    expect((await zaloError(getMe(t(), tampered, SANDBOX_MINI_APP_SECRET))).code).toBe(452);
    const short = await newUser({ appId: SANDBOX_MINI_APP_ID, expiresInSeconds: 60 });
    await h.control('/clock/advance', { ms: 61_000 });
    const e = await zaloError(getMe(t(), short.accessToken, SANDBOX_MINI_APP_SECRET));
    expect(e.code).toBe(-220);
    expect(e.classification).toBe('token-refresh');
  });

  it('sends the lowercase hex HMAC-SHA256 of the token as appsecret_proof', () => {
    expect(appSecretProof('abc', 'key')).toBe('9c196e32dc0175f86f4b1cb89289d6619de6bee699e4c378e68309ed97a1a6ab');
  });
});

describe('graph /me/info (phone exchange)', () => {
  it('turns a phone token into the number once; reuse is -1400', async () => {
    const u = await newUser({ appId: SANDBOX_MINI_APP_ID, phone: '84912345678' });
    const code = await phoneToken(u.accessToken);
    expect(await getPhoneNumber(t(), u.accessToken, code, SANDBOX_MINI_APP_SECRET)).toBe('84912345678');
    const e = await zaloError(getPhoneNumber(t(), u.accessToken, code, SANDBOX_MINI_APP_SECRET));
    expect(e.code).toBe(-1400);
    expect(e.zaloMessage).toMatch(/already used/);
    expect(e.explanation.en.meaning).toMatch(/expired|used/);
  });

  it('refuses a token older than 2 minutes', async () => {
    const u = await newUser({ appId: SANDBOX_MINI_APP_ID });
    const code = await phoneToken(u.accessToken);
    await h.control('/clock/advance', { ms: 121_000 });
    const e = await zaloError(getPhoneNumber(t(), u.accessToken, code, SANDBOX_MINI_APP_SECRET));
    expect(e.code).toBe(-1400);
    expect(e.zaloMessage).toMatch(/expired/);
  });

  it("refuses another user's token, a wrong secret_key (-14004) and a missing access token (-1401)", async () => {
    const a = await newUser({ appId: SANDBOX_MINI_APP_ID });
    const b = await newUser({ appId: SANDBOX_MINI_APP_ID });
    const code = await phoneToken(a.accessToken);
    expect((await zaloError(getPhoneNumber(t(), b.accessToken, code, SANDBOX_MINI_APP_SECRET))).code).toBe(-1400);
    expect((await zaloError(getPhoneNumber(t(), a.accessToken, code, 'wrong-secret'))).code).toBe(-14004);
    // Neither refusal spent the code.
    expect(await getPhoneNumber(t(), a.accessToken, code, SANDBOX_MINI_APP_SECRET)).toMatch(/^84\d+$/);
    const res = await fetch(`${h.sb.url}/graph/v2.0/me/info`, { headers: { code: 'x' } });
    expect(await res.json()).toEqual({ error: -1401, message: 'Authentication required' });
  });
});

describe('mini-app control API', () => {
  it('is also reachable at /control/mini-app/* and validates its input', async () => {
    const res = await fetch(`${h.sb.url}/control/mini-app/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gender: 'other' }) });
    expect(res.status).toBe(400);
    const ok = await fetch(`${h.sb.url}/control/mini-app/phone-token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessToken: 'nope' }) });
    expect(ok.status).toBe(400);
    const users = (await h.control('/mini-app/users')) as { userId: string }[];
    expect(users.map((u) => u.userId)).toEqual(expect.arrayContaining(SANDBOX_MINI_APP_USERS.map((u) => u.id)));
  });

  it('follow changes what getUserInfo reports', async () => {
    const u = await newUser({});
    await h.control('/mini-app/follow', { accessToken: u.accessToken, followed: true });
    const info = (await (await fetch(`${h.sb.url}/_control/mini-app/user-info?accessToken=${encodeURIComponent(u.accessToken)}`)).json()) as { userInfo: { followedOA: boolean } };
    expect(info.userInfo.followedOA).toBe(true);
  });
});
