import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildOrganisation, buildUser, createTestApp, loginAs, type TestContext } from '../test/helpers';
import { createTokenSigner } from './tokens';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('access tokens with a valid signature but claims of the wrong shape', () => {
  it('answers 401 UNAUTHORIZED (never 500) for a non-uuid session id or subject, and accepts the genuine token', async () => {
    const org = await buildOrganisation(t.database);
    const user = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(t.app, user.email);
    const signer = createTokenSigner(t.config.appSecret, t.config.accessTokenTtlSeconds);
    const me = (token: string) => t.app.inject({ url: '/api/auth', headers: { authorization: `Bearer ${token}` } });
    expect((await me(s.token)).statusCode).toBe(200);

    const forged = [
      await signer.sign({ sub: user.id, sid: 'not-a-uuid' }),
      await signer.sign({ sub: 'admin', sid: randomUUID() }),
      await signer.sign({ sub: `${user.id}'--`, sid: randomUUID() }),
      await signer.sign({ sub: user.id, sid: randomUUID() }), // well-formed, no such session
    ];
    for (const token of forged) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    // A non-string sid (same key, built by hand) is refused the same way.
    const key = new TextEncoder().encode(`zc-access:${t.config.appSecret}`);
    const numeric = await new SignJWT({ sid: 42 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt().setExpirationTime('60s').sign(key);
    expect((await me(numeric)).statusCode).toBe(401);
  });
});
