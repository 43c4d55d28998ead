import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_OA_ID } from '@zc/zalo-sandbox/seed';
import type { ZaloClient } from '@zc/zalo/client';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { domainEvents } from '../../db/schema/events';
import { messageHistory } from '../../db/schema/messaging';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { dispatchPendingEvents } from '../../events/dispatcher';
import { EVENT_HANDLERS } from '../../events/handlers';
import { createCipher } from '../../platform/crypto';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, multipart, PNG_1PX, sandboxOaBody, type TestContext } from '../../test/helpers';
import { processDueMessages } from '../messaging/delivery-worker';
import { applyChatDeliveryStatus } from './service';
import { applyEntry, ensureTenantWallet } from '../wallets/ledger';
import { drainZaloEvents } from '../zalo-webhooks/consumer';
import { createServerZaloClient } from '../zalo-oa/zalo-client';

/**
 * The composer end to end through the real routes: the outbox row and the chat message written together,
 * the delivery worker against the in-process sandbox over HTTP, the status handler, refusals before Zalo
 * is called (counted by the sandbox), retries, reactions, uploads and stickers.
 */

let sb: RunningSandbox;
let t: TestContext;
let zalo: ZaloClient;
let tenantId: string;
let orgId: string;
let oaId: string;
let h: Record<string, string>;
let h2: Record<string, string>;
let ownerId: string;

const HOUR = 3_600_000;
/** Accepted by Zalo: SENT, or further once the simulated follower's receipts arrived. */
const DELIVERED = ['SENT', 'RECEIVED', 'SEEN'];

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  // Zalo's echo (oa_send_*) and receipts reach the app over HTTP, as in production.
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${sb.url}/_control/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${base}/api/webhooks/zalo` }) });
  const org = await buildOrganisation(t.database);
  orgId = org.id;
  const tenant = await buildTenant(t.database, org.id, { oaService: true });
  tenantId = tenant.id;
  const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
  const session = await loginAs(t.app, owner.email);
  ownerId = session.userId;
  h = session.headers({ 'x-tenant-id': tenant.id });
  const agent = await buildUser(t.database, { merchantId: org.id, role: 'USER', tenantIds: [tenant.id], groupId: tenant.adminGroupId });
  h2 = (await loginAs(t.app, agent.email)).headers({ 'x-tenant-id': tenant.id });
  const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: h, payload: sandboxOaBody(SANDBOX_OA_ID) });
  expect(res.statusCode, res.body).toBe(200);
  const [oa] = await t.database.db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.tenantId, tenantId));
  oaId = oa!.id;
  await t.database.db.transaction(async (tx) => {
    const wallet = await ensureTenantWallet(tx, tenantId);
    await applyEntry(tx, { walletId: wallet.id, type: 'ADD', value: 10_000, reason: 'TOPUP' });
  });
  zalo = createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts, { timeoutMs: 5_000 });
});
afterAll(async () => {
  await t?.close();
  await sb?.close();
});

let used = 0;
/** A conversation with a sandbox follower who (for Zalo too) last wrote `ago` ms before now (null: never). */
async function conversation(ago: number | null, opts: { tenant?: string; oa?: string; isGroup?: boolean } = {}) {
  const users = [...(sb.sandbox.state.users.get(SANDBOX_OA_ID)?.values() ?? [])];
  const user = users[used++];
  if (!user) throw new Error('out of sandbox followers');
  user.lastInteraction = sb.sandbox.clock.now() - (ago ?? 30 * 24 * HOUR);
  const [row] = await t.database.db
    .insert(chatConversations)
    .values({
      tenantId: opts.tenant ?? tenantId,
      zaloOaId: opts.oa ?? oaId,
      userId: user.userId,
      displayName: user.displayName,
      isGroup: opts.isGroup ?? false,
      lastUserMessageAt: ago === null ? null : new Date(Date.now() - ago),
    })
    .returning();
  return row!;
}

let n = 0;
const clientId = () => `c-${Date.now()}-${n++}`;
const send = (conversationId: string, message: Record<string, unknown>, headers = h, cid = clientId()) =>
  t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conversationId}/messages`, headers, payload: { clientMessageId: cid, message } });
const messagesOf = (conversationId: string) => t.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.sentAt), asc(chatMessages.createdAt));
const messageRow = async (id: string) => (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;
const historyRow = async (id: string) => (await t.database.db.select().from(messageHistory).where(eq(messageHistory.id, id)))[0]!;
/** The delivery worker's pass, then the event handlers (the chat status handler among them). */
async function deliver() {
  await processDueMessages({ db: t.database.db, zalo });
  await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
}
const control = (path: string, body: unknown) => fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const zaloCallPaths = async () => ((await (await fetch(`${sb.url}/_control/calls`)).json()) as { calls: Record<string, { count: number }> }).calls;
const zaloCalls = async () => ((await (await fetch(`${sb.url}/_control/calls`)).json()) as { total: number }).total;
const resetCalls = () => fetch(`${sb.url}/_control/calls`, { method: 'DELETE' });

describe('sending', () => {
  it('writes the chat message (SENDING) and its outbox row together, then follows the delivery to SENT with Zalo’s msg id; the echo is not stored twice', async () => {
    const conv = await conversation(HOUR);
    const res = await send(conv.id, { kind: 'text', text: 'Chào anh, shop đã nhận đơn.' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data as { id: string; status: string; direction: string; author: { id: string } };
    expect(sent).toMatchObject({ status: 'SENDING', direction: 'OUT', kind: 'text', text: 'Chào anh, shop đã nhận đơn.', author: { id: ownerId } });
    const row = await messageRow(sent.id);
    expect(row.messageHistoryId).toBeTruthy();
    // Free within 48 h of the follower's last message; sent by UID through the OA.
    expect(await historyRow(row.messageHistoryId!)).toMatchObject({ module: 'OA', uid: conv.userId, status: 'PENDING', type: 'CS', price: 0, zaloOaId: oaId });
    const [c] = await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, conv.id));
    expect(c).toMatchObject({ lastMessageDirection: 'OUT', lastMessagePreview: 'Chào anh, shop đã nhận đơn.' });
    expect(c!.lastOaMessageAt).not.toBeNull();

    await deliver();
    const history = await historyRow(row.messageHistoryId!);
    // Zalo's receipts (the simulated follower receives, then reads) may already have moved it further.
    expect(['PUSHED_ZALO', 'RECEIVED']).toContain(history.status);
    const after = await messageRow(sent.id);
    expect(after.zaloMsgId).toBe(history.sessionId);
    expect(DELIVERED).toContain(after.status);
    const atZalo = (sb.sandbox.state.oaMessages.get(SANDBOX_OA_ID) ?? []).find((m) => m.msgId === history.sessionId);
    expect(atZalo?.text).toBe('Chào anh, shop đã nhận đơn.');
    // Zalo's echo (oa_send_text) arrives by webhook; the ingest matches it to this message.
    await new Promise((r) => setTimeout(r, 300));
    await drainZaloEvents(t.database.db);
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
    const stored = await t.database.db.select().from(chatMessages).where(and(eq(chatMessages.zaloOaId, oaId), eq(chatMessages.zaloMsgId, history.sessionId!)));
    expect(stored.map((m) => m.id)).toEqual([sent.id]);
    expect((await messagesOf(conv.id)).filter((m) => m.direction === 'OUT')).toHaveLength(1);
  });

  it('answers a repeated clientMessageId with the same message (200) and writes one outbox row', async () => {
    const conv = await conversation(HOUR);
    const cid = clientId();
    const first = await send(conv.id, { kind: 'text', text: 'một lần' }, h, cid);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(conv.id, { kind: 'text', text: 'một lần' }, h, cid);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await messagesOf(conv.id);
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(messageHistory).where(eq(messageHistory.uid, conv.userId))).toHaveLength(1);
  });

  it('refuses a reply outside the 7-day window (422 CHAT_WINDOW_CLOSED) before anything is written or Zalo is called', async () => {
    const old = await conversation(8 * 24 * HOUR);
    const never = await conversation(null);
    // Earlier tests' messages go out first, so the count below is this test's alone.
    await deliver();
    await resetCalls();
    for (const conv of [old, never]) {
      const res = await send(conv.id, { kind: 'text', text: 'muộn rồi' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('CHAT_WINDOW_CLOSED');
      expect(await messagesOf(conv.id)).toHaveLength(0);
      expect(await t.database.db.select().from(messageHistory).where(eq(messageHistory.uid, conv.userId))).toHaveLength(0);
    }
    await deliver();
    // No send reached Zalo (the webhook ingest may read a follower's profile meanwhile: not a send).
    expect(Object.keys(await zaloCallPaths()).filter((p) => p.includes('/oa/message'))).toEqual([]);
    const atZalo = (sb.sandbox.state.oaMessages.get(SANDBOX_OA_ID) ?? []).filter((m) => m.src === 0 && (m.userId === old.userId || m.userId === never.userId));
    expect(atZalo).toEqual([]);
  });

  it('refuses text over 2000 characters (422, the field named) and a group chat', async () => {
    const conv = await conversation(HOUR);
    const long = await send(conv.id, { kind: 'text', text: 'a'.repeat(2001) });
    // Issue 15 "Bad input": 422 naming the field; nothing written.
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().error).toMatchObject({ code: 'CHAT_TEXT_TOO_LONG', details: { fields: [{ path: 'body.message.text', code: 'too_big' }] } });
    const quote = await send(conv.id, { kind: 'quote', text: 'b'.repeat(2001), quoteMessageId: 'm-1' });
    expect(quote.statusCode, quote.body).toBe(422);
    // 2000 exactly is fine; any other bad field stays the 400 of every route.
    expect((await send(conv.id, { kind: 'text', text: 'c'.repeat(2000) })).statusCode).toBe(201);
    const mixed = await send(conv.id, { kind: 'text', text: 'a'.repeat(2001), extra: 1 });
    expect(mixed.statusCode, mixed.body).toBe(400);
    // Text the database cannot store (NUL) is refused, never a 500.
    const nul = await send(conv.id, { kind: 'text', text: 'a\u0000b' });
    expect(nul.statusCode, nul.body).toBe(400);
    const nulId = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages`, headers: h, payload: { clientMessageId: 'x\u0000y', message: { kind: 'text', text: 'ok' } } });
    expect(nulId.statusCode, nulId.body).toBe(400);
    const group = await conversation(HOUR, { isGroup: true });
    const res = await send(group.id, { kind: 'text', text: 'chào nhóm' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CHAT_GROUP_NOT_SUPPORTED');
    // Only the 2000-character message was written.
    expect((await messagesOf(conv.id)).map((m) => m.text)).toEqual(['c'.repeat(2000)]);
  });

  it('charges the OA price outside the 48-h free window, and a short balance is 402 with nothing written', async () => {
    const conv = await conversation(3 * 24 * HOUR);
    const res = await send(conv.id, { kind: 'text', text: 'ngoài 48 giờ' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await messageRow(res.json().data.id);
    expect(await historyRow(row.messageHistoryId!)).toMatchObject({ price: 55, isCharged: true, type: 'CS' });
    const [w] = await t.database.db.select().from(wallets).where(eq(wallets.tenantId, tenantId));
    await t.database.db.update(wallets).set({ balance: 10 }).where(eq(wallets.id, w!.id));
    try {
      const poor = await send(conv.id, { kind: 'text', text: 'không đủ tiền' });
      expect(poor.statusCode, poor.body).toBe(402);
      expect(poor.json().error.code).toBe('INSUFFICIENT_BALANCE');
      expect(await messagesOf(conv.id)).toHaveLength(1);
    } finally {
      await t.database.db.update(wallets).set({ balance: w!.balance }).where(eq(wallets.id, w!.id));
    }
  });

  it('two agents replying at once both succeed; both messages are stored in order and both reach Zalo', async () => {
    const conv = await conversation(HOUR);
    const [a, b] = await Promise.all([send(conv.id, { kind: 'text', text: 'agent A' }, h), send(conv.id, { kind: 'text', text: 'agent B' }, h2)]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    const rows = await messagesOf(conv.id);
    expect(rows.map((r) => r.text).sort()).toEqual(['agent A', 'agent B']);
    expect(new Set(rows.map((r) => r.authorUserId)).size).toBe(2);
    expect(rows[0]!.sentAt.getTime()).toBeLessThanOrEqual(rows[1]!.sentAt.getTime());
    await deliver();
    for (const r of await messagesOf(conv.id)) expect(DELIVERED).toContain(r.status);
    // Each agent reads the conversation and sees the other's reply too.
    for (const headers of [h, h2]) {
      const page = await t.app.inject({ url: `/api/merchant/chat/conversations/${conv.id}/messages`, headers });
      expect(page.statusCode, page.body).toBe(200);
      const texts = (page.json().data as Array<{ text: string | null }>).map((m) => m.text);
      expect(texts).toEqual(expect.arrayContaining(['agent A', 'agent B']));
    }
  });

  it('a quote-reply keeps the quoted message’s id and text', async () => {
    const conv = await conversation(HOUR);
    const first = await send(conv.id, { kind: 'text', text: 'Đơn PE0102 đã giao' });
    await deliver();
    const quoted = await messageRow(first.json().data.id);
    const res = await send(conv.id, { kind: 'quote', text: 'Anh kiểm tra giúp em nhé', quoteMessageId: quoted.zaloMsgId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'text', quote: { zaloMsgId: quoted.zaloMsgId, text: 'Đơn PE0102 đã giao' } });
    await deliver();
    expect(DELIVERED).toContain((await messageRow(res.json().data.id)).status);
  });
});

describe('failures and retry', () => {
  it('a message Zalo refuses becomes FAILED with Zalo’s code and explanation in both languages; retry sends it again', async () => {
    const conv = await conversation(HOUR);
    await control('/force-error', { path: '/openapi/v3.0/oa/message/cs', code: -230, count: 1 });
    const res = await send(conv.id, { kind: 'text', text: 'sẽ lỗi' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    // Retry of a message that has not failed: refused.
    const early = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/retry`, headers: h });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('CHAT_NOT_RETRYABLE');
    await deliver();
    const failed = await messageRow(id);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: -230 });
    expect(failed.errorMessage).toMatch(/7-day/);
    expect(failed.errorMessageVi).toMatch(/7 ngày/);
    const firstHistory = failed.messageHistoryId;

    const retry = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/retry`, headers: h });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ id, status: 'SENDING', error: null });
    const again = await messageRow(id);
    expect(again.messageHistoryId).not.toBe(firstHistory);
    await deliver();
    expect(DELIVERED).toContain((await messageRow(id)).status);
    expect((await messageRow(id)).zaloMsgId).toBeTruthy();
  });

  it('a transient Zalo failure keeps the message SENDING until the outbox’s next attempt sends it; a failed sticker is retried as the same sticker', async () => {
    const conv = await conversation(HOUR);
    await control('/force-error', { path: '/openapi/v3.0/oa/message/cs', code: -200, count: 1 });
    const res = await send(conv.id, { kind: 'text', text: 'thử lại sau' });
    const id = res.json().data.id as string;
    await deliver();
    const waiting = await messageRow(id);
    expect(waiting.status).toBe('SENDING');
    expect((await historyRow(waiting.messageHistoryId!)).status).toBe('PENDING');
    await processDueMessages({ db: t.database.db, zalo }, { now: new Date(Date.now() + 15 * 60_000) });
    await dispatchPendingEvents(t.database.db, EVENT_HANDLERS);
    expect(DELIVERED).toContain((await messageRow(id)).status);
    // Every change was announced to the inbox (chat.message with the status of the moment).
    const announced = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'chat.message')).orderBy(asc(domainEvents.id));
    const statuses = announced.filter((e) => (e.payload as { messageId: string }).messageId === id).map((e) => (e.payload as { status: string }).status);
    expect(statuses[0]).toBe('SENDING');
    expect(statuses).toContain('SENT');

    await control('/force-error', { path: '/openapi/v3.0/oa/message/cs', code: -230, count: 1 });
    const sticker = await send(conv.id, { kind: 'sticker', attachmentId: 'zc.cat.hello' });
    const sid = sticker.json().data.id as string;
    await deliver();
    expect((await messageRow(sid)).status).toBe('FAILED');
    const retry = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${sid}/retry`, headers: h2 });
    expect(retry.statusCode, retry.body).toBe(200);
    const again = await messageRow(sid);
    expect((await historyRow(again.messageHistoryId!)).messageData).toEqual({ kind: 'sticker', attachmentId: 'zc.cat.hello' });
    await deliver();
    expect(DELIVERED).toContain((await messageRow(sid)).status);
  });

  it("an echo of our send applied before the worker recorded Zalo's id (stored as an authorless OUT row) merges into the agent's message: shown once, its receipt kept", async () => {
    const conv = await conversation(HOUR);
    const res = await send(conv.id, { kind: 'text', text: 'tin nhắn vội' });
    const id = res.json().data.id as string;
    await deliver();
    const sent = await messageRow(id);
    const zaloMsgId = sent.zaloMsgId!;
    expect(zaloMsgId).toBeTruthy();
    // Replay the race: the agent's row had no Zalo id yet when the echo (then a seen receipt) was applied.
    await t.database.db.delete(chatMessages).where(and(eq(chatMessages.conversationId, conv.id), eq(chatMessages.zaloMsgId, zaloMsgId)));
    await t.database.db.insert(chatMessages).values({ ...sent, id: undefined, zaloMsgId, status: 'SEEN', authorUserId: null, messageHistoryId: null, clientMessageId: null, reactions: [{ icon: '/-heart', by: 'USER' }] } as never);
    await t.database.db.insert(chatMessages).values({ ...sent, zaloMsgId: null, status: 'SENDING' });
    const history = await historyRow(sent.messageHistoryId!);
    const event = { id: 0, type: 'message.status_changed' as const, merchantId: '', tenantId: sent.tenantId, at: new Date().toISOString(), data: { messageId: history.id, module: 'OA' as const, status: 'PUSHED_ZALO' } };
    await t.database.db.transaction((tx) => applyChatDeliveryStatus(tx, event));
    const rows = (await messagesOf(conv.id)).filter((m) => m.zaloMsgId === zaloMsgId || m.id === id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, zaloMsgId, status: 'SEEN', authorUserId: sent.authorUserId, reactions: [{ icon: '/-heart', by: 'USER' }] });
  });

  it('never moves a status backwards: SEEN stays SEEN when a late delivery status arrives', async () => {
    const conv = await conversation(HOUR);
    const res = await send(conv.id, { kind: 'text', text: 'đã xem' });
    const id = res.json().data.id as string;
    await t.database.db.update(chatMessages).set({ status: 'SEEN' }).where(eq(chatMessages.id, id));
    await deliver();
    const row = await messageRow(id);
    expect(row.status).toBe('SEEN');
    expect(row.zaloMsgId).toBeTruthy();
  });
});

describe('reactions', () => {
  it('reacts through Zalo’s sender_action, stores the OA’s reaction, and /-remove takes it back; a message not on Zalo is 409', async () => {
    const conv = await conversation(HOUR);
    const res = await send(conv.id, { kind: 'text', text: 'thả tim' });
    const id = res.json().data.id as string;
    const early = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/react`, headers: h, payload: { icon: '/-heart' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('CHAT_NOT_ON_ZALO');
    await deliver();
    await resetCalls();
    const react = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/react`, headers: h, payload: { icon: '/-heart' } });
    expect(react.statusCode, react.body).toBe(200);
    expect(react.json().data.reactions).toEqual([{ icon: '/-heart', by: 'OA' }]);
    const calls = ((await (await fetch(`${sb.url}/_control/calls`)).json()) as { calls: Record<string, { count: number }> }).calls;
    expect(calls['POST /openapi/v2.0/oa/message']?.count).toBe(1);
    const other = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/react`, headers: h, payload: { icon: '/-strong' } });
    expect(other.json().data.reactions).toEqual([{ icon: '/-strong', by: 'OA' }]);
    const removed = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/react`, headers: h, payload: { icon: '/-remove' } });
    expect(removed.json().data.reactions).toEqual([]);
    const bad = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/react`, headers: h, payload: { icon: ':)' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('uploads and stickers', () => {
  const upload = (fields: Record<string, string>, file?: { filename: string; contentType: string; data: Buffer }) => {
    const m = multipart(fields, file);
    return t.app.inject({ method: 'POST', url: '/api/merchant/chat/upload', headers: { ...h, ...m.headers }, payload: m.payload });
  };
  const uploadsAtZalo = () => sb.sandbox.state.uploads.size;

  it('uploads an image to Zalo and keeps our copy', async () => {
    const res = await upload({ zaloOAId: oaId, type: 'image' }, { filename: 'anh.png', contentType: 'image/png', data: PNG_1PX });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { attachmentId: string; url: string; size: number; type: string };
    expect(data).toMatchObject({ type: 'image', token: null, name: 'anh.png', size: PNG_1PX.length });
    expect(data.attachmentId).toBeTruthy();
    const copy = await t.app.inject({ url: data.url, headers: h });
    expect(copy.statusCode).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const file = await upload({ zaloOAId: oaId, type: 'file' }, { filename: 'bao-gia.pdf', contentType: 'application/pdf', data: pdf });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().data.token).toBeTruthy();
    // The uploaded image is sendable as an image message.
    const conv = await conversation(HOUR);
    const sent = await send(conv.id, { kind: 'image', attachmentId: data.attachmentId });
    expect(sent.statusCode, sent.body).toBe(201);
    await deliver();
    expect(DELIVERED).toContain((await messageRow(sent.json().data.id)).status);
  });

  it('uploads a GIF with its width and height from the file, and sends it as Zalo’s gif media (REFERENCE §3.4)', async () => {
    // A GIF89a header: logical screen 3 × 2 pixels (little-endian), then a minimal body.
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([3, 0, 2, 0, 0x80, 0, 0]), Buffer.alloc(32)]);
    const res = await upload({ zaloOAId: oaId, type: 'gif' }, { filename: 'vui.gif', contentType: 'image/gif', data: gif });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { attachmentId: string; url: string; width: number; height: number };
    expect(data).toMatchObject({ type: 'gif', width: 3, height: 2 });
    const conv = await conversation(HOUR);
    const sent = await send(conv.id, { kind: 'gif', attachmentId: data.attachmentId, url: 'https://cdn.example.vn/vui.gif', width: data.width, height: data.height });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ kind: 'gif' });
    await deliver();
    const row = await messageRow(sent.json().data.id);
    expect(DELIVERED).toContain(row.status);
    const atZalo = (sb.sandbox.state.oaMessages.get(SANDBOX_OA_ID) ?? []).find((m) => m.msgId === row.zaloMsgId);
    expect(atZalo?.type).toBe('GIF');
    // Without its size Zalo refuses a gif: the API asks for it.
    const sizeless = await send(conv.id, { kind: 'gif', attachmentId: data.attachmentId });
    expect(sizeless.statusCode).toBe(400);
  });

  it('refuses a forbidden type (415) or size (413) before anything is stored or sent to Zalo', async () => {
    await resetCalls();
    const before = uploadsAtZalo();
    const pdfAsImage = await upload({ zaloOAId: oaId, type: 'image' }, { filename: 'x.png', contentType: 'image/png', data: Buffer.from('%PDF-1.4 not an image') });
    expect(pdfAsImage.statusCode).toBe(415);
    expect(pdfAsImage.json().error.message).toBe('Vui lòng chọn file ảnh (jpg, jpeg, png)');
    const exe = await upload({ zaloOAId: oaId, type: 'file' }, { filename: 'x.exe', contentType: 'application/pdf', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) });
    expect(exe.statusCode).toBe(415);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload({ zaloOAId: oaId, type: 'image' }, { filename: 'big.png', contentType: 'image/png', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Vui lòng chọn file nhỏ hơn 1 MB');
    expect(uploadsAtZalo()).toBe(before);
    expect(await zaloCalls()).toBe(0);
  });

  it('lists three sticker collections of eight, newest first, with images the web serves', async () => {
    const res = await t.app.inject({ url: '/api/merchant/chat/sticker?page=1&size=9999', headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ createdAt: string; stickers: Array<{ url: string; zaloStickerId: string }> }>; meta: { total: number } };
    expect(body.meta.total).toBe(3);
    expect(body.data.map((c) => c.stickers.length)).toEqual([8, 8, 8]);
    expect([...body.data.map((c) => c.createdAt)].sort().reverse()).toEqual(body.data.map((c) => c.createdAt));
    const sticker = body.data[0]!.stickers[0]!;
    expect(sticker.url).toMatch(/^\/stickers\/.+\.svg$/);
    const conv = await conversation(HOUR);
    const sent = await send(conv.id, { kind: 'sticker', attachmentId: sticker.zaloStickerId });
    expect(sent.statusCode, sent.body).toBe(201);
    // The conversation shows the sticker's image; Zalo gets only its id.
    expect(sent.json().data.payload).toEqual({ kind: 'sticker', attachmentId: sticker.zaloStickerId, url: sticker.url });
    await deliver();
    expect(DELIVERED).toContain((await messageRow(sent.json().data.id)).status);
  });
});

describe('access', () => {
  it('answers 403 without ACTION_ZALO_OA_CHAT and 404 for another tenant’s conversation', async () => {
    const conv = await conversation(HOUR);
    const viewer = await buildUser(t.database, { merchantId: orgId, role: 'USER', tenantIds: [tenantId] });
    const hv = (await loginAs(t.app, viewer.email)).headers({ 'x-tenant-id': tenantId });
    const denied = await send(conv.id, { kind: 'text', text: 'không được' }, hv);
    expect(denied.statusCode).toBe(403);
    const deniedUpload = multipart({ zaloOAId: oaId, type: 'image' }, { filename: 'a.png', contentType: 'image/png', data: PNG_1PX });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/chat/upload', headers: { ...hv, ...deniedUpload.headers }, payload: deniedUpload.payload })).statusCode).toBe(403);

    const other = await buildTenant(t.database, orgId, { oaService: true });
    const otherOwner = await buildUser(t.database, { merchantId: orgId, role: 'OWNER' });
    const ho = (await loginAs(t.app, otherOwner.email)).headers({ 'x-tenant-id': other.id });
    const foreign = await send(conv.id, { kind: 'text', text: 'không phải của tôi' }, ho);
    expect(foreign.statusCode).toBe(404);
    const res = await send(conv.id, { kind: 'text', text: 'của tôi' });
    const id = res.json().data.id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/retry`, headers: ho })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv.id}/messages/${id}/react`, headers: ho, payload: { icon: '/-heart' } })).statusCode).toBe(404);
    const foreignUpload = multipart({ zaloOAId: oaId, type: 'image' }, { filename: 'a.png', contentType: 'image/png', data: PNG_1PX });
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/chat/upload', headers: { ...ho, ...foreignUpload.headers }, payload: foreignUpload.payload })).statusCode).toBe(404);
    expect(await messagesOf(conv.id)).toHaveLength(1);
  });
});
