import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { ZaloClient } from '@zc/zalo/client';
import { messageHistory } from '../../db/schema/messaging';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { createTestApp, type TestContext } from '../../test/helpers';
import { claimDueMessages, markDelivered, processDueMessages } from './delivery-worker';
import { startDeliveryLoop } from './delivery-loop';
import { otpSender, startSandboxDelivery } from './sandbox-fixture';
import type { SendFixture } from './test-fixtures';

let t: TestContext;
let sbx: RunningSandbox;
let zalo: ZaloClient;
let f: SendFixture;

beforeAll(async () => {
  t = await createTestApp();
  ({ sbx, zalo, f } = await startSandboxDelivery(t));
  sendOtp = otpSender(t, f, 'w', 100000);
});
afterAll(async () => {
  await sbx?.close();
  await t?.close();
});
beforeEach(async () => {
  // Each test starts with an empty queue: earlier tests' rows are finished or parked far ahead.
  await t.database.db.update(messageHistory).set({ nextAttemptAt: new Date('2100-01-01') }).where(eq(messageHistory.tenantId, f.tenantId));
});

const control = (path: string, body: object) => fetch(`${sbx.url}/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
let sendOtp: ReturnType<typeof otpSender>;
const row = async (id: string) => (await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id)))[0];
const balance = async () => (await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId)))[0]?.balance ?? -1;
const entries = async (id: string) => t.database.db.select().from(walletEntries).where(eq(walletEntries.messageId, id));

describe('processDueMessages against the Zalo sandbox', () => {
  it('pushes a ZNS message, stores Zalo’s msg_id as the session id, and markDelivered moves it to RECEIVED', async () => {
    const [hook] = await t.database.db
      .insert(tenantWebhooks)
      .values({ tenantId: f.tenantId, url: 'https://hooks.example.vn/zc', secretEnc: createCipher(t.config.appSecret).encrypt('s'), events: ['message.status'] })
      .returning();
    const id = await sendOtp();
    const report = await processDueMessages({ db: t.database.db, zalo }, { limit: 10 });
    expect(report).toMatchObject({ claimed: 1, pushed: 1 });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'PUSHED_ZALO', isCharged: true, errorMsg: null, attempts: 1 });
    expect(r?.sessionId).toMatch(/\w+/);
    const deliveredAt = new Date();
    expect(await markDelivered(t.database.db, { zaloMsgId: r?.sessionId ?? '', deliveredAt })).toBe(id);
    expect(await markDelivered(t.database.db, { zaloMsgId: r?.sessionId ?? '', deliveredAt })).toBeNull();
    expect((await row(id))?.status).toBe('RECEIVED');
    // Each status change is a tenant event: PROCESSING, PUSHED_ZALO, RECEIVED.
    const events = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook?.id ?? '')).orderBy(webhookDeliveries.createdAt);
    expect(events.map((e) => (e.payload as { status: string }).status)).toEqual(['PROCESSING', 'PUSHED_ZALO', 'RECEIVED']);
    await t.database.db.delete(tenantWebhooks).where(eq(tenantWebhooks.id, hook?.id ?? ''));
  });

  it('marks a permanent Zalo refusal ERROR_CALL_ZALO with the bilingual explanation and refunds once', async () => {
    const before = await balance();
    const id = await sendOtp();
    expect(await balance()).toBe(before - 300);
    await control('force-error', { path: '/business/message/template', code: -131, count: 1 });
    const report = await processDueMessages({ db: t.database.db, zalo }, { limit: 10 });
    expect(report).toMatchObject({ claimed: 1, failed: 1 });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'ERROR_CALL_ZALO', isCharged: false, errorCode: -131 });
    expect(r?.errorMsg).toContain('Mẫu chưa được duyệt');
    expect(r?.errorMsg).toContain('The template is not approved');
    expect(await balance()).toBe(before);
    expect((await entries(id)).map((e) => e.reason).sort()).toEqual(['CHARGE', 'REFUND']);
  });

  it('retries a transient failure with back-off, then delivers', async () => {
    const id = await sendOtp();
    await control('force-error', { path: '/business/message/template', code: -100, count: 5 });
    const now = new Date();
    const first = await processDueMessages({ db: t.database.db, zalo }, { limit: 10, now });
    expect(first).toMatchObject({ claimed: 1, retried: 1 });
    const waiting = await row(id);
    expect(waiting?.status).toBe('PENDING');
    expect(waiting?.errorMsg).toContain('(-100)');
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    // not due yet
    expect((await processDueMessages({ db: t.database.db, zalo }, { limit: 10, now })).claimed).toBe(0);
    await control('force-error', { path: '/business/message/template', code: -100, count: 0 });
    const later = new Date(now.getTime() + 60_000);
    expect(await processDueMessages({ db: t.database.db, zalo }, { limit: 10, now: later })).toMatchObject({ pushed: 1 });
    expect((await row(id))?.status).toBe('PUSHED_ZALO');
    expect((await entries(id)).map((e) => e.reason)).toEqual(['CHARGE']);
  });

  it('loses nothing and charges nothing twice when a worker dies mid-delivery', async () => {
    const before = await balance();
    const id = await sendOtp();
    const now = new Date();
    // A worker claims the row and dies before calling Zalo or recording anything.
    const claimed = await claimDueMessages(t.database.db, { limit: 10, now, leaseMs: 30_000 });
    expect(claimed.map((c) => c.id)).toEqual([id]);
    expect((await row(id))?.status).toBe('PROCESSING');
    // While the lease runs, nobody else takes it.
    expect((await processDueMessages({ db: t.database.db, zalo }, { limit: 10, now: new Date(now.getTime() + 1_000) })).claimed).toBe(0);
    // After it, the row is taken over and delivered once.
    const report = await processDueMessages({ db: t.database.db, zalo }, { limit: 10, now: new Date(now.getTime() + 31_000) });
    expect(report).toMatchObject({ claimed: 1, pushed: 1 });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'PUSHED_ZALO', attempts: 2, isCharged: true });
    expect((await entries(id)).map((e) => e.reason)).toEqual(['CHARGE']);
    expect(await balance()).toBe(before - 300);
  });

  it('refreshes the OA token through the client when Zalo says the token is invalid', async () => {
    const [oaBefore] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, f.zaloOaId));
    const id = await sendOtp();
    await control('force-error', { path: '/business/message/template', code: -124, count: 1 });
    expect(await processDueMessages({ db: t.database.db, zalo }, { limit: 10 })).toMatchObject({ pushed: 1 });
    expect((await row(id))?.status).toBe('PUSHED_ZALO');
    const [oaAfter] = await t.database.db.select().from(zaloOas).where(eq(zaloOas.id, f.zaloOaId));
    expect(oaAfter?.accessTokenEnc).not.toBe(oaBefore?.accessTokenEnc);
  });

  it('sends an OA text message to a follower by UID', async () => {
    const follower = [...(sbx.sandbox.state.users.get(SANDBOX_OA_ID)?.keys() ?? [])][0] ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oa/send',
      headers: { 'x-api-key': f.secret },
      payload: { uid: follower, trackingId: `oa-${Date.now()}`, message: { kind: 'text', text: 'Xin chào từ bài kiểm thử' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const report = await processDueMessages({ db: t.database.db, zalo }, { limit: 10 });
    expect(report.claimed).toBe(1);
    const r = await row(res.json().data.id as string);
    // A seeded follower may be outside the 7-day window (-230): then the refusal is explained and refunded.
    if (r?.status === 'ERROR_CALL_ZALO') {
      expect(r.errorMsg).toMatch(/\(-\d+\)/);
      expect(r.isCharged).toBe(false);
    } else {
      expect(r?.status).toBe('PUSHED_ZALO');
      expect(r?.sessionId).toBeTruthy();
    }
  });

  it('the worker-role loop delivers without being called and stops cleanly', async () => {
    const id = await sendOtp();
    const loop = startDeliveryLoop({ db: t.database.db, zalo }, { idleMs: 20 });
    try {
      for (let i = 0; i < 200 && (await row(id))?.status !== 'PUSHED_ZALO'; i += 1) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await loop.stop();
    }
    expect((await row(id))?.status).toBe('PUSHED_ZALO');
  });
});
