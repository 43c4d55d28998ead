import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, PNG_1PX, type Session, type TestContext } from '../test/helpers';

let t: TestContext;
let session: Session;
let merchantId: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = (await buildOrganisation(t.database)).id;
  const tenant = await buildTenant(t.database, merchantId);
  const owner = await buildUser(t.database, { merchantId, role: 'OWNER', tenantIds: [tenant.id] });
  session = await loginAs(t.app, owner.email);
});
afterAll(() => t.close());

describe('errors raised before a route runs', () => {
  it('answers a path that does not percent-decode with 400 VALIDATION_FAILED in the one error shape, without echoing the URL', async () => {
    const res = await t.app.inject({ url: '/api/merchant/zalo-oa/%ED%A0%80', headers: session.headers() });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; requestId?: string } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('%ED%A0%80');
  });

  it('answers a path parameter over the router limit with 400 VALIDATION_FAILED, not 414 with the URL', async () => {
    const long = 'A'.repeat(10_000);
    const res = await t.app.inject({ url: `/api/merchant/zalo-oa/${long}`, headers: session.headers() });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    expect(res.body).not.toContain(long.slice(0, 100));
  });

  it('answers a multipart body without a boundary with 400, not 500', async () => {
    const payload = Buffer.concat([Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'), PNG_1PX, Buffer.from('\r\n--x--\r\n')]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/merchant/merchant/updateAvatar',
      headers: session.headers({ 'x-merchant-id': merchantId, 'content-type': 'multipart/form-data' }),
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });
});
