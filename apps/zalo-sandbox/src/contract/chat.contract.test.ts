import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError } from '@zc/zalo/errors';
import { getConversation, listRecentChats, uploadFile, uploadImage } from '@zc/zalo/oa-media';
import { sendCsMessage, sendReaction } from '@zc/zalo/oa-messages';
import { parseZaloWebhookEvent, type ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import { verifyZaloWebhookSignature } from '@zc/zalo/webhook-signature';
import { scheduleDemoChat } from '../chat-sim';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_WEBHOOK_SECRET } from '../seed';
import { startHarness, startReceiver, waitFor, type Harness } from './harness';

// The OA chat as a follower lives it (issue 15 #7): every user message kind, the OA's sends and
// uploads in the conversation history, receipts, reactions, info answers and scheduled chatter —
// through the real client over HTTP, every webhook checked with the client's signature verification.

const h: Harness = await startHarness();
const receiver = await startReceiver();
afterAll(async () => {
  await h.close();
  await receiver.close();
});
beforeEach(async () => {
  await h.control('/reset', {});
  await h.control('/webhooks', { url: receiver.url });
  receiver.received.length = 0;
});
const OA = SANDBOX_OA_ID;
const DAY = 86_400_000;
const followers = () => [...(h.sb.sandbox.state.users.get(OA)?.values() ?? [])].filter((u) => u.isFollower);
const active = () => followers()[0]!;
const stale = () => followers().find((u) => h.sb.sandbox.clock.now() - u.lastInteraction > 8 * DAY)!;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ZaloApiError ? e.code : -999999));

/** Every delivery so far, each verified with the client's signature check, parsed. */
function events(): ZaloWebhookEvent[] {
  return receiver.received.map((r) => {
    const check = verifyZaloWebhookSignature({ rawBody: r.rawBody, signatureHeader: r.headers['x-zevent-signature'], secretFor: (appId) => (appId === SANDBOX_APP_ID ? SANDBOX_WEBHOOK_SECRET : undefined) });
    expect(check).toMatchObject({ ok: true });
    return parseZaloWebhookEvent(JSON.parse(r.rawBody));
  });
}
const named = (name: string) => events().filter((e) => e.eventName === name);

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${h.sb.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('OA chat simulation against the sandbox', () => {
  it('delivers every user message kind with Zalo’s payload shapes, signed, and the conversation API answers them', async () => {
    const u = active();
    const kinds = ['text', 'image', 'gif', 'link', 'audio', 'video', 'sticker', 'location', 'file', 'business_card'] as const;
    for (const kind of kinds) {
      const extra = kind === 'file' ? { file: { name: 'bao-gia.docx', size: 51_200, checksum: 'd41d8cd98f00b204e9800998ecf8427e', type: 'docx' } } : kind === 'text' ? { text: 'Xin chào shop' } : {};
      const r = await post('/simulate/user-message', { oaId: OA, userId: u.userId, kind, ...extra });
      expect(r).toMatchObject({ status: 200, json: { eventName: `user_send_${kind}` } });
    }
    await waitFor(() => receiver.received.length === kinds.length);
    const got = events();
    expect(got.map((e) => e.eventName)).toEqual(kinds.map((k) => `user_send_${k}`));
    const byName = new Map(got.map((e) => [e.eventName, e]));
    expect(byName.get('user_send_text')).toMatchObject({ type: 'user_message', oaId: OA, userId: u.userId, text: 'Xin chào shop', attachments: [] });
    expect(byName.get('user_send_image')).toMatchObject({ attachments: [{ type: 'image', payload: { url: expect.any(String) as string, thumbnail: expect.any(String) as string } }] });
    expect(byName.get('user_send_link')).toMatchObject({ attachments: [{ type: 'link', payload: { url: expect.any(String) as string, description: expect.any(String) as string, thumbnail: expect.any(String) as string } }] });
    expect(byName.get('user_send_audio')).toMatchObject({ attachments: [{ type: 'audio', payload: { url: expect.stringMatching(/\.amr$/) as string } }] });
    expect(byName.get('user_send_sticker')).toMatchObject({ attachments: [{ type: 'sticker', payload: { id: expect.any(String) as string, url: expect.any(String) as string } }] });
    expect(byName.get('user_send_location')).toMatchObject({ attachments: [{ type: 'location', payload: { coordinates: { latitude: expect.any(String) as string, longitude: expect.any(String) as string } } }] });
    expect(byName.get('user_send_file')).toMatchObject({
      attachments: [{ type: 'file', payload: { name: 'bao-gia.docx', size: '51200', checksum: 'd41d8cd98f00b204e9800998ecf8427e', type: 'docx', url: expect.any(String) as string } }],
    });
    expect(byName.get('user_send_business_card')).toMatchObject({ type: 'user_message', attachments: [{ payload: { title: expect.any(String) as string } }] });

    // Newest first, ten at most, with Zalo's type names.
    const page1 = await getConversation(h.client, OA, { userId: u.userId, count: 10 });
    expect(page1.map((m) => m.type)).toEqual(['link', 'file', 'location', 'sticker', 'video', 'voice', 'link', 'GIF', 'photo', 'text']);
    expect(page1.every((m) => m.src === 1 && m.from_id === u.userId && m.to_id === OA)).toBe(true);
    expect(page1.map((m) => m.message_id)).toEqual(got.map((e) => (e.type === 'user_message' ? e.msgId : '')).reverse());
    expect(page1.find((m) => m.type === 'location')).toMatchObject({ location: { latitude: '10.7769', longitude: '106.7009' } });
    expect(page1.find((m) => m.type === 'file')).toMatchObject({ message: 'bao-gia.docx', url: expect.any(String) as string });
    expect((await listRecentChats(h.client, OA))[0]).toMatchObject({ message_id: page1[0]!.message_id, from_id: u.userId });
    // An unknown kind is refused, nothing is sent.
    expect((await post('/simulate/user-message', { oaId: OA, userId: u.userId, kind: 'hologram' })).status).toBe(400);
  });

  it('keeps the history both ways: a cs text, an uploaded image and file, each followed by signed received then seen receipts', async () => {
    const u = active();
    const said = await post('/simulate/user-message', { oaId: OA, userId: u.userId, text: 'Cho mình xem ảnh sản phẩm' });
    const text = await sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Dạ shop gửi ạ' });
    const { attachment_id } = await uploadImage(h.client, OA, { data: PNG, filename: 'sp.png', contentType: 'image/png' });
    const image = await sendCsMessage(h.client, OA, u.userId, { kind: 'image', attachmentId: attachment_id, caption: 'Mẫu mới' });
    const { token } = await uploadFile(h.client, OA, { data: new TextEncoder().encode('%PDF-1.4'), filename: 'bang-gia.pdf', contentType: 'application/pdf' });
    const file = await sendCsMessage(h.client, OA, u.userId, { kind: 'file', token });

    const history = await getConversation(h.client, OA, { userId: u.userId, count: 4 });
    expect(history.map((m) => [m.src, m.type, m.message_id])).toEqual([
      [0, 'file', file.message_id], [0, 'photo', image.message_id], [0, 'text', text.message_id], [1, 'text', said.json.msgId],
    ]);
    expect(history[2]).toMatchObject({ message: 'Dạ shop gửi ạ', from_id: OA, to_id: u.userId });
    expect(history[1]).toMatchObject({ message: 'Mẫu mới', url: expect.stringContaining(attachment_id) as string });
    await waitFor(() => named('oa_send_image').length === 1);
    expect(named('oa_send_image')[0]).toMatchObject({ type: 'oa_message', msgId: image.message_id, text: 'Mẫu mới', attachments: [{ type: 'image', payload: { url: history[1]!.url } }] });
    expect((await listRecentChats(h.client, OA, { count: 1 }))[0]).toMatchObject({ message_id: file.message_id, src: 0 });

    // Defaults: received after 300 ms, seen after 1.5 s — one seen naming the three messages.
    await h.control('/clock/advance', { ms: 2_000 });
    await waitFor(() => named('user_seen_message').length === 1 && named('user_received_message').length === 3);
    const names = events().map((e) => e.eventName);
    expect(names.filter((n) => n.startsWith('oa_send_'))).toEqual(['oa_send_text', 'oa_send_image', 'oa_send_file']);
    expect(names.lastIndexOf('user_received_message')).toBeLessThan(names.indexOf('user_seen_message'));
    expect(named('user_received_message').map((e) => (e.type === 'message_received' ? e.msgIds[0] : ''))).toEqual([text.message_id, image.message_id, file.message_id]);
    expect(named('user_seen_message')[0]).toMatchObject({ type: 'message_seen', oaId: OA, userId: u.userId, msgIds: [text.message_id, image.message_id, file.message_id] });
  });

  it('receipts can be switched off or timed per OA', async () => {
    const u = active();
    expect(await post('/chat/receipts', { oaId: OA, enabled: false })).toMatchObject({ json: { enabled: false } });
    await sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Không ai đọc' });
    await h.control('/clock/advance', { ms: 5_000 });
    await waitFor(() => receiver.received.length === 1);
    expect(events().map((e) => e.eventName)).toEqual(['oa_send_text']);

    receiver.received.length = 0;
    await post('/chat/receipts', { oaId: OA, enabled: true, receivedDelayMs: 10_000, seenDelayMs: 60_000 });
    await sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Đọc sau' });
    await h.control('/clock/advance', { ms: 5_000 });
    await waitFor(() => receiver.received.length === 1);
    await h.control('/clock/advance', { ms: 6_000 });
    await waitFor(() => receiver.received.length === 2);
    expect(events().map((e) => e.eventName)).toEqual(['oa_send_text', 'user_received_message']);
    await h.control('/clock/advance', { ms: 50_000 });
    await waitFor(() => receiver.received.length === 3);
    expect(events()[2]).toMatchObject({ type: 'message_seen' });
  });

  it('a follower writes and the 7-day window opens again; reactions both ways; the answer to a request for info', async () => {
    const u = stale();
    expect(await codeOf(sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Quá hạn' }))).toBe(-230);
    const said = await post('/simulate/user-message', { oaId: OA, userId: u.userId, kind: 'sticker' });
    const reply = await sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Chào bạn' });
    await post('/chat/receipts', { enabled: false });

    expect((await post('/chat/react', { oaId: OA, userId: u.userId, msgId: reply.message_id, icon: '/-heart' })).status).toBe(200);
    expect((await post('/chat/react', { oaId: OA, userId: u.userId, msgId: 'nope', icon: '/-heart' })).status).toBe(404);
    await sendReaction(h.client, OA, { userId: u.userId, messageId: String(said.json.msgId), icon: '/-strong' });
    expect(await codeOf(sendReaction(h.client, OA, { userId: u.userId, messageId: 'not-in-this-chat', icon: '/-strong' }))).toBe(-201);

    expect((await post('/chat/submit-info', { oaId: OA, userId: u.userId })).status).toBe(409);
    await sendCsMessage(h.client, OA, u.userId, { kind: 'request_user_info', title: 'Cho shop xin thông tin', subtitle: 'Để giao hàng', imageUrl: 'https://example.vn/a.png' });
    const info = await post('/chat/submit-info', { oaId: OA, userId: u.userId, info: { name: 'Chị Hoa', phone: '84912345678' } });
    expect(info).toMatchObject({ status: 200, json: { info: { name: 'Chị Hoa', phone: '84912345678', full_address: { user_city: expect.any(String) as string } } } });
    expect((await post('/chat/submit-info', { oaId: OA, userId: u.userId })).status).toBe(409);

    await waitFor(() => named('user_submit_info').length === 1 && named('oa_reacted_message').length === 1);
    expect(named('user_reacted_message')[0]).toMatchObject({ type: 'reaction', fromOa: false, oaId: OA, userId: u.userId, msgId: reply.message_id, reactIcon: '/-heart' });
    expect(named('oa_reacted_message')[0]).toMatchObject({ type: 'reaction', fromOa: true, oaId: OA, userId: u.userId, msgId: said.json.msgId, reactIcon: '/-strong' });
    expect(named('user_submit_info')[0]).toMatchObject({ type: 'user_submit_info', oaId: OA, userId: u.userId, info: { name: 'Chị Hoa', phone: '84912345678' } });
  });

  it('"Chat now" (once per user and OA) lets the OA write first; a call to the OA is an interaction too (REFERENCE §13.4)', async () => {
    await post('/chat/receipts', { enabled: false });
    const u = stale();
    expect(await codeOf(sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Chưa được' }))).toBe(-230);
    expect(await post('/chat/interaction', { oaId: OA, userId: u.userId, event: 'user_click_chatnow' })).toMatchObject({ status: 200, json: { emitted: true } });
    expect(await post('/chat/interaction', { oaId: OA, userId: u.userId, event: 'user_click_chatnow' })).toMatchObject({ status: 200, json: { emitted: false } });
    await sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Shop chào bạn' });
    expect(await post('/chat/interaction', { oaId: OA, userId: u.userId, event: 'user_call_oa' })).toMatchObject({ status: 200, json: { emitted: true } });
    expect((await post('/chat/interaction', { oaId: OA, userId: u.userId, event: 'oa_call_user' })).status).toBe(400);
    expect((await post('/chat/interaction', { oaId: OA, userId: 'nobody', event: 'user_call_oa' })).status).toBe(404);
    await waitFor(() => named('user_click_chatnow').length === 1 && named('user_call_oa').length === 1);
    expect(named('user_click_chatnow')[0]).toMatchObject({ type: 'interaction', oaId: OA, userId: u.userId });
    expect(named('user_call_oa')[0]).toMatchObject({ type: 'interaction', oaId: OA, userId: u.userId });
  });

  it('a member writes in a Zalo group the OA is in: a signed user_send_group_text with the group and the member', async () => {
    const sent = await post('/chat/group-message', { oaId: OA, groupId: 'grp-1', groupName: 'Khách VIP', memberId: 'mem-1', memberName: 'Chị Lan', text: 'Có hàng mới chưa shop?' });
    expect(sent).toMatchObject({ status: 200, json: { msgId: expect.any(String) as string } });
    expect((await post('/chat/group-message', { oaId: OA, groupId: 'grp-1', memberId: 'mem-1' })).status).toBe(400);
    expect((await post('/chat/group-message', { oaId: 'nope', groupId: 'grp-1', memberId: 'mem-1', text: 'x' })).status).toBe(404);
    await waitFor(() => named('user_send_group_text').length === 1);
    expect(named('user_send_group_text')[0]).toMatchObject({ type: 'group', oaId: OA, groupId: 'grp-1', groupName: 'Khách VIP', userId: 'mem-1', msgId: (sent.json as { msgId: string }).msgId, text: 'Có hàng mới chưa shop?', fromOa: false });
  });

  it('a chatter schedule sends N messages on the sandbox clock, the same for the same seed, and stops on DELETE', async () => {
    await post('/chat/receipts', { enabled: false });
    const run = async () => {
      const s = (await post('/chat/schedule', { oaId: OA, everyMs: 60_000, count: 6, kinds: ['text', 'image', 'sticker'], seed: 7 })).json as { id: string; userIds: string[] };
      expect(s.userIds.length).toBeGreaterThan(1);
      await h.control('/clock/advance', { ms: 5 * 60_000 });
      await waitFor(() => receiver.received.length === 5);
      await h.control('/clock/advance', { ms: 60_000 });
      await waitFor(() => receiver.received.length === 6);
      await h.control('/clock/advance', { ms: 10 * 60_000 });
      const seen = events().map((e) => (e.type === 'user_message' ? `${e.userId}:${e.eventName}` : e.eventName));
      const views = (await (await fetch(`${h.sb.url}/_control/chat/schedule`)).json()) as Array<{ id: string; sent: number; active: boolean; msgIds: string[] }>;
      expect(views.find((v) => v.id === s.id)).toMatchObject({ sent: 6, active: false });
      // Each message is in the history of the follower who wrote it, spaced by the schedule.
      const all = h.sb.sandbox.state.oaMessages.get(OA) ?? [];
      const ids = views.find((v) => v.id === s.id)?.msgIds ?? [];
      const times = ids.map((id) => all.find((m) => m.msgId === id)?.time ?? 0);
      expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([60_000, 60_000, 60_000, 60_000, 60_000]);
      return seen;
    };
    const first = await run();
    expect(first).toHaveLength(6);
    expect(new Set(first.map((s) => s.split(':')[1])).size).toBeGreaterThan(1);
    await h.control('/reset', {});
    await h.control('/webhooks', { url: receiver.url });
    await post('/chat/receipts', { enabled: false });
    receiver.received.length = 0;
    expect(await run()).toEqual(first);

    receiver.received.length = 0;
    const s = (await post('/chat/schedule', { oaId: OA, everyMs: 1_000, count: 100 })).json as { id: string };
    await h.control('/clock/advance', { ms: 3_000 });
    await waitFor(() => receiver.received.length === 3);
    const res = await fetch(`${h.sb.url}/_control/chat/schedule?id=${s.id}`, { method: 'DELETE' });
    expect(await res.json()).toEqual({ stopped: 1 });
    await h.control('/clock/advance', { ms: 10_000 });
    expect(receiver.received).toHaveLength(3);
    expect((await post('/chat/schedule', { oaId: OA, everyMs: 1, count: 1 })).status).toBe(400);
    expect((await post('/chat/schedule', { oaId: '1', everyMs: 1_000, count: 1 })).status).toBe(404);
  });

  it('the demo inbox: past messages in the history, then one fresh signed message per follower, with the same ids on every start', async () => {
    await post('/chat/receipts', { enabled: false });
    const sb = h.sb.sandbox;
    scheduleDemoChat(sb, OA, 100);
    const recent = await listRecentChats(h.client, OA);
    expect(recent.length).toBe(4); // the fifth follower writes for the first time
    // Before the fresh messages: the followers wrote over the last days (and an admin answered some).
    const oldest = Math.min(...recent.map((m) => m.time));
    expect(sb.clock.now() - oldest).toBeGreaterThan(DAY);
    const first = await getConversation(h.client, OA, { userId: recent[0]!.from_id === OA ? recent[0]!.to_id : recent[0]!.from_id });
    expect(first.length).toBeGreaterThan(0);
    await h.control('/clock/advance', { ms: 6_000 });
    await waitFor(() => receiver.received.length === 5);
    const ids = events().map((e) => (e.type === 'user_message' ? e.msgId : ''));
    expect(ids.every((id) => /^[0-9a-f]{20}$/.test(id))).toBe(true);
    const after = await listRecentChats(h.client, OA);
    expect(after.every((m) => sb.clock.now() - m.time < 60_000 && m.src === 1)).toBe(true);

    await h.control('/reset', {});
    await h.control('/webhooks', { url: receiver.url });
    await post('/chat/receipts', { enabled: false });
    receiver.received.length = 0;
    scheduleDemoChat(sb, OA, 100);
    await h.control('/clock/advance', { ms: 6_000 });
    await waitFor(() => receiver.received.length === 5);
    expect(events().map((e) => (e.type === 'user_message' ? e.msgId : ''))).toEqual(ids);
  });

  it('serves the followers’ media when it knows its address: a PNG for images and thumbnails, a PDF for a .pdf file', async () => {
    h.sb.sandbox.options.mediaBaseUrl = h.sb.url;
    try {
      const u = active();
      await post('/simulate/user-message', { oaId: OA, userId: u.userId, kind: 'image' });
      await post('/simulate/user-message', { oaId: OA, userId: u.userId, kind: 'file', file: { name: 'hoa-don.pdf' } });
      const [file, image] = await getConversation(h.client, OA, { userId: u.userId, count: 2 });
      expect(image?.url?.startsWith(`${h.sb.url}/media/`)).toBe(true);
      const img = await fetch(image!.url!);
      expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(Buffer.from(await img.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
      const pdf = await fetch(file!.url!);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
      // Not Zalo API calls: the call counter leaves them out.
      const calls = (await (await fetch(`${h.sb.url}/_control/calls`)).json()) as Record<string, unknown>;
      expect(JSON.stringify(calls)).not.toContain('/media/');
    } finally {
      delete h.sb.sandbox.options.mediaBaseUrl;
    }
  });
});
