import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { oaFollowers, oaFollowerSyncs } from '../../db/schema/followers';
import { auditLogs } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type TestContext } from '../../test/helpers';

let sb: RunningSandbox;
let t: TestContext;
let oaId: string;
let h: Record<string, string>;
let modH: Record<string, string>;
let userH: Record<string, string>;
let otherH: Record<string, string>;
/** The sandbox OA's admin follower (shares a phone). */
let admin: { id: string; userId: string };
let someone: { id: string; userId: string };

const sandboxUser = (userId: string) => sb.sandbox.state.users.get(SANDBOX_OA_ID)?.get(userId);

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return res.json();
}

async function eventually(check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

const row = async (id: string) => (await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.id, id)))[0];
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api/merchant/${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await control('/webhooks', { url: `${appUrl}/api/webhooks/zalo` });
  const org = await buildOrganisation(t.database);
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const mod = await buildUser(t.database, { merchantId: org.id, role: 'MODERATOR', tenantIds: [tenant.id] });
  modH = (await loginAs(t.app, mod.email)).headers({ 'x-tenant-id': tenant.id });
  const plain = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id] });
  userH = (await loginAs(t.app, plain.email)).headers({ 'x-tenant-id': tenant.id });
  const org2 = await buildOrganisation(t.database);
  const tenant2 = await buildTenant(t.database, org2.id, { oaService: true });
  const owner2 = await buildUser(t.database, { merchantId: org2.id, role: 'OWNER' });
  otherH = (await loginAs(t.app, owner2.email)).headers({ 'x-tenant-id': tenant2.id });
  const oa = await inject('POST', 'zalo-oa', h, sandboxOaBody(SANDBOX_OA_ID));
  expect(oa.statusCode, oa.body).toBe(200);
  oaId = oa.json().data.id;
  const sync = await inject('POST', 'oa-user/sync', h, { zaloOAId: oaId });
  expect(sync.statusCode, sync.body).toBe(200);
  const adminUserId = [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.keys() ?? [])][0] ?? '';
  const [a] = await t.database.db.select().from(oaFollowers).where(and(eq(oaFollowers.zaloOaId, oaId), eq(oaFollowers.userId, adminUserId)));
  admin = { id: a?.id ?? '', userId: adminUserId };
  const [s] = await t.database.db.select().from(oaFollowers).where(and(eq(oaFollowers.zaloOaId, oaId), eq(oaFollowers.isFollower, true), sql`${oaFollowers.userId} <> ${adminUserId}`)).limit(1);
  someone = { id: s?.id ?? '', userId: s?.userId ?? '' };
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('follower routes', () => {
  it('lists with a display-name prefix search and the OA filter, and shows one follower', async () => {
    const r = await row(someone.id);
    const found = await inject('GET', `oa-user/getlist?searchValue=${encodeURIComponent((r?.displayName ?? '').slice(0, 4).toLowerCase())}&zaloOAId=${oaId}`, h);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((f: { id: string }) => f.id)).toContain(someone.id);
    for (const f of found.json().data as Array<{ displayName: string }>) expect(f.displayName.toLowerCase().startsWith((r?.displayName ?? '').slice(0, 4).toLowerCase())).toBe(true);
    const page2 = await inject('GET', 'oa-user/getlist?page=2&size=5', h);
    expect(page2.json().meta).toMatchObject({ page: 2, size: 5 });
    const detail = await inject('GET', `oa-user/${someone.id}`, h);
    expect(detail.json().data).toMatchObject({ id: someone.id, userId: someone.userId, zaloOAId: oaId });
    const cities = await inject('GET', 'oa-user/cities', h);
    expect(cities.json().data[0]).toMatchObject({ name: expect.any(String), value: expect.any(Number), districts: expect.any(Array) });
  });

  it('answers 404 for another tenant’s follower or OA and 403 without the permission', async () => {
    expect((await inject('GET', `oa-user/${someone.id}`, otherH)).statusCode).toBe(404);
    expect((await inject('PATCH', `oa-user/${someone.id}`, otherH, { userAlias: 'x' })).statusCode).toBe(404);
    expect((await inject('PATCH', `oa-user/information/${someone.id}`, otherH, { displayName: 'x', information: true })).statusCode).toBe(404);
    expect((await inject('PATCH', `oa-user/updateTag/${someone.id}`, otherH, { actions: [{ type: 'ADD', tagName: ['VIP'] }] })).statusCode).toBe(404);
    expect((await inject('GET', `oa-user/zalo-call?id=${admin.id}`, otherH)).statusCode).toBe(404);
    expect((await inject('POST', 'oa-user/zalo-call', otherH, { id: admin.id })).statusCode).toBe(404);
    expect((await inject('GET', `oa-user/getTag?zaloOAId=${oaId}`, otherH)).statusCode).toBe(404);
    expect((await inject('GET', `oa-user/sync?zaloOAId=${oaId}`, otherH)).statusCode).toBe(404);
    expect((await inject('POST', 'oa-user/sync', otherH, { zaloOAId: oaId })).statusCode).toBe(404);
    expect((await inject('GET', `oa-user/getlist?zaloOAId=${oaId}`, otherH)).json().data).toEqual([]);
    // A moderator may view but not change; a plain user may do neither.
    expect((await inject('GET', `oa-user/${someone.id}`, modH)).statusCode).toBe(200);
    expect((await inject('PATCH', `oa-user/${someone.id}`, modH, { userAlias: 'x' })).statusCode).toBe(403);
    expect((await inject('PATCH', `oa-user/information/${someone.id}`, modH, { displayName: 'x', information: true })).statusCode).toBe(403);
    expect((await inject('PATCH', `oa-user/updateTag/${someone.id}`, modH, { actions: [{ type: 'ADD', tagName: ['VIP'] }] })).statusCode).toBe(403);
    expect((await inject('POST', 'oa-user/zalo-call', modH, { id: admin.id })).statusCode).toBe(403);
    for (const url of [`oa-user/${someone.id}`, 'oa-user/cities', `oa-user/getTag?zaloOAId=${oaId}`, `oa-user/sync?zaloOAId=${oaId}`, `oa-user/zalo-call?id=${admin.id}`]) {
      expect((await inject('GET', url, userH)).statusCode, url).toBe(403);
    }
  });

  it('writes shared info to Zalo first (integer city/district ids, dd/MM/yyyy) and stores it; an unknown id → 422', async () => {
    const res = await inject('PATCH', `oa-user/${someone.id}`, h, {
      userAlias: 'Chị Lan', userExternalId: 'KH-42',
      sharedInfo: { name: 'Trần Thị Lan', phone: '0912345678', address: '12 Lê Lợi', cityId: 9, districtId: 5, userDob: '02/03/1990' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userAlias: 'Chị Lan', userExternalId: 'KH-42', sharedInfo: { name: 'Trần Thị Lan', city: 'Hà Nội', district: 'Cầu Giấy', city_id: '9', district_id: '5', user_dob: '02/03/1990' } });
    const z = sandboxUser(someone.userId);
    expect(z).toMatchObject({ alias: 'Chị Lan', externalId: 'KH-42', sharedInfo: { city_id: 9, district_id: 5, user_dob: '02/03/1990', phone: '0912345678' } });
    expect((await row(someone.id))?.phone).toBe('84912345678');

    for (const [sharedInfo, field] of [[{ cityId: 999 }, 'sharedInfo.cityId'], [{ cityId: 9, districtId: 0 }, 'sharedInfo.districtId'], [{ districtId: 4242 }, 'sharedInfo.districtId']] as const) {
      const bad = await inject('PATCH', `oa-user/${someone.id}`, h, { sharedInfo });
      expect(bad.statusCode, JSON.stringify(sharedInfo)).toBe(422);
      expect(bad.json().error).toMatchObject({ code: 'FOLLOWER_LOCATION_INVALID', details: { fields: [{ path: field }] } });
    }
    expect((await inject('PATCH', `oa-user/${someone.id}`, h, { sharedInfo: { userDob: '31/12/1969' } })).statusCode).toBe(400);
    expect((await inject('PATCH', `oa-user/${someone.id}`, h, {})).statusCode).toBe(400);
    expect(sandboxUser(someone.userId)?.sharedInfo?.city_id).toBe(9);

    const info = await inject('PATCH', `oa-user/information/${someone.id}`, h, { displayName: 'Lan Trần', information: true });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.sharedInfo.name).toBe('Lan Trần');
    expect(sandboxUser(someone.userId)?.sharedInfo?.name).toBe('Lan Trần');
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'ZALO_OA_FOLLOWER_UPDATE'), eq(auditLogs.targetId, someone.id)));
    expect(audits.length).toBe(2);
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'oa_follower.changed'));
    expect(events.some((e) => (e.payload as { followerId: string }).followerId === someone.id)).toBe(true);
  });

  it('adds and removes labels in one call, each label on its own; a label in both lists → 422', async () => {
    const add = await inject('PATCH', `oa-user/updateTag/${someone.id}`, h, { actions: [{ type: 'ADD', tagName: ['VIP', 'Khách Q1', 'Hà Nội'] }] });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect([...(sandboxUser(someone.userId)?.tags ?? [])].sort()).toEqual(['Hà Nội', 'Khách Q1', 'VIP']);
    // SUB of a label the OA never had fails alone; the ADD beside it still happens.
    const mixed = await inject('PATCH', `oa-user/updateTag/${someone.id}`, h, { actions: [{ type: 'ADD', tagName: ['Mới'] }, { type: 'SUB', tagName: ['VIP', 'Không có'] }] });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().data.results).toEqual([
      { type: 'ADD', tagName: 'Mới', ok: true },
      { type: 'SUB', tagName: 'VIP', ok: true },
      expect.objectContaining({ type: 'SUB', tagName: 'Không có', ok: false, error: expect.any(String), errorVi: expect.any(String) }),
    ]);
    expect([...(await row(someone.id))!.tagNames].sort()).toEqual(['Hà Nội', 'Khách Q1', 'Mới']);
    expect(mixed.json().data.follower.tagsAndNotesInfo.tagNames.sort()).toEqual(['Hà Nội', 'Khách Q1', 'Mới']);

    const both = await inject('PATCH', `oa-user/updateTag/${someone.id}`, h, { actions: [{ type: 'ADD', tagName: ['VIP'] }, { type: 'SUB', tagName: ['VIP'] }] });
    expect(both.statusCode).toBe(422);
    expect(both.json().error.code).toBe('FOLLOWER_TAG_CONFLICT');
    expect((await inject('PATCH', `oa-user/updateTag/${someone.id}`, h, { actions: [{ type: 'ADD', tagName: ['a', 'b', 'c', 'd'] }] })).statusCode).toBe(400);
    expect((await inject('PATCH', `oa-user/updateTag/${someone.id}`, h, { actions: [{ type: 'ADD', tagName: ['a'] }, { type: 'ADD', tagName: ['b'] }] })).statusCode).toBe(400);
    expect(sandboxUser(someone.userId)?.tags.has('VIP')).toBe(false);

    const tagsRes = await inject('GET', `oa-user/getTag?zaloOAId=${oaId}`, h);
    expect(tagsRes.json().data).toEqual(expect.arrayContaining(['Hà Nội', 'Khách Q1', 'Mới', 'VIP']));
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'ZALO_OA_FOLLOWER_TAG'), eq(auditLogs.targetId, someone.id)));
    expect(audits.length).toBe(2);
  });

  it('keeps labels current from add_user_to_tag / remove_user_from_tag, and follow / unfollow events', async () => {
    const before = (await row(admin.id))?.tagNames ?? [];
    // A label set in Zalo's own console reaches us only as an event: the sandbox's tag route emits it.
    const z = sandboxUser(admin.userId);
    expect(z).toBeDefined();
    sb.sandbox.webhooks.emit(sb.sandbox.state.oas.get(SANDBOX_OA_ID)!.appId, { oa_id: SANDBOX_OA_ID, event_name: 'add_user_to_tag', tag: { user_ids: [admin.userId], name: 'Từ Zalo' } });
    await eventually(async () => ((await row(admin.id))?.tagNames ?? []).includes('Từ Zalo'));
    sb.sandbox.webhooks.emit(sb.sandbox.state.oas.get(SANDBOX_OA_ID)!.appId, { oa_id: SANDBOX_OA_ID, event_name: 'remove_user_from_tag', tag: { user_ids: [admin.userId], name: 'Từ Zalo' } });
    await eventually(async () => !((await row(admin.id))?.tagNames ?? []).includes('Từ Zalo'));
    expect((await row(admin.id))?.tagNames).toEqual(before);

    const followed = (await control('/simulate/follow', { oaId: SANDBOX_OA_ID })) as { userId: string };
    await eventually(async () => (await t.database.db.select().from(oaFollowers).where(and(eq(oaFollowers.zaloOaId, oaId), eq(oaFollowers.userId, followed.userId)))).length === 1);
    await control('/simulate/follow', { oaId: SANDBOX_OA_ID, userId: someone.userId, unfollow: true });
    await eventually(async () => (await row(someone.id))?.isFollower === false);
    await control('/simulate/follow', { oaId: SANDBOX_OA_ID, userId: someone.userId });
    await eventually(async () => (await row(someone.id))?.isFollower === true);
  });

  it('asks call consent, records the user’s answer from user_reply_consent, then starts a call', async () => {
    const s0 = await inject('GET', `oa-user/zalo-call?id=${admin.id}`, h);
    expect(s0.statusCode, s0.body).toBe(200);
    expect(s0.json().data).toMatchObject({ consent: false, status: 'none' });
    const ask = await inject('POST', 'oa-user/zalo-call', h, { id: admin.id, callType: 'audio', reasonCode: 101 });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json().data).toMatchObject({ action: 'requested', state: { status: 'pending' } });
    const phone = (await row(admin.id))?.phone ?? '';
    await control('/calls/reply', { oaId: SANDBOX_OA_ID, phone, accept: true });
    await eventually(async () => (await row(admin.id))?.callConsent === 'accepted');
    expect((await row(admin.id))?.callConsentExpiresAt).toBeInstanceOf(Date);
    const call = await inject('POST', 'oa-user/zalo-call', h, { id: admin.id, callType: 'audio' });
    expect(call.json().data).toMatchObject({ action: 'call', state: { consent: true, status: 'accepted' }, callLink: expect.stringContaining('https://'), qrCode: expect.any(String), ttl: 172800 });
    const actions = (await t.database.db.select({ a: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, admin.id))).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(['ZALO_OA_CALL_CONSENT', 'ZALO_OA_CALL_START']));
  });

  it('resumes a sync interrupted by a Zalo failure from its stored offset, without duplicates', async () => {
    await control('/followers/bulk', { oaId: SANDBOX_OA_ID, count: 120 });
    const zTotal = [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.values() ?? [])].filter((u) => u.isFollower).length;
    const hook = sb.sandbox.forcedErrors;
    // The next run's getlist fails (a permanent -201): it stops FAILED and the one after resumes it.
    hook.set('/openapi/v3.0/oa/user/getlist', { code: -201, remaining: 1 });
    const failed = await inject('POST', 'oa-user/sync', h, { zaloOAId: oaId });
    expect(failed.json().data).toMatchObject({ status: 'FAILED', done: 0 });
    const again = await inject('POST', 'oa-user/sync', h, { zaloOAId: oaId });
    expect(again.json().data.syncId).toBe(failed.json().data.syncId);
    expect(again.json().data).toMatchObject({ status: 'DONE', total: zTotal, done: zTotal, synced: zTotal });
    // A run whose process stopped mid-way (left RUNNING at offset 100) continues from there.
    await t.database.db.update(oaFollowerSyncs).set({ status: 'RUNNING', nextOffset: 100, done: 100, finishedAt: null }).where(eq(oaFollowerSyncs.id, again.json().data.syncId));
    const resumed = await inject('POST', 'oa-user/sync', h, { zaloOAId: oaId });
    expect(resumed.json().data).toMatchObject({ syncId: again.json().data.syncId, status: 'DONE', done: zTotal });
    const counts = (await t.database.db.execute(sql`select count(*)::int as n, count(distinct user_id)::int as distinct from oa_followers where zalo_oa_id = ${oaId}`)) as unknown as { rows: Array<{ n: number; distinct: number }> };
    const { n, distinct } = counts.rows[0] ?? { n: 0, distinct: -1 };
    expect(n).toBe(distinct);
    expect(n).toBeGreaterThanOrEqual(zTotal);
    const state = await inject('GET', `oa-user/sync?zaloOAId=${oaId}`, h);
    expect(state.json().data).toMatchObject({ syncId: again.json().data.syncId, status: 'DONE' });
    const progress = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'oa_follower.sync_progress'));
    expect(progress.some((e) => (e.payload as { status: string }).status === 'FAILED')).toBe(true);
    expect(progress.some((e) => (e.payload as { status: string }).status === 'DONE')).toBe(true);
    // In the background: answered at once as RUNNING, then DONE.
    const bg = await inject('POST', 'oa-user/sync', h, { zaloOAId: oaId, background: true });
    expect(bg.json().data).toMatchObject({ status: 'RUNNING', done: 0 });
    await eventually(async () => (await inject('GET', `oa-user/sync?zaloOAId=${oaId}`, h)).json().data.status === 'DONE', 1200);
  }, 180_000);
});
