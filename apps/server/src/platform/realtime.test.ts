import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema/auth';
import { tenantMembers } from '../db/schema/user-groups';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, type Session, type TestContext } from '../test/helpers';
import { openSse, type SseClient, type SseMessage } from '../test/sse-client';
import { emitEvent, type EventInput, type EventType } from './events';
import { MAX_STREAMS_PER_USER, loadStreamAccess, parseLastEventId } from './realtime';

/**
 * The realtime stream through a real listening server (inject cannot stream): who gets which event,
 * the answers to bad input, resuming with Last-Event-ID, and — on PostgreSQL — an event raised by
 * another process.
 */

let t: TestContext;
let base: string;
let merchantId: string;
let otherMerchantId: string;
let tenantA: string;
let tenantB: string;
let owner: Session;
let staff: Session;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  merchantId = (await buildOrganisation(t.database)).id;
  otherMerchantId = (await buildOrganisation(t.database)).id;
  tenantA = (await buildTenant(t.database, merchantId)).id;
  tenantB = (await buildTenant(t.database, merchantId)).id;
  const o = await buildUser(t.database, { merchantId, role: 'OWNER' });
  // A staff member of tenant A only, in its default group (VIEW_HISTORY, no billing, no OA).
  const s = await buildUser(t.database, { merchantId, role: 'USER', tenantIds: [tenantA] });
  owner = await loginAs(t.app, o.email);
  staff = await loginAs(t.app, s.email);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

async function stream(session: Session | null, headers: Record<string, string> = {}, query = ''): Promise<SseClient> {
  const c = await openSse(`${base}/api/realtime/stream${query}`, { ...(session ? session.headers() : {}), ...headers });
  open.push(c);
  return c;
}
const org = (extra: Record<string, string> = {}) => ({ 'x-merchant-id': merchantId, ...extra });

async function emit<T extends EventType>(event: EventInput<T>): Promise<number> {
  return t.database.db.transaction((tx) => emitEvent(tx, event));
}
const uuid = () => crypto.randomUUID();
const statusOf = (tenantId: string) => ({ type: 'message.status_changed' as const, tenantId, data: { messageId: uuid(), module: 'ZNS' as const, status: 'RECEIVED' } });
const isEvent = (id: number) => (m: SseMessage) => m.id === String(id) && m.event !== 'ready';
const eventIds = (c: SseClient) => c.messages.filter((m) => m.event !== 'ready' && m.event !== 'reset').map((m) => Number(m.id));

describe('bad input', () => {
  it('answers 401 without a session, with a forged token, and for a token in the URL', async () => {
    for (const c of [
      await stream(null, org()),
      await stream(null, { ...org(), authorization: 'Bearer not.a.token' }),
      await stream(null, org(), `?token=${encodeURIComponent(owner.token)}`),
    ]) {
      expect(c.status).toBe(401);
      expect(JSON.parse(c.body)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('answers 403 for a tenant the user cannot see and for another organisation, 400 without an organisation', async () => {
    const tenant = await stream(staff, org({ 'x-tenant-id': tenantB }));
    expect(tenant.status).toBe(403);
    expect(JSON.parse(tenant.body)).toMatchObject({ error: { code: 'TENANT_ACCESS_DENIED' } });
    const other = await stream(staff, { 'x-merchant-id': otherMerchantId });
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body)).toMatchObject({ error: { code: 'MERCHANT_ACCESS_DENIED' } });
    const none = await stream(staff);
    expect(none.status).toBe(400);
    expect(JSON.parse(none.body)).toMatchObject({ error: { code: 'MERCHANT_REQUIRED' } });
  });

  it('answers 406 (not a stream that never ends) to a request that does not accept text/event-stream', async () => {
    for (const accept of [undefined, 'application/json', 'text/event-streamx']) {
      const res = await t.app.inject({ url: '/api/realtime/stream', headers: owner.headers({ 'x-merchant-id': merchantId, ...(accept ? { accept } : {}) }) });
      expect(res.statusCode, accept).toBe(406);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_ACCEPTABLE' } });
    }
    const ok = await stream(owner, org({ accept: 'application/json;q=0.5, text/event-stream;q=1' }));
    expect(ok.status).toBe(200);
    ok.close();
  });

  it('takes a malformed Last-Event-ID (header or query) as a fresh stream, not an error', async () => {
    for (const [headers, query] of [
      [{ 'last-event-id': 'abc' }, ''],
      [{ 'last-event-id': '-5' }, ''],
      [{ 'last-event-id': '1e9' }, ''],
      [{}, '?lastEventId=12x'],
      [{}, '?lastEventId=99999999999999'], // past the end of the log: not issued here
    ] as const) {
      const c = await stream(staff, org(headers), query);
      expect(c.status).toBe(200);
      const ready = await c.next((m) => m.event === 'ready');
      expect(JSON.parse(ready.data)).toMatchObject({ resumed: false });
      c.close();
    }
    expect(parseLastEventId('0042')).toBe(42);
    expect(parseLastEventId(['7', '8'])).toBe(7);
    expect(parseLastEventId(' 9 ')).toBe(9);
    expect(parseLastEventId('9'.repeat(16))).toBeNull();
  });

  it(`refuses more than ${MAX_STREAMS_PER_USER} open streams of one account in one process (429)`, async () => {
    const u = await buildUser(t.database, { merchantId, role: 'USER', tenantIds: [tenantA] });
    const s = await loginAs(t.app, u.email);
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => stream(s, org())));
    expect(streams.every((c) => c.status === 200)).toBe(true);
    await Promise.all(streams.map((c) => c.next((m) => m.event === 'ready')));
    const extra = await stream(s, org());
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    for (const c of streams) c.close();
  });
});

describe('who receives what', () => {
  it('each stream gets, in order, exactly the events its memberships and permissions allow', async () => {
    const staffStream = await stream(staff, org());
    const ownerStream = await stream(owner, org());
    const ownerOnA = await stream(owner, org({ 'x-tenant-id': tenantA }));
    const outsiderSession = await loginAs(t.app, (await buildUser(t.database, { merchantId: otherMerchantId, role: 'OWNER' })).email);
    const outsider = await stream(outsiderSession, { 'x-merchant-id': otherMerchantId });
    for (const c of [staffStream, ownerStream, ownerOnA, outsider]) {
      expect(c.status).toBe(200);
      await c.next((m) => m.event === 'ready');
    }
    const bMessage = await emit(statusOf(tenantB)); // staff: no access to tenant B
    const aMessage = await emit(statusOf(tenantA));
    const aWallet = await emit({ type: 'wallet.threshold_crossed', tenantId: tenantA, data: { walletId: uuid(), balance: 1, threshold: 2, below: true } }); // staff: no billing permission
    const orgWallet = await emit({ type: 'wallet.threshold_crossed', merchantId, tenantId: null, data: { walletId: uuid(), balance: 1, threshold: 2, below: true } });
    const ownerNote = await emit({ type: 'notification.created', merchantId, tenantId: null, data: { notificationId: uuid(), userId: owner.userId } });
    const aOa = await emit({ type: 'zalo_oa.token_refresh_failed', tenantId: tenantA, data: { zaloOaId: uuid() } }); // staff: no OA permission
    const staffNote = await emit({ type: 'notification.created', merchantId, tenantId: tenantA, data: { notificationId: uuid(), userId: staff.userId } });
    const otherOrg = await emit({ type: 'notification.created', merchantId: otherMerchantId, tenantId: null, data: { notificationId: uuid(), userId: owner.userId } });
    const sentinel = await emit({ type: 'notification.created', merchantId: otherMerchantId, tenantId: null, data: { notificationId: uuid(), userId: outsiderSession.userId } });

    await staffStream.next(isEvent(staffNote));
    await ownerStream.next(isEvent(aOa));
    await ownerOnA.next(isEvent(aOa));
    await outsider.next(isEvent(sentinel)); // the last event: every stream has been offered all of them
    expect(eventIds(staffStream)).toEqual([aMessage, staffNote]);
    expect(eventIds(ownerStream)).toEqual([bMessage, aMessage, aWallet, orgWallet, ownerNote, aOa]);
    expect(eventIds(ownerOnA)).toEqual([aMessage, aWallet, orgWallet, ownerNote, aOa]);
    // Not the owner's notification in the other organisation (another organisation for the owner's
    // streams, somebody else's notification for the outsider).
    expect(eventIds(outsider)).toEqual([sentinel]);
    expect(eventIds(ownerStream)).not.toContain(otherOrg);

    const msg = staffStream.messages.find(isEvent(aMessage));
    expect(msg?.event).toBe('message.status_changed');
    expect(JSON.parse(msg?.data ?? '{}')).toEqual({
      id: aMessage,
      type: 'message.status_changed',
      merchantId,
      tenantId: tenantA,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { messageId: expect.any(String), module: 'ZNS', status: 'RECEIVED' },
    });
  });
});

describe('access re-check (every minute on an open stream)', () => {
  it('finds no access once the session is revoked, and loses a tenant with its membership', async () => {
    const u = await buildUser(t.database, { merchantId, role: 'USER', tenantIds: [tenantA, tenantB] });
    const s = await loginAs(t.app, u.email);
    const sid = (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id)))[0]?.id ?? '';
    const before = await loadStreamAccess(t.database.db, u.id, sid, merchantId);
    expect([...(before?.tenants.keys() ?? [])].sort()).toEqual([tenantA, tenantB].sort());
    expect(before?.tenants.get(tenantA)?.has('VIEW_HISTORY')).toBe(true);
    await t.database.db.delete(tenantMembers).where(and(eq(tenantMembers.userId, u.id), eq(tenantMembers.tenantId, tenantB)));
    expect([...((await loadStreamAccess(t.database.db, u.id, sid, merchantId))?.tenants.keys() ?? [])]).toEqual([tenantA]);
    expect(await loadStreamAccess(t.database.db, u.id, sid, otherMerchantId)).toBeNull();
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    expect(await loadStreamAccess(t.database.db, u.id, sid, merchantId)).toBeNull();
    expect(s.userId).toBe(u.id);
  });
});

describe('resuming with Last-Event-ID', () => {
  it('a reconnect replays exactly what was missed (and may see), then continues live', async () => {
    const first = await stream(staff, org());
    await first.next((m) => m.event === 'ready');
    const seen = await emit(statusOf(tenantA));
    await first.next(isEvent(seen));
    first.close();
    await first.ended;
    const missed1 = await emit(statusOf(tenantA));
    const hidden = await emit(statusOf(tenantB));
    const missed2 = await emit({ type: 'notification.created', merchantId, tenantId: null, data: { notificationId: uuid(), userId: staff.userId } });

    const again = await stream(staff, org({ 'last-event-id': String(seen) }));
    const ready = await again.next((m) => m.event === 'ready');
    expect(JSON.parse(ready.data)).toMatchObject({ resumed: true, position: seen });
    await again.next(isEvent(missed2));
    const live = await emit(statusOf(tenantA));
    await again.next(isEvent(live));
    expect(eventIds(again)).toEqual([missed1, missed2, live]);
    expect(eventIds(again)).not.toContain(hidden);

    // The query parameter works the same (for clients that cannot set the header).
    const byQuery = await stream(staff, org(), `?lastEventId=${seen}`);
    await byQuery.next(isEvent(live));
    expect(eventIds(byQuery)).toEqual([missed1, missed2, live]);
  });

  it('a fresh stream’s ready event carries the position to resume from: nothing between two connections is lost', async () => {
    const first = await stream(staff, org());
    const ready = await first.next((m) => m.event === 'ready');
    first.close();
    const meanwhile = await emit(statusOf(tenantA));
    const again = await stream(staff, org({ 'last-event-id': ready.id ?? '' }));
    await again.next(isEvent(meanwhile));
    expect(eventIds(again)).toEqual([meanwhile]);
  });

  it('says reset (refetch everything) when the gap is past the replay window', async () => {
    const old = await emit(statusOf(tenantA));
    const after = await emit(statusOf(tenantA));
    await t.database.db.execute(sql`update domain_events set created_at = now() - interval '25 hours' where id = ${after}`);
    const c = await stream(staff, org({ 'last-event-id': String(old) }));
    const reset = await c.next((m) => m.event === 'reset');
    expect(JSON.parse(reset.data)).toEqual({ reason: 'too_old' });
    expect(eventIds(c)).toEqual([]);
    await t.database.db.execute(sql`update domain_events set created_at = now() where id = ${after}`);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  // PGlite is single-process: there, API and worker share one process and one engine, so this case cannot arise.
  it('an event raised by another process (a worker) reaches the SSE client of this API process', async () => {
    const c = await stream(staff, org());
    await c.next((m) => m.event === 'ready');
    const dbName = ((await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows[0]?.name ?? '';
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${dbName}`;
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/emit-event-process.ts');
    const messageId = uuid();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, url.toString(), tenantA, messageId], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text.trim()) : reject(new Error(`emitter exited ${code}: ${text}`))));
    });
    const id = Number(out.split('\n').at(-1));
    expect(id).toBeGreaterThan(0);
    const got = await c.next(isEvent(id));
    expect(JSON.parse(got.data)).toMatchObject({ tenantId: tenantA, data: { messageId, status: 'RECEIVED' } });
  });
});
