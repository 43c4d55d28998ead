import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError } from '@zc/zalo/errors';
import {
  deleteFollowerInfo, getFollowers, getOaInfo, getQuotaAssets, getUserDetail, getUserMessageQuota, listTags, readOaInfo, removeTag, tagFollower, untagFollower, updateUserInfo,
} from '@zc/zalo/oa-info';
import {
  createArticle, getArticle, getConversation, listArticles, listRecentChats, prepareVideo, removeArticle, updateArticle, uploadFile, uploadGif, uploadImage,
  verifyArticle, verifyVideo, type ArticleInput,
} from '@zc/zalo/oa-media';
import { sendCsMessage, sendPromotionMessage, sendTemplateByUid, sendTransactionMessage, type RichButton, type RichElement } from '@zc/zalo/oa-messages';
import { parseZaloWebhookEvent } from '@zc/zalo/webhook-events';
import { sendBroadcast } from '@zc/zalo/oa-broadcast';
import { SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS } from '../seed';
import { startHarness, startReceiver, waitFor, type Harness } from './harness';

const h: Harness = await startHarness();
const receiver = await startReceiver();
afterAll(async () => {
  await h.close();
  await receiver.close();
});
beforeEach(async () => {
  await h.control('/reset', {});
  receiver.received.length = 0;
});
const OA = SANDBOX_OA_ID;
const users = () => [...(h.sb.sandbox.state.users.get(OA)?.values() ?? [])];
const active = () => users()[0]!; // the seed admin, interacted an hour ago
const DAY = 86_400_000;
const stale = () => users().find((u) => u.isFollower && h.sb.sandbox.clock.now() - u.lastInteraction > 8 * DAY)!;
const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ZaloApiError ? e.code : -999999));
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('OA Open API against the sandbox', () => {
  it('reads the OA and pages followers with the data= parameter', async () => {
    const info = await getOaInfo(h.client, OA);
    expect(info).toMatchObject({ oaid: OA, is_verified: true, num_follower: expect.any(Number) as number });
    // The sandbox answers the documented key only; the client still reads the older one.
    expect(info).not.toHaveProperty('oa_id');
    expect(readOaInfo({ oa_id: '123', name: 'Cũ' })).toMatchObject({ oaid: '123', name: 'Cũ' });
    const page1 = await getFollowers(h.client, OA, { offset: 0, count: 50 });
    expect(page1.users).toHaveLength(50);
    expect(page1.total).toBeGreaterThan(250);
    const page2 = await getFollowers(h.client, OA, { offset: 50, count: 50 });
    expect(page2.users[0]?.user_id).not.toBe(page1.users[0]?.user_id);
    expect((await getFollowers(h.client, OA, { tag_name: 'VIP' })).total).toBeGreaterThan(0);
    expect((await getFollowers(h.client, OA, { last_interaction_period: 'L7D' })).total).toBeLessThan(page1.total);
    expect(await codeOf(getFollowers(h.client, OA, { count: 51 }))).toBe(-210);
  });

  it('reads and updates user detail, and manages tags (emitting add_user_to_tag)', async () => {
    await h.control('/webhooks', { url: receiver.url });
    const u = active();
    const d = await getUserDetail(h.client, OA, u.userId);
    expect(d).toMatchObject({ user_id: u.userId, display_name: u.displayName, user_is_follower: true });
    expect(d.shared_info?.phone).toMatch(/^84\d{9}$/);
    await updateUserInfo(h.client, OA, { user_id: u.userId, shared_info: { city_id: 20, district_id: 6, user_dob: '02/09/1985', address: '12 Bạch Đằng' }, user_alias: 'Chị Hoa', user_external_id: 'KH-0042' });
    expect(await getUserDetail(h.client, OA, u.userId)).toMatchObject({
      user_alias: 'Chị Hoa', user_external_id: 'KH-0042', shared_info: { city: 'Đà Nẵng', district: 'Hải Châu', user_dob: '02/09/1985', address: '12 Bạch Đằng' },
    });
    await tagFollower(h.client, OA, u.userId, 'Khách Tết');
    expect(await listTags(h.client, OA)).toContain('Khách Tết');
    expect((await getUserDetail(h.client, OA, u.userId)).tags_and_notes_info.tag_names).toContain('Khách Tết');
    await waitFor(() => receiver.received.length === 1);
    expect(parseZaloWebhookEvent(JSON.parse(receiver.received[0]!.rawBody))).toMatchObject({ type: 'add_user_to_tag', tagName: 'Khách Tết', userIds: [u.userId] });
    await untagFollower(h.client, OA, u.userId, 'Khách Tết');
    expect((await getUserDetail(h.client, OA, u.userId)).tags_and_notes_info.tag_names).not.toContain('Khách Tết');
    await removeTag(h.client, OA, 'Khách Tết');
    expect(await listTags(h.client, OA)).not.toContain('Khách Tết');
    expect(await codeOf(getUserDetail(h.client, OA, '1'))).toBe(-201);
  });

  it('validates the user/update body as Zalo documents it (-201 naming the field) and changes nothing on a refusal', async () => {
    const u = active();
    const token = (await h.store.get(OA))?.accessToken ?? '';
    const update = async (body: unknown) =>
      ((await (await fetch(`${h.sb.hosts.openapi}/v3.0/oa/user/update`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body: JSON.stringify(body) })).json()) as { error: number; message: string });
    const before = await getUserDetail(h.client, OA, u.userId);
    const refused: Array<[unknown, string]> = [
      [{ user_id: u.userId, notes: ['khách quen'] }, 'notes is invalid!'],
      [{ user_id: u.userId, shared_info: { city_id: '20' } }, 'shared_info.city_id is invalid!'],
      [{ user_id: u.userId, shared_info: { district_id: 1.5 } }, 'shared_info.district_id is invalid!'],
      [{ user_id: u.userId, shared_info: { city: 'Đà Nẵng' } }, 'shared_info.city is invalid!'],
      [{ user_id: u.userId, shared_info: { user_dob: '31/12/1969' } }, 'shared_info.user_dob is invalid!'],
      [{ user_id: u.userId, shared_info: { user_dob: '1985-09-02' } }, 'shared_info.user_dob is invalid!'],
      [{ user_id: u.userId, shared_info: { user_dob: '30/02/1990' } }, 'shared_info.user_dob is invalid!'],
      [{ user_id: u.userId, user_alias: 7 }, 'user_alias is invalid!'],
      [{ user_id: u.userId, user_alias: 'Chị Lan', shared_info: { phone: 'gọi tôi' } }, 'shared_info.phone is invalid!'],
      [{ user_id: '1', user_alias: 'x' }, 'user_id is invalid!'],
    ];
    for (const [body, message] of refused) expect(await update(body), JSON.stringify(body)).toEqual({ error: -201, message });
    expect(await getUserDetail(h.client, OA, u.userId)).toEqual(before);
    expect(await update({ user_id: u.userId, shared_info: { user_dob: '01/01/1970' } })).toMatchObject({ error: 0 });
  });

  it('clears shared info with deletefollowerinfo', async () => {
    const u = active();
    expect((await getUserDetail(h.client, OA, u.userId)).shared_info).not.toBeNull();
    await deleteFollowerInfo(h.client, OA, u.userId);
    expect((await getUserDetail(h.client, OA, u.userId)).shared_info).toBeNull();
    expect(await codeOf(deleteFollowerInfo(h.client, OA, '1'))).toBe(-201);
  });

  it('emits remove_user_from_tag and remove_tag when a tag is taken off a follower or removed', async () => {
    await h.control('/webhooks', { url: receiver.url });
    const u = active();
    await tagFollower(h.client, OA, u.userId, 'Khách Tết');
    await untagFollower(h.client, OA, u.userId, 'Khách Tết');
    await removeTag(h.client, OA, 'Khách Tết');
    await waitFor(() => receiver.received.length === 3);
    const events = receiver.received.map((r) => parseZaloWebhookEvent(JSON.parse(r.rawBody)));
    expect(events[1]).toMatchObject({ type: 'remove_user_from_tag', oaId: OA, userIds: [u.userId], tagName: 'Khách Tết' });
    expect(events[2]).toMatchObject({ type: 'remove_tag', oaId: OA, tagName: 'Khách Tết' });
  });

  it('emits the other user events: an admin echo with sender.admin_id, update_user_info, user_withdraw and widget_*', async () => {
    await h.control('/webhooks', { url: receiver.url });
    const u = active();
    await h.control('/simulate/admin-message', { oaId: OA, userId: u.userId, text: 'Chào chị, em là Lan', adminId: 'adm-42' });
    await h.control('/simulate/user-info', { oaId: OA, userId: u.userId, info: { phone: '84912345678', address: '5 Lê Duẩn' } });
    await h.control('/simulate/withdraw', { oaId: OA, userId: u.userId });
    await h.control('/simulate/widget', { oaId: OA, name: 'interaction_accepted', userId: u.userId, userExternalId: 'KH-0042' });
    await h.control('/clock/advance', { ms: 1_000 }); // the admin message's user_received_message
    await waitFor(() => receiver.received.length === 5);
    const byName = new Map(receiver.received.map((r) => parseZaloWebhookEvent(JSON.parse(r.rawBody))).map((e) => [e.eventName, e]));
    expect(byName.get('oa_send_text')).toMatchObject({ type: 'oa_message', oaId: OA, userId: u.userId, adminId: 'adm-42', text: 'Chào chị, em là Lan' });
    expect(byName.get('update_user_info')).toMatchObject({ type: 'update_user_info', oaId: OA, userId: u.userId, info: { phone: '84912345678', address: '5 Lê Duẩn' } });
    expect(byName.get('user_withdraw')).toMatchObject({ type: 'user_withdraw', oaId: OA, userId: u.userId });
    expect(byName.get('widget_interaction_accepted')).toMatchObject({ type: 'widget', widget: 'interaction_accepted', oaId: OA, userId: u.userId, userExternalId: 'KH-0042' });
    // Withdrawn consent: Zalo no longer shares the user's info with the OA.
    expect((await getUserDetail(h.client, OA, u.userId)).shared_info).toBeNull();
    // API sends echo without an admin.
    receiver.received.length = 0;
    await sendCsMessage(h.client, OA, u.userId, { kind: 'text', text: 'Qua API' });
    await waitFor(() => receiver.received.length >= 1);
    expect(parseZaloWebhookEvent(JSON.parse(receiver.received[0]!.rawBody))).toMatchObject({ type: 'oa_message', adminId: undefined });
  });

  it('announces X-RateLimit-Limit / X-RateLimit-Remain, and the client waits for the next window at 0 instead of getting -32', async () => {
    await h.control('/faults', { oaRateLimitPerMinute: 3 });
    const token = (await h.store.get(OA))?.accessToken ?? '';
    const res = await fetch(`${h.sb.hosts.openapi}/v2.0/oa/getoa`, { headers: { access_token: token } });
    expect([res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remain')]).toEqual(['3', '2']);
    // Sleeping moves the sandbox clock: no real minute passes. One attempt only, so a -32 would surface.
    const slept: number[] = [];
    const c = h.newClient({ retry: { attempts: 1 }, sleep: async (ms) => void (slept.push(ms), await h.control('/clock/advance', { ms })) });
    for (let i = 0; i < 4; i++) await expect(getOaInfo(c, OA)).resolves.toMatchObject({ oaid: OA });
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(50_000);
    expect(slept[0]).toBeLessThanOrEqual(60_000);
    // Without the limiter, the same sequence runs into Zalo's -32.
    await h.control('/clock/advance', { ms: 60_000 });
    const raw = h.newClient({ retry: { attempts: 1 }, rateLimit: false });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await codeOf(getOaInfo(raw, OA)));
    expect(codes).toEqual([0, 0, 0, -32]);
    const limited = await fetch(`${h.sb.hosts.openapi}/v2.0/oa/getoa`, { headers: { access_token: token } });
    expect(limited.headers.get('x-ratelimit-remain')).toBe('0');
  });

  it('sends every consultation message type and enforces the 7-day window (-230)', async () => {
    const u = active().userId;
    const img = await uploadImage(h.client, OA, { data: PNG, filename: 'a.png', contentType: 'image/png' });
    const gif = await uploadGif(h.client, OA, { data: new TextEncoder().encode('GIF89a....'), filename: 'a.gif', contentType: 'image/gif' });
    const file = await uploadFile(h.client, OA, { data: new TextEncoder().encode('%PDF-1.4'), filename: 'bao-gia.pdf', contentType: 'application/pdf' });
    const text = await sendCsMessage(h.client, OA, u, { kind: 'text', text: 'Xin chào' });
    expect(text.message_id).toBeTruthy();
    await sendCsMessage(h.client, OA, u, { kind: 'text', text: 'Trả lời', quoteMessageId: text.message_id });
    await sendCsMessage(h.client, OA, u, { kind: 'image', attachmentId: img.attachment_id, caption: 'Ảnh' });
    await sendCsMessage(h.client, OA, u, { kind: 'gif', attachmentId: gif.attachment_id, width: 100, height: 80 });
    await sendCsMessage(h.client, OA, u, { kind: 'sticker', stickerId: 'bfe458bf64fa8da4d4eb' });
    await sendCsMessage(h.client, OA, u, { kind: 'file', token: file.token });
    await sendCsMessage(h.client, OA, u, { kind: 'request_user_info', title: 'Cập nhật thông tin', subtitle: 'Để nhận ưu đãi', imageUrl: 'https://example.vn/a.jpg' });
    expect(await codeOf(sendCsMessage(h.client, OA, stale().userId, { kind: 'text', text: 'hi' }))).toBe(-230);
    expect(await codeOf(sendCsMessage(h.client, OA, u, { kind: 'text', text: 'x'.repeat(2001) }))).toBe(-210);
    expect(await codeOf(uploadImage(h.client, OA, { data: new TextEncoder().encode('not an image'), filename: 'a.png' }))).toBe(-201);
    // A user message re-opens the window.
    await h.control('/simulate/user-message', { oaId: OA, userId: stale().userId, text: 'Cho tôi hỏi' });
    const conv = await getConversation(h.client, OA, { userId: u, count: 10 });
    expect(conv.at(-1)).toMatchObject({ src: 0, type: 'text', message: 'Xin chào', from_id: OA, to_id: u });
    expect(conv[0]).toMatchObject({ type: 'request_user_info' });
    expect(conv).toHaveLength(7);
    const recent = await listRecentChats(h.client, OA, { count: 10 });
    expect(recent[0]).toMatchObject({ src: 1, message: 'Cho tôi hỏi' });
    expect(await codeOf(listRecentChats(h.client, OA, { count: 11 }))).toBe(-210);
  });

  it('sends transaction and promotion templates with every element and button type; promotion is banned at night', async () => {
    const u = active().userId;
    const elements: RichElement[] = [
      { type: 'banner', image_url: 'https://example.vn/banner.jpg' },
      { type: 'header', content: 'Xác nhận đơn hàng', align: 'left' },
      { type: 'text', content: 'Cảm ơn quý khách<br>đã mua hàng.', align: 'left' },
      { type: 'table', content: [{ key: 'Mã đơn', value: 'DH001' }, { key: 'Trạng thái', value: 'Đã xác nhận', style: 'yellow' }] },
    ];
    const buttons: RichButton[] = [
      { title: 'Xem đơn', type: 'oa.open.url', payload: { url: 'https://example.vn/don/DH001' } },
      { title: 'Hỏi thêm', type: 'oa.query.show', payload: '#hoi' },
      { title: 'Ẩn', type: 'oa.query.hide', payload: '#an' },
      { title: 'Gọi', type: 'oa.open.phone', payload: { phone_code: '84987654321' } },
      { title: 'SMS', type: 'oa.open.sms', payload: { phone_code: '84987654321', content: 'Hỗ trợ' } },
    ];
    await expect(sendTransactionMessage(h.client, OA, { userId: u, templateType: 'transaction_order', elements, buttons })).resolves.toMatchObject({ user_id: u });
    await expect(sendPromotionMessage(h.client, OA, { userId: u, elements, buttons })).resolves.toMatchObject({ user_id: u });
    expect(await codeOf(sendTransactionMessage(h.client, OA, { userId: u, templateType: 'transaction_order', elements: [{ type: 'header', content: 'x'.repeat(101) }] }))).toBe(-201);
    expect(await codeOf(sendPromotionMessage(h.client, OA, { userId: u, elements, buttons: [{ title: 'x'.repeat(36), type: 'oa.query.show', payload: 'a' }] }))).toBe(-201);
    await h.control('/clock/advance', { ms: 13 * 3600_000 }); // 23:00 in Vietnam
    expect(await codeOf(sendPromotionMessage(h.client, OA, { userId: u, elements }))).toBe(-234);
  });

  it('sends a template by UID (-249 when the template cannot)', async () => {
    const u = active().userId;
    const data = { customer_name: 'An', order_code: 'DH1', amount: '1', order_date: '21/11/2026' };
    await expect(sendTemplateByUid(h.client, OA, { userId: u, templateId: SANDBOX_TEMPLATE_IDS.orderConfirmation, templateData: data })).resolves.toMatchObject({ user_id: u });
    expect(await codeOf(sendTemplateByUid(h.client, OA, { userId: u, templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '1' } }))).toBe(-249);
  });

  it('creates, verifies, updates, lists, reads and removes articles, and broadcasts them', async () => {
    const article: ArticleInput = {
      type: 'normal', title: 'Ưu đãi tháng 12', author: 'Sen Việt', description: 'Giảm giá cuối năm',
      cover: { cover_type: 'photo', photo_url: 'https://example.vn/c.jpg', status: 'show' }, body: [{ type: 'text', content: 'Nội dung' }], status: 'show',
    };
    const { token } = await createArticle(h.client, OA, article);
    expect(await codeOf(verifyArticle(h.client, OA, token))).toBe(-214);
    await h.control('/clock/advance', { ms: 1_000 });
    const { id } = await verifyArticle(h.client, OA, token);
    expect(await getArticle(h.client, OA, id)).toMatchObject({ id, title: 'Ưu đãi tháng 12' });
    await updateArticle(h.client, OA, id, { ...article, title: 'Ưu đãi tháng 12 (cập nhật)' });
    expect((await getArticle(h.client, OA, id)).title).toBe('Ưu đãi tháng 12 (cập nhật)');
    const list = await listArticles(h.client, OA, { limit: 10 });
    expect(list.medias[0]?.id).toBe(id);
    expect(await codeOf(listArticles(h.client, OA, { limit: 11 }))).toBe(-201);
    expect(await codeOf(createArticle(h.client, OA, { ...article, title: 'x'.repeat(151) }))).toBe(-201);
    const more = list.medias.slice(1, 3).map((m) => m.id);
    await expect(sendBroadcast(h.client, OA, { target: { ages: [2, 3], gender: 0, cities: [4, 9], platform: [1, 2] }, articleIds: [id, ...more] })).resolves.toHaveProperty('messageId');
    expect(await codeOf(sendBroadcast(h.client, OA, { target: { cities: [63] }, articleIds: [id] }))).toBe(-201);
    expect(await codeOf(sendBroadcast(h.client, OA, { target: { gender: 1 }, articleIds: list.medias.slice(0, 6).map((m) => m.id).concat(id) }))).toBe(-201);
    await removeArticle(h.client, OA, id);
    expect(await codeOf(getArticle(h.client, OA, id))).toBe(-201);
  });

  it('uploads a video, reports conversion progress on the sandbox clock, then makes a video article', async () => {
    const { token } = await prepareVideo(h.client, OA, { data: new Uint8Array(1024), filename: 'gioi-thieu.mp4', contentType: 'video/mp4' });
    expect(await verifyVideo(h.client, OA, token)).toMatchObject({ status: 3, convert_percent: 0 });
    await h.control('/clock/advance', { ms: 15_000 });
    expect((await verifyVideo(h.client, OA, token)).convert_percent).toBe(50);
    await h.control('/clock/advance', { ms: 15_000 });
    const done = await verifyVideo(h.client, OA, token);
    expect(done).toMatchObject({ status: 1, convert_percent: 100 });
    const art = await createArticle(h.client, OA, { type: 'video', title: 'Giới thiệu', description: 'Video', video_id: done.video_id, avatar: 'https://example.vn/t.jpg' });
    expect(art.token).toBeTruthy();
  });

  it('reads quota of a user and quota assets', async () => {
    expect(await getUserMessageQuota(h.client, OA, active().userId)).toMatchObject({ cs_reply: { remain: 8, total: 8 } });
    expect(await getUserMessageQuota(h.client, OA, stale().userId)).toMatchObject({ cs_reply: { remain: 0 } });
    expect((await getQuotaAssets(h.client, OA))[0]).toMatchObject({ product_type: 'cs', quota_type: 'sub_quota' });
  });
});
