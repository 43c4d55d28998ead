import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import type { Database, Db } from '../../db/client';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, createTestDatabase, testConfig } from '../../test/helpers';
import { announceZaloEventsElsewhere, consumeZaloEvents, drainZaloEvents, MAX_EVENT_ATTEMPTS, startZaloEventConsumer, ZALO_EVENTS_CHANNEL, type EventHandlers } from './consumer';
import { insertEventsOnce } from './repo';
import { ingestZaloWebhook } from './service';

// A database with no app on it: no consumer runs unless a test starts one, so "stored, not yet
// applied" is a state the tests can hold (as after a crash between the 200 and the consumer's commit).
let database: Database & { drop(): Promise<void> };
let db: Db;
const cipher = createCipher(testConfig().appSecret);
const APP_ID = 'consumer-test-app';
const SECRET = 'consumer-test-webhook-secret';
const ZOA = 'consumer-test-oa';
let oaId = '';
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const org = await buildOrganisation(database);
  const tenant = await buildTenant(database, org.id, { oaService: true });
  const { rows } = await database.raw.query<{ id: string }>(
    `insert into zalo_oas (tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc) values ($1, 'Consumer OA', $2, $3, $4, $5, $6, $7) returning id`,
    [tenant.id, APP_ID, ZOA, cipher.encrypt('s'), cipher.encrypt(SECRET), cipher.encrypt('a'), cipher.encrypt('r')],
  );
  oaId = rows[0]!.id;
  // What a receipt handler wrote and committed (a handler's effects are writes in the consumer's transaction).
  await database.raw.query(`create table consumer_test_receipts (n serial primary key, msg_id text not null)`);
});
afterAll(async () => {
  await database.drop();
});

/** A signed body of `event_name` (fields as Zalo sends them), unique unless `body` is reused. */
function signed(payload: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const timestamp = String(Date.now() - 1000 + (n++ % 500));
  const body = JSON.stringify({ app_id: APP_ID, timestamp, ...payload });
  return { body, headers: { 'x-zevent-signature': signZaloWebhook({ appId: APP_ID, rawBody: body, timestamp, secret: SECRET }) } };
}
const follow = (user: string) => signed({ event_name: 'follow', oa_id: ZOA, follower: { id: user } });
const unfollow = (user: string) => signed({ event_name: 'unfollow', oa_id: ZOA, follower: { id: user } });
const received = (msgId: string) => signed({ event_name: 'user_received_message', sender: { id: ZOA }, recipient: { id: 'u-r' }, message: { msg_id: msgId } });
const seen = (msgId: string) => signed({ event_name: 'user_seen_message', sender: { id: ZOA }, recipient: { id: 'u-s' }, message: { msg_ids: [msgId] } });

const ingest = async (e: { body: string; headers: Record<string, string> }) => {
  const out = await ingestZaloWebhook(db, cipher, e.body, e.headers);
  expect(out.status, JSON.stringify(out)).toBe(200);
  return out as { status: 200; duplicate: boolean };
};

async function counters(): Promise<{ follow: number; unfollow: number; received: number; seen: number }> {
  const { rows } = await database.raw.query<{ follow: number; unfollow: number; received: number; seen: number }>(
    `select coalesce(sum(follow_count), 0)::int as follow, coalesce(sum(unfollow_count), 0)::int as unfollow, coalesce(sum(user_received_message_count), 0)::int as received, coalesce(sum(user_seen_message_count), 0)::int as seen from oa_stats_hourly where zalo_oa_id = $1`,
    [oaId],
  );
  return rows[0]!;
}
async function pending(): Promise<number> {
  return (await database.raw.query<{ n: number }>(`select count(*)::int as n from zalo_events where pending and zalo_oa_id = $1`, [oaId])).rows[0]!.n;
}
async function follower(user: string): Promise<Array<{ is_follower: boolean }>> {
  return (await database.raw.query<{ is_follower: boolean }>(`select is_follower from oa_followers where zalo_oa_id = $1 and user_id = $2`, [oaId, user])).rows;
}

describe('Zalo event consumer (ADR 0019)', () => {
  it('answers before any effect: the event is stored pending, and a crash before the consumer commits leaves it pending, applied once later', async () => {
    const before = await counters();
    await ingest(follow('crash-1'));
    await ingest(seen('crash-seen-1'));
    // Stored and acknowledged, nothing applied yet.
    expect(await pending()).toBe(2);
    expect(await counters()).toEqual(before);
    // A consumer pass that dies before its commit (the process killed): everything it did is gone.
    await expect(
      db.transaction(async (tx) => {
        const r = await consumeZaloEvents(tx as unknown as Db, {});
        expect(r.processed).toBe(2);
        throw new Error('killed before commit');
      }),
    ).rejects.toThrow('killed before commit');
    expect(await pending()).toBe(2);
    expect(await counters()).toEqual(before);
    expect(await follower('crash-1')).toEqual([]);
    // On restart the consumer picks the stored events up, without being woken by an ingest.
    const consumer = startZaloEventConsumer(db, {}, { idleMs: 20 });
    try {
      for (let i = 0; i < 200 && (await pending()) > 0; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await consumer.stop();
    }
    expect(await pending()).toBe(0);
    expect(await counters()).toEqual({ ...before, follow: before.follow + 1, seen: before.seen + 1 });
    expect(await follower('crash-1')).toEqual([{ is_follower: true }]);
    // Nothing applies twice: another pass finds nothing.
    expect((await consumeZaloEvents(db, {})).processed).toBe(0);
    expect(await counters()).toEqual({ ...before, follow: before.follow + 1, seen: before.seen + 1 });
  });

  it('a Zalo retry, sequential or racing its original, is stored and processed once', async () => {
    const before = await counters();
    const e = follow('dup-1');
    const racing = follow('dup-2');
    expect((await ingest(e)).duplicate).toBe(false);
    expect((await ingest(e)).duplicate).toBe(true);
    const outs = await Promise.all([ingest(racing), ingest(racing), ingest(racing)]);
    expect(outs.filter((o) => !o.duplicate)).toHaveLength(1);
    await drainZaloEvents(db);
    // A retry after its original was applied: still a duplicate, still nothing applied.
    expect((await ingest(e)).duplicate).toBe(true);
    await drainZaloEvents(db);
    expect(await counters()).toEqual({ ...before, follow: before.follow + 2 });
    expect(await follower('dup-1')).toEqual([{ is_follower: true }]);
    expect(await follower('dup-2')).toEqual([{ is_follower: true }]);
  });

  it('applies one OA’s follow and unfollow of a user in arrival order, in one batch', async () => {
    for (const e of [follow('order-1'), unfollow('order-1'), follow('order-2'), unfollow('order-2'), follow('order-2')]) await ingest(e);
    await drainZaloEvents(db);
    expect(await follower('order-1')).toEqual([{ is_follower: false }]);
    expect(await follower('order-2')).toEqual([{ is_follower: true }]);
  });

  it('a poisoned event is marked with its error and retried after a back-off; the events around it are applied', async () => {
    const before = await counters();
    let poisoned = true;
    const handlers: EventHandlers = {
      onDelivery: async (tx, e) => {
        await tx.execute(sql`insert into consumer_test_receipts (msg_id) values (${e.msgId})`);
        if (e.msgId === 'poison-1' && poisoned) throw new Error('receipt cannot be applied');
      },
    };
    const delivered = async () => (await database.raw.query<{ msg_id: string }>(`select msg_id from consumer_test_receipts order by n`)).rows.map((r) => r.msg_id);
    for (const e of [received('good-1'), follow('poison-neighbour'), received('poison-1'), seen('poison-seen'), received('good-2')]) await ingest(e);
    const now = new Date();
    const r = await consumeZaloEvents(db, handlers, { now });
    expect(r).toMatchObject({ processed: 4, failed: 1 });
    expect(await delivered()).toEqual(['good-1', 'good-2']);
    // The neighbours' counters are in; the poisoned receipt counts nothing until it is applied.
    expect(await counters()).toEqual({ ...before, follow: before.follow + 1, received: before.received + 2, seen: before.seen + 1 });
    const { rows } = await database.raw.query<{ pending: boolean; attempts: number; last_error: string; next_attempt_at: Date }>(
      `select pending, attempts, last_error, next_attempt_at from zalo_events where zalo_oa_id = $1 and payload->'message'->>'msg_id' = 'poison-1'`,
      [oaId],
    );
    expect(rows[0]).toMatchObject({ pending: true, attempts: 1 });
    expect(rows[0]!.last_error).toContain('receipt cannot be applied');
    expect(new Date(rows[0]!.next_attempt_at).getTime()).toBeGreaterThan(now.getTime());
    // Not due yet: a pass now leaves it alone.
    expect((await consumeZaloEvents(db, handlers, { now })).processed).toBe(0);
    // Due, and the cause fixed: applied once.
    poisoned = false;
    expect(await consumeZaloEvents(db, handlers, { now: new Date(now.getTime() + 60_000) })).toMatchObject({ processed: 1, failed: 0 });
    expect(await delivered()).toEqual(['good-1', 'good-2', 'poison-1']);
    expect(await counters()).toEqual({ ...before, follow: before.follow + 1, received: before.received + 3, seen: before.seen + 1 });
    expect(await pending()).toBe(0);
  });

  it(`gives a never-applicable event up after ${MAX_EVENT_ATTEMPTS} attempts, keeping its error, and blocks nothing meanwhile`, async () => {
    const handlers: EventHandlers = {
      onDelivery: async (_tx, e) => {
        if (e.msgId === 'poison-forever') throw new Error('always fails');
      },
    };
    await ingest(received('poison-forever'));
    let t = Date.now();
    for (let i = 0; i < MAX_EVENT_ATTEMPTS; i++) {
      await ingest(seen(`meanwhile-${i}`));
      const r = await consumeZaloEvents(db, handlers, { now: new Date(t) });
      expect(r.failed, `attempt ${i + 1}`).toBe(1);
      expect(r.processed).toBe(1);
      t += 3 * 3600_000;
    }
    const { rows } = await database.raw.query<{ pending: boolean; attempts: number; last_error: string }>(`select pending, attempts, last_error from zalo_events where payload->'message'->>'msg_id' = 'poison-forever'`);
    expect(rows[0]).toMatchObject({ pending: false, attempts: MAX_EVENT_ATTEMPTS });
    expect(rows[0]!.last_error).toContain('always fails');
    expect(await pending()).toBe(0);
  });

  it('role api: the ingest stores the event pending, applies nothing and NOTIFYs the worker role', async () => {
    const notes: string[] = [];
    const listener = await database.listen(ZALO_EVENTS_CHANNEL, (payload) => notes.push(payload));
    const announcer = announceZaloEventsElsewhere(db);
    try {
      const before = await counters();
      await ingest(follow('api-only-1'));
      await ingest(follow('api-only-2'));
      await waitFor(() => notes.length > 0);
      // Nothing in this process applies it: it stays pending for the worker's consumer.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await pending()).toBe(2);
      expect(await counters()).toEqual(before);
    } finally {
      announcer.stop();
      await listener.close();
    }
    await drainZaloEvents(db);
    expect(await follower('api-only-2')).toEqual([{ is_follower: true }]);
  });

  it("the worker role's consumer is woken by that NOTIFY, not only by its idle poll", async () => {
    const consumer = startZaloEventConsumer(db, {}, { idleMs: 60_000, minGapMs: 0, listen: (c, f, o) => database.listen(c, f, o) });
    try {
      // Its first pass (at start) finds nothing; then it sleeps for a minute unless notified.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const e = follow('woken-1');
      // Stored the way another process stores it: this process's ingest would wake its own loop directly.
      await insertEventsOnce(db, [{ zaloOaId: oaId, eventName: 'follow', dedupeKey: `follow:test:${e.body.length}:${Date.now()}`, payload: JSON.parse(e.body) as Record<string, unknown>, pending: true }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await pending()).toBe(1);
      await db.execute(sql`select pg_notify(${ZALO_EVENTS_CHANNEL}, '')`);
      await waitFor(async () => (await pending()) === 0);
      expect(await follower('woken-1')).toEqual([{ is_follower: true }]);
    } finally {
      await consumer.stop();
    }
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
