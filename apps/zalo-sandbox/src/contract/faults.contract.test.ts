import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError, ZaloHttpError, ZaloTimeoutError } from '@zc/zalo/errors';
import { getOaInfo } from '@zc/zalo/oa-info';
import { sendZaloRequest } from '@zc/zalo/transport';
import { handleZaloWebhook } from '@zc/zalo/webhook';
import { getZnsQuota, sendZns } from '@zc/zalo/zns';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_TEMPLATE_IDS, SANDBOX_WEBHOOK_SECRET } from '../seed';
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
const secretFor = (appId: string) => (appId === SANDBOX_APP_ID ? SANDBOX_WEBHOOK_SECRET : undefined);

describe('faults, retries and bad input', () => {
  it('retries -32 with back-off and succeeds, even for a send', async () => {
    await h.control('/force-error', { path: '/business/message/template', code: -32, count: 2 });
    await expect(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '1' } })).resolves.toHaveProperty('msg_id');
  });

  it('does not retry a send on an ambiguous failure (-200 / 503) but retries a read', async () => {
    await h.control('/force-error', { path: '/business/message/template', code: -100, count: 1 });
    await expect(sendZns(h.client, SANDBOX_OA_ID, { phone: '0987654321', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '1' } })).rejects.toMatchObject({ code: -100, classification: 'retryable' });
    await h.control('/force-error', { path: '/business/message/quota', code: -100, count: 2 });
    await expect(getZnsQuota(h.client, SANDBOX_OA_ID)).resolves.toHaveProperty('dailyQuota');
    await h.control('/faults', { errorRate: 1 });
    await expect(getZnsQuota(h.client, SANDBOX_OA_ID)).rejects.toBeInstanceOf(ZaloHttpError);
  });

  it('gives up after the configured attempts on a persistent forced error', async () => {
    await h.control('/force-error', { path: '/openapi/v2.0/oa/getoa', code: -32, count: 5 });
    const err = await getOaInfo(h.client, SANDBOX_OA_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZaloApiError);
    expect(err).toMatchObject({ code: -32, classification: 'retryable' });
  });

  it('times out slow answers with a typed error', async () => {
    await h.control('/faults', { latencyMs: 300 });
    const c = h.newClient({ timeoutMs: 100, retry: { attempts: 1 } });
    await expect(getZnsQuota(c, SANDBOX_OA_ID)).rejects.toBeInstanceOf(ZaloTimeoutError);
  });

  it('answers unknown paths with {error:404} and the client raises a typed error', async () => {
    const res = await fetch(`${h.sb.hosts.openapi}/v9.0/oa/nothing`);
    expect(await res.json()).toMatchObject({ error: 404 });
    await expect(sendZaloRequest(h.client.transport, { api: 'oa', host: 'openapi', method: 'GET', path: '/v9.0/oa/nothing' })).rejects.toMatchObject({ code: 404 });
  });

  it('delivers signed follow / unfollow / user message / seen events that verify, and rejects tampered or unsigned ones', async () => {
    await h.control('/webhooks', { url: receiver.url });
    const userId = [...(h.sb.sandbox.state.users.get(SANDBOX_OA_ID)?.keys() ?? [])][1]!;
    await h.control('/simulate/follow', { oaId: SANDBOX_OA_ID, userId });
    await h.control('/simulate/follow', { oaId: SANDBOX_OA_ID, userId, unfollow: true });
    await h.control('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId, text: 'Xin chào shop' });
    await h.control('/simulate/user-message', { oaId: SANDBOX_OA_ID, userId, attachmentType: 'image', url: 'https://example.vn/a.jpg' });
    await h.control('/simulate/seen', { oaId: SANDBOX_OA_ID, userId, msgIds: ['m1', 'm2'] });
    await waitFor(() => receiver.received.length === 5);
    const events = receiver.received.map((r) => handleZaloWebhook({ rawBody: r.rawBody, headers: r.headers, secretFor }));
    expect(events.map((e) => (e.ok ? e.event.type : e.reason)).sort()).toEqual(['follow', 'message_seen', 'unfollow', 'user_message', 'user_message']);
    const first = receiver.received[0]!;
    expect(handleZaloWebhook({ rawBody: first.rawBody.replace('oa_profile', 'hacked'), headers: first.headers, secretFor })).toEqual({ ok: false, status: 401, reason: 'bad-signature' });
    expect(handleZaloWebhook({ rawBody: first.rawBody, headers: {}, secretFor })).toMatchObject({ ok: false, status: 401, reason: 'missing-signature' });
    expect(handleZaloWebhook({ rawBody: '{oops', headers: first.headers, secretFor })).toMatchObject({ ok: false, status: 401, reason: 'malformed-body' });
    expect(handleZaloWebhook({ rawBody: first.rawBody, headers: first.headers, secretFor: () => 'other-secret' })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('emits change_template_status through the control API', async () => {
    await h.control('/webhooks', { url: receiver.url });
    await h.control(`/templates/${SANDBOX_TEMPLATE_IDS.pendingReview}/status`, { status: 'ENABLE', reason: 'Duyệt' });
    await waitFor(() => receiver.received.length === 1);
    const out = handleZaloWebhook({ rawBody: receiver.received[0]!.rawBody, headers: receiver.received[0]!.headers, secretFor });
    expect(out).toMatchObject({ ok: true, event: { type: 'template_status', templateId: SANDBOX_TEMPLATE_IDS.pendingReview, prevStatus: 'PENDING_REVIEW', newStatus: 'ENABLE' } });
  });
});
