import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys';
import { messageHistory } from '../../db/schema/messaging';
import { createTestApp, type TestContext } from '../../test/helpers';
import { buildSendFixture, znsBody, type SendFixture } from './test-fixtures';

let t: TestContext;
let f: SendFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
});
afterAll(async () => t.close());

const raw = (url: string, key: string | null, payload: string | Buffer, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, ...(key === null ? {} : { 'x-api-key': key }) }, payload });

describe('public send API: the key is checked before the body is read', () => {
  for (const url of ['/api/v1/zns/send', '/api/v1/oa/send']) {
    it(`answers 401 API_KEY_INVALID for a missing or unknown key whatever the body (${url})`, async () => {
      const bodies: Array<[string | Buffer, string]> = [
        ['{"phone":', 'application/json'], // malformed JSON
        ['', 'application/json'], // empty JSON body
        ['phone=1', 'text/plain'], // a type the API does not parse
        [Buffer.alloc(2 * 1024 * 1024, 0x20), 'application/json'], // over the 1 MB body limit
      ];
      for (const key of [null, 'zck_unknown_key_0000000000000000', 'x'.repeat(201)]) {
        for (const [payload, type] of bodies) {
          const res = await raw(url, key, payload, type);
          expect(res.statusCode, `${key?.slice(0, 12)} ${type} ${payload.length}`).toBe(401);
          expect(res.json().error.code).toBe('API_KEY_INVALID');
        }
      }
    });
  }

  it('parses and validates the body for a valid key: malformed JSON 400, schema violation 400, good body 202', async () => {
    expect((await raw('/api/v1/zns/send', f.secret, '{"phone":')).json().error.code).toBe('VALIDATION_FAILED');
    const invalid = await raw('/api/v1/zns/send', f.secret, JSON.stringify({ ...znsBody(f), trackingId: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields.map((x: { path: string }) => x.path)).toContain('body.trackingId');
    expect((await raw('/api/v1/zns/send', f.secret, JSON.stringify(znsBody(f)))).statusCode).toBe(202);
  });

  it('still refuses a key revoked after it was last used, at the full check, and writes nothing', async () => {
    const g = await buildSendFixture(t.database, t.config.appSecret, { balance: 10_000 });
    expect((await raw('/api/v1/zns/send', g.secret, JSON.stringify(znsBody(g)))).statusCode).toBe(202);
    await t.database.db.update(apiKeys).set({ status: 'INACTIVE' }).where(eq(apiKeys.id, g.apiKeyId));
    const revoked = await raw('/api/v1/zns/send', g.secret, JSON.stringify(znsBody(g)));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('API_KEY_INVALID');
    expect(await t.database.db.select().from(messageHistory).where(eq(messageHistory.tenantId, g.tenantId))).toHaveLength(1);
  });
});
