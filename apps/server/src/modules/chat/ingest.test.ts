import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { startSandboxServer, type RunningSandbox } from '@zc/zalo-sandbox/server';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID, SANDBOX_WEBHOOK_SECRET } from '@zc/zalo-sandbox/seed';
import { signZaloWebhook } from '@zc/zalo/webhook-signature';
import { parseZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { ZaloClient } from '@zc/zalo/client';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { messageHistory } from '../../db/schema/messaging';
import { oaFollowers } from '../../db/schema/followers';
import { zaloOas } from '../../db/schema/zalo-oa';
import { createCipher } from '../../platform/crypto';
import { trustedTenantScope } from '../../platform/tenant-scope';
import { buildOrganisation, buildTenant, buildUser, createTestApp, loginAs, sandboxOaBody, type Session, type TestContext } from '../../test/helpers';
import { openSse, type SseClient, type SseMessage } from '../../test/sse-client';
import { drainZaloEvents } from '../zalo-webhooks/consumer';
import { createServerZaloClient } from '../zalo-oa/zalo-client';
import { ensureHistoryImported } from './history-import';
import { applyChatEvents, reactionsAfter } from './ingest';

/**
 * The chat ingest end to end: signed webhooks through the real route, the consumer (drainZaloEvents),
 * the stored conversations and messages, and the chat.* events on a real SSE stream; the history
 * import against the sandbox over HTTP.
 */

let sb: RunningSandbox;
let t: TestContext;
let base: string;
let tenantA: string;
let tenantB: string;
let oaA: string;
let oaB: string;
let ownerA: Session;
let ownerB: Session;
let zalo: ZaloClient;
const streams: SseClient[] = [];

beforeAll(async () => {
  sb = await startSandboxServer();
  t = await createTestApp({}, { zaloHosts: sb.hosts });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${sb.url}/_control/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${base}/api/webhooks/zalo` }) });
  const connect = async (zoaId: string) => {
    const org = await buildOrganisation(t.database);
    const tenant = await buildTenant(t.database, org.id, { oaService: true });
    const owner = await buildUser(t.database, { merchantId: org.id, role: 'OWNER' });
    const session = await loginAs(t.app, owner.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/zalo-oa', headers: session.headers({ 'x-tenant-id': tenant.id }), payload: sandboxOaBody(zoaId) });
    expect(res.statusCode, res.body).toBe(200);
    const [oa] = await t.database.db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.zoaId, zoaId));
    return { tenantId: tenant.id, merchantId: org.id, oaId: oa!.id, session };
  };
  const a = await connect(SANDBOX_OA_ID);
  const b = await connect(SANDBOX_SECOND_OA_ID);
  [tenantA, oaA, ownerA, tenantB, oaB, ownerB] = [a.tenantId, a.oaId, a.session, b.tenantId, b.oaId, b.session];
  zalo = createServerZaloClient(t.database.db, createCipher(t.config.appSecret), sb.hosts, { timeoutMs: 5_000 });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
  await sb?.close();
});

let seq = 0;
const msgId = () => `m${Date.now().toString(16)}${(seq++).toString(16).padStart(6, '0')}`;
const userId = () => `u${Date.now()}${seq++}`;

/** A signed webhook body of Zalo's shape (REFERENCE §5.3). */
function signed(body: Record<string, unknown>, at = Date.now()) {
  const timestamp = String(at);
  const raw = JSON.stringify({ app_id: SANDBOX_APP_ID, ...body, timestamp });
  return { raw, signature: signZaloWebhook({ appId: SANDBOX_APP_ID, rawBody: raw, timestamp, secret: SANDBOX_WEBHOOK_SECRET }) };
}
async function deliver(...bodies: Array<Record<string, unknown> | { raw: string; signature: string }>) {
  for (const b of bodies) {
    const s = 'raw' in b && typeof b.raw === 'string' ? (b as { raw: string; signature: string }) : signed(b as Record<string, unknown>);
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/zalo', payload: s.raw, headers: { 'content-type': 'application/json', 'x-zevent-signature': s.signature } });
    expect(res.statusCode, res.body).toBe(200);
  }
  await drainZaloEvents(t.database.db);
}
const userText = (zoa: string, user: string, id: string, text: string) => ({ event_name: 'user_send_text', sender: { id: user }, recipient: { id: zoa }, message: { text, msg_id: id } });
const oaText = (zoa: string, user: string, id: string, text: string) => ({ event_name: 'oa_send_text', sender: { id: zoa }, recipient: { id: user }, message: { text, msg_id: id } });

async function conversationOf(oa: string, user: string) {
  const [c] = await t.database.db.select().from(chatConversations).where(and(eq(chatConversations.zaloOaId, oa), eq(chatConversations.userId, user)));
  return c;
}
async function messagesOf(conversationId: string) {
  return t.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.sentAt), asc(chatMessages.createdAt));
}
async function stream(session: Session, headers: Record<string, string>): Promise<SseClient> {
  const c = await openSse(`${base}/api/realtime/stream`, { ...session.headers(), ...headers });
  streams.push(c);
  expect(c.status, c.body).toBe(200);
  await c.next((m) => m.event === 'ready');
  return c;
}
const chatEvent = (pred: (d: Record<string, unknown>) => boolean) => (m: SseMessage) => m.event === 'chat.message' && pred((JSON.parse(m.data) as { data: Record<string, unknown> }).data);

describe('chat ingest: follower messages', () => {
  it('stores a follower message from a signed webhook, creates the conversation from the synced follower and pushes chat.message to the tenant\'s SSE client only', async () => {
    const u = userId();
    await t.database.db.insert(oaFollowers).values({ tenantId: tenantA, zaloOaId: oaA, userId: u, displayName: 'Nguyễn Văn A', avatar: 'https://a/x.jpg', phone: '84901234567' });
    const streamA = await stream(ownerA, { 'x-tenant-id': tenantA });
    const streamB = await stream(ownerB, { 'x-tenant-id': tenantB });
    const id = msgId();
    await deliver(userText(SANDBOX_OA_ID, u, id, 'Xin chào shop'));
    const conv = await conversationOf(oaA, u);
    expect(conv).toMatchObject({ tenantId: tenantA, displayName: 'Nguyễn Văn A', avatar: 'https://a/x.jpg', phone: '84901234567', unreadCount: 1, lastMessageKind: 'text', lastMessageDirection: 'IN', lastMessagePreview: 'Xin chào shop', status: 'OPEN' });
    expect(conv!.followerId).not.toBeNull();
    expect(conv!.lastUserMessageAt).not.toBeNull();
    const [m] = await messagesOf(conv!.id);
    expect(m).toMatchObject({ zaloMsgId: id, direction: 'IN', kind: 'text', text: 'Xin chào shop', status: null, tenantId: tenantA });
    const got = await streamA.next(chatEvent((d) => d.messageId === m!.id));
    expect(JSON.parse(got.data).data).toEqual({ conversationId: conv!.id, zaloOaId: oaA, messageId: m!.id, direction: 'IN', status: null, assigneeUserId: null });
    await streamA.next((x) => x.event === 'chat.conversation_changed' && JSON.parse(x.data).data.conversationId === conv!.id);

    // Tenant B's agent: its own OA's message arrives, tenant A's never did.
    const idB = msgId();
    await deliver(userText(SANDBOX_SECOND_OA_ID, u, idB, 'B'));
    const convB = await conversationOf(oaB, u);
    expect(convB!.tenantId).toBe(tenantB);
    expect(convB!.id).not.toBe(conv!.id);
    await streamB.next(chatEvent((d) => d.conversationId === convB!.id));
    expect(streamB.messages.some((x) => x.data.includes(conv!.id))).toBe(false);
  });

  it('stores a duplicate delivery (same body, and a retry with another timestamp) once, counting unread once', async () => {
    const u = userId();
    const id = msgId();
    const first = signed(userText(SANDBOX_OA_ID, u, id, 'một lần'));
    await deliver(first, first, signed(userText(SANDBOX_OA_ID, u, id, 'một lần'), Date.now() + 5));
    // The consumer given the same event again (a replay past the event store's dedupe) stores nothing more.
    const e = parseZaloWebhookEvent(JSON.parse(first.raw));
    await t.database.db.transaction((tx) => applyChatEvents(tx, [{ tenantId: tenantA, zaloOaId: oaA, event: e }, { tenantId: tenantA, zaloOaId: oaA, event: e }]));
    const conv = await conversationOf(oaA, u);
    expect(await messagesOf(conv!.id)).toHaveLength(1);
    expect(conv!.unreadCount).toBe(1);
  });

  it('maps every user_send_* kind, keeps attachments, counts unread per new message and reopens a closed conversation', async () => {
    const u = userId();
    const zoa = SANDBOX_OA_ID;
    const ev = (name: string, attachments: unknown[], text?: string) => ({ event_name: name, sender: { id: u }, recipient: { id: zoa }, message: { msg_id: msgId(), ...(text ? { text } : {}), attachments } });
    await deliver(
      ev('user_send_image', [{ type: 'image', payload: { url: 'https://i/1.jpg', thumbnail: 'https://i/1t.jpg' } }]),
      ev('user_send_file', [{ type: 'file', payload: { url: 'https://f/1', name: 'bao-gia.pdf', size: '2048', checksum: 'x', type: 'pdf' } }]),
      ev('user_send_sticker', [{ type: 'sticker', payload: { id: 's1', url: 'https://s/1' } }]),
      ev('user_send_location', [{ type: 'location', payload: { coordinates: { latitude: '10.7', longitude: '106.7' } } }]),
      ev('user_send_business_card', [{ type: 'business_card', payload: { name: 'Card' } }]),
      ev('user_send_gif', [{ type: 'gif', payload: { url: 'https://g/1.gif' } }]),
      ev('user_send_audio', [{ type: 'audio', payload: { url: 'https://a/1.amr' } }]),
      ev('user_send_video', [{ type: 'video', payload: { url: 'https://v/1.mp4' } }]),
      ev('user_send_link', [{ type: 'link', payload: { url: 'https://l', description: 'Trang' } }], 'xem link'),
    );
    let conv = await conversationOf(oaA, u);
    const rows = await messagesOf(conv!.id);
    expect(rows.map((r) => r.kind).sort()).toEqual(['audio', 'business_card', 'file', 'gif', 'image', 'link', 'location', 'sticker', 'video']);
    expect(rows.find((r) => r.kind === 'file')!.payload).toEqual({ attachments: [{ type: 'file', payload: { url: 'https://f/1', name: 'bao-gia.pdf', size: '2048', checksum: 'x', type: 'pdf' } }] });
    expect(conv!.unreadCount).toBe(9);

    await t.database.db.update(chatConversations).set({ status: 'CLOSED', unreadCount: 0 }).where(eq(chatConversations.id, conv!.id));
    await deliver(userText(zoa, u, msgId(), 'còn đó không?'));
    conv = await conversationOf(oaA, u);
    expect(conv).toMatchObject({ status: 'OPEN', unreadCount: 1, lastMessagePreview: 'còn đó không?' });
  });

  it('shows the quoted text of a follower\'s quote-reply (Zalo names the quoted message by id only)', async () => {
    const u = userId();
    const zoa = SANDBOX_OA_ID;
    const oaMsg = msgId();
    const reply = msgId();
    await deliver(oaText(zoa, u, oaMsg, 'Đơn PE0102 đã giao'));
    await deliver({ event_name: 'user_send_text', sender: { id: u }, recipient: { id: zoa }, message: { text: 'Chưa nhận ạ', msg_id: reply, quote_msg_id: oaMsg } });
    const conv = await conversationOf(oaA, u);
    const res = await t.app.inject({ url: `/api/merchant/chat/conversations/${conv!.id}/messages`, headers: ownerA.headers({ 'x-tenant-id': tenantA }) });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (res.json().data as Array<{ zaloMsgId: string; quote: unknown }>).find((m) => m.zaloMsgId === reply);
    expect(shown?.quote).toEqual({ zaloMsgId: oaMsg, text: 'Đơn PE0102 đã giao' });
  });

  it('a follower who only clicked "Chat now", or called the OA, has a conversation with that line and an open reply window (REFERENCE §13.4)', async () => {
    const u = userId();
    const zoa = SANDBOX_OA_ID;
    const click = signed({ event_name: 'user_click_chatnow', oa_id: zoa, user_id_by_app: `app-${u}`, sender: { id: u }, recipient: { id: zoa } });
    await deliver(click, click);
    let conv = await conversationOf(oaA, u);
    expect(conv).toMatchObject({ unreadCount: 1, lastMessageKind: 'interaction', lastMessageDirection: 'IN' });
    expect(conv!.lastUserMessageAt).not.toBeNull();
    await deliver({ event_name: 'user_call_oa', oa_id: zoa, sender: { id: u }, recipient: { id: zoa } });
    conv = await conversationOf(oaA, u);
    const rows = await messagesOf(conv!.id);
    expect(rows.map((r) => [r.kind, r.direction, r.payload])).toEqual([
      ['interaction', 'IN', { event: 'user_click_chatnow' }],
      ['interaction', 'IN', { event: 'user_call_oa' }],
    ]);
    expect(conv!.unreadCount).toBe(2);
  });

  it('keeps a Zalo group\'s messages in one group conversation (the "group" filter), each with its member; the OA\'s own as OUT', async () => {
    const zoa = SANDBOX_OA_ID;
    const group = `g${Date.now()}`;
    const m1 = msgId();
    const m2 = msgId();
    const m3 = msgId();
    await deliver(
      { event_name: 'user_send_group_text', oa_id: zoa, group_id: group, group: { id: group, name: 'Khách VIP' }, sender: { id: 'u-lan', display_name: 'Chị Lan' }, recipient: { id: group }, message: { msg_id: m1, text: 'Shop có hàng mới chưa?' } },
      { event_name: 'user_send_group_image', oa_id: zoa, group_id: group, sender: { id: 'u-minh' }, recipient: { id: group }, message: { msg_id: m2, attachments: [{ type: 'image', payload: { url: 'https://i/g.jpg' } }] } },
      { event_name: 'oa_send_group_text', oa_id: zoa, group_id: group, sender: { id: zoa }, recipient: { id: group }, message: { msg_id: m3, text: 'Dạ có rồi ạ' } },
    );
    const conv = await conversationOf(oaA, `group:${group}`);
    expect(conv).toMatchObject({ isGroup: true, displayName: 'Khách VIP', unreadCount: 2, lastMessageDirection: 'OUT' });
    const rows = await messagesOf(conv!.id);
    expect(rows.map((r) => [r.direction, r.kind, r.text])).toEqual([['IN', 'text', 'Shop có hàng mới chưa?'], ['IN', 'image', null], ['OUT', 'text', 'Dạ có rồi ạ']]);
    expect(rows[0]!.payload).toMatchObject({ groupSender: { id: 'u-lan', name: 'Chị Lan' } });
    expect(rows[1]!.payload).toMatchObject({ groupSender: { id: 'u-minh', name: null } });
    const h = ownerA.headers({ 'x-tenant-id': tenantA });
    const listed = await t.app.inject({ url: '/api/merchant/chat/conversations?filter=group', headers: h });
    expect((listed.json().data as Array<{ id: string }>).map((c) => c.id)).toContain(conv!.id);
    // The inbox answers no group: Zalo's group messages need the GMF API (ADR 0021).
    const reply = await t.app.inject({ method: 'POST', url: `/api/merchant/chat/conversations/${conv!.id}/messages`, headers: h, payload: { clientMessageId: 'g-1', message: { kind: 'text', text: 'Chào cả nhà' } } });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error.code).toBe('CHAT_GROUP_NOT_SUPPORTED');
  });

  it('stores user_submit_info as a user_info message once, with the shared info', async () => {
    const u = userId();
    const body = { event_name: 'user_submit_info', sender: { id: u }, recipient: { id: SANDBOX_OA_ID }, info: { name: 'Trần B', phone: '0912345678', address: 'Q1' } };
    const s = signed(body);
    await deliver(s, s);
    const conv = await conversationOf(oaA, u);
    expect(conv).toMatchObject({ displayName: 'Trần B', phone: '84912345678', unreadCount: 1 });
    const rows = await messagesOf(conv!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'IN', kind: 'user_info', payload: { info: { name: 'Trần B', phone: '0912345678', address: 'Q1' } } });
  });

  it('announces a new message with the conversation\'s assignee (the "new message in my conversation" notification)', async () => {
    const u = userId();
    await deliver(userText(SANDBOX_OA_ID, u, msgId(), 'lần đầu'));
    const conv = await conversationOf(oaA, u);
    await t.database.db.update(chatConversations).set({ assigneeUserId: ownerA.userId }).where(eq(chatConversations.id, conv!.id));
    const streamA = await stream(ownerA, { 'x-tenant-id': tenantA });
    const second = msgId();
    await deliver(userText(SANDBOX_OA_ID, u, second, 'lần hai'));
    // The second message's event: the first one's may still be on its way to the new stream (it was
    // announced before the stream opened, and the hub hands NOTIFYs on asynchronously).
    const [row] = await t.database.db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.conversationId, conv!.id), eq(chatMessages.zaloMsgId, second)));
    const got = await streamA.next(chatEvent((d) => d.messageId === row!.id));
    expect(JSON.parse(got.data).data).toMatchObject({ direction: 'IN', assigneeUserId: ownerA.userId });
    expect((await conversationOf(oaA, u))!.unreadCount).toBe(2);
  });

  it('ignores anonymous messages', async () => {
    const u = userId();
    await deliver({ event_name: 'anonymous_send_text', sender: { id: u }, recipient: { id: SANDBOX_OA_ID }, message: { text: 'ẩn danh', msg_id: msgId(), conversation_id: 'c1' } });
    expect(await conversationOf(oaA, u)).toBeUndefined();
  });
});

describe('chat ingest: OA messages, receipts, reactions', () => {
  it('links the echo of our own send to the composer\'s SENDING row instead of duplicating it; an admin\'s message from Zalo\'s tools is stored as OUT without author', async () => {
    const u = userId();
    await deliver(userText(SANDBOX_OA_ID, u, msgId(), 'hỏi'));
    const conv = await conversationOf(oaA, u);
    // What the composer and the delivery worker write: the outbox row with Zalo's msg id in session_id, the chat row SENDING.
    const zid = msgId();
    const [h] = await t.database.db.insert(messageHistory).values({ tenantId: tenantA, module: 'OA', zaloOaId: oaA, uid: u, sessionId: zid, type: 'CS', status: 'PUSHED_ZALO' }).returning();
    const [mine] = await t.database.db.insert(chatMessages).values({ tenantId: tenantA, conversationId: conv!.id, zaloOaId: oaA, direction: 'OUT', kind: 'text', text: 'trả lời', status: 'SENDING', messageHistoryId: h!.id, sentAt: new Date() }).returning();
    const streamA = await stream(ownerA, { 'x-tenant-id': tenantA });
    await deliver(oaText(SANDBOX_OA_ID, u, zid, 'trả lời'));
    const adminId = msgId();
    await deliver({ ...oaText(SANDBOX_OA_ID, u, adminId, 'admin viết'), sender: { id: SANDBOX_OA_ID, admin_id: 'ad1' } });
    const rows = await messagesOf(conv!.id);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.id === mine!.id)).toMatchObject({ zaloMsgId: zid, status: 'SENT', authorUserId: null });
    expect(rows.find((r) => r.zaloMsgId === adminId)).toMatchObject({ direction: 'OUT', status: 'SENT', authorUserId: null, text: 'admin viết', payload: { attachments: [], adminId: 'ad1' } });
    await streamA.next(chatEvent((d) => d.messageId === mine!.id && d.status === 'SENT'));
    const after = await conversationOf(oaA, u);
    expect(after!.lastOaMessageAt).not.toBeNull();
    expect(after!.lastMessagePreview).toBe('admin viết');
    expect(after!.unreadCount).toBe(1); // OUT messages are not unread

    // A second echo of the same id (Zalo's retry) changes nothing.
    await deliver(signed(oaText(SANDBOX_OA_ID, u, zid, 'trả lời'), Date.now() + 7));
    expect(await messagesOf(conv!.id)).toHaveLength(3);
  });

  it('moves OUT messages to RECEIVED and SEEN, never backwards, and leaves IN messages alone', async () => {
    const u = userId();
    const inId = msgId();
    await deliver(userText(SANDBOX_OA_ID, u, inId, 'hi'));
    const a = msgId();
    const b = msgId();
    await deliver(oaText(SANDBOX_OA_ID, u, a, 'một'), oaText(SANDBOX_OA_ID, u, b, 'hai'));
    const conv = await conversationOf(oaA, u);
    const status = async (id: string) => (await messagesOf(conv!.id)).find((r) => r.zaloMsgId === id)?.status;
    await deliver({ event_name: 'user_seen_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: u }, message: { msg_ids: [a, inId] } });
    expect(await status(a)).toBe('SEEN');
    expect(await status(inId)).toBeNull();
    // A late "received" of a seen message does not move it back; b moves forward.
    await deliver({ event_name: 'user_received_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: u }, message: { msg_id: a } });
    await deliver({ event_name: 'user_received_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: u }, message: { msg_id: b } });
    expect(await status(a)).toBe('SEEN');
    expect(await status(b)).toBe('RECEIVED');
    // Received and seen in one run: the furthest wins.
    const c = msgId();
    await deliver(oaText(SANDBOX_OA_ID, u, c, 'ba'));
    const seenC = signed({ event_name: 'user_seen_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: u }, message: { msg_ids: [c] } });
    const recvC = signed({ event_name: 'user_received_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: u }, message: { msg_id: c } });
    await deliver(seenC, recvC);
    expect(await status(c)).toBe('SEEN');
  });

  it('applies user and OA reactions, and /-remove takes one side\'s reaction away', async () => {
    const u = userId();
    const id = msgId();
    await deliver(userText(SANDBOX_OA_ID, u, id, 'tim đi'));
    const conv = await conversationOf(oaA, u);
    await deliver(
      { event_name: 'user_reacted_message', sender: { id: u }, recipient: { id: SANDBOX_OA_ID }, message: { msg_id: id, react_icon: '/-strong' } },
      { event_name: 'oa_reacted_message', sender: { id: SANDBOX_OA_ID }, recipient: { id: u }, message: { msg_id: id, react_icon: '/-heart' } },
    );
    const reactions = async () => (await messagesOf(conv!.id))[0]!.reactions;
    expect(await reactions()).toEqual([{ icon: '/-strong', by: 'USER' }, { icon: '/-heart', by: 'OA' }]);
    // The user takes theirs back (applied by the consumer's function: the event store keys reactions by msg id).
    const remove = parseZaloWebhookEvent({ app_id: SANDBOX_APP_ID, event_name: 'user_reacted_message', sender: { id: u }, recipient: { id: SANDBOX_OA_ID }, message: { msg_id: id, react_icon: '/-remove' }, timestamp: String(Date.now()) });
    await t.database.db.transaction((tx) => applyChatEvents(tx, [{ tenantId: tenantA, zaloOaId: oaA, event: remove }]));
    expect(await reactions()).toEqual([{ icon: '/-heart', by: 'OA' }]);
    expect(reactionsAfter([{ icon: ':>', by: 'USER' }], ':>', 'USER')).toEqual([{ icon: ':>', by: 'USER' }]);
  });

  it('keeps each tenant\'s conversation apart for the same Zalo user id', async () => {
    const u = userId();
    await deliver(userText(SANDBOX_OA_ID, u, msgId(), 'A'), userText(SANDBOX_SECOND_OA_ID, u, msgId(), 'B'));
    const a = await conversationOf(oaA, u);
    const b = await conversationOf(oaB, u);
    expect(a!.tenantId).toBe(tenantA);
    expect(b!.tenantId).toBe(tenantB);
    expect((await messagesOf(a!.id)).map((m) => [m.text, m.tenantId])).toEqual([['A', tenantA]]);
    expect((await messagesOf(b!.id)).map((m) => [m.text, m.tenantId])).toEqual([['B', tenantB]]);
  });
});

describe('chat history import (sandbox over HTTP)', () => {
  async function waitDelivered() {
    for (let i = 0; i < 200; i++) {
      const log = (await (await fetch(`${sb.url}/_control/webhooks/log`)).json()) as Array<{ status: string }>;
      if (log.every((d) => d.status === 'delivered' || d.status === 'failed' || d.status === 'dropped')) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('webhooks not delivered');
  }
  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return res.json() as Promise<{ msgId?: string }>;
  };

  it('imports Zalo\'s conversation once on the first open, deduplicated against messages stored from webhooks, without unread', async () => {
    const user = [...sb.sandbox.state.users.get(SANDBOX_OA_ID)!.keys()][3]!;
    const sent: string[] = [];
    for (let i = 0; i < 13; i++) sent.push((await control('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId: user, text: `tin ${i}` })).msgId!);
    await control('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId: user, attachmentType: 'image', url: 'https://img/1.jpg' });
    await waitDelivered();
    await drainZaloEvents(t.database.db);
    const conv = await conversationOf(oaA, user);
    expect(conv!.historyImportedAt).toBeNull();
    expect(await messagesOf(conv!.id)).toHaveLength(14);
    // Some history the webhooks never brought (stored in the sandbox's conversation, no webhook app URL for them).
    const app = sb.sandbox.state.apps.get(SANDBOX_APP_ID)!;
    const url = app.webhookUrl;
    app.webhookUrl = undefined;
    for (let i = 0; i < 3; i++) await control('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId: user, text: `cũ ${i}` });
    app.webhookUrl = url;
    const unreadBefore = conv!.unreadCount;

    const r = await ensureHistoryImported({ db: t.database.db, zalo }, trustedTenantScope(tenantA), conv!.id);
    expect(r).toEqual({ imported: true, stored: 3, failed: false });
    const after = await conversationOf(oaA, user);
    expect(after!.historyImportedAt).not.toBeNull();
    expect(after!.unreadCount).toBe(unreadBefore);
    const rows = await messagesOf(conv!.id);
    expect(rows).toHaveLength(17);
    expect(new Set(rows.map((m) => m.zaloMsgId)).size).toBe(17);
    expect(rows.filter((m) => m.kind === 'image')).toHaveLength(1);
    // The second open reads nothing from Zalo.
    expect(await ensureHistoryImported({ db: t.database.db, zalo }, trustedTenantScope(tenantA), conv!.id)).toEqual({ imported: true, stored: 0, failed: false });
    // Another tenant's scope does not see the conversation.
    expect(await ensureHistoryImported({ db: t.database.db, zalo }, trustedTenantScope(tenantB), conv!.id)).toEqual({ imported: false, stored: 0, failed: false });
  });

  it('a Zalo failure leaves history_imported_at null (the next open retries) and throws nothing', async () => {
    const user = [...sb.sandbox.state.users.get(SANDBOX_OA_ID)!.keys()][4]!;
    await deliver(userText(SANDBOX_OA_ID, user, msgId(), 'xin chào'));
    const conv = await conversationOf(oaA, user);
    await control('/force-error', { path: '/openapi/v2.0/oa/conversation', code: -201, count: 1 });
    const r = await ensureHistoryImported({ db: t.database.db, zalo }, trustedTenantScope(tenantA), conv!.id);
    expect(r.failed).toBe(true);
    expect((await conversationOf(oaA, user))!.historyImportedAt).toBeNull();
    const again = await ensureHistoryImported({ db: t.database.db, zalo }, trustedTenantScope(tenantA), conv!.id);
    expect(again.imported).toBe(true);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.conversationId, conv!.id)))[0]!.n).toBe(1);
  });
});
