import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { RunningSandbox } from '@zc/zalo-sandbox/server';
import type { ZaloClient } from '@zc/zalo/client';
import { domainEventRetries, domainEvents } from '../db/schema/events';
import { mailOutbox } from '../db/schema/mail';
import { notifications } from '../db/schema/notifications';
import { wallets } from '../db/schema/wallets';
import type { Database } from '../db/client';
import { buildOrganisation, buildTenant, buildUser, createTestApp, type TestContext } from '../test/helpers';
import { defineHandler, dispatchPendingEvents, handlerRetryDelayMs, pruneEvents, type EventHandler } from '../events/dispatcher';
import { EVENT_HANDLERS } from '../events/handlers';
import { applyEntry, ensureTenantWallet } from '../modules/wallets/ledger';
import { processDueMessages } from '../modules/messaging/delivery-worker';
import { otpSender, startSandboxDelivery } from '../modules/messaging/sandbox-fixture';
import type { SendFixture } from '../modules/messaging/test-fixtures';
import { EVENT_CHANNEL, emitEvent } from './events';

/** PGlite is one connection: two transactions cannot be open at once there. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestContext;
let db: Database;
let merchantId: string;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database;
  merchantId = (await buildOrganisation(db)).id;
  tenantId = (await buildTenant(db, merchantId)).id;
});
afterAll(async () => {
  await t?.close();
});

const uuid = () => crypto.randomUUID();
const status = (messageId = uuid()) => ({ type: 'message.status_changed' as const, tenantId, data: { messageId, module: 'ZNS' as const, status: 'PUSHED_ZALO' } });
const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('emitEvent', () => {
  it('writes the event in the caller’s transaction, with the tenant’s organisation, and NOTIFYs its id on commit only', async () => {
    const heard: string[] = [];
    const listener = await db.listen(EVENT_CHANNEL, (p) => heard.push(p));
    try {
      let committedId = 0;
      await db.db.transaction(async (tx) => {
        committedId = await emitEvent(tx, status());
        // Not before the commit: a listener must never see a fact that may still roll back.
        await new Promise((r) => setTimeout(r, 30));
        expect(heard).not.toContain(String(committedId));
      });
      await waitFor(() => heard.includes(String(committedId)));
      const [row] = await db.db.select().from(domainEvents).where(eq(domainEvents.id, committedId));
      expect(row).toMatchObject({ type: 'message.status_changed', merchantId, tenantId });

      let rolledBackId = 0;
      await expect(
        db.db.transaction(async (tx) => {
          rolledBackId = await emitEvent(tx, status());
          throw new Error('the business write failed');
        }),
      ).rejects.toThrow('the business write failed');
      await db.db.transaction(async (tx) => void (await emitEvent(tx, status())));
      await new Promise((r) => setTimeout(r, 50));
      expect(rolledBackId).toBeGreaterThan(committedId);
      expect(heard).not.toContain(String(rolledBackId));
      expect(await db.db.select().from(domainEvents).where(eq(domainEvents.id, rolledBackId))).toHaveLength(0);
    } finally {
      await listener.close();
    }
  });

  it('refuses a payload outside the event’s schema, and an event that names no organisation', async () => {
    await expect(db.db.transaction((tx) => emitEvent(tx, { ...status(), data: { messageId: 'not-a-uuid', module: 'ZNS', status: 'PUSHED_ZALO' } }))).rejects.toThrow();
    await expect(db.db.transaction((tx) => emitEvent(tx, { ...status(), tenantId: null }))).rejects.toThrow(/neither an organisation nor a tenant/);
  });
});

describe('dispatchPendingEvents', () => {
  it('runs each handler once per event after commit, and not again on the next pass', async () => {
    const seen: number[] = [];
    const h = defineHandler({ name: `count-${uuid()}`, types: ['zalo_oa.token_refresh_failed'], handle: async (_tx, e) => void seen.push(e.id) });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await db.db.transaction((tx) => emitEvent(tx, { type: 'zalo_oa.token_refresh_failed', tenantId, data: { zaloOaId: uuid() } })));
    await db.db.transaction((tx) => emitEvent(tx, status())); // another type: not this handler's
    expect(await dispatchPendingEvents(db.db, [h])).toMatchObject({ handled: 3, failed: 0 });
    expect(seen).toEqual(ids);
    expect(await dispatchPendingEvents(db.db, [h])).toMatchObject({ handled: 0 });
    expect(seen).toEqual(ids);
  });

  it('retries a failing handler with back-off (at least once), rolling back what the failed attempt wrote', async () => {
    const user = await buildUser(db, { merchantId });
    let calls = 0;
    const flaky: EventHandler = defineHandler({
      name: `flaky-${uuid()}`,
      types: ['wallet.threshold_crossed'],
      handle: async (tx, e) => {
        calls += 1;
        await tx.insert(notifications).values({ merchantId, tenantId, userId: user.id, action: 'CREATED', type: 'TEST', referenceId: String(e.id), name: `attempt ${calls}` });
        if (calls < 3) throw new Error(`attempt ${calls} failed`);
      },
    });
    const eventId = await db.db.transaction((tx) => emitEvent(tx, { type: 'wallet.threshold_crossed', tenantId, data: { walletId: uuid(), balance: 1, threshold: 2, below: true } }));
    const mine = () => db.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.referenceId, String(eventId))));
    const retry = async () => (await db.db.select().from(domainEventRetries).where(and(eq(domainEventRetries.handler, flaky.name), eq(domainEventRetries.eventId, eventId))))[0];

    const now = Date.now();
    expect(await dispatchPendingEvents(db.db, [flaky], { now: new Date(now) })).toMatchObject({ handled: 0, failed: 1 });
    expect(await mine()).toHaveLength(0); // the failed attempt's write is gone with its savepoint
    expect(await retry()).toMatchObject({ attempts: 1, lastError: 'Error: attempt 1 failed' });
    // Not due yet: nothing runs.
    await dispatchPendingEvents(db.db, [flaky], { now: new Date(now + 1000) });
    expect(calls).toBe(1);
    await dispatchPendingEvents(db.db, [flaky], { now: new Date(now + handlerRetryDelayMs(1)) });
    expect(await retry()).toMatchObject({ attempts: 2 });
    expect(await dispatchPendingEvents(db.db, [flaky], { now: new Date(now + handlerRetryDelayMs(1) + handlerRetryDelayMs(2)) })).toMatchObject({ retried: 1 });
    expect(calls).toBe(3);
    expect((await mine()).map((n) => n.name)).toEqual(['attempt 3']);
    expect(await retry()).toBeUndefined();
  });

  it('a crash mid-pass (the dispatcher’s transaction never commits) runs the handler again', async () => {
    const handled: number[] = [];
    let crash = true;
    const h = defineHandler({
      name: `crashy-${uuid()}`,
      types: ['zalo_oa.token_refresh_failed'],
      handle: async (_tx, e) => {
        handled.push(e.id);
      },
    });
    const id = await db.db.transaction((tx) => emitEvent(tx, { type: 'zalo_oa.token_refresh_failed', tenantId, data: { zaloOaId: uuid() } }));
    // The process "dies" after the handler ran but before the cursor committed: simulated by a
    // transaction around the pass that rolls back (the pass's own transaction becomes a savepoint).
    await expect(
      db.db.transaction(async (tx) => {
        await dispatchPendingEvents(tx as unknown as typeof db.db, [h]); // a transaction offers the same API
        if (crash) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    crash = false;
    // (A new handler reads the retained history of its types first: earlier tests' events too.)
    expect(handled.filter((x) => x === id)).toHaveLength(1);
    await dispatchPendingEvents(db.db, [h]);
    expect(handled.filter((x) => x === id)).toHaveLength(2);
  });

  it.skipIf(!onPostgres)('never skips an event whose transaction took an earlier id but commits later (PostgreSQL: concurrent transactions)', async () => {
    const order: number[] = [];
    const h = defineHandler({ name: `order-${uuid()}`, types: ['zalo_oa.token_refresh_failed'], handle: async (_tx, e) => void order.push(e.id) });
    await dispatchPendingEvents(db.db, [h]); // a new handler reads the retained history first
    order.length = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let slowId = 0;
    const slow = db.db.transaction(async (tx) => {
      slowId = await emitEvent(tx, { type: 'zalo_oa.token_refresh_failed', tenantId, data: { zaloOaId: uuid() } });
      await gate;
    });
    try {
      await waitFor(() => slowId > 0);
      const fastId = await db.db.transaction((tx) => emitEvent(tx, { type: 'zalo_oa.token_refresh_failed', tenantId, data: { zaloOaId: uuid() } }));
      expect(fastId).toBeGreaterThan(slowId);
      await dispatchPendingEvents(db.db, [h]);
      expect(order).toEqual([]); // the later event waits: the older transaction may still commit
      release();
      await slow;
      await dispatchPendingEvents(db.db, [h]);
      expect(order).toEqual([slowId, fastId]);
    } finally {
      release();
      await slow;
    }
  });

  it('prunes events past retention once every handler has passed them', async () => {
    const id = await db.db.transaction((tx) => emitEvent(tx, status()));
    await db.db.execute(sql`update domain_events set created_at = now() - interval '8 days' where id = ${id}`);
    await dispatchPendingEvents(db.db, EVENT_HANDLERS);
    expect(await pruneEvents(db.db, EVENT_HANDLERS.map((h) => h.name))).toBeGreaterThanOrEqual(1);
    expect(await db.db.select().from(domainEvents).where(eq(domainEvents.id, id))).toHaveLength(0);
  });
});

describe('wallet threshold → notifications, through the handler', () => {
  it('the ledger announces the crossing; the handler creates the notification (announcing notification.created) and the mail', async () => {
    const receiver = await buildUser(db, { merchantId });
    const wallet = await ensureTenantWallet(db.db, tenantId);
    await db.db.update(wallets).set({ balance: 1_000, threshold: 500, receiverIds: [receiver.id] }).where(eq(wallets.id, wallet.id));
    await db.db.transaction((tx) => applyEntry(tx, { walletId: wallet.id, type: 'SUB', value: 600, reason: 'ADJUST' }).then(() => undefined));
    const mine = () => db.db.select().from(notifications).where(eq(notifications.userId, receiver.id));
    expect(await mine()).toHaveLength(0); // not the ledger's job any more
    const [crossing] = await db.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'wallet.threshold_crossed'), sql`${domainEvents.payload}->>'walletId' = ${wallet.id}`));
    expect(crossing?.payload).toEqual({ walletId: wallet.id, balance: 400, threshold: 500, below: true });
    await dispatchPendingEvents(db.db, EVENT_HANDLERS);
    const [n] = await mine();
    expect(n).toMatchObject({ type: 'WALLET_LOW_BALANCE', referenceId: wallet.id, tenantId, description: 'Balance 400 VND is below the threshold 500 VND' });
    expect(await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, receiver.email))).toHaveLength(1);
    const created = await db.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'notification.created'), sql`${domainEvents.payload}->>'userId' = ${receiver.id}`));
    expect(created.map((e) => e.payload)).toEqual([{ notificationId: n?.id, userId: receiver.id }]);
    // Handled once: another pass adds nothing.
    await dispatchPendingEvents(db.db, EVENT_HANDLERS);
    expect(await mine()).toHaveLength(1);
  });
});

describe('the delivery worker announces settled statuses', () => {
  let sbx: RunningSandbox;
  let zalo: ZaloClient;
  let f: SendFixture;
  beforeAll(async () => {
    ({ sbx, zalo, f } = await startSandboxDelivery(t));
  });
  afterAll(async () => {
    await sbx?.close();
  });
  const eventsOf = async (messageId: string) =>
    (await db.db.select().from(domainEvents).where(sql`${domainEvents.payload}->>'messageId' = ${messageId}`).orderBy(domainEvents.id)).map((e) => ({ type: e.type, tenantId: e.tenantId, merchantId: e.merchantId, ...(e.payload as object) }));

  it('PUSHED_ZALO as message.status_changed, a permanent failure also as message.failed_permanently (with Zalo’s code)', async () => {
    const send = otpSender(t, f, 'ev', 300000);
    const ok = await send();
    await processDueMessages({ db: db.db, zalo }, { limit: 10 });
    expect(await eventsOf(ok)).toEqual([{ type: 'message.status_changed', tenantId: f.tenantId, merchantId: f.merchantId, messageId: ok, module: 'ZNS', status: 'PUSHED_ZALO' }]);

    const bad = await send();
    await fetch(`${sbx.url}/_control/force-error`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/business/message/template', code: -131, count: 1 }) });
    await processDueMessages({ db: db.db, zalo }, { limit: 10 });
    expect(await eventsOf(bad)).toEqual([
      { type: 'message.status_changed', tenantId: f.tenantId, merchantId: f.merchantId, messageId: bad, module: 'ZNS', status: 'ERROR_CALL_ZALO', zaloErrorCode: -131 },
      { type: 'message.failed_permanently', tenantId: f.tenantId, merchantId: f.merchantId, messageId: bad, module: 'ZNS', status: 'ERROR_CALL_ZALO', zaloErrorCode: -131 },
    ]);
  });
});
