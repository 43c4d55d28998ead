import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@zc/shared/api/webhooks';
import { auditLogs } from '../../db/schema/audit';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import { userGroups } from '../../db/schema/user-groups';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { enqueueTenantEvent } from './service';
import { checkWebhookUrl, pinnedLookup } from './url-guard';
import { postWebhook } from './transport';
import { DELIVERY_LEASE_MS, deliverDueWebhooks, type DeliverOptions } from './worker';

/** Targets refused with the default setting, each a way to reach the server or its network. */
const INTERNAL_URLS = [
  'http://127.0.0.1:5432',
  'http://127.0.0.1/x',
  'http://localhost:8080/x',
  'http://[::1]/x',
  'http://10.0.0.5/x',
  'http://172.20.0.1/x',
  'http://192.168.1.1/x',
  'http://100.64.0.1/x',
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://[fe80::1]/x',
  'http://[fc00::1]/x',
  'http://[::ffff:127.0.0.1]/x',
  'http://[::ffff:169.254.169.254]/x',
  'http://0.0.0.0:3000/x',
  'http://0/x',
  'https://internal.example.vn/x',
];

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver on 127.0.0.1 answering the queued status codes (200 when none is queued). */
class Receiver {
  readonly received: Received[] = [];
  statuses: number[] = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = this.statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  url = '';
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    // listen() on a TCP port always yields an AddressInfo.
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/zc`;
    return this;
  }
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestContext;
let receiver: Receiver;
let cipher: ReturnType<typeof createCipher>;
beforeAll(async () => {
  // These tests post to a receiver on 127.0.0.1, so they opt in to private targets.
  t = await createTestApp({ webhookAllowPrivateTargets: true });
  cipher = createCipher(t.config.appSecret);
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

async function setup() {
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id);
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const s = await loginAs(t.app, owner.email);
  const h = () => s.headers({ 'x-tenant-id': tenant.id });
  const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/merchant/webhook', headers: h(), payload });
  const hook = async (extra: Record<string, unknown> = {}) => {
    const res = await create({ url: receiver.url, events: ['message.status'], ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; secret: string; url: string };
  };
  const enqueue = (payload: Record<string, unknown> = { id: 'm1', trackingId: 'tr-1', status: 'RECEIVED', errorMsg: null, module: 'ZNS' }) =>
    t.database.db.transaction((tx) => enqueueTenantEvent(tx, tenant.id, 'message.status', payload));
  const deliveries = (webhookId: string) => t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
  return { org, tenant, owner, s, h, create, hook, enqueue, deliveries };
}

/** The worker as this suite's app runs it: private targets allowed (the local receiver). */
const deliver = (opts: DeliverOptions = {}) => deliverDueWebhooks(t.database.db, cipher, { allowPrivate: true, ...opts });

const verify = (secret: string, r: Received) => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-zc-signature']));
  expect(m).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${m?.[1]}.${r.body}`).digest('hex');
  return { ok: expected === m?.[2], t: Number(m?.[1]) };
};

describe('tenant webhooks: registration', () => {
  it('shows the signing secret once, stores it encrypted, never in lists or audit', async () => {
    const { hook, h, tenant } = await setup();
    const created = await hook();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(tenantWebhooks).where(eq(tenantWebhooks.id, created.id));
    expect(row?.secretEnc).not.toContain(created.secret);
    expect(cipher.decrypt(row?.secretEnc ?? '')).toBe(created.secret);
    const list = await t.app.inject({ url: '/api/merchant/webhook', headers: h() });
    expect(list.json()).toMatchObject({ meta: { total: 1 }, data: [{ id: created.id, url: receiver.url, events: ['message.status'], isActive: true }] });
    expect(list.body).not.toContain(created.secret);
    const audits = JSON.stringify(await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id)));
    expect(audits).toContain('WEBHOOK_CREATE');
    expect(audits).not.toContain(created.secret);
  });

  it('refuses bad URLs and events with 400 on the field, writing nothing', async () => {
    const { create, tenant } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.vn/x', events: ['message.status'] }, 'body.url'],
      [{ url: 'not a url', events: ['message.status'] }, 'body.url'],
      [{ url: 'https://user:pass@example.vn/x', events: ['message.status'] }, 'url'],
      [{ url: 'https://example.vn/x', events: [] }, 'body.events'],
      [{ url: 'https://example.vn/x', events: ['message.deleted'] }, 'body.events.0'],
      [{ url: 'https://example.vn/x', events: ['message.status'], secret: 'mine' }, 'body.secret'],
    ];
    for (const [payload, path] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details.fields.map((f: { path: string }) => f.path), JSON.stringify(payload)).toContain(path);
    }
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tenantWebhooks).where(eq(tenantWebhooks.tenantId, tenant.id));
    expect(n?.n).toBe(0);
  });

  it('refuses internal targets unless private targets are allowed: loopback, private, link-local, CGNAT, unique-local, mapped, metadata, 0.0.0.0 and names resolving to them', async () => {
    const names: Record<string, string[]> = {
      'internal.example.vn': ['10.1.2.3'],
      'mixed.example.vn': ['93.184.216.34', '127.0.0.1'],
      'rebind.localtest.me': ['127.0.0.1'],
      'v6.example.vn': ['2606:4700::1111'],
    };
    const guard = { allowPrivate: false, resolve: async (host: string) => names[host] ?? ['93.184.216.34'] };
    for (const url of INTERNAL_URLS) expect((await checkWebhookUrl(url, guard)).ok, url).toBe(false);
    for (const url of ['https://mixed.example.vn/x', 'https://rebind.localtest.me/x', 'http://api.localhost/x', 'http://LOCALHOST./x', 'http://2130706433/x', 'http://0x7f.1/x', 'http://[::ffff:a00:1]/x', 'http://[64:ff9b::7f00:1]/x', 'http://[2002:7f00:1::]/x', 'http://224.0.0.1/x', 'http://[::]/x']) {
      expect((await checkWebhookUrl(url, guard)).ok, url).toBe(false);
    }
    expect(await checkWebhookUrl('https://hooks.example.vn/x', guard)).toMatchObject({ ok: true, addresses: ['93.184.216.34'] });
    expect(await checkWebhookUrl('https://v6.example.vn/x', guard)).toMatchObject({ ok: true, addresses: ['2606:4700::1111'] });
    expect((await checkWebhookUrl('https://93.184.216.34/x', guard)).ok).toBe(true);
    expect((await checkWebhookUrl('http://[::ffff:93.184.216.34]/x', guard)).ok).toBe(true);
    expect((await checkWebhookUrl('https://u:p@hooks.example.vn/x', { allowPrivate: true })).ok).toBe(false);
    expect((await checkWebhookUrl('file:///etc/passwd', { allowPrivate: true })).ok).toBe(false);
    expect((await checkWebhookUrl('http://127.0.0.1:9/x', { allowPrivate: true })).ok).toBe(true);
  });

  it('answers only the checked addresses at connect time, and none that the guard refuses', async () => {
    const answer = (lookup: ReturnType<typeof pinnedLookup>, options: { all?: boolean; family?: number }) =>
      new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) => lookup('h.example.vn', options, (err, address, family) => resolve({ err, address, family })));
    const lookup = pinnedLookup(['93.184.216.34', '2606:4700::1111'], false);
    expect(await answer(lookup, {})).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect(await answer(lookup, { family: 6 })).toEqual({ err: null, address: '2606:4700::1111', family: 6 });
    expect((await answer(lookup, { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect((await answer(pinnedLookup(['93.184.216.34', '127.0.0.1'], false), { all: true })).err?.message).toMatch(/not allowed/);
    expect((await answer(pinnedLookup(['127.0.0.1'], true), {})).address).toBe('127.0.0.1');
  });

  it('updates, rotates the secret (new deliveries signed with it) and deletes', async () => {
    const { hook, h, enqueue, tenant } = await setup();
    const created = await hook();
    const upd = await t.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${created.id}`, headers: h(), payload: { isActive: false } });
    expect(upd.json().data.isActive).toBe(false);
    expect(await enqueue()).toBe(0);
    await t.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${created.id}`, headers: h(), payload: { isActive: true, url: `${receiver.url}?v=2` } });
    const rotated = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/rotate-secret`, headers: h() });
    const secret2 = rotated.json().data.secret as string;
    expect(secret2).not.toBe(created.secret);
    expect(await enqueue()).toBe(1);
    const before = receiver.received.length;
    await deliver({});
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(verify(secret2, got[0] as Received).ok).toBe(true);
    expect(verify(created.secret, got[0] as Received).ok).toBe(false);
    const audits = JSON.stringify(await t.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id)));
    expect(audits).not.toContain(secret2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/merchant/webhook/${created.id}`, headers: h() });
    expect(del.statusCode).toBe(200);
    expect(await t.database.db.select().from(tenantWebhooks).where(eq(tenantWebhooks.id, created.id))).toHaveLength(0);
  });
});

describe('tenant webhooks: delivery', () => {
  // The worker is global: retire what earlier tests left queued so each test sees only its own rows.
  beforeEach(async () => {
    await t.database.db.update(webhookDeliveries).set({ status: 'FAILED' }).where(inArray(webhookDeliveries.status, ['PENDING', 'RETRYING']));
  });

  it('enqueues one delivery per active subscribed webhook of the tenant, in the caller’s transaction', async () => {
    const { hook, enqueue, tenant, org } = await setup();
    const a = await hook();
    const b = await hook();
    const off = await hook({ isActive: false });
    const other = await buildTenant(t.database, org.id);
    await t.database.db.insert(tenantWebhooks).values({ tenantId: other.id, url: receiver.url, secretEnc: cipher.encrypt('x'), events: ['message.status'] });
    expect(await enqueue()).toBe(2);
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenant.id));
    expect(rows.map((r) => r.webhookId).sort()).toEqual([a.id, b.id].sort());
    expect(rows.some((r) => r.webhookId === off.id)).toBe(false);
    // Rolled back with the caller: nothing queued.
    await t.database.db
      .transaction(async (tx) => {
        await enqueueTenantEvent(tx, tenant.id, 'message.status', { id: 'm2' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenant.id))).toHaveLength(2);
  });

  it('POSTs the event signed with t=…,v1=HMAC-SHA256(secret, "t.body") plus event and delivery-id headers', async () => {
    const { hook, enqueue, deliveries } = await setup();
    const created = await hook();
    const payload = { id: 'msg-1', trackingId: 'tr-9', status: 'RECEIVED', errorMsg: null, module: 'ZNS' };
    await enqueue(payload);
    const now = new Date();
    const before = receiver.received.length;
    const summary = await deliver({ now: () => now });
    expect(summary).toEqual({ attempted: 1, succeeded: 1, retrying: 0, failed: 0 });
    const [got] = receiver.received.slice(before);
    if (!got) throw new Error('nothing received');
    const [row] = await deliveries(created.id);
    const sig = verify(created.secret, got);
    expect(sig.ok).toBe(true);
    expect(sig.t).toBe(Math.floor(now.getTime() / 1000));
    expect(got.headers['x-zc-event']).toBe('message.status');
    expect(got.headers['x-zc-delivery-id']).toBe(row?.id);
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ id: row?.id, event: 'message.status', createdAt: row?.createdAt.toISOString(), data: payload });
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200, lastError: null });
    // Nothing more is due.
    expect((await deliver({ now: () => new Date(now.getTime() + 3600_000) })).attempted).toBe(0);
  });

  it('retries non-2xx with back-off (30 s, 2 m, 10 m, 30 m, 1 h, 2 h, 4 h, 8 h, 8 h…) until 24 h have passed, then FAILED; replay sends it again', async () => {
    const { hook, enqueue, deliveries, h } = await setup();
    const created = await hook();
    await enqueue();
    const [queued] = await deliveries(created.id);
    if (!queued) throw new Error('not queued');
    const failing = async () => ({ status: 503 });
    // +1 ms: PostgreSQL keeps microseconds, the driver's Date does not.
    let at = queued.createdAt.getTime() + 1;
    const gaps: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const s = await deliver({ now: () => new Date(at), transport: failing });
      expect(s.attempted).toBe(1);
      const [row] = await deliveries(created.id);
      if (!row) throw new Error('row');
      expect(row.attempts).toBe(i + 1);
      expect(row.lastStatusCode).toBe(503);
      expect(row.lastError).toBe('HTTP 503');
      if (row.status === 'FAILED') break;
      expect(row.status).toBe('RETRYING');
      // Not due a second earlier.
      expect((await deliver({ now: () => new Date(row.nextAttemptAt.getTime() - 1000), transport: failing })).attempted).toBe(0);
      gaps.push((row.nextAttemptAt.getTime() - at) / 1000);
      at = row.nextAttemptAt.getTime();
    }
    // 15.7 h of schedule, then 8 h steps: the attempt at 23.7 h is still inside the window, the one at 31.7 h is not.
    expect(gaps).toEqual([...WEBHOOK_RETRY_SCHEDULE_SECONDS, 28_800, 28_800]);
    const [failed] = await deliveries(created.id);
    expect(failed?.status).toBe('FAILED');
    expect(at - queued.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 3600_000);

    const list = await t.app.inject({ url: `/api/merchant/webhook/${created.id}/deliveries?status=FAILED`, headers: h() });
    expect(list.json()).toMatchObject({ meta: { total: 1 }, data: [{ id: queued.id, status: 'FAILED', attempts: gaps.length + 1, lastStatusCode: 503, nextAttemptAt: null }] });
    const replay = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/deliveries/${queued.id}/replay`, headers: h() });
    expect(replay.statusCode, replay.body).toBe(200);
    const replayed = replay.json().data;
    expect(replayed).toMatchObject({ status: 'PENDING', attempts: 0, event: 'message.status', payload: queued.payload });
    expect(replayed.id).not.toBe(queued.id);
    const again = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/deliveries/${replayed.id}/replay`, headers: h() });
    expect(again.statusCode).toBe(409);
    const before = receiver.received.length;
    expect((await deliver({})).succeeded).toBe(1);
    const got = receiver.received.slice(before)[0];
    expect(got?.headers['x-zc-delivery-id']).toBe(replayed.id);
    expect(verify(created.secret, got as Received).ok).toBe(true);
    const rows = await deliveries(created.id);
    expect(rows.find((r) => r.id === queued.id)?.status).toBe('FAILED');
    expect(rows.find((r) => r.id === replayed.id)?.status).toBe('SUCCEEDED');
  });

  it('leases claimed rows: a crashed worker’s delivery comes back after the lease and is recorded once', async () => {
    const { hook, enqueue, deliveries } = await setup();
    const created = await hook();
    await enqueue();
    const now = Date.now();
    let release: (r: { status: number }) => void = () => undefined;
    const hanging = () => new Promise<{ status: number }>((resolve) => (release = resolve));
    // Worker 1 claims and "crashes" mid-request (never finishes before the lease runs out).
    const stuck = deliver({ now: () => new Date(now), transport: hanging });
    await new Promise((r) => setTimeout(r, 200));
    expect((await deliver({ now: () => new Date(now + 1000) })).attempted).toBe(0);
    const back = await deliver({ now: () => new Date(now + DELIVERY_LEASE_MS + 1000) });
    expect(back).toMatchObject({ attempted: 1, succeeded: 1 });
    // Worker 1 wakes up late: its result is not recorded over the finished one.
    release({ status: 500 });
    expect((await stuck).attempted).toBe(0);
    const [row] = await deliveries(created.id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 });
  });

  it('with private targets allowed, resolves a host name through the given resolver at connect time', async () => {
    const { hook, enqueue, deliveries, h } = await setup();
    const url = new URL(receiver.url);
    url.hostname = 'receiver.zc-test.invalid'; // .invalid never resolves through DNS
    const created = await hook();
    await t.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${created.id}`, headers: h(), payload: { url: url.toString() } });
    await enqueue();
    const before = receiver.received.length;
    const asked: string[] = [];
    const summary = await deliver({ resolve: async (host) => (asked.push(host), ['127.0.0.1']) });
    expect(summary).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(asked).toEqual(['receiver.zc-test.invalid']);
    expect(receiver.received.length).toBe(before + 1);
    expect((await deliveries(created.id))[0]).toMatchObject({ status: 'SUCCEEDED', lastStatusCode: 200 });
  });

  it('fails deliveries of a disabled webhook without sending', async () => {
    const { hook, enqueue, deliveries } = await setup();
    const created = await hook();
    await enqueue();
    await t.database.db.update(tenantWebhooks).set({ isActive: false }).where(eq(tenantWebhooks.id, created.id));
    const before = receiver.received.length;
    await deliver({});
    expect(receiver.received.length).toBe(before);
    expect((await deliveries(created.id))[0]).toMatchObject({ status: 'FAILED', lastError: 'Webhook is disabled' });
  });

  it('test-fires: one signed webhook.test attempt, answered with its outcome, no retries', async () => {
    const { hook, h } = await setup();
    const created = await hook();
    const before = receiver.received.length;
    const ok = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/test`, headers: h() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ event: 'webhook.test', isTest: true, status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 });
    const got = receiver.received.slice(before)[0];
    expect(got?.headers['x-zc-event']).toBe('webhook.test');
    expect(verify(created.secret, got as Received).ok).toBe(true);
    receiver.statuses.push(500);
    const bad = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/test`, headers: h() });
    expect(bad.json().data).toMatchObject({ status: 'FAILED', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
  });
});

describe('tenant webhooks: SSRF guard with the default setting (WEBHOOK_ALLOW_PRIVATE_TARGETS unset)', () => {
  let d: TestContext;
  beforeAll(async () => {
    d = await createTestApp();
  });
  afterAll(async () => {
    await d.close();
  });
  beforeEach(async () => {
    await d.database.db.update(webhookDeliveries).set({ status: 'FAILED' }).where(inArray(webhookDeliveries.status, ['PENDING', 'RETRYING']));
  });

  async function setupDefault() {
    const org = await buildOrganisation(d.database);
    const tenant = await buildTenant(d.database, org.id);
    const owner = await buildUser(d.database, { merchantId: org.id, role: 'OWNER' });
    const s = await loginAs(d.app, owner.email);
    const h = () => s.headers({ 'x-tenant-id': tenant.id });
    /** A row as if saved before the rules or the DNS answer changed: the guard must still stop its deliveries. */
    const storedHook = async (url: string) => {
      const [row] = await d.database.db.insert(tenantWebhooks).values({ tenantId: tenant.id, url, secretEnc: cipher.encrypt('whsec_x'), events: ['message.status'] }).returning();
      if (!row) throw new Error('hook');
      return row;
    };
    return { tenant, h, storedHook };
  }

  it('is off unless the setting says so, in every NODE_ENV', () => {
    expect(d.config.env).toBe('test');
    expect(d.config.webhookAllowPrivateTargets).toBe(false);
  });

  it('refuses each internal target at create and update with 400 WEBHOOK_URL_REFUSED on url, writing nothing', async () => {
    const { h, tenant } = await setupDefault();
    for (const url of [...INTERNAL_URLS, receiver.url, 'http://api.localhost/x']) {
      const res = await d.app.inject({ method: 'POST', url: '/api/merchant/webhook', headers: h(), payload: { url, events: ['message.status'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('WEBHOOK_URL_REFUSED');
      expect(res.json().error.details.fields.map((f: { path: string }) => f.path), url).toEqual(['url']);
      expect(res.json().error.details.fields[0].code, url).toMatch(/^url_(internal_host|private_address|unresolved)$/);
    }
    const [n] = await d.database.db.select({ n: sql<number>`count(*)::int` }).from(tenantWebhooks).where(eq(tenantWebhooks.tenantId, tenant.id));
    expect(n?.n).toBe(0);
    // A public address is accepted (an IP literal: no DNS needed here).
    const ok = await d.app.inject({ method: 'POST', url: '/api/merchant/webhook', headers: h(), payload: { url: 'https://93.184.216.34/hooks', events: ['message.status'] } });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().data.id as string;
    for (const url of INTERNAL_URLS) {
      const res = await d.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${id}`, headers: h(), payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details.fields.map((f: { path: string }) => f.path), url).toEqual(['url']);
    }
    const [row] = await d.database.db.select().from(tenantWebhooks).where(eq(tenantWebhooks.id, id));
    expect(row?.url).toBe('https://93.184.216.34/hooks');
  });

  it('refuses internal targets at test-fire and at delivery, sending nothing', async () => {
    const { storedHook, h, tenant } = await setupDefault();
    const port = new URL(receiver.url).port;
    const before = receiver.received.length;
    for (const url of [receiver.url, `http://localhost:${port}/hooks/zc`, 'http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:5432', 'http://[::ffff:127.0.0.1]:' + port + '/hooks/zc']) {
      const hook = await storedHook(url);
      const res = await d.app.inject({ method: 'POST', url: `/api/merchant/webhook/${hook.id}/test`, headers: h() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, url).toMatchObject({ status: 'FAILED', attempts: 1, lastStatusCode: null });
      expect(res.json().data.lastError, url).toMatch(/^URL refused: /);
    }
    // The queued event for all five, through the worker with its default options.
    expect(await d.database.db.transaction((tx) => enqueueTenantEvent(tx, tenant.id, 'message.status', { id: 'm1' }))).toBe(5);
    expect(await deliverDueWebhooks(d.database.db, cipher, {})).toMatchObject({ attempted: 5, succeeded: 0, retrying: 5 });
    const rows = await d.database.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.tenantId, tenant.id), eq(webhookDeliveries.isTest, false)));
    expect(rows.every((r) => r.lastError?.startsWith('URL refused: '))).toBe(true);
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a host name that resolves to 127.0.0.1, and connects only to the address it checked (DNS rebinding)', async () => {
    const { storedHook, tenant } = await setupDefault();
    const port = new URL(receiver.url).port;
    await storedHook(`http://rebind.localtest.me:${port}/hooks/zc`);
    await d.database.db.transaction((tx) => enqueueTenantEvent(tx, tenant.id, 'message.status', { id: 'm2' }));
    const before = receiver.received.length;
    const loopback = async () => ['127.0.0.1'];
    expect(await deliverDueWebhooks(d.database.db, cipher, { resolve: loopback })).toMatchObject({ attempted: 1, retrying: 1 });
    expect(receiver.received.length).toBe(before);
    const [row] = await d.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenant.id));
    expect(row?.lastError).toMatch(/^URL refused: Private/);

    // Rebinding: the first answer is public, every later one loopback. The name is resolved once;
    // the socket's lookup answers the checked public address, never asking DNS again.
    let calls = 0;
    const rebinding = async () => (++calls === 1 ? ['93.184.216.34'] : ['127.0.0.1']);
    let connectTo: unknown;
    await d.database.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(eq(webhookDeliveries.tenantId, tenant.id));
    const summary = await deliverDueWebhooks(d.database.db, cipher, {
      resolve: rebinding,
      transport: async (_url, post) => {
        connectTo = await new Promise((resolve, reject) => post.lookup?.('rebind.localtest.me', { all: true }, (err, address) => (err ? reject(err) : resolve(address))));
        return { status: 200 };
      },
    });
    expect(summary.succeeded).toBe(1);
    expect(calls).toBe(1);
    expect(connectTo).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('connects the socket through the pinned lookup: a checked name reaches its address, a refused address is never dialled', async () => {
    const before = receiver.received.length;
    const url = new URL(receiver.url);
    url.hostname = 'hooks.zc-test.invalid'; // .invalid never resolves: only the lookup can answer it
    const post = { headers: { 'content-type': 'application/json' }, body: '{}' };
    const ok = await postWebhook(url, { ...post, signal: AbortSignal.timeout(5_000), lookup: pinnedLookup(['127.0.0.1'], true) });
    expect(ok.status).toBe(200);
    expect(receiver.received.length).toBe(before + 1);
    await expect(postWebhook(url, { ...post, signal: AbortSignal.timeout(5_000), lookup: pinnedLookup(['127.0.0.1'], false) })).rejects.toThrow(/not allowed/);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('never follows a redirect, even when the first hop was allowed', async () => {
    // The first hop is allowed through the setting (suite app t); the redirect points at the private receiver.
    const redirector = createServer((_req, res) => {
      res.writeHead(302, { location: receiver.url });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const { create, h } = await setup();
      const created = await create({ url: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hook`, events: ['message.status'] });
      expect(created.statusCode, created.body).toBe(200);
      const before = receiver.received.length;
      const res = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.json().data.id}/test`, headers: h() });
      expect(res.json().data).toMatchObject({ status: 'FAILED', lastStatusCode: 302, lastError: 'HTTP 302: redirects are not followed' });
      expect(receiver.received.length).toBe(before);
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });
});

describe('tenant webhooks: access', () => {
  it('answers 404 for another tenant’s webhook and delivery ids, writing nothing', async () => {
    const a = await setup();
    const b = await setup();
    const foreign = await b.hook();
    await b.enqueue();
    await deliver({ transport: async () => ({ status: 200 }) });
    const [delivery] = await b.deliveries(foreign.id);
    const h = a.h();
    const calls = [
      t.app.inject({ url: `/api/merchant/webhook/${foreign.id}/deliveries`, headers: h }),
      t.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${foreign.id}`, headers: h, payload: { isActive: false } }),
      t.app.inject({ method: 'DELETE', url: `/api/merchant/webhook/${foreign.id}`, headers: h }),
      t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${foreign.id}/test`, headers: h }),
      t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${foreign.id}/rotate-secret`, headers: h }),
      t.app.inject({ method: 'POST', url: `/api/merchant/webhook/deliveries/${delivery?.id}/replay`, headers: h }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [row] = await t.database.db.select().from(tenantWebhooks).where(eq(tenantWebhooks.id, foreign.id));
    expect(row?.isActive).toBe(true);
    expect(cipher.decrypt(row?.secretEnc ?? '')).toBe(foreign.secret);
    expect(await b.deliveries(foreign.id)).toHaveLength(1);
  });

  it('answers 403 without VIEW_WEBHOOK / CRUD_WEBHOOK', async () => {
    const { org, tenant, hook } = await setup();
    const created = await hook();
    const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
    const [viewer] = await t.database.db.insert(userGroups).values({ tenantId: tenant.id, name: 'viewers', permissions: ['VIEW_WEBHOOK'] }).returning();
    const view = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: viewer?.id });
    const ms = await loginAs(t.app, mod.email);
    const vs = await loginAs(t.app, view.email);
    expect((await t.app.inject({ url: '/api/merchant/webhook', headers: ms.headers({ 'x-tenant-id': tenant.id }) })).statusCode).toBe(403);
    const vh = vs.headers({ 'x-tenant-id': tenant.id });
    expect((await t.app.inject({ url: '/api/merchant/webhook', headers: vh })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/merchant/webhook/${created.id}/deliveries`, headers: vh })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/webhook', headers: vh, payload: { url: receiver.url, events: ['message.status'] } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/test`, headers: vh })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/merchant/webhook/${created.id}`, headers: vh })).statusCode).toBe(403);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tenantWebhooks).where(and(eq(tenantWebhooks.tenantId, tenant.id)));
    expect(n?.n).toBe(1);
  });
});

describe('tenant webhooks: abilities (issue 10 #5) — the API refuses what a row says is not allowed', () => {
  it('answers update/delete/test/rotateSecret per permission and state; a viewer (all false) is refused each', async () => {
    const { org, tenant, hook, h } = await setup();
    const created = await hook();
    const own = (await t.app.inject({ url: '/api/merchant/webhook', headers: h() })).json().data[0];
    expect(own.abilities).toEqual({ update: true, delete: true, test: true, rotateSecret: true });
    const [viewer] = await t.database.db.insert(userGroups).values({ tenantId: tenant.id, name: 'viewers', permissions: ['VIEW_WEBHOOK'] }).returning();
    const view = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: viewer?.id });
    const vh = (await loginAs(t.app, view.email)).headers({ 'x-tenant-id': tenant.id });
    expect((await t.app.inject({ url: '/api/merchant/webhook', headers: vh })).json().data[0].abilities).toEqual({ update: false, delete: false, test: false, rotateSecret: false });
    const refused = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${created.id}`, headers: vh, payload: { isActive: false } }),
      t.app.inject({ method: 'DELETE', url: `/api/merchant/webhook/${created.id}`, headers: vh }),
      t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/test`, headers: vh }),
      t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/rotate-secret`, headers: vh }),
    ]);
    for (const res of refused) expect(res.statusCode, res.body).toBe(403);
    const [row] = await t.database.db.select().from(tenantWebhooks).where(eq(tenantWebhooks.id, created.id));
    expect(row?.isActive).toBe(true);
    expect(cipher.decrypt(row?.secretEnc ?? '')).toBe(created.secret);
  });

  it('a disabled endpoint says test: false and its test-fire answers 409, sending and logging nothing', async () => {
    const { hook, h, deliveries } = await setup();
    const created = await hook();
    const off = await t.app.inject({ method: 'PUT', url: `/api/merchant/webhook/${created.id}`, headers: h(), payload: { isActive: false } });
    expect(off.json().data.abilities).toEqual({ update: true, delete: true, test: false, rotateSecret: true });
    const before = receiver.received.length;
    const res = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/${created.id}/test`, headers: h() });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect(receiver.received.length).toBe(before);
    expect(await deliveries(created.id)).toHaveLength(0);
  });

  it('offers replay only for finished deliveries; a pending one answers 409', async () => {
    const { hook, h, enqueue } = await setup();
    const created = await hook();
    await enqueue();
    const log = () => t.app.inject({ url: `/api/merchant/webhook/${created.id}/deliveries`, headers: h() });
    const pending = (await log()).json().data[0];
    expect(pending).toMatchObject({ status: 'PENDING', abilities: { replay: false } });
    const refused = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/deliveries/${pending.id}/replay`, headers: h() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('WEBHOOK_DELIVERY_PENDING');
    await deliver({ transport: async () => ({ status: 200 }) });
    const done = (await log()).json().data[0];
    expect(done).toMatchObject({ id: pending.id, status: 'SUCCEEDED', abilities: { replay: true } });
    const replayed = await t.app.inject({ method: 'POST', url: `/api/merchant/webhook/deliveries/${done.id}/replay`, headers: h() });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json().data).toMatchObject({ status: 'PENDING', abilities: { replay: false } });
  });
});
