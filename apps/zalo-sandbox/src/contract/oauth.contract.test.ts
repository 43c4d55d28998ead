import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createZaloClient } from '@zc/zalo/client';
import { ZaloApiError, ZaloTokenMissingError } from '@zc/zalo/errors';
import { buildOaAuthorizationUrl, createPkcePair, exchangeAuthorizationCode, pkceChallenge, refreshOaTokens } from '@zc/zalo/oauth';
import { createMemoryTokenStore } from '@zc/zalo/token-store';
import { getZnsQuota } from '@zc/zalo/zns';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '../seed';
import { startHarness, type Harness } from './harness';

const h: Harness = await startHarness();
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('/reset', {});
  const now = h.sb.sandbox.clock.now();
  for (const oaId of [SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID]) {
    const t = SANDBOX_INITIAL_TOKENS[oaId];
    if (t) h.store.set(oaId, { ...t, accessTokenExpiresAt: now + 24 * 3600_000 });
  }
});
const app = { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY };

async function authorise(challenge: string, redirectUri = 'http://127.0.0.1:3000/cb'): Promise<URL> {
  const url = buildOaAuthorizationUrl(h.sb.hosts, { appId: SANDBOX_APP_ID, redirectUri, codeChallenge: challenge, state: 'st-1' });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

describe('OAuth v4 against the sandbox', () => {
  it('builds a PKCE pair the way the SDK does (43-char verifier, S256 challenge)', () => {
    const p = createPkcePair();
    expect(p.codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(p.codeChallenge).toBe(pkceChallenge(p.codeVerifier));
    // RFC 7636 appendix B vector
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('exchanges the callback code for a pair and stores it', async () => {
    const pkce = createPkcePair();
    const cb = await authorise(pkce.codeChallenge);
    expect(cb.searchParams.get('state')).toBe('st-1');
    expect(cb.searchParams.get('oa_id')).toBe(SANDBOX_OA_ID);
    const tokens = await h.client.connectOa(SANDBOX_OA_ID, { code: cb.searchParams.get('code') ?? '', codeVerifier: pkce.codeVerifier });
    expect(tokens.accessToken).not.toBe(SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.accessToken);
    expect(tokens.accessTokenExpiresAt - h.sb.sandbox.clock.now()).toBeGreaterThan(89_000_000);
    expect((await h.store.get(SANDBOX_OA_ID))?.refreshToken).toBe(tokens.refreshToken);
    await expect(getZnsQuota(h.client, SANDBOX_OA_ID)).resolves.toMatchObject({ dailyQuota: 5000 });
  });

  it('refuses a reused code (-14005), a wrong verifier (-14005) and a foreign redirect URI (-14003)', async () => {
    const pkce = createPkcePair();
    const code = (await authorise(pkce.codeChallenge)).searchParams.get('code') ?? '';
    await exchangeAuthorizationCode(h.client.transport, app, { code, codeVerifier: pkce.codeVerifier });
    await expect(exchangeAuthorizationCode(h.client.transport, app, { code, codeVerifier: pkce.codeVerifier })).rejects.toMatchObject({ code: -14005 });
    const code2 = (await authorise(pkce.codeChallenge)).searchParams.get('code') ?? '';
    await expect(exchangeAuthorizationCode(h.client.transport, app, { code: code2, codeVerifier: 'wrong' })).rejects.toMatchObject({ code: -14005, api: 'oauth' });
    const res = await fetch(buildOaAuthorizationUrl(h.sb.hosts, { appId: SANDBOX_APP_ID, redirectUri: 'https://evil.example/cb', codeChallenge: 'x', state: 's' }), { redirect: 'manual' });
    expect(await res.json()).toMatchObject({ error: -14003 });
  });

  it('rotates on refresh and refuses the consumed refresh token (-14014)', async () => {
    const first = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.refreshToken ?? '';
    const next = await refreshOaTokens(h.client.transport, app, first);
    expect(next.refreshToken).not.toBe(first);
    const err = await refreshOaTokens(h.client.transport, app, first).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZaloApiError);
    expect(err).toMatchObject({ code: -14014, classification: 'permanent' });
    expect((err as ZaloApiError).explanation.vi.action).toMatch(/Kết nối lại OA/);
  });

  it('refuses a wrong secret key (-14004), an unknown app (-14002) and a bad grant type (-14018)', async () => {
    const rt = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.refreshToken ?? '';
    await expect(refreshOaTokens(h.client.transport, { ...app, secretKey: 'nope' }, rt)).rejects.toMatchObject({ code: -14004 });
    await expect(refreshOaTokens(h.client.transport, { ...app, appId: '1' }, rt)).rejects.toMatchObject({ code: -14002 });
    const res = await fetch(`${h.sb.hosts.oauth}/oa/access_token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: SANDBOX_APP_SECRET_KEY },
      body: new URLSearchParams({ app_id: SANDBOX_APP_ID, grant_type: 'password' }).toString(),
    });
    expect(await res.json()).toMatchObject({ error: -14018 });
  });

  it('old access tokens stop working after a rotation (-216 on OA, -124 on ZNS) and the client recovers', async () => {
    const old = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.accessToken ?? '';
    await h.client.refreshTokens(SANDBOX_OA_ID, old);
    const zns = await fetch(`${h.sb.hosts.business}/message/quota`, { headers: { access_token: old } });
    expect(await zns.json()).toMatchObject({ error: -124 });
    const oa = await fetch(`${h.sb.hosts.openapi}/v2.0/oa/getoa`, { headers: { access_token: old } });
    expect(await oa.json()).toMatchObject({ error: -216 });
    // A client whose store still holds the old pair would refresh with a consumed token; ours does not.
    await expect(getZnsQuota(h.client, SANDBOX_OA_ID)).resolves.toMatchObject({ dailyQuota: 5000 });
  });

  it('refreshes before calling when the stored access token is about to expire, and on -220 after the clock passes 25 h', async () => {
    const before = await h.store.get(SANDBOX_OA_ID);
    h.store.set(SANDBOX_OA_ID, { ...before!, accessTokenExpiresAt: h.sb.sandbox.clock.now() + 60_000 });
    await getZnsQuota(h.client, SANDBOX_OA_ID);
    const after = await h.store.get(SANDBOX_OA_ID);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    // The sandbox expires it at 25 h while our store still thinks it is valid: the client sees -220/-124 and refreshes once.
    h.store.set(SANDBOX_OA_ID, { ...after!, accessTokenExpiresAt: Number.MAX_SAFE_INTEGER });
    await h.control('/clock/advance', { ms: 25 * 3600_000 + 1 });
    const raw = await fetch(`${h.sb.hosts.openapi}/v2.0/oa/getoa`, { headers: { access_token: after?.accessToken ?? '' } });
    expect(await raw.json()).toMatchObject({ error: -220 });
    await expect(getZnsQuota(h.client, SANDBOX_OA_ID)).resolves.toMatchObject({ dailyQuota: 5000 });
    expect((await h.store.get(SANDBOX_OA_ID))?.accessToken).not.toBe(after?.accessToken);
  });

  it('concurrent refreshes from one process and from other "processes" rotate exactly once and never lock the OA out', async () => {
    const stale = (await h.store.get(SANDBOX_OA_ID))?.accessToken ?? '';
    const workers = [h.client, h.newClient(), h.newClient(), h.newClient()];
    const results = await Promise.all(workers.flatMap((c) => [c.refreshTokens(SANDBOX_OA_ID, stale), c.refreshTokens(SANDBOX_OA_ID, stale)]));
    const pairs = new Set(results.map((r) => r.refreshToken));
    expect(pairs.size).toBe(1);
    expect(h.sb.sandbox.state.oas.get(SANDBOX_OA_ID)?.tokenGen).toBe(2);
    // The stored refresh token is the live one: a later refresh works.
    await expect(h.client.refreshTokens(SANDBOX_OA_ID)).resolves.toBeDefined();
    const live = await h.store.get(SANDBOX_OA_ID);
    await expect(refreshOaTokens(h.client.transport, app, live?.refreshToken ?? '')).resolves.toBeDefined();
  });

  it('many concurrent calls that all see an invalid token trigger a single rotation', async () => {
    await h.control(`/oa/${SANDBOX_OA_ID}`, { expireAccessToken: true });
    const clients = [h.client, h.newClient()];
    const calls = Array.from({ length: 20 }, (_, i) => getZnsQuota(clients[i % 2]!, SANDBOX_OA_ID));
    await expect(Promise.all(calls)).resolves.toHaveLength(20);
    expect(h.sb.sandbox.state.oas.get(SANDBOX_OA_ID)?.tokenGen).toBe(2);
  });

  it('throws a typed error when no tokens are stored for the OA', async () => {
    const c = createZaloClient({ hosts: h.sb.hosts, tokenStore: createMemoryTokenStore(), app });
    await expect(getZnsQuota(c, SANDBOX_OA_ID)).rejects.toBeInstanceOf(ZaloTokenMissingError);
  });
});
