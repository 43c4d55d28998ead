import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '@zc/zalo-sandbox/seed';
import { createZaloClient } from '@zc/zalo/client';
import { ZaloRequestError } from '@zc/zalo/errors';
import { sendZaloRequest } from '@zc/zalo/transport';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
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

async function ownerOfTenant() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true, znsService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  return { tenant, h: s.headers({ 'x-tenant-id': tenant.id }) };
}

/** Credentials HTTP cannot carry in a header, with the field code the answer names. */
const BAD_TOKENS: Array<[label: string, value: string, code: string]> = [
  ['NUL', 'tok\u0000en', 'nul_character'],
  ['CR/LF (header injection)', 'tok\r\nx-injected: 1', 'header_unsafe'],
  ['a bare LF', 'tok\nen', 'header_unsafe'],
  ['an emoji', 'tok😀en', 'header_unsafe'],
  ['a lone surrogate', 'tok\uD800en', 'lone_surrogate'],
  ['Vietnamese letters', 'tiếngviệt', 'header_unsafe'],
  ['a control character', 'tok\u0007en', 'header_unsafe'],
];

describe('OA credentials bound for HTTP headers (issue 8, defect 4)', () => {
  it.each(BAD_TOKENS)('connect dialog: an access token with %s answers 400 naming zoaAccessToken and stores nothing', async (_label, value, code) => {
    const { h, tenant } = await ownerOfTenant();
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_SECOND_OA_ID, { zoaAccessToken: value }) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ path: 'body.zoaAccessToken', code }] } });
    expect(await t.database.db.select().from(zaloOas).where(eq(zaloOas.tenantId, tenant.id))).toHaveLength(0);
  });

  it('connect dialog: a secret key with a line break answers 400 naming zoaSecretKey (it travels as the secret_key header)', async () => {
    const { h } = await ownerOfTenant();
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_SECOND_OA_ID, { zoaSecretKey: 'key\r\nkey' }) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields).toEqual([expect.objectContaining({ path: 'body.zoaSecretKey', code: 'header_unsafe' })]);
  });

  it('update dialog: a pasted access token with CR/LF or an emoji answers 400 and leaves the stored token alone', async () => {
    await sb.sandbox.reset();
    const { h } = await ownerOfTenant();
    const created = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const [before] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, id));
    for (const value of ['abc\r\ndef', 'abc😀']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/merchant/zalo-oa/${id}`, headers: h, payload: { zoaAccessToken: value } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields).toEqual([expect.objectContaining({ path: 'body.zoaAccessToken', code: 'header_unsafe' })]);
    }
    const [after] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, id));
    expect(after?.accessTokenEnc).toBe(before?.accessTokenEnc);
    // The same dialog with a valid token still reaches Zalo (the sandbox) and is accepted.
    const ok = await t.app.inject({ method: 'PUT', url: `/api/merchant/zalo-oa/${id}`, headers: h, payload: { zoaAccessToken: SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.accessToken } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('Zalo client: header values are checked before sending (over HTTP against the sandbox)', () => {
  it('refuses an unsendable access_token with a typed ZaloRequestError, not a TypeError, and sends a valid one', async () => {
    const transport = createZaloClient({ hosts: sb.hosts, tokenStore: createPgTokenStore(t.database.db, createCipher(t.config.appSecret)), app: { appId: SANDBOX_APP_ID, secretKey: SANDBOX_APP_SECRET_KEY }, rateLimit: false }).transport;
    const getoa = (token: string) => sendZaloRequest(transport, { api: 'oa', host: 'openapi', method: 'GET', path: '/v2.0/oa/getoa', headers: { access_token: token } });
    for (const [, value] of BAD_TOKENS) {
      const err = await getoa(value).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ZaloRequestError);
      expect(err).toMatchObject({ header: 'access_token', classification: 'permanent' });
      // The secret never appears in the message (it ends up in logs and answers).
      expect((err as Error).message).not.toContain(value);
    }
    const ok = await getoa(SANDBOX_INITIAL_TOKENS[SANDBOX_OA_ID]?.accessToken ?? '');
    expect((ok.data as { oaid?: string }).oaid).toBe(SANDBOX_OA_ID);
  });

  it('a stored token HTTP cannot carry answers 400 on a route that calls Zalo with it, never 5xx; a follower sync ends FAILED saying why', async () => {
    const f = await buildSendFixture(t.database, t.config.appSecret, { zoaId: SANDBOX_SECOND_OA_ID, zappId: SANDBOX_APP_ID, appSecretKey: SANDBOX_APP_SECRET_KEY, accessToken: 'stored\r\ntoken' });
    const owner = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
    const s = await loginAs(t.app, owner.email);
    const headers = s.headers({ 'x-tenant-id': f.tenantId });
    const info = await t.app.inject({ url: `/api/merchant/oa-manager/get-oa?zaloOAId=${f.zaloOaId}`, headers });
    expect(info.statusCode, info.body).toBe(400);
    expect(info.json().error.code).toBe('VALIDATION_FAILED');
    expect(info.body).not.toContain('stored');
    // The sync is a resumable job: it answers its state, FAILED with the reason, and can be resumed after a re-connect.
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers, payload: { zaloOAId: f.zaloOaId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'FAILED', error: expect.stringContaining('access_token') });
    expect(res.body).not.toContain('stored');
  });
});
