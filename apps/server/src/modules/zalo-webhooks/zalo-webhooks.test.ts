import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import { znsTemplates } from '../../db/schema/templates';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
import { drainZaloEvents } from './consumer';
import { checkEventFreshness, ingestZaloWebhook, ZALO_EVENT_MAX_AGE_MS, ZALO_EVENT_MAX_SKEW_MS } from './service';

let sb: RunningSandbox;
let t: TestContext;
let tenantId: string;

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await control('/webhooks', { url: `${appUrl}/api/webhooks/zalo` });
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { znsService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const oa = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  expect(oa.statusCode, oa.body).toBe(200);
  const sync = await t.app.inject({ url: '/api/merchant/zalo-oa/sync-zns-templates', headers: h });
  expect(sync.statusCode, sync.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** A change_template_status body dated `at` (ms), signed with the sandbox signer and the OA's webhook secret. */
function signedStatusEvent(templateId: string, newStatus: string, at: number | string) {
  const timestamp = String(at);
  const body = JSON.stringify({ app_id: SANDBOX_APP_ID, oa_id: SANDBOX_OA_ID, event_name: 'change_template_status', template_id: templateId, status: { prev_status: 'ENABLE', new_status: newStatus }, reason: '', timestamp });
  return { body, signature: signZaloWebhook({ appId: SANDBOX_APP_ID, rawBody: body, timestamp, secret: SANDBOX_WEBHOOK_SECRET }) };
}

const post = (e: { body: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/zalo', payload: e.body, headers: { 'content-type': 'application/json', 'x-zevent-signature': e.signature } });

async function templateStatus(templateId: string): Promise<string | undefined> {
  const [row] = await t.database.db.select().from(znsTemplates).where(and(eq(znsTemplates.tenantId, tenantId), eq(znsTemplates.znsTemplateId, templateId)));
  return row?.status;
}

const eventCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(zaloEvents))[0]?.n ?? 0;

describe('Zalo webhooks: freshness window', () => {
  it('refuses a correctly signed event dated 30 days ago or a year ahead with 401, storing and applying nothing', async () => {
    expect(await templateStatus(SANDBOX_TEMPLATE_IDS.otp)).toBe('ENABLE');
    const before = await eventCount();
    const day = 24 * 3600_000;
    for (const at of [Date.now() - 30 * day, Date.now() + 365 * day, Date.now() - ZALO_EVENT_MAX_AGE_MS - 60_000, Date.now() + ZALO_EVENT_MAX_SKEW_MS + 60_000, 'soon']) {
      const res = await post(signedStatusEvent(SANDBOX_TEMPLATE_IDS.otp, 'DISABLE', at));
      expect(res.statusCode, String(at)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    expect(await templateStatus(SANDBOX_TEMPLATE_IDS.otp)).toBe('ENABLE');
    expect(await eventCount()).toBe(before);
  });

  it('applies a late retry inside the window and an event a little ahead (clock skew)', async () => {
    const late = await post(signedStatusEvent(SANDBOX_TEMPLATE_IDS.shipping, 'DISABLE', Date.now() - ZALO_EVENT_MAX_AGE_MS + 10 * 60_000));
    expect(late.statusCode, late.body).toBe(200);
    await drainZaloEvents(t.database.db);
    expect(await templateStatus(SANDBOX_TEMPLATE_IDS.shipping)).toBe('DISABLE');
    const ahead = await post(signedStatusEvent(SANDBOX_TEMPLATE_IDS.shipping, 'ENABLE', Date.now() + 2 * 60_000));
    expect(ahead.statusCode, ahead.body).toBe(200);
    await drainZaloEvents(t.database.db);
    expect(await templateStatus(SANDBOX_TEMPLATE_IDS.shipping)).toBe('ENABLE');
  });

  it('judges the window only after the signature, and hands the route a log without body, signature or secret', async () => {
    const cipher = createCipher(t.config.appSecret);
    const stale = signedStatusEvent(SANDBOX_TEMPLATE_IDS.otp, 'DISABLE', Date.now() - 30 * 24 * 3600_000);
    const outcome = await ingestZaloWebhook(t.database.db, cipher, stale.body, { 'x-zevent-signature': stale.signature });
    expect(outcome).toMatchObject({ status: 401, reason: 'stale-timestamp', log: { appId: SANDBOX_APP_ID, eventName: 'change_template_status' } });
    const logged = JSON.stringify(outcome);
    expect(logged).not.toContain(SANDBOX_WEBHOOK_SECRET);
    expect(logged).not.toContain(stale.signature.slice(4));
    // A wrong signature on a stale body is a bad signature, not a stale event.
    const forged = await ingestZaloWebhook(t.database.db, cipher, stale.body, { 'x-zevent-signature': 'mac=00' });
    expect(forged).toMatchObject({ status: 401, reason: 'bad-signature' });
  });

  it('bounds: 6 h back and 5 min ahead are inside, a millisecond past either is not', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(checkEventFreshness(String(now - ZALO_EVENT_MAX_AGE_MS), now)).toEqual({ ok: true });
    expect(checkEventFreshness(String(now - ZALO_EVENT_MAX_AGE_MS - 1), now)).toMatchObject({ ok: false, reason: 'stale-timestamp' });
    expect(checkEventFreshness(String(now + ZALO_EVENT_MAX_SKEW_MS), now)).toEqual({ ok: true });
    expect(checkEventFreshness(String(now + ZALO_EVENT_MAX_SKEW_MS + 1), now)).toMatchObject({ ok: false, reason: 'future-timestamp' });
    for (const bad of ['', '1e12', '-5', '17.5', ' 1']) expect(checkEventFreshness(bad, now)).toMatchObject({ ok: false, reason: 'bad-timestamp' });
  });

  it('still takes the sandbox’s own retries, stamped when first sent, after its clock has been moved ahead', async () => {
    // The sandbox clock 12 h ahead of real time: its stamps must still follow real time.
    await control('/clock/advance', { ms: 12 * 3600_000 });
    await control('/webhooks', { failNext: 3 });
    await control(`/templates/${SANDBOX_TEMPLATE_IDS.pendingReview}/status`, { status: 'ENABLE' });
    // Three failed attempts, then the retries after 30 s, 5 min and 15 min of sandbox time; the last one arrives.
    for (const ms of [0, 30_000, 300_000, 900_000]) await control('/clock/advance', { ms });
    const log = (await (await fetch(`${sb.url}/_control/webhooks/log`)).json()) as Array<{ eventName: string; status: string; attempts: number; lastHttpStatus?: number }>;
    const delivery = log.filter((d) => d.eventName === 'change_template_status').at(-1);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, lastHttpStatus: 200 });
    await drainZaloEvents(t.database.db);
    expect(await templateStatus(SANDBOX_TEMPLATE_IDS.pendingReview)).toBe('ENABLE');
  });
});

describe('Zalo webhooks: the in-process app cache (ADR 0015)', () => {
  it('sees an OA added to a cached app and a rotated secret at once, and attributes each event to the OA it names', async () => {
    const cipher = createCipher(t.config.appSecret);
    const appId = `cache-app-${Date.now()}`;
    const addOa = async (zoaId: string, secret: string) => {
      const [oa] = await t.database.db
        .insert(zaloOas)
        .values({ tenantId, name: `OA ${zoaId}`, zappId: appId, zoaId, secretKeyEnc: cipher.encrypt('s'), webhookSecretEnc: cipher.encrypt(secret), accessTokenEnc: cipher.encrypt('a'), refreshTokenEnc: cipher.encrypt('r') })
        .returning();
      if (!oa) throw new Error('oa');
      return oa.id;
    };
    const follow = (zoaId: string, user: string, secret: string) => {
      const timestamp = String(Date.now());
      const body = JSON.stringify({ app_id: appId, event_name: 'follow', oa_id: zoaId, follower: { id: user }, source: 'oa_profile', timestamp });
      return ingestZaloWebhook(t.database.db, cipher, body, { 'x-zevent-signature': signZaloWebhook({ appId, rawBody: body, timestamp, secret }) });
    };
    const first = await addOa(`${appId}-oa1`, 'secret-one');
    expect(await follow(`${appId}-oa1`, 'u1', 'secret-one')).toMatchObject({ status: 200, duplicate: false, zaloOaId: first });
    // Same app, same secret: without a re-read the cached app's only OA would take the event.
    const second = await addOa(`${appId}-oa2`, 'secret-one');
    expect(await follow(`${appId}-oa2`, 'u2', 'secret-one')).toMatchObject({ status: 200, zaloOaId: second });
    // A rotated secret verifies at once; the old one no longer does.
    await t.database.db.update(zaloOas).set({ webhookSecretEnc: cipher.encrypt('secret-two') }).where(eq(zaloOas.id, first));
    expect(await follow(`${appId}-oa1`, 'u3', 'secret-two')).toMatchObject({ status: 200, zaloOaId: first });
    expect(await follow(`${appId}-oa1`, 'u4', 'secret-one')).toMatchObject({ status: 401, reason: 'bad-signature' });
    const stored = await t.database.db.select({ oa: zaloEvents.zaloOaId }).from(zaloEvents).where(inArray(zaloEvents.zaloOaId, [first, second]));
    expect(stored.map((r) => r.oa).sort()).toEqual([first, first, second].sort());
  });
});

describe('Zalo webhooks: deduplication of reactions', () => {
  it('keeps a second reaction of the same side to the same message (another icon, a removal), and a retry of either once', async () => {
    const react = (icon: string, at: number) => {
      const timestamp = String(at);
      const body = JSON.stringify({ app_id: SANDBOX_APP_ID, event_name: 'user_reacted_message', sender: { id: 'user-react-1' }, recipient: { id: SANDBOX_OA_ID }, message: { msg_id: 'reacted-msg-1', react_icon: icon }, timestamp });
      return { body, signature: signZaloWebhook({ appId: SANDBOX_APP_ID, rawBody: body, timestamp, secret: SANDBOX_WEBHOOK_SECRET }) };
    };
    const before = await eventCount();
    const at = Date.now();
    const heart = react('/-heart', at);
    const removal = react('/-remove', at + 1_000);
    for (const e of [heart, removal, heart, removal]) expect((await post(e)).statusCode).toBe(200);
    const rows = await t.database.db.select({ key: zaloEvents.dedupeKey }).from(zaloEvents).where(eq(zaloEvents.eventName, 'user_reacted_message'));
    expect(rows.filter((r) => r.key.startsWith('user_reacted_message:reacted-msg-1:'))).toHaveLength(2);
    expect(await eventCount()).toBe(before + 2);
  });
});
