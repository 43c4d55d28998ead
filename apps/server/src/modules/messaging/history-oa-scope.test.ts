import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildUser, createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { buildSendFixture, type SendFixture } from './test-fixtures';

// §7 x-oa-id: the console's current OA scopes the sending history (list, total, export).

let t: TestContext;
let a: SendFixture;
/** A second OA of tenant A. */
let oa2: string;
/** Another tenant of the same organisation (the owner may open it too). */
let b: SendFixture;
/** A tenant of another organisation. */
let foreign: SendFixture;
let owner: Session;

async function addOa(database: Database, appSecret: string, tenantId: string): Promise<string> {
  const cipher = createCipher(appSecret);
  const [row] = await database.db
    .insert(zaloOas)
    .values({
      tenantId,
      name: 'Second OA',
      zappId: `app${randomBytes(4).toString('hex')}`,
      zoaId: `oa${randomBytes(6).toString('hex')}`,
      secretKeyEnc: cipher.encrypt('app-secret'),
      webhookSecretEnc: cipher.encrypt('webhook-secret'),
      accessTokenEnc: cipher.encrypt('access-token'),
      refreshTokenEnc: cipher.encrypt('refresh-token'),
      accessTokenExpiresAt: new Date(Date.now() + 3600_000),
    })
    .returning({ id: zaloOas.id });
  if (!row) throw new Error('oa');
  return row.id;
}

/** `n` rows of one module on one OA, tracking ids `<prefix>-1…n`, one minute apart from `start`. */
async function seed(tenantId: string, zaloOaId: string, module: 'ZNS' | 'OA', prefix: string, n: number, start: string) {
  await t.database.raw.query(
    `insert into message_history (tenant_id, module, zalo_oa_id, tracking_id, uid, phone, template_name, type, status, is_charged, price, created_at)
     select $1, $3, $2, $4 || '-' || g, case when $3 = 'OA' then 'uid' || (g % 2) end, case when $3 = 'ZNS' then '8498765' || lpad(g::text, 4, '0') end,
            'T', 'CS', case when g % 2 = 0 then 'RECEIVED' else 'ERROR_CALL_ZALO' end, true, 55, $6::timestamptz + g * interval '1 minute'
     from generate_series(1, $5::int) g`,
    [tenantId, zaloOaId, module, prefix, n, start],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await buildSendFixture(t.database, t.config.appSecret);
  oa2 = await addOa(t.database, t.config.appSecret, a.tenantId);
  b = await buildSendFixture(t.database, t.config.appSecret, { merchantId: a.merchantId });
  foreign = await buildSendFixture(t.database, t.config.appSecret, { merchantId: (await buildOrganisation(t.database)).id });
  const u = await buildUser(t.database, { merchantId: a.merchantId, role: 'OWNER' });
  owner = await loginAs(t.app, u.email);
  // Interleaved in time, so an unscoped page mixes both OAs.
  await seed(a.tenantId, a.zaloOaId, 'ZNS', 'z1', 7, '2026-11-01T00:00:00Z');
  await seed(a.tenantId, oa2, 'ZNS', 'z2', 4, '2026-11-01T00:00:30Z');
  await seed(a.tenantId, a.zaloOaId, 'OA', 'u1', 3, '2026-11-02T00:00:00Z');
  await seed(a.tenantId, oa2, 'OA', 'u2', 5, '2026-11-02T00:00:30Z');
  await seed(b.tenantId, b.zaloOaId, 'ZNS', 'bz', 6, '2026-11-01T00:00:00Z');
  await seed(b.tenantId, b.zaloOaId, 'OA', 'bu', 2, '2026-11-02T00:00:00Z');
});
afterAll(async () => {
  await t.close();
});

type Page = { data: Array<{ id: string; trackingId: string }>; meta: { total: number; totalIsEstimate: boolean; nextCursor: string | null } };
const get = (url: string, oaId?: string, tenantId = a.tenantId) =>
  t.app.inject({ url, headers: owner.headers({ 'x-tenant-id': tenantId, ...(oaId === undefined ? {} : { 'x-oa-id': oaId }) }) });
const page = async (url: string, oaId?: string, tenantId = a.tenantId): Promise<Page> => {
  const res = await get(url, oaId, tenantId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const tracking = (p: Page) => p.data.map((r) => r.trackingId).sort();
const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`).sort();
const csvTracking = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[1] ?? '')
    .sort();

const ROUTES = ['/api/merchant/zns/history', '/api/merchant/uid', '/api/merchant/uid/export'];

describe('x-oa-id on the sending history', () => {
  it('lists and counts only the current OA’s ZNS rows; no header (or an empty one) lists every OA', async () => {
    const one = await page('/api/merchant/zns/history?size=50', a.zaloOaId);
    expect(one.meta).toMatchObject({ total: 7, totalIsEstimate: false });
    expect(tracking(one)).toEqual(range('z1', 7));
    const two = await page('/api/merchant/zns/history?size=50', oa2);
    expect(two.meta.total).toBe(4);
    expect(tracking(two)).toEqual(range('z2', 4));
    const all = await page('/api/merchant/zns/history?size=50');
    expect(all.meta.total).toBe(11);
    expect(tracking(all)).toEqual([...range('z1', 7), ...range('z2', 4)].sort());
    expect((await page('/api/merchant/zns/history?size=50', '')).meta.total).toBe(11);
    expect((await page('/api/merchant/zns/history?size=50', '   ')).meta.total).toBe(11);
    // upper-case spelling of the same id
    expect((await page('/api/merchant/zns/history?size=50', oa2.toUpperCase())).meta.total).toBe(4);
  });

  it('combines with the filters and the cursor walk', async () => {
    const received = await page('/api/merchant/zns/history?status=RECEIVED&size=50', a.zaloOaId);
    expect(tracking(received)).toEqual(['z1-2', 'z1-4', 'z1-6']);
    expect(received.meta.total).toBe(3);
    expect((await page('/api/merchant/zns/history?phone=0987650002', oa2)).meta.total).toBe(1);
    expect((await page('/api/merchant/zns/history?trackingId=z1-3', oa2)).meta.total).toBe(0);
    // size 3 over OA1's 7 rows: three pages by cursor, none of OA2's rows
    const seen: string[] = [];
    let p = await page('/api/merchant/zns/history?size=3', a.zaloOaId);
    for (;;) {
      seen.push(...p.data.map((r) => r.trackingId));
      if (!p.meta.nextCursor) break;
      p = await page(`/api/merchant/zns/history?size=3&cursor=${p.meta.nextCursor}`, a.zaloOaId);
    }
    expect(seen.sort()).toEqual(range('z1', 7));
  });

  it('scopes the official-account (UID) history the same way', async () => {
    const one = await page('/api/merchant/uid?size=50', a.zaloOaId);
    expect(one.meta.total).toBe(3);
    expect(tracking(one)).toEqual(range('u1', 3));
    const two = await page('/api/merchant/uid?uid=uid1&size=50', oa2);
    expect(tracking(two)).toEqual(['u2-1', 'u2-3', 'u2-5']);
    expect((await page('/api/merchant/uid?size=50')).meta.total).toBe(8);
  });

  it('scopes the CSV export', async () => {
    const scoped = await get('/api/merchant/uid/export', oa2);
    expect(scoped.statusCode).toBe(200);
    expect(csvTracking(scoped.body)).toEqual(range('u2', 5));
    const all = await get('/api/merchant/uid/export');
    expect(csvTracking(all.body)).toEqual([...range('u1', 3), ...range('u2', 5)].sort());
  });

  it('answers 404 NOT_FOUND for another tenant’s OA, an unknown id and a malformed one, on every history route', async () => {
    const refused = [b.zaloOaId, foreign.zaloOaId, '6f1c2a4e-0000-4000-8000-000000000000', 'nope', `${a.zaloOaId}x`, "' or 1=1 --"];
    for (const url of ROUTES) {
      for (const oaId of refused) {
        const res = await get(url, oaId);
        expect(res.statusCode, `${url} ${oaId}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        expect(res.body).not.toContain('bz-');
      }
    }
    // the same id is fine for its own tenant: tenant B sees only its rows with it
    expect(tracking(await page('/api/merchant/zns/history?size=50', b.zaloOaId, b.tenantId))).toEqual(range('bz', 6));
    expect(tracking(await page('/api/merchant/uid?size=50', b.zaloOaId, b.tenantId))).toEqual(range('bu', 2));
    // and tenant A's OA is refused under tenant B
    expect((await get('/api/merchant/uid', a.zaloOaId, b.tenantId)).statusCode).toBe(404);
  });

  it('counts within the OA: exact for a small OA next to one past the 10,000 cap', async () => {
    const c = await buildSendFixture(t.database, t.config.appSecret, { merchantId: a.merchantId });
    const small = await addOa(t.database, t.config.appSecret, c.tenantId);
    await t.database.raw.query(
      `insert into message_history (tenant_id, module, zalo_oa_id, type, status, created_at) select $1, 'ZNS', $2, 'CS', 'RECEIVED', now() - g * interval '1 second' from generate_series(1, 10050) g`,
      [c.tenantId, c.zaloOaId],
    );
    await seed(c.tenantId, small, 'ZNS', 'small', 20, '2026-11-03T00:00:00Z');
    await t.database.raw.exec('analyze message_history');
    expect((await page('/api/merchant/zns/history', small, c.tenantId)).meta).toMatchObject({ total: 20, totalIsEstimate: false });
    const big = await page('/api/merchant/zns/history', c.zaloOaId, c.tenantId);
    expect(big.meta.totalIsEstimate).toBe(true);
    expect(big.meta.total).toBeGreaterThan(10_000);
  });

  it('documents the header on the history routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { description?: string; parameters?: Array<{ in: string; name: string }> } }>;
    };
    for (const path of ROUTES) {
      const op = doc.paths[path]?.get;
      expect(op?.parameters?.some((p) => p.in === 'header' && p.name === 'x-oa-id'), path).toBe(true);
      expect(op?.description).toContain('x-oa-id');
    }
  });
});
