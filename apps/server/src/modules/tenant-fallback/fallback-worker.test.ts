import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_ADMIN_PHONES, SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { ZaloClient } from '@zc/zalo/client';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { oaFollowers } from '../../db/schema/followers';
import { messageHistory } from '../../db/schema/messaging';
import { tenants } from '../../db/schema/organisation';
import { znsTemplates } from '../../db/schema/templates';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { createCipher } from '../../platform/crypto';
import { buildUser, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { claimDueMessages, processDueMessages } from '../messaging/delivery-worker';
import { otpSender, startSandboxDelivery } from '../messaging/sandbox-fixture';
import type { SendFixture } from '../messaging/test-fixtures';
import { syncFollowers } from '../followers/service';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';
import type { DomainEvent } from '../../platform/events';
import { fallbackOnFailure } from './service';

let t: TestContext;
let sbx: RunningSandbox;
let zalo: ZaloClient;
let f: SendFixture;
let owner: Record<string, string>;
/** The sandbox OA's admin: a follower who shared 84987000001 and chatted an hour ago. */
let adminUid: string;
const ADMIN_PHONE = SANDBOX_ADMIN_PHONES[SANDBOX_OA_ID] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  ({ sbx, zalo, f } = await startSandboxDelivery(t));
  sendOtp = otpSender(t, f, 'fb', 200000);
  const user = await buildUser(t.database, { merchantId: f.merchantId, role: 'OWNER' });
  owner = (await loginAs(t.app, user.email)).headers({ 'x-tenant-id': f.tenantId });
  // The product's own follower sync fills the normalised phone the fallback looks up.
  await syncFollowers(t.database.db, zalo, f.tenantId, f.zaloOaId);
  adminUid = [...(sbx.sandbox.state.oas.get(SANDBOX_OA_ID)?.adminUserIds ?? [])][0] ?? '';
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
const forceZns = (code: number) => control('force-error', { path: '/business/message/template', code, count: 1 });
/** A delivery pass, then the event handlers (the fallback reacts to message.failed_permanently after commit). */
const pass = async (now?: Date) => {
  const report = await processDueMessages({ db: t.database.db, zalo }, { limit: 10, now });
  await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
  return report;
};

async function configure(settings: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/merchant/fallback',
    headers: owner,
    payload: { enabled: true, triggerCodes: [-114, -119, -139, -140, -141], messageKind: 'text', header: '', content: 'Mã xác thực của bạn là {{otp}} (gửi qua Zalo OA).', ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
}

let sendOtp: ReturnType<typeof otpSender>;
const row = async (id: string) => (await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id)))[0];
const fallbacksOf = (id: string) => t.database.db.select().from(messageHistory).where(eq(messageHistory.fallbackOf, id));
const balance = async () => (await t.database.db.select().from(wallets).where(eq(wallets.id, f.walletId)))[0]?.balance ?? -1;
const reasons = async (id: string) => (await t.database.db.select().from(walletEntries).where(eq(walletEntries.messageId, id))).map((e) => e.reason).sort();

describe('follower phones', () => {
  it('are normalised to 84… by the follower sync, null where nothing valid was shared', async () => {
    const rows = await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.zaloOaId, f.zaloOaId));
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) expect(r.phone, r.userId).toBe(normalizeVietnamPhone(r.sharedInfo?.phone));
    expect(rows.filter((r) => r.phone !== null).length).toBeGreaterThan(50);
    expect(rows.find((r) => r.userId === adminUid)?.phone).toBe(ADMIN_PHONE);
  });
});

describe('ZNS → OA fallback in the delivery worker', () => {
  it('turns a triggering ZNS failure into exactly one charged OA message to the follower, which the next pass delivers', async () => {
    await configure({});
    const [hook] = await t.database.db
      .insert(tenantWebhooks)
      .values({ tenantId: f.tenantId, url: 'https://hooks.example.vn/zc', secretEnc: createCipher(t.config.appSecret).encrypt('s'), events: ['message.status'] })
      .returning();
    const before = await balance();
    const id = await sendOtp();
    const otp = ((await row(id))?.templateData as { otp: string }).otp;
    await forceZns(-141);

    expect(await pass()).toMatchObject({ claimed: 1, failed: 1 });
    const zns = await row(id);
    expect(zns).toMatchObject({ status: 'ERROR_CALL_ZALO', errorCode: -141, isCharged: false, fallbackNote: 'QUEUED' });
    const [oa, ...more] = await fallbacksOf(id);
    expect(more).toEqual([]);
    expect(zns?.fallbackMessageId).toBe(oa?.id);
    expect(oa).toMatchObject({
      tenantId: f.tenantId,
      module: 'OA',
      status: 'PENDING',
      uid: adminUid,
      apiKeyId: f.apiKeyId,
      zaloOaId: f.zaloOaId,
      trackingId: `fb:${id}`,
      type: 'CS',
      price: 55,
      isCharged: true,
      mode: 'production',
      messageData: { kind: 'text', text: `Mã xác thực của bạn là ${otp} (gửi qua Zalo OA).` },
    });
    // The ZNS price came back, the OA list price went out, each once.
    expect(await reasons(id)).toEqual(['CHARGE', 'REFUND']);
    expect(await reasons(oa?.id ?? '')).toEqual(['CHARGE']);
    expect(await balance()).toBe(before - 55);

    expect(await pass()).toMatchObject({ claimed: 1, pushed: 1 });
    const delivered = await row(oa?.id ?? '');
    expect(delivered?.status).toBe('PUSHED_ZALO');
    const sent = sbx.sandbox.state.oaMessages.get(SANDBOX_OA_ID)?.find((m) => m.msgId === delivered?.sessionId);
    expect(sent).toMatchObject({ userId: adminUid, text: `Mã xác thực của bạn là ${otp} (gửi qua Zalo OA).` });

    const events = (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook?.id ?? '')).orderBy(webhookDeliveries.createdAt)).map((e) => e.payload as Record<string, unknown>);
    // The failure is told at once; the fallback's outcome follows once the handler has run.
    const failures = events.filter((e) => e.id === id && e.status === 'ERROR_CALL_ZALO');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ errorCode: -141 });
    expect(failures[1]).toMatchObject({ errorCode: -141, fallbackMessageId: oa?.id, fallbackNote: 'QUEUED' });
    expect(events.filter((e) => e.id === oa?.id).map((e) => [e.status, e.fallbackOf])).toEqual([
      ['PENDING', id],
      ['PROCESSING', id],
      ['PUSHED_ZALO', id],
    ]);
    await t.database.db.delete(tenantWebhooks).where(eq(tenantWebhooks.id, hook?.id ?? ''));

    // Both sides show in the history lists.
    const znsList = await t.app.inject({ url: `/api/merchant/zns/history?trackingId=${encodeURIComponent(zns?.trackingId ?? '')}`, headers: owner });
    expect(znsList.json().data[0]).toMatchObject({ id, fallbackMessageId: oa?.id, fallbackStatus: 'PUSHED_ZALO', fallbackNote: 'QUEUED', fallbackOf: null });
    const oaList = await t.app.inject({ url: `/api/merchant/uid?trackingId=${encodeURIComponent(`fb:${id}`)}`, headers: owner });
    expect(oaList.json().data[0]).toMatchObject({ id: oa?.id, fallbackOf: id, fallbackMessageId: null, fallbackNote: null, status: 'PUSHED_ZALO' });
  });

  it('is a handler of message.failed_permanently: run twice (at least once), it creates one OA message and charges once', async () => {
    await configure({ triggerCodes: [-141] });
    const before = await balance();
    const id = await sendOtp();
    await forceZns(-141);
    // The worker alone: the ZNS failure and its refund are committed, no fallback yet.
    expect(await processDueMessages({ db: t.database.db, zalo }, { limit: 10 })).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'ERROR_CALL_ZALO', fallbackNote: null, fallbackMessageId: null });
    expect(await fallbacksOf(id)).toEqual([]);
    expect(await balance()).toBe(before);

    const handler = EVENT_HANDLERS.find((h) => h.name === 'tenant-fallback-on-failure');
    if (!handler) throw new Error('the fallback handler is not registered');
    expect(handler.types).toEqual(['message.failed_permanently']);
    const [stored] = ((await t.database.db.execute(sql`select id::text as id from domain_events where type = 'message.failed_permanently' and payload->>'messageId' = ${id}`)) as unknown as { rows: Array<{ id: string }> }).rows; // both drivers answer { rows }
    expect(stored).toBeDefined();
    const event: DomainEvent<'message.failed_permanently'> = { id: Number(stored?.id), type: 'message.failed_permanently', merchantId: f.merchantId, tenantId: f.tenantId, data: { messageId: id, module: 'ZNS', status: 'ERROR_CALL_ZALO', zaloErrorCode: -141 }, at: new Date().toISOString() };
    await t.database.db.transaction((tx) => handler.handle(tx, event));
    await t.database.db.transaction((tx) => handler.handle(tx, event));
    const rows = await fallbacksOf(id);
    expect(rows).toHaveLength(1);
    expect(await row(id)).toMatchObject({ fallbackNote: 'QUEUED', fallbackMessageId: rows[0]?.id });
    expect(await reasons(rows[0]?.id ?? '')).toEqual(['CHARGE']);
    expect(await balance()).toBe(before - 55);
    // The dispatcher's own run of the same event replays too.
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
    expect(await fallbacksOf(id)).toHaveLength(1);
    expect(await balance()).toBe(before - 55);
    expect(await pass()).toMatchObject({ pushed: 1 });
  });

  it('sends the transaction kind at its discounted list price and Zalo accepts it', async () => {
    await configure({ triggerCodes: [-118], messageKind: 'transaction', header: 'Mã xác thực {{otp}}', content: 'Dùng mã {{otp}} để đăng nhập. Mã hết hạn sau 5 phút.' });
    await t.database.db.update(wallets).set({ discountPercent: 20 }).where(eq(wallets.id, f.walletId));
    try {
      const id = await sendOtp();
      const otp = ((await row(id))?.templateData as { otp: string }).otp;
      await forceZns(-118);
      expect(await pass()).toMatchObject({ failed: 1 });
      const [oa] = await fallbacksOf(id);
      expect(oa).toMatchObject({
        type: 'TRANSACTION',
        price: 132, // 165 đ − 20 %
        messageData: { kind: 'transaction', templateType: 'transaction', language: 'VI', elements: { header: `Mã xác thực ${otp}`, text: `Dùng mã ${otp} để đăng nhập. Mã hết hạn sau 5 phút.`, table: [] }, buttons: [] },
      });
      expect(await pass()).toMatchObject({ pushed: 1 });
      expect((await row(oa?.id ?? ''))?.status).toBe('PUSHED_ZALO');
    } finally {
      await t.database.db.update(wallets).set({ discountPercent: 0 }).where(eq(wallets.id, f.walletId));
    }
  });

  it('creates nothing for a code outside the triggers, a disabled setting or a development-mode send', async () => {
    const expectNoFallback = async (id: string) => {
      const r = await row(id);
      expect(r).toMatchObject({ status: 'ERROR_CALL_ZALO', isCharged: false, fallbackMessageId: null, fallbackNote: null });
      expect(await fallbacksOf(id)).toEqual([]);
    };
    await configure({ triggerCodes: [-114] });
    const outside = await sendOtp();
    await forceZns(-141);
    expect(await pass()).toMatchObject({ failed: 1 });
    await expectNoFallback(outside);

    await configure({ enabled: false, triggerCodes: [-141] });
    const disabled = await sendOtp();
    await forceZns(-141);
    expect(await pass()).toMatchObject({ failed: 1 });
    await expectNoFallback(disabled);

    await configure({ triggerCodes: [-141] });
    const dev = await sendOtp({ mode: 'development' });
    await forceZns(-141);
    expect(await pass()).toMatchObject({ failed: 1 });
    await expectNoFallback(dev);

    // Transient failures are retried, not replaced.
    const transient = await sendOtp();
    await forceZns(-100);
    expect(await pass()).toMatchObject({ retried: 1 });
    expect(await row(transient)).toMatchObject({ status: 'PENDING', fallbackNote: null });
    expect(await fallbacksOf(transient)).toEqual([]);
  });

  it('notes NO_FOLLOWER, OA_DISABLED and EMPTY_CONTENT without creating a message, the ZNS still refunded', async () => {
    await configure({ triggerCodes: [-119] });
    const noteOf = async (send: () => Promise<string>) => {
      const id = await send();
      await forceZns(-119);
      expect(await pass()).toMatchObject({ failed: 1 });
      const r = await row(id);
      expect(r).toMatchObject({ status: 'ERROR_CALL_ZALO', isCharged: false, fallbackMessageId: null });
      expect(await reasons(id)).toEqual(['CHARGE', 'REFUND']);
      expect(await fallbacksOf(id)).toEqual([]);
      return r?.fallbackNote;
    };
    // A phone nobody shared with this OA.
    expect(await noteOf(() => sendOtp({ phone: '0912345678' }))).toBe('NO_FOLLOWER');
    // The admin unfollowed.
    await t.database.db.update(oaFollowers).set({ isFollower: false }).where(and(eq(oaFollowers.zaloOaId, f.zaloOaId), eq(oaFollowers.userId, adminUid)));
    expect(await noteOf(() => sendOtp())).toBe('NO_FOLLOWER');
    await t.database.db.update(oaFollowers).set({ isFollower: true }).where(and(eq(oaFollowers.zaloOaId, f.zaloOaId), eq(oaFollowers.userId, adminUid)));
    // The tenant's OA service is off.
    await t.database.db.update(tenants).set({ oaService: false }).where(eq(tenants.id, f.tenantId));
    expect(await noteOf(() => sendOtp())).toBe('OA_DISABLED');
    await t.database.db.update(tenants).set({ oaService: true }).where(eq(tenants.id, f.tenantId));
    // The content names only params this template does not have.
    await configure({ triggerCodes: [-119], content: '{{order_code}}' });
    expect(await noteOf(() => sendOtp())).toBe('EMPTY_CONTENT');
  });

  it('notes INSUFFICIENT_BALANCE when the wallet cannot pay the OA message, and still refunds the ZNS', async () => {
    await configure({ triggerCodes: [-140], messageKind: 'transaction', header: 'Thông báo', content: 'Mã của bạn: {{otp}}' });
    // A 100 đ template and a wallet holding exactly that: after the refund 100 đ is left, the OA transaction costs 165 đ.
    await t.database.db.update(znsTemplates).set({ price: 100 }).where(eq(znsTemplates.tenantId, f.tenantId));
    const saved = await balance();
    await t.database.db.update(wallets).set({ balance: 100 }).where(eq(wallets.id, f.walletId));
    try {
      const id = await sendOtp();
      expect(await balance()).toBe(0);
      await forceZns(-140);
      expect(await pass()).toMatchObject({ failed: 1 });
      expect(await row(id)).toMatchObject({ status: 'ERROR_CALL_ZALO', isCharged: false, fallbackMessageId: null, fallbackNote: 'INSUFFICIENT_BALANCE' });
      expect(await reasons(id)).toEqual(['CHARGE', 'REFUND']);
      expect(await fallbacksOf(id)).toEqual([]);
      expect(await balance()).toBe(100);
      // Nothing of the rolled-back savepoint survived.
      const [orphan] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(walletEntries).where(and(eq(walletEntries.walletId, f.walletId), eq(walletEntries.reason, 'CHARGE'), sql`${walletEntries.value} = 165`));
      expect(orphan?.n).toBe(0);
    } finally {
      await t.database.db.update(znsTemplates).set({ price: 300 }).where(eq(znsTemplates.tenantId, f.tenantId));
      await t.database.db.update(wallets).set({ balance: saved }).where(eq(wallets.id, f.walletId));
    }
  });

  it('creates one fallback when a lease is taken over mid-call, and never a second one later', async () => {
    // -144 the sandbox's own way: the OA's daily ZNS quota is used up. Calls take 1 s.
    await configure({ triggerCodes: [-144] });
    const before = await balance();
    const id = await sendOtp();
    await control(`oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 0 });
    await control('faults', { latencyMs: 1000 });
    try {
      const now = new Date();
      const slow = pass(now);
      // Worker A has claimed the row and is waiting for Zalo; its lease (60 s) is over for worker B.
      for (let i = 0; i < 100 && (await row(id))?.attempts !== 1; i += 1) await new Promise((r) => setTimeout(r, 10));
      const takeover = pass(new Date(now.getTime() + 61_000));
      const [a, b] = await Promise.all([slow, takeover]);
      expect(a).toMatchObject({ claimed: 1, lostLease: 1 });
      expect(b).toMatchObject({ claimed: 1, failed: 1 });
    } finally {
      await control(`oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 5_000 });
      await control('faults', { latencyMs: 0 });
    }
    const zns = await row(id);
    expect(zns).toMatchObject({ status: 'ERROR_CALL_ZALO', errorCode: -144, attempts: 2, fallbackNote: 'QUEUED' });
    const rows = await fallbacksOf(id);
    expect(rows).toHaveLength(1);
    expect(zns?.fallbackMessageId).toBe(rows[0]?.id);

    // The handler run again (at least once) finds the existing message and charges nothing more.
    if (!zns) throw new Error('the ZNS row vanished');
    const event: DomainEvent<'message.failed_permanently'> = { id: 0, type: 'message.failed_permanently', merchantId: f.merchantId, tenantId: f.tenantId, data: { messageId: id, module: 'ZNS', status: 'ERROR_CALL_ZALO', zaloErrorCode: -144 }, at: new Date().toISOString() };
    const again = await t.database.db.transaction(async (tx) => fallbackOnFailure(tx, event));
    expect(again).toEqual({ messageId: rows[0]?.id, note: 'QUEUED', replayed: true });
    // Later passes deliver the OA message and never touch the failed ZNS row again.
    expect(await pass()).toMatchObject({ claimed: 1, pushed: 1 });
    expect(await pass(new Date(Date.now() + 3600_000))).toMatchObject({ claimed: 0 });
    expect(await claimDueMessages(t.database.db, { limit: 10, now: new Date(Date.now() + 3600_000), leaseMs: 1000 })).toEqual([]);
    expect(await fallbacksOf(id)).toHaveLength(1);
    expect(await reasons(id)).toEqual(['CHARGE', 'REFUND']);
    expect(await reasons(rows[0]?.id ?? '')).toEqual(['CHARGE']);
    expect(await balance()).toBe(before - 55);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageHistory).where(and(eq(messageHistory.tenantId, f.tenantId), isNotNull(messageHistory.fallbackOf), eq(messageHistory.fallbackOf, id)));
    expect(count?.n).toBe(1);
  });
});
