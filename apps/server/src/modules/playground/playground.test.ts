import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import { oaFollowers } from '../../db/schema/followers';
import { messageHistory } from '../../db/schema/messaging';
import { zaloOas } from '../../db/schema/zalo-oa';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, multipart, PNG_1PX, type TestContext } from '../../test/helpers';
import { processDueMessages } from '../messaging/delivery-worker';
import { drainZaloEvents } from '../zalo-webhooks/consumer';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { createCipher } from '../../platform/crypto';
import { applyEntry, ensureTenantWallet } from '../wallets/ledger';

let sb: RunningSandbox;
let t: TestContext;
let h: Record<string, string>;
let tenantId: string;
let orgId: string;
let oaId: string;
let apiKeyId: string;

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  // Zalo's delivery receipts (user_received_message) reach the app over HTTP, as in production.
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${sb.url}/_control/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${appUrl}/api/webhooks/zalo` }) });
  const org = await buildOrganisation(t.database);
  orgId = org.id;
  const tenant = await buildTenant(t.database, org.id, { oaService: true, znsService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  h = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': tenant.id });
  const oa = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  oaId = oa.json().data.id;
  const key = await t.app.inject({ method: 'POST', url: '/api/merchant/api-key', headers: h, payload: { name: 'pg', zaloOAId: oaId, service: 'ZNS' } });
  expect(key.statusCode, key.body).toBe(200);
  apiKeyId = key.json().data.id;
  await t.database.db.transaction(async (tx) => {
    const wallet = await ensureTenantWallet(tx, tenantId);
    await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value: 10_000, reason: 'TOPUP' });
  });
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('followers', () => {
  it('syncs the OA’s followers from Zalo and lists them with display-name search and paging', async () => {
    const sync = await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
    expect(sync.statusCode, sync.body).toBe(200);
    const { synced, total } = sync.json().data as { synced: number; total: number };
    expect(synced).toBe(total);
    expect(synced).toBeGreaterThan(100);
    const page1 = await t.app.inject({ url: '/api/merchant/oa-user/getlist?size=20', headers: h });
    expect(page1.json().meta).toMatchObject({ total: synced, page: 1 });
    expect(page1.json().data).toHaveLength(20);
    const someone = page1.json().data[3] as { displayName: string; userId: string };
    const found = await t.app.inject({ url: `/api/merchant/oa-user/getlist?searchValue=${encodeURIComponent(someone.displayName.slice(0, 6))}`, headers: h });
    expect(found.json().data.map((f: { userId: string }) => f.userId)).toContain(someone.userId);
    // a second sync updates in place
    await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } });
    expect(await t.database.db.select().from(oaFollowers).where(eq(oaFollowers.tenantId, tenantId))).toHaveLength(synced);
  });

  it('answers 404 for another tenant’s OA and keeps lists tenant-scoped', async () => {
    const other = await buildTenant(t.database, orgId, { oaService: true });
    const owner = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const oh = (await loginAs(t.app, owner.email)).headers({ 'x-tenant-id': other.id });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: oh, payload: { zaloOAId: oaId } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/merchant/oa-user/getlist', headers: oh })).json().meta.total).toBe(0);
  });
});

describe('playground (§2.11)', () => {
  it('lists the sample messages of every §3 template type', async () => {
    const res = await t.app.inject({ url: '/api/merchant/uid/list-template?page=1&size=1000', headers: h });
    const types = (res.json().data as Array<{ uidMessageTemplates: Array<{ templateType: string }> }>).flatMap((g) => g.uidMessageTemplates.map((x) => x.templateType));
    expect(types.sort()).toEqual(['file', 'image', 'promotion', 'quote', 'request', 'sticker', 'text', 'transaction']);
  });

  it('sends a text to a recently active follower through the API key’s OA and the worker pushes it to Zalo', async () => {
    // The sandbox's first seeded user of the OA interacted an hour ago (inside the consultation window).
    const uid = [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.keys() ?? [])][0];
    expect(uid).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uid/send-message-playground',
      headers: h,
      payload: { apiKeyId, uidTypeId: 'text', uid, messageData: { kind: 'text', text: 'Xin chào từ playground' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    await processDueMessages({ db: t.database.db, zalo: createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts) });
    const [row] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id));
    expect(row).toMatchObject({ module: 'OA', uid, status: 'PUSHED_ZALO', isCharged: true });
  });

  it('answers API key not found for an unknown or another tenant’s key, and 400 for bad message data', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId: '00000000-0000-4000-8000-000000000000', uidTypeId: 'text', uid: '123', messageData: { kind: 'text', text: 'x' } } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('API key not found');
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId, uidTypeId: 'text', uid: '123', messageData: { kind: 'text', text: 'x'.repeat(2001) } } });
    expect(tooLong.statusCode).toBe(400);
    const noUid = await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: h, payload: { apiKeyId, uidTypeId: 'text', uid: '', messageData: { kind: 'text', text: 'x' } } });
    expect(noUid.statusCode).toBe(400);
  });

  it('uploads an image to Zalo and refuses a disguised or oversized file', async () => {
    const send = (fields: Record<string, string>, data: Buffer, filename = 'a.png') => {
      const form = multipart(fields, { filename, contentType: 'image/png', data });
      return t.app.inject({ method: 'POST', url: '/api/uid/upload-file-playground', payload: form.payload, headers: { ...h, ...form.headers } });
    };
    const ok = await send({ type: 'IMAGE', apiKeyId }, PNG_1PX);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.token).toBeTruthy();
    expect((await send({ type: 'IMAGE', apiKeyId }, Buffer.from('GIF89a not really'))).statusCode).toBe(415);
    expect((await send({ type: 'IMAGE', apiKeyId }, Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024)]))).statusCode).toBe(413);
    expect((await send({ type: 'FILE', apiKeyId }, Buffer.from('%PDF-1.4 tiny'), 'a.pdf')).statusCode).toBe(200);
    expect((await send({ type: 'PHOTO', apiKeyId }, PNG_1PX)).statusCode).toBe(400);
  });

  it('answers 403 to a member without SEND_REQUEST_PLAYGROUND', async () => {
    const eu = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenantId] });
    const eh = (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': tenantId });
    expect((await t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers: eh, payload: {} })).statusCode).toBe(403);
  });
});

describe('playground keys', () => {
  it('lists the tenant’s active keys to a member who may send but not view API keys (MARKETING), scoped to the tenant', async () => {
    const marketing = await buildUser(t.database, { merchantId: orgId, role: 'MARKETING', tenantIds: [tenantId] });
    const mh = (await loginAs(t.app, marketing.email)).headers({ 'x-tenant-id': tenantId });
    expect((await t.app.inject({ url: '/api/merchant/api-key', headers: mh })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/merchant/uid/list-api-key-playground', headers: mh });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([{ id: apiKeyId, name: 'pg', zaloOAId: oaId, zaloOA: { id: oaId, name: expect.any(String) } }]);
    expect(JSON.stringify(res.json())).not.toMatch(/prefix|secret|hash/i);
    const other = await buildTenant(t.database, orgId, { oaService: true, znsService: true });
    const oh = { ...h, 'x-tenant-id': other.id };
    expect((await t.app.inject({ url: '/api/merchant/uid/list-api-key-playground', headers: oh })).json().data).toEqual([]);
  });
});

describe('playground: placeholders, quotes and the outcome of a send (issue 9 #9)', () => {
  const DAY = 86_400_000;
  const zalo = () => createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts);
  const sandboxUsers = () => [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.values() ?? [])];
  const send = (payload: Record<string, unknown>, headers = h) => t.app.inject({ method: 'POST', url: '/api/uid/send-message-playground', headers, payload: { apiKeyId, uidTypeId: 'text', ...payload } });
  const status = (id: string, headers = h) => t.app.inject({ url: `/api/uid/message-playground/${id}`, headers });

  /** Polls the status route (like the console) until `done` holds or 5 s pass. */
  async function statusUntil(id: string, done: (s: { outcome: string }) => boolean) {
    for (let i = 0; i < 50; i += 1) {
      const res = await status(id);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { outcome: string; status: string; final: boolean; zaloMessageId: string | null; error: { code: number | null; vi: { meaning: string }; en: { meaning: string } } | null };
      if (done(data)) return data;
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = JSON.stringify(await (await fetch(`${sb.url}/_control/webhooks/log`)).json()).slice(-3000);
    throw new Error(`message ${id} never reached the expected outcome ${log}`);
  }

  let follower: { userId: string; displayName: string };
  beforeAll(async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/oa-user/sync', headers: h, payload: { zaloOAId: oaId } })).statusCode).toBe(200);
    // The sandbox's first user of the OA interacted an hour ago: inside the 7-day window.
    const first = sandboxUsers()[0];
    expect(first).toBeTruthy();
    const [row] = await t.database.db.select().from(oaFollowers).where(and(eq(oaFollowers.tenantId, tenantId), eq(oaFollowers.userId, first?.userId ?? '')));
    expect(row).toBeTruthy();
    follower = { userId: row?.userId ?? '', displayName: row?.displayName ?? '' };
  });

  it('fills {name} and {uid} from the synced follower: Zalo and the history get the filled text, and the status goes queued → accepted → delivered', async () => {
    const res = await send({ uid: follower.userId, messageData: { kind: 'text', text: 'Xin chào {name}, cảm ơn bạn đã quan tâm đến cửa hàng! ({uid})' } });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    const expected = `Xin chào ${follower.displayName}, cảm ơn bạn đã quan tâm đến cửa hàng! (${follower.userId})`;
    const [row] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id));
    expect(row?.messageData).toEqual({ kind: 'text', text: expected });
    expect((await status(id)).json().data).toMatchObject({ id, outcome: 'queued', final: false, error: null });

    await processDueMessages({ db: t.database.db, zalo: zalo() });
    const accepted = (await status(id)).json().data as { outcome: string; zaloMessageId: string };
    expect(accepted).toMatchObject({ status: 'PUSHED_ZALO', outcome: 'accepted', final: false });
    const atZalo = (sb.sandbox.state.oaMessages.get(SANDBOX_OA_ID) ?? []).find((m) => m.msgId === accepted.zaloMessageId);
    expect(atZalo?.text).toBe(expected);
    // The sandbox's user_received_message arrives ~0.5 s later through /api/webhooks/zalo.
    const delivered = await statusUntil(id, (s) => s.outcome === 'delivered');
    expect(delivered).toMatchObject({ final: true, error: null, zaloMessageId: accepted.zaloMessageId });
    // The OA receipt moves the history row too (it used to stay PUSHED_ZALO: only ZNS receipts were applied).
    // The status above reads the stored receipt at once; the row moves when the webhook consumer applies it.
    await drainZaloEvents(t.database.db);
    const [after] = await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id));
    expect(after).toMatchObject({ status: 'RECEIVED' });
    expect(after?.deliveredAt).toBeInstanceOf(Date);
  });

  it('reports a send outside the 7-day window as failed with Zalo’s -230 explained in vi and en', async () => {
    const stale = sandboxUsers().find((u) => u.isFollower && sb.sandbox.clock.now() - u.lastInteraction > 8 * DAY);
    expect(stale).toBeTruthy();
    const res = await send({ uid: stale?.userId, messageData: { kind: 'text', text: 'Xin chào {name}' } });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    await processDueMessages({ db: t.database.db, zalo: zalo() });
    const failed = await statusUntil(id, (s) => s.outcome !== 'queued');
    expect(failed).toMatchObject({ status: 'ERROR_CALL_ZALO', outcome: 'failed', final: true, error: { code: -230 } });
    expect(failed.error?.en.meaning).toMatch(/7-day/);
    expect(failed.error?.vi.meaning).toMatch(/7 ngày/);
  });

  it('answers 400 on the field when a placeholder has no value or the filled text is too long, and sends nothing', async () => {
    const before = (await t.database.db.select({ id: messageHistory.id }).from(messageHistory).where(eq(messageHistory.tenantId, tenantId))).length;
    const notAFollower = await send({ uid: '123', messageData: { kind: 'text', text: 'Xin chào {name}' } });
    expect(notAFollower.statusCode, notAFollower.body).toBe(400);
    expect(notAFollower.json().error.details.fields).toEqual([expect.objectContaining({ path: 'messageData.text', code: 'placeholder_missing' })]);
    // {uid} needs no follower row.
    const noAlias = await send({
      uid: follower.userId,
      uidTypeId: 'promotion',
      messageData: { kind: 'promotion', elements: { header: 'Chào {uid}', text: 'Ưu đãi', table: [{ key: 'Tên', value: '{alias}' }] }, buttons: [] },
    });
    expect(noAlias.statusCode, noAlias.body).toBe(400);
    expect(noAlias.json().error.details.fields[0]).toMatchObject({ path: 'messageData.elements.table.0.value', code: 'placeholder_missing' });
    const tooLong = await send({ uid: follower.userId, messageData: { kind: 'text', text: `${'x'.repeat(1994)}{name}` } });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().error.details.fields[0]).toMatchObject({ path: 'messageData.text', code: 'too_big' });
    const after = (await t.database.db.select({ id: messageHistory.id }).from(messageHistory).where(eq(messageHistory.tenantId, tenantId))).length;
    expect(after).toBe(before);
  });

  it('lists the conversation to quote from, newest first, and sends a quote of the follower’s last message', async () => {
    const said = await fetch(`${sb.url}/_control/simulate/user-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oaId: SANDBOX_OA_ID, userId: follower.userId, text: 'Shop còn size M không?' }),
    });
    const { msgId } = (await said.json()) as { msgId: string };
    const list = await t.app.inject({ url: `/api/uid/conversation-playground?apiKeyId=${apiKeyId}&uid=${follower.userId}`, headers: h });
    expect(list.statusCode, list.body).toBe(200);
    const messages = list.json().data as Array<{ messageId: string; fromFollower: boolean; text: string }>;
    expect(messages[0]).toMatchObject({ messageId: msgId, fromFollower: true, text: 'Shop còn size M không?' });
    expect(messages.some((m) => !m.fromFollower && m.text.startsWith('Xin chào'))).toBe(true);

    const res = await send({ uid: follower.userId, uidTypeId: 'quote', messageData: { kind: 'quote', text: 'Chào {name}, shop còn size M ạ.', quoteMessageId: msgId } });
    expect(res.statusCode, res.body).toBe(202);
    await processDueMessages({ db: t.database.db, zalo: zalo() });
    const row = await statusUntil(res.json().data.id as string, (s) => s.outcome !== 'queued');
    expect(row.outcome).not.toBe('failed');

    const otherKey = await t.app.inject({ url: `/api/uid/conversation-playground?apiKeyId=00000000-0000-4000-8000-000000000000&uid=${follower.userId}`, headers: h });
    expect(otherKey.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/uid/conversation-playground?apiKeyId=${apiKeyId}&uid=abc`, headers: h })).statusCode).toBe(400);
  });

  it('shows the status of this tenant’s playground sends only: 404 for another tenant’s id and for a message not sent from the playground', async () => {
    const res = await send({ uid: follower.userId, messageData: { kind: 'text', text: 'Chỉ một lần' } });
    const id = res.json().data.id as string;
    const org = await buildOrganisation(t.database);
    const other = await buildTenant(t.database, org.id, { oaService: true, znsService: true });
    const otherOwner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const oh = (await loginAs(t.app, otherOwner.email)).headers({ 'x-tenant-id': other.id });
    const foreign = await status(id, oh);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');

    // A message of the same tenant sent through the public API is not the playground's to show.
    const [oa] = await t.database.db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.tenantId, tenantId));
    const [api] = await t.database.db
      .insert(messageHistory)
      .values({ tenantId, module: 'OA', zaloOaId: oa?.id ?? '', apiKeyId, trackingId: 'order-1', uid: follower.userId, type: 'CS', status: 'PUSHED_ZALO' })
      .returning({ id: messageHistory.id });
    expect((await status(api?.id ?? '')).statusCode).toBe(404);
    expect((await status('not-a-uuid')).statusCode).toBe(400);

    const eu = await buildUser(t.database, { merchantId: orgId, role: 'EU', tenantIds: [tenantId] });
    const eh = (await loginAs(t.app, eu.email)).headers({ 'x-tenant-id': tenantId });
    expect((await status(id, eh)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/uid/conversation-playground?apiKeyId=${apiKeyId}&uid=${follower.userId}`, headers: eh })).statusCode).toBe(403);
  });
});
