import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_ADMIN_PHONES, SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID } from '@zc/zalo-sandbox/seed';
import { oaFollowers } from '../../db/schema/followers';
import { zaloEvents } from '../../db/schema/zalo-webhooks';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';
import { applyFollowerEvent } from './service';
import { drainZaloEvents } from '../zalo-webhooks/consumer';

let sb: RunningSandbox;
let t: TestContext;
let oaId: string;
/** The sandbox OA's first follower: its admin, who shares name, phone and address. */
let userId: string;

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await control('/webhooks', { url: `${appUrl}/api/webhooks/zalo` });
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const oa = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  expect(oa.statusCode, oa.body).toBe(200);
  oaId = oa.json().data.id;
  const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
  expect(sync.statusCode, sync.body).toBe(200);
  userId = [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.keys() ?? [])][0] ?? '';
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return res.json();
}

async function follower(id = userId) {
  const [row] = await t.database.db.select().from(oaFollowers).where(and(eq(oaFollowers.zaloOaId, oaId), eq(oaFollowers.userId, id)));
  return row;
}

/** Polls until `check` holds (the sandbox delivers webhooks asynchronously over HTTP). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

const stored = async (eventName: string) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(zaloEvents).where(eq(zaloEvents.eventName, eventName)))[0]?.n ?? 0;

describe('follower events from Zalo (signed webhooks through the sandbox)', () => {
  it('merges update_user_info into the synced follower, phone normalised for the ZNS fallback', async () => {
    expect((await follower())?.phone).toBe(SANDBOX_ADMIN_PHONES[SANDBOX_OA_ID]);
    await control('/simulate/user-info', { oaId: SANDBOX_OA_ID, userId, info: { phone: '0912 345 678', address: '5 Lê Duẩn' } });
    await eventually(async () => (await follower())?.phone === '84912345678');
    const row = await follower();
    expect(row?.sharedInfo).toMatchObject({ phone: '0912 345 678', address: '5 Lê Duẩn' });
    // What the event did not carry is kept.
    expect(row?.sharedInfo?.name).toBeTruthy();
  });

  it('forgets the shared info and phone on user_withdraw', async () => {
    await control('/simulate/withdraw', { oaId: SANDBOX_OA_ID, userId });
    await eventually(async () => (await follower())?.sharedInfo === null);
    expect(await follower()).toMatchObject({ sharedInfo: null, phone: null, isFollower: true });
  });

  it('acknowledges tag, widget and admin-echo events (stored, nothing else changed)', async () => {
    const before = await follower();
    await control('/simulate/admin-message', { oaId: SANDBOX_OA_ID, userId, text: 'Chào chị', adminId: 'adm-1' });
    await control('/simulate/widget', { oaId: SANDBOX_OA_ID, name: 'interaction_accepted', userId, userExternalId: 'KH-1' });
    await eventually(async () => (await stored('oa_send_text')) === 1 && (await stored('widget_interaction_accepted')) === 1);
    // The row is stored before the 200 reaches the sandbox (and its log): wait for the log too.
    type Delivery = { eventName: string; status: string; lastHttpStatus?: number };
    const log = async () => (await (await fetch(`${sb.url}/_control/webhooks/log`)).json()) as Delivery[];
    await eventually(async () => (await log()).filter((d) => ['oa_send_text', 'widget_interaction_accepted'].includes(d.eventName) && d.status !== 'pending').length === 2);
    for (const name of ['oa_send_text', 'widget_interaction_accepted']) expect((await log()).find((d) => d.eventName === name)).toMatchObject({ status: 'delivered', lastHttpStatus: 200 });
    // Their (absent) effects are applied by the consumer after the 200 (ADR 0019).
    await drainZaloEvents(t.database.db);
    expect(await follower()).toEqual(before);
  });

  it('ignores an event for a follower not synced yet, or of another OA, and one without usable values', async () => {
    const [other] = await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.zaloOaId, oaId)).limit(1).offset(5);
    const base = { eventName: 'update_user_info', appId: '', timestamp: '', raw: {}, oaId: SANDBOX_OA_ID } as const;
    expect(await applyFollowerEvent(t.database.db, oaId, { ...base, type: 'update_user_info', userId: 'not-synced', info: { name: 'X' } })).toBe(false);
    expect(await applyFollowerEvent(t.database.db, oaId, { ...base, type: 'update_user_info', userId: other?.userId ?? '', info: { name: 'A\u0000B', phone: 5 } })).toBe(false);
    const unrelated = '00000000-0000-4000-8000-000000000000';
    expect(await applyFollowerEvent(t.database.db, unrelated, { ...base, type: 'user_withdraw', oaId: SANDBOX_SECOND_OA_ID, userId: other?.userId ?? '' })).toBe(false);
    expect((await follower(other?.userId))?.sharedInfo).toEqual(other?.sharedInfo);
  });
});
