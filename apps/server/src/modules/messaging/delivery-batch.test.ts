import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { RunningSandbox } from '@zc/zalo-sandbox/server';
import type { ZaloCall, ZaloClient } from '@zc/zalo/client';
import { ZaloApiError } from '@zc/zalo/errors';
import type { ZaloBody } from '@zc/zalo/transport';
import { domainEvents } from '../../db/schema/events';
import { messageHistory } from '../../db/schema/messaging';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { createCipher } from '../../platform/crypto';
import { createTestApp, type TestContext } from '../../test/helpers';
import { processDueMessages } from './delivery-worker';
import { otpSender, startSandboxDelivery } from './sandbox-fixture';
import type { SendFixture } from './test-fixtures';

// ADR 0018: a pass's results are written set-based, in one transaction; each message still stands alone.
let t: TestContext;
let sbx: RunningSandbox;
let zalo: ZaloClient;
let f: SendFixture;
let sendOtp: ReturnType<typeof otpSender>;
let hookId = '';

beforeAll(async () => {
  t = await createTestApp();
  ({ sbx, zalo, f } = await startSandboxDelivery(t));
  sendOtp = otpSender(t, f, 'b', 200000);
  const [hook] = await t.database.db
    .insert(tenantWebhooks)
    .values({ tenantId: f.tenantId, url: 'https://hooks.example.vn/zc', secretEnc: createCipher(t.config.appSecret).encrypt('s'), events: ['message.status'] })
    .returning();
  hookId = hook?.id ?? '';
});
afterAll(async () => {
  await sbx?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.update(messageHistory).set({ nextAttemptAt: new Date('2100-01-01') }).where(eq(messageHistory.tenantId, f.tenantId));
});

const db = () => t.database.db;
const row = async (id: string) => (await db().select().from(messageHistory).where(eq(messageHistory.id, id)))[0];
const balance = async () => (await db().select().from(wallets).where(eq(wallets.id, f.walletId)))[0]?.balance ?? -1;
const reasons = async (id: string) => (await db().select().from(walletEntries).where(eq(walletEntries.messageId, id))).map((e) => e.reason).sort();
const sendMany = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await sendOtp());
  return ids;
};
const trackingOf = async (id: string) => (await row(id))?.trackingId ?? '';
/** The real client, with `after` run on every answer (and able to change it) for the row whose tracking id the request carries. */
const zaloWith = (after: (trackingId: string | null, body: ZaloBody, req: ZaloCall) => Promise<ZaloBody> | ZaloBody): ZaloClient => ({
  ...zalo,
  call: async (oa, req) => {
    const body = await zalo.call(oa, req);
    const tracking = (req.json as { tracking_id?: string } | undefined)?.tracking_id ?? null;
    return after(tracking, body, req);
  },
});
const msgIdOf = (body: ZaloBody) => ((body.data ?? {}) as { msg_id?: string }).msg_id ?? '';
/** Each message's tenant event statuses (in order) and domain event types with statuses (in id order). */
const eventsOf = async (id: string) => {
  const hooks = await db()
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hookId))
    .orderBy(asc(webhookDeliveries.createdAt));
  const domain = await db()
    .select({ type: domainEvents.type, payload: domainEvents.payload })
    .from(domainEvents)
    .where(sql`${domainEvents.payload}->>'messageId' = ${id}`)
    .orderBy(asc(domainEvents.id));
  return {
    tenant: hooks.map((h) => h.payload as { id: string; status: string }).filter((p) => p.id === id).map((p) => p.status),
    domain: domain.map((d) => `${d.type}:${(d.payload as { status: string }).status}`),
  };
};

describe('batched delivery writes (ADR 0018)', () => {
  it('writes the other rows when one row lost its lease meanwhile, and nothing for that row', async () => {
    const ids = await sendMany(4);
    const lost = ids[1] ?? '';
    const lostTracking = await trackingOf(lost);
    // While its Zalo call runs, another worker takes the row over (its lease ran out): attempts moves on.
    const client = zaloWith(async (tracking, body) => {
      if (tracking === lostTracking) await db().update(messageHistory).set({ attempts: sql`${messageHistory.attempts} + 1` }).where(eq(messageHistory.id, lost));
      return body;
    });
    const report = await processDueMessages({ db: db(), zalo: client }, { limit: 10 });
    expect(report).toMatchObject({ claimed: 4, pushed: 3, lostLease: 1, unwritten: 0 });
    for (const id of ids.filter((x) => x !== lost)) expect(await row(id)).toMatchObject({ status: 'PUSHED_ZALO', isCharged: true });
    expect(await row(lost)).toMatchObject({ status: 'PROCESSING', attempts: 2, sessionId: null });
    expect(await eventsOf(lost)).toEqual({ tenant: ['PROCESSING'], domain: [] });
  });

  it('a poisoned result fails alone: every other row gets its result, the poisoned one is retried', async () => {
    const ids = await sendMany(5);
    const poisoned = ids[2] ?? '';
    const poisonedTracking = await trackingOf(poisoned);
    // Zalo answers a msg_id the database cannot store (NUL): the batch statement fails on this row's data.
    const client = zaloWith((tracking, body) => (tracking === poisonedTracking ? { ...body, data: { ...(body.data as object), msg_id: 'bad\u0000id' } } : body));
    const before = await balance();
    const report = await processDueMessages({ db: db(), zalo: client }, { limit: 10 });
    expect(report).toMatchObject({ claimed: 5, pushed: 4, retried: 1, failed: 0, lostLease: 0, unwritten: 0 });
    for (const id of ids.filter((x) => x !== poisoned)) {
      expect(await row(id)).toMatchObject({ status: 'PUSHED_ZALO', isCharged: true });
      expect(await eventsOf(id)).toEqual({ tenant: ['PROCESSING', 'PUSHED_ZALO'], domain: ['message.status_changed:PUSHED_ZALO'] });
    }
    const p = await row(poisoned);
    expect(p).toMatchObject({ status: 'PENDING', sessionId: null, isCharged: true, attempts: 1 });
    expect(p?.errorMsg).toContain('[may have reached Zalo]');
    expect(await eventsOf(poisoned)).toEqual({ tenant: ['PROCESSING', 'PENDING'], domain: ['message.status_changed:PENDING'] });
    // Nothing refunded, nothing charged twice.
    expect(await balance()).toBe(before);
    expect(await reasons(poisoned)).toEqual(['CHARGE']);
  });

  it('emits each message’s events once, in order, for pushes, refusals and receipts that overtook the write', async () => {
    const ids = await sendMany(4);
    const refused = ids[0] ?? '';
    const early = ids[3] ?? '';
    const refusedTracking = await trackingOf(refused);
    const earlyTracking = await trackingOf(early);
    const client = zaloWith(async (tracking, body) => {
      // Zalo's receipt of this message arrives (and is stored by the ingest) before the worker writes PUSHED_ZALO.
      if (tracking === earlyTracking) {
        const msgId = msgIdOf(body);
        await db()
          .insert(zaloEvents)
          .values({ zaloOaId: f.zaloOaId, eventName: 'user_received_message', dedupeKey: `user_received_message:${msgId}`, payload: { message: { msg_id: msgId, delivery_time: '1764100000000' } } });
      }
      // A permanent refusal (-131, the template is not approved) for this one.
      if (tracking === refusedTracking) throw new ZaloApiError('zns', -131, 'Template is not approved');
      return body;
    });
    const before = await balance();
    const report = await processDueMessages({ db: db(), zalo: client }, { limit: 10 });
    expect(report).toMatchObject({ claimed: 4, pushed: 3, failed: 1, retried: 0, lostLease: 0 });
    expect(await balance()).toBe(before + 300);
    expect(await reasons(refused)).toEqual(['CHARGE', 'REFUND']);
    expect(await row(refused)).toMatchObject({ status: 'ERROR_CALL_ZALO', isCharged: false, errorCode: -131 });
    expect(await eventsOf(refused)).toEqual({
      tenant: ['PROCESSING', 'ERROR_CALL_ZALO'],
      domain: ['message.status_changed:ERROR_CALL_ZALO', 'message.failed_permanently:ERROR_CALL_ZALO'],
    });
    expect(await row(early)).toMatchObject({ status: 'RECEIVED', deliveredAt: new Date(1764100000000) });
    expect(await eventsOf(early)).toEqual({
      tenant: ['PROCESSING', 'PUSHED_ZALO', 'RECEIVED'],
      domain: ['message.status_changed:PUSHED_ZALO', 'message.status_changed:RECEIVED'],
    });
    for (const id of [ids[1] ?? '', ids[2] ?? '']) {
      expect(await eventsOf(id)).toEqual({ tenant: ['PROCESSING', 'PUSHED_ZALO'], domain: ['message.status_changed:PUSHED_ZALO'] });
    }
    // The tenant events carry the same payloads as before: the session id with PUSHED_ZALO, the error with the refusal.
    const payloads = await db().select({ p: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
    const pushedEvent = payloads.map((x) => x.p as Record<string, unknown>).find((p) => p.id === ids[1] && p.status === 'PUSHED_ZALO');
    expect(pushedEvent).toEqual({ id: ids[1], trackingId: await trackingOf(ids[1] ?? ''), module: 'ZNS', status: 'PUSHED_ZALO', sessionId: (await row(ids[1] ?? ''))?.sessionId });
    const refusedEvent = payloads.map((x) => x.p as Record<string, unknown>).find((p) => p.id === refused && p.status === 'ERROR_CALL_ZALO');
    expect(refusedEvent).toMatchObject({ errorCode: -131, errorMsg: expect.stringContaining('(-131)') });
  });

  it('a worker killed between the Zalo call and its write: the row is retried after the lease, the late write is fenced, one charge', async () => {
    const [id = ''] = await sendMany(1);
    const before = await balance();
    const now = new Date();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let reached!: () => void;
    const calledZalo = new Promise<void>((r) => {
      reached = r;
    });
    // The first worker's Zalo call succeeds, then the worker stalls (killed, or frozen) before writing.
    const stalled = zaloWith(async (_tracking, body) => {
      reached();
      await held;
      return body;
    });
    const zombie = processDueMessages({ db: db(), zalo: stalled, leaseMs: 30_000 }, { limit: 10, now });
    await calledZalo;
    expect(await row(id)).toMatchObject({ status: 'PROCESSING', attempts: 1 });
    // After its lease another worker claims the row again and delivers it (Zalo sees it twice: at-least-once).
    const second = await processDueMessages({ db: db(), zalo, leaseMs: 30_000 }, { limit: 10, now: new Date(now.getTime() + 31_000) });
    expect(second).toMatchObject({ claimed: 1, pushed: 1 });
    const delivered = await row(id);
    expect(delivered).toMatchObject({ status: 'PUSHED_ZALO', attempts: 2, isCharged: true });
    // The first worker comes back: its result is fenced by attempts and written nowhere.
    release();
    expect(await zombie).toMatchObject({ claimed: 1, pushed: 0, lostLease: 1 });
    expect(await row(id)).toMatchObject({ status: 'PUSHED_ZALO', attempts: 2, sessionId: delivered?.sessionId });
    expect(await reasons(id)).toEqual(['CHARGE']);
    expect(await balance()).toBe(before);
    expect(await eventsOf(id)).toEqual({ tenant: ['PROCESSING', 'PROCESSING', 'PUSHED_ZALO'], domain: ['message.status_changed:PUSHED_ZALO'] });
    const all = await db().select({ id: messageHistory.id }).from(messageHistory).where(inArray(messageHistory.id, [id]));
    expect(all).toHaveLength(1);
  });
});
