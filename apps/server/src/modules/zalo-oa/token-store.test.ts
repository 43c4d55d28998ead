import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { createZaloClient } from '@zc/zalo/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { createTestApp, type TestContext } from '../../test/helpers';
import { buildSendFixture } from '../messaging/test-fixtures';
import { createPgTokenStore } from './token-store';

let sb: RunningSandbox;
let t: TestContext;
beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sandboxOa() {
  await sb.sandbox.reset();
  await t.database.db.delete(zaloOas).where(eq(zaloOas.zoaId, SANDBOX_OA_ID));
  const tokens = SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID];
  return buildSendFixture(t.database, t.config.appSecret, { zoaId: SANDBOX_OA_ID, zappId: SANDBOX_APP_ID, appSecretKey: SANDBOX_APP_SECRET_KEY, accessToken: tokens?.accessToken, refreshToken: tokens?.refreshToken });
}

/** A second process's view: its own store (and cache) and client over the same database. */
function processView(cacheMs: number) {
  const store = createPgTokenStore(t.database.db, createCipher(t.config.appSecret), { cacheMs });
  const zalo = createZaloClient({ hosts: sb.hosts, tokenStore: store, app: { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY }, rateLimit: false });
  return { store, zalo };
}

const getoa = { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/oa/getoa' } as const;

describe('the OA token store reuses a pair briefly (ADR 0027)', () => {
  it('serves a pair from memory within its time, reads a pair changed elsewhere after it, and keeps its own refresh at once', async () => {
    const f = await sandboxOa();
    const cipher = createCipher(t.config.appSecret);
    const { store } = processView(150);
    const first = await store.get(f.zaloOaId);
    // Another process writes a new pair: within the cache time this process still answers the old one.
    await t.database.db.update(zaloOas).set({ accessTokenEnc: cipher.encrypt('rotated-elsewhere') }).where(eq(zaloOas.id, f.zaloOaId));
    expect((await store.get(f.zaloOaId))?.accessToken).toBe(first?.accessToken);
    await sleep(200);
    expect((await store.get(f.zaloOaId))?.accessToken).toBe('rotated-elsewhere');
    // Its own rotation (under the row lock) is what it answers from then on, without waiting.
    await store.withLock(f.zaloOaId, async (current) => current && { ...current, accessToken: 'mine', accessTokenExpiresAt: Date.now() + 3600_000 });
    await t.database.db.update(zaloOas).set({ accessTokenEnc: cipher.encrypt('later-elsewhere') }).where(eq(zaloOas.id, f.zaloOaId));
    expect((await store.get(f.zaloOaId))?.accessToken).toBe('mine');
  });

  it('a cached token another process rotated at Zalo meanwhile costs one token error, then the call goes through with the rotated pair and nothing is rotated twice', async () => {
    const f = await sandboxOa();
    const a = processView(60_000);
    const b = processView(60_000);
    // Process A caches the first pair.
    expect(((await a.zalo.call(f.zaloOaId, getoa)).data as { oaid?: string }).oaid).toBe(SANDBOX_OA_ID);
    const stale = (await a.store.get(f.zaloOaId))?.accessToken;
    // Process B rotates it: Zalo invalidates A's cached access token.
    const rotated = await b.zalo.refreshTokens(f.zaloOaId, stale);
    expect(rotated.accessToken).not.toBe(stale);
    // A's next call is answered: the token error makes it take the row lock, where it finds B's pair.
    expect(((await a.zalo.call(f.zaloOaId, getoa)).data as { oaid?: string }).oaid).toBe(SANDBOX_OA_ID);
    expect((await a.store.get(f.zaloOaId))?.accessToken).toBe(rotated.accessToken);
    const [row] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, f.zaloOaId));
    expect(createCipher(t.config.appSecret).decrypt(row?.accessTokenEnc ?? '')).toBe(rotated.accessToken);
  });
});
