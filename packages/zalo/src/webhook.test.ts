import { describe, expect, it } from 'vitest';
import { parseZaloWebhookEvent } from './webhook-events';
import { computeZaloWebhookMac, signZaloWebhook, verifyZaloWebhookSignature } from './webhook-signature';
import { handleZaloWebhook } from './webhook';

const APP = '360846524940903967';
const BODY = `{"app_id":"${APP}","event_name":"user_send_text","timestamp":"1540363714987"}`;

describe('webhook signature (SDK formula: sha256(appId + body + timestamp + secret))', () => {
  it('matches fixed vectors computed with sha256sum', () => {
    expect(computeZaloWebhookMac({ appId: APP, rawBody: BODY, timestamp: '1540363714987', secret: 'OaSecretKey' })).toBe('207e162bb71602a72908f045b50f0ee165d860cfaa6bb7752e84135ae3da66da');
    expect(computeZaloWebhookMac({ appId: 'abc', rawBody: '{}', timestamp: '1', secret: 'secret' })).toBe('44b279503676eb73d11470f77ebf746eb2d3a41c34c6805064dc0e3b565a7662');
  });

  it('accepts the header with or without the mac= prefix, case-insensitive hex', () => {
    const secretFor = () => 'OaSecretKey';
    const mac = '207e162bb71602a72908f045b50f0ee165d860cfaa6bb7752e84135ae3da66da';
    for (const h of [`mac=${mac}`, mac, `mac=${mac.toUpperCase()}`]) expect(verifyZaloWebhookSignature({ rawBody: BODY, signatureHeader: h, secretFor }).ok).toBe(true);
    expect(signZaloWebhook({ appId: APP, rawBody: BODY, timestamp: '1540363714987', secret: 'OaSecretKey' })).toBe(`mac=${mac}`);
  });

  it('rejects unsigned, wrong, truncated, unknown-app, malformed and stale deliveries', () => {
    const secretFor = (appId: string) => (appId === APP ? 'OaSecretKey' : undefined);
    const good = signZaloWebhook({ appId: APP, rawBody: BODY, timestamp: '1540363714987', secret: 'OaSecretKey' });
    expect(verifyZaloWebhookSignature({ rawBody: BODY, signatureHeader: undefined, secretFor })).toEqual({ ok: false, reason: 'missing-signature' });
    expect(verifyZaloWebhookSignature({ rawBody: BODY, signatureHeader: 'mac=00', secretFor })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyZaloWebhookSignature({ rawBody: BODY, signatureHeader: good.slice(0, -1), secretFor })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyZaloWebhookSignature({ rawBody: BODY.replace(APP, '1'), signatureHeader: good, secretFor })).toEqual({ ok: false, reason: 'unknown-app' });
    expect(verifyZaloWebhookSignature({ rawBody: 'nope', signatureHeader: good, secretFor })).toEqual({ ok: false, reason: 'malformed-body' });
    expect(verifyZaloWebhookSignature({ rawBody: '[]', signatureHeader: good, secretFor })).toEqual({ ok: false, reason: 'malformed-body' });
    expect(verifyZaloWebhookSignature({ rawBody: `{"app_id":"${APP}"}`, signatureHeader: good, secretFor })).toEqual({ ok: false, reason: 'missing-timestamp' });
    expect(verifyZaloWebhookSignature({ rawBody: BODY, signatureHeader: good, secretFor, maxAgeMs: 60_000, now: 1540363714987 + 120_000 })).toEqual({ ok: false, reason: 'stale' });
    expect(handleZaloWebhook({ rawBody: BODY, headers: { 'x-zevent-signature': good }, secretFor })).toMatchObject({ ok: true, event: { type: 'user_message' } });
  });
});

describe('parseZaloWebhookEvent', () => {
  const base = { app_id: APP, timestamp: '1540363714987' };
  it.each([
    [{ event_name: 'user_send_text', sender: { id: 'u1' }, recipient: { id: 'oa1' }, message: { text: 'hi', msg_id: 'm1' } }, { type: 'user_message', userId: 'u1', oaId: 'oa1', text: 'hi', msgId: 'm1' }],
    [{ event_name: 'user_send_image', sender: { id: 'u1' }, recipient: { id: 'oa1' }, message: { msg_id: 'm1', attachments: [{ type: 'image', payload: { url: 'x' } }] } }, { type: 'user_message', attachments: [{ type: 'image', payload: { url: 'x' } }] }],
    [{ event_name: 'oa_send_text', sender: { id: 'oa1' }, recipient: { id: 'u1' }, message: { text: 'hi', msg_id: 'm1' } }, { type: 'oa_message', oaId: 'oa1', userId: 'u1', adminId: undefined }],
    [{ event_name: 'oa_send_text', sender: { id: 'oa1', admin_id: 'adm7' }, recipient: { id: 'u1' }, message: { text: 'hi', msg_id: 'm1' } }, { type: 'oa_message', oaId: 'oa1', adminId: 'adm7' }],
    [{ event_name: 'anonymous_send_text', sender: { id: 'a1' }, recipient: { id: 'oa1' }, message: { text: 'x', msg_id: 'm', conversation_id: 'c1' } }, { type: 'anonymous_message', anonymousId: 'a1', fromOa: false, conversationId: 'c1' }],
    [{ event_name: 'follow', oa_id: 'oa1', follower: { id: 'u1' }, source: 'oa_profile' }, { type: 'follow', oaId: 'oa1', userId: 'u1', source: 'oa_profile' }],
    [{ event_name: 'unfollow', oa_id: 'oa1', follower: { id: 'u1' } }, { type: 'unfollow', userId: 'u1' }],
    [{ event_name: 'user_received_message', sender: { id: 'oa1' }, recipient: { id: 'u1' }, message: { msg_id: 'm1' } }, { type: 'message_received', msgIds: ['m1'] }],
    [{ event_name: 'user_received_message', sender: { id: 'oa1' }, recipient: { id: '84987654321' }, message: { msg_id: 'm1', tracking_id: 't', delivery_time: '1' } }, { type: 'zns_delivery', recipient: '84987654321', trackingId: 't' }],
    [{ event_name: 'user_seen_message', sender: { id: 'oa1' }, recipient: { id: 'u1' }, message: { msg_ids: ['a', 'b'] } }, { type: 'message_seen', msgIds: ['a', 'b'] }],
    [{ event_name: 'user_reacted_message', sender: { id: 'u1' }, recipient: { id: 'oa1' }, message: { react_icon: '/-heart', msg_id: 'm' } }, { type: 'reaction', fromOa: false, reactIcon: '/-heart' }],
    [{ event_name: 'user_submit_info', sender: { id: 'u1' }, recipient: { id: 'oa1' }, info: { name: 'An', phone: '849' } }, { type: 'user_submit_info', info: { name: 'An' } }],
    [{ event_name: 'add_user_to_tag', oa_id: 'oa1', tag: { user_ids: ['u1'], name: 'VIP' } }, { type: 'add_user_to_tag', userIds: ['u1'], tagName: 'VIP' }],
    [{ event_name: 'remove_user_from_tag', oa_id: 'oa1', tag: { user_ids: ['u1'], name: 'VIP' } }, { type: 'remove_user_from_tag', userIds: ['u1'], tagName: 'VIP' }],
    [{ event_name: 'remove_tag', oa_id: 'oa1', tag: { name: 'VIP' } }, { type: 'remove_tag', oaId: 'oa1', tagName: 'VIP' }],
    [{ event_name: 'update_user_info', oa_id: 'oa1', user_id: 'u1', info: { name: 'An', phone: '84987654321' } }, { type: 'update_user_info', oaId: 'oa1', userId: 'u1', info: { phone: '84987654321' } }],
    [{ event_name: 'update_user_info', sender: { id: 'u2' }, recipient: { id: 'oa1' } }, { type: 'update_user_info', oaId: 'oa1', userId: 'u2', info: {} }],
    [{ event_name: 'user_withdraw', oa_id: 'oa1', follower: { id: 'u1' }, user_id_by_app: 'b1' }, { type: 'user_withdraw', oaId: 'oa1', userId: 'u1', userIdByApp: 'b1' }],
    [{ event_name: 'widget_interaction_accepted', oa_id: 'oa1', data: { user_id: 'u1', user_external_id: 'ext-9' } }, { type: 'widget', widget: 'interaction_accepted', userId: 'u1', userExternalId: 'ext-9' }],
    [{ event_name: 'change_template_status', oa_id: 'oa1', template_id: 't1', status: { prev_status: 'PENDING_REVIEW', new_status: 'ENABLE' }, reason: '' }, { type: 'template_status', newStatus: 'ENABLE' }],
    [{ event_name: 'change_template_quality', oa_id: 'oa1', template_id: 't1', quality: 'LOW' }, { type: 'template_quality', quality: 'LOW' }],
    [{ event_name: 'change_oa_daily_quota', oaId: 'oa1', quota: { prev_value: 500, new_value: 2000 } }, { type: 'oa_daily_quota', oaId: 'oa1', newValue: 2000 }],
    [{ event_name: 'user_feedback', oa_id: 'oa1', message: { rate: 5, note: 'ok', feedbacks: ['a'], msg_id: 'm', tracking_id: 't' } }, { type: 'zns_feedback', rate: 5, trackingId: 't' }],
    [{ event_name: 'user_click_response_button', oa_id: 'oa1', msg_id: 'm', message: { button_type: '1', data: 'x', tracking_id: 't' } }, { type: 'zns_button_response', msgId: 'm' }],
    [{ event_name: 'user_click_chatnow', sender: { id: 'u1' }, recipient: { id: 'oa1' } }, { type: 'interaction' }],
    [{ event_name: 'user_join_group', oa_id: 'oa1', group_id: 'g1' }, { type: 'group', groupId: 'g1' }],
    [{ event_name: 'permission_revoked', oa_id: 'oa1' }, { type: 'other' }],
    [{ event_name: 'something_new' }, { type: 'unknown', eventName: 'something_new' }],
  ])('parses %j', (body, expected) => {
    expect(parseZaloWebhookEvent({ ...base, ...body })).toMatchObject(expected);
  });

  it('never throws on garbage', () => {
    for (const g of [null, 1, 'x', [], { event_name: 5 }]) expect(parseZaloWebhookEvent(g).type).toBe('unknown');
  });
});
