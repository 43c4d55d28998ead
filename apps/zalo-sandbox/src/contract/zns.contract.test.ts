import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError, ZaloRequestError } from '@zc/zalo/errors';
import { handleZaloWebhook } from '@zc/zalo/webhook';
import {
  getZnsMessageStatus, getZnsQuality, getZnsQuota, getZnsRatings, getZnsTemplateInfo, getZnsTemplateSampleData, getZnsTemplateTags,
  listZnsTemplates, sendZns, sendZnsByHashPhone, createZnsTemplate,
} from '@zc/zalo/zns';
import { SANDBOX_ADMIN_PHONES, SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_REJECT_REASON, SANDBOX_SECOND_OA_ID, SANDBOX_TEMPLATE_IDS, SANDBOX_WEBHOOK_SECRET } from '../seed';
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

const T = SANDBOX_TEMPLATE_IDS;
const order = { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'DH001', amount: '100.000đ', order_date: '21/11/2026' };
const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ZaloApiError ? e.code : -999999));

describe('ZNS against the sandbox', () => {
  it.each(['0987654321', '+84 987 654 321', '987654321', '84987654321'])('sends to %s normalised to 84…', async (phone) => {
    const r = await sendZns(h.client, SANDBOX_OA_ID, { phone, templateId: T.orderConfirmation, templateData: order, trackingId: 'order-88213' });
    expect(r.msg_id).toMatch(/^[0-9a-f]{16,}$/);
    expect(r.quota).toEqual({ dailyQuota: '5000', remainingQuota: '4999' });
    expect(h.sb.sandbox.state.znsMessages.get(r.msg_id)?.phone).toBe('84987654321');
  });

  it('reports status 0 then 1 once the sandbox clock passes the delivery time', async () => {
    const r = await sendZns(h.client, SANDBOX_OA_ID, { phone: '0912345678', templateId: T.otp, templateData: { otp: '123456' } });
    expect(await getZnsMessageStatus(h.client, SANDBOX_OA_ID, { messageId: r.msg_id })).toMatchObject({ status: 0 });
    await h.control('/clock/advance', { ms: 1_500 });
    expect(await getZnsMessageStatus(h.client, SANDBOX_OA_ID, { messageId: r.msg_id, phone: '0912345678' })).toMatchObject({ status: 1 });
    expect(await getZnsMessageStatus(h.client, SANDBOX_OA_ID, { messageId: 'nope' })).toMatchObject({ status: -1 });
  });

  it('answers the documented error codes', async () => {
    const s = (over: Partial<Parameters<typeof sendZns>[2]>) => codeOf(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.orderConfirmation, templateData: order, ...over }));
    const token = (await h.store.get(SANDBOX_OA_ID))?.accessToken ?? '';
    const post = async (body: string) =>
      ((await (await fetch(`${h.sb.hosts.business}/message/template`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body })).json()) as { error: number }).error;
    expect(await post('')).toBe(-121);
    expect(await post('{not json')).toBe(-122);
    expect(await post(JSON.stringify({ phone: '0123', template_id: T.otp, template_data: { otp: '1' } }))).toBe(-108);
    expect(await post(JSON.stringify({ phone: '0987654321', template_id: T.otp, template_data: { otp: '1' }, tracking_id: 'x'.repeat(49) }))).toBe(-132);
    // tracking_id is required (REFERENCE §13.1): missing, empty or not a string is Zalo's parameter error.
    expect(await post(JSON.stringify({ phone: '0987654321', template_id: T.otp, template_data: { otp: '1' } }))).toBe(-132);
    expect(await post(JSON.stringify({ phone: '0987654321', template_id: T.otp, template_data: { otp: '1' }, tracking_id: '' }))).toBe(-132);
    expect(await post(JSON.stringify({ phone: '0987654321', template_id: T.otp, template_data: { otp: '1' }, tracking_id: 42 }))).toBe(-132);
    expect(await post(JSON.stringify({ phone: '0987654321', template_id: T.otp, template_data: { otp: '1' }, tracking_id: 'x'.repeat(48) }))).toBe(0);
    expect(await s({ templateId: '999' })).toBe(-109);
    expect(await s({ templateId: T.otp.slice(0, -1) + '2' })).toBe(-117);
    expect(await s({ templateId: T.pendingReview })).toBe(-131);
    expect(await s({ templateId: T.rejected })).toBe(-131);
    expect(await s({ templateId: T.disabled })).toBe(-146);
    expect(await s({ templateId: T.deleted })).toBe(-109);
    expect(await s({ templateData: {} })).toBe(-111);
    expect(await s({ templateData: { ...order, customer_name: 'x'.repeat(31) } })).toBe(-1121);
    expect(await s({ templateData: { customer_name: 'A', order_code: 'B', amount: 'C' } })).toBe(-1122);
    expect(await s({ development: true })).toBe(-127);
    expect(await s({ development: true, phone: SANDBOX_ADMIN_PHONES[SANDBOX_OA_ID] ?? '' })).toBe(0);
  });

  it('explains errors in both languages with the Zalo message kept', async () => {
    const err = await sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.orderConfirmation, templateData: { ...order, amount: 'x'.repeat(21) } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZaloApiError);
    const e = err as ZaloApiError;
    expect(e).toMatchObject({ api: 'zns', code: -1121, classification: 'permanent', zaloMessage: 'template data amount is break max length' });
    expect(e.explanation.vi.meaning).toMatch(/độ dài/);
    expect(e.explanation.en.action).toMatch(/Shorten/);
  });

  it('refuses a tracking_id over 48 characters or empty before sending', async () => {
    await expect(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' }, trackingId: 'x'.repeat(49) })).rejects.toBeInstanceOf(ZaloRequestError);
    await expect(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' }, trackingId: '' })).rejects.toBeInstanceOf(ZaloRequestError);
  });

  it('always sends a tracking_id: the caller’s, or one it makes up, and returns what it sent', async () => {
    const mine = await sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' }, trackingId: 'order-1' });
    expect(mine.trackingId).toBe('order-1');
    const made = await sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '2' } });
    const other = await sendZnsByHashPhone(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '3' } });
    for (const r of [made, other]) {
      expect(r.trackingId).toMatch(/^[0-9a-f-]{36}$/);
      expect(h.sb.sandbox.state.znsMessages.get(r.msg_id)?.trackingId).toBe(r.trackingId);
    }
    expect(made.trackingId).not.toBe(other.trackingId);
  });

  it('enforces the night ban for promotion templates only (Asia/Ho_Chi_Minh)', async () => {
    await h.control('/clock/advance', { ms: 12.5 * 3600_000 }); // 10:00 → 22:30 in Vietnam
    const promo = { customer_name: 'Võ Ngọc Yến', voucher_code: 'VIP50K', discount: '50.000đ', expiry: '31/12/2026' };
    expect(await codeOf(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.promotion, templateData: promo }))).toBe(-133);
    expect(await codeOf(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' } }))).toBe(0);
    await h.control('/clock/advance', { ms: 8 * 3600_000 }); // 06:30
    expect(await codeOf(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.promotion, templateData: promo }))).toBe(0);
  });

  it('enforces the daily quota (-144) and resets it the next Vietnam day', async () => {
    await h.control(`/oa/${SANDBOX_OA_ID}`, { znsDailyQuota: 2 });
    const send = () => codeOf(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' } }));
    expect([await send(), await send(), await send()]).toEqual([0, 0, -144]);
    expect(await getZnsQuota(h.client, SANDBOX_OA_ID)).toMatchObject({ dailyQuota: 2, remainingQuota: 0 });
    await h.control('/clock/advance', { ms: 24 * 3600_000 });
    expect(await send()).toBe(0);
  });

  it('sends by hashed phone (SHA-256 of 84…)', async () => {
    const r = await sendZnsByHashPhone(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' } });
    expect(h.sb.sandbox.state.znsMessages.get(r.msg_id)?.phone).toBe(createHash('sha256').update('84987654321').digest('hex'));
    await expect(sendZnsByHashPhone(h.client, SANDBOX_OA_ID, { hashPhone: 'abc', templateId: T.otp, templateData: { otp: '1' } })).rejects.toMatchObject({ code: -108 });
  });

  it('lists templates, reads info v2, sample data, tags, quality and ratings', async () => {
    const all = await listZnsTemplates(h.client, SANDBOX_OA_ID);
    expect(all.total).toBe(10);
    expect((await listZnsTemplates(h.client, SANDBOX_OA_ID, { status: 1 })).templates.every((t) => t.status === 'ENABLE')).toBe(true);
    const info = await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, T.orderConfirmation);
    expect(info).toMatchObject({ templateTag: 'TRANSACTION', status: 'ENABLE', price: '440.0' });
    expect(info).not.toHaveProperty('reason');
    expect(info.listParams.map((p) => p.name)).toEqual(['customer_name', 'order_code', 'amount', 'order_date']);
    expect(await getZnsTemplateSampleData(h.client, SANDBOX_OA_ID, T.otp)).toEqual({ otp: '482913' });
    // Both tag vocabularies: the documented one and the older one.
    expect(await getZnsTemplateTags(h.client, SANDBOX_OA_ID)).toEqual(['OTP', 'IN_TRANSACTION', 'POST_TRANSACTION', 'TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION']);
    expect((await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, T.otp)).templateTag).toBe('OTP');
    expect((await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, T.shipping)).templateTag).toBe('IN_TRANSACTION');
    expect(await getZnsQuality(h.client, SANDBOX_OA_ID)).toEqual({ oaCurrentQuality: 'HIGH', oa7dayQuality: 'HIGH' });
    const now = h.sb.sandbox.clock.now();
    const ratings = await getZnsRatings(h.client, SANDBOX_OA_ID, { templateId: T.rating, fromTime: now - 86_400_000, toTime: now });
    expect(ratings.total).toBe(5);
    await expect(getZnsTemplateInfo(h.client, SANDBOX_SECOND_OA_ID, T.otp)).rejects.toMatchObject({ code: -117 });
  });

  it('filters template/all by numeric status 1–5 (5 = DELETE) and by filterPreset, and gives the reason of a rejection', async () => {
    const byStatus = async (status: 1 | 2 | 3 | 4 | 5) => (await listZnsTemplates(h.client, SANDBOX_OA_ID, { status })).templates.map((t) => String(t.templateId));
    expect(await byStatus(5)).toEqual([T.deleted]);
    expect(await byStatus(3)).toEqual([T.rejected]);
    expect(await byStatus(4)).toEqual([T.disabled]);
    // The disabled template was made in the ZBS console, not through the app.
    const viaApp = await listZnsTemplates(h.client, SANDBOX_OA_ID, { filterPreset: 1 });
    expect(viaApp.total).toBe(9);
    expect(viaApp.templates.map((t) => String(t.templateId))).not.toContain(T.disabled);
    expect((await listZnsTemplates(h.client, SANDBOX_OA_ID, { filterPreset: 0 })).total).toBe(10);
    const token = (await h.store.get(SANDBOX_OA_ID))?.accessToken ?? '';
    const list = async (qs: string) => ((await (await fetch(`${h.sb.hosts.business}/template/all?${qs}`, { headers: { access_token: token } })).json()) as { error: number }).error;
    for (const bad of ['status=6', 'status=0', 'status=ENABLE', 'filterPreset=2', 'filterPreset=yes']) expect(await list(bad), bad).toBe(-132);
    expect(await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, T.rejected)).toMatchObject({ status: 'REJECT', reason: SANDBOX_REJECT_REASON });
    await h.control(`/templates/${T.pendingReview}/status`, { status: 'REJECT', reason: 'Thiếu thông tin liên hệ' });
    expect(await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, T.pendingReview)).toMatchObject({ status: 'REJECT', reason: 'Thiếu thông tin liên hệ' });
  });

  it('emits a signed delivery webhook with the tracking id, retrying on failure with num_retry', async () => {
    await h.control('/webhooks', { url: receiver.url, failNext: 2 });
    const r = await sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' }, trackingId: 'trk-1' });
    await h.control('/clock/advance', { ms: 1_000 }); // delivery time: the first attempt fails (simulated)
    expect(receiver.received).toHaveLength(0);
    await h.control('/clock/advance', { ms: 30_000 }); // retry 1 fails too
    await h.control('/clock/advance', { ms: 300_000 }); // retry 2 lands
    await waitFor(() => receiver.received.length === 1);
    const got = receiver.received[0]!;
    expect(got.headers.num_retry).toBe('2');
    expect(got.headers['x-zevent-server']).toBe('ZNS');
    const outcome = handleZaloWebhook({ rawBody: got.rawBody, headers: got.headers, secretFor: (appId) => (appId === SANDBOX_APP_ID ? SANDBOX_WEBHOOK_SECRET : undefined) });
    expect(outcome).toMatchObject({ ok: true, event: { type: 'zns_delivery', msgId: r.msg_id, trackingId: 'trk-1', recipient: '84987654321', oaId: SANDBOX_OA_ID } });
  });

  it('drops webhooks on request and delays them on request', async () => {
    await h.control('/webhooks', { url: receiver.url, dropNext: 1, delayMs: 5_000 });
    await sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '1' } });
    await sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: T.otp, templateData: { otp: '2' } });
    await h.control('/clock/advance', { ms: 2_000 });
    expect(receiver.received).toHaveLength(0);
    await h.control('/clock/advance', { ms: 5_000 });
    await waitFor(() => receiver.received.length === 1);
    const log = (await h.control('/webhooks/log')) as Array<{ status: string }>;
    expect(log.map((l) => l.status).sort()).toEqual(['delivered', 'dropped']);
  });
});

describe('ZNS template creation against the sandbox', () => {
  const input = {
    templateName: 'Xác nhận lịch hẹn khám',
    templateType: 1 as const,
    tag: 2 as const,
    layout: { body: { components: [{ TITLE: { value: 'Lịch hẹn khám bệnh' } }, { PARAGRAPH: { value: 'Chào <customer_name>, lịch hẹn lúc <time>.' } }] } },
    params: [{ name: 'customer_name', type: 1, sampleValue: 'An' }, { name: 'time', type: 5, sampleValue: '09:00' }],
    note: 'Nhắc lịch hẹn',
    trackingId: 'req-0001',
  };

  it('creates a template PENDING_REVIEW that template/all and info/v2 show, once per tracking_id', async () => {
    const created = await createZnsTemplate(h.client, SANDBOX_OA_ID, input);
    expect(created.status).toBe('PENDING_REVIEW');
    const id = String(created.template_id);
    const info = await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, id);
    expect(info).toMatchObject({ templateName: input.templateName, status: 'PENDING_REVIEW', templateTag: 'CUSTOMER_CARE' });
    expect(info.listParams.map((p) => p.name)).toEqual(['customer_name', 'time']);
    const mine = await listZnsTemplates(h.client, SANDBOX_OA_ID, { filterPreset: 1 });
    expect(mine.templates.map((t) => String(t.templateId))).toContain(id);
    const again = await createZnsTemplate(h.client, SANDBOX_OA_ID, input);
    expect(String(again.template_id)).toBe(id);
  });

  it('refuses a short name, a bad tag or an empty layout with -132', async () => {
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, { ...input, templateName: 'Ngắn', trackingId: 'r2' }))).toBe(-132);
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, { ...input, tag: 9 as 1, trackingId: 'r3' }))).toBe(-132);
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, { ...input, layout: { body: { components: [] } }, trackingId: 'r4' }))).toBe(-132);
  });
});
