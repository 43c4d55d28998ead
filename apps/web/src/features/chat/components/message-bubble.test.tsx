import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ChatMessage, ChatMessageKind } from '@zc/shared/api/chat';
import vi from '../../../locales/vi/chat-inbox.json';
import en from '../../../locales/en/chat-inbox.json';
import { MessageBubble } from './message-bubble';
import { coordinatesOf, formatBytes, payloadSources } from './message-kinds';

async function i18nFor(lng: 'vi' | 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { vi: { 'chat-inbox': vi }, en: { 'chat-inbox': en } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return i18n;
}

async function render(node: ReactElement, lng: 'vi' | 'en' = 'en'): Promise<string> {
  const i18n = await i18nFor(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

function msg(over: Partial<ChatMessage> & { kind: ChatMessageKind }): ChatMessage {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    conversationId: '00000000-0000-4000-8000-000000000002',
    zaloMsgId: 'zmsg-1',
    direction: 'IN',
    text: null,
    payload: null,
    quote: null,
    status: null,
    error: null,
    reactions: [],
    author: null,
    sentAt: '2026-11-26T06:00:00.000Z',
    createdAt: '2026-11-26T06:00:00.000Z',
    ...over,
  };
}

const noop = () => undefined;
const bubble = (m: ChatMessage, lng: 'vi' | 'en' = 'en', canAct = true) =>
  render(<MessageBubble message={m} language={lng} canAct={canAct} onQuote={noop} onReact={noop} onRetry={noop} onDeleteNote={noop} />, lng);
const att = (type: string, payload: Record<string, unknown>) => ({ attachments: [{ type, payload }] });

describe('MessageBubble renders every message kind', () => {
  it('text: line breaks kept, web addresses clickable, nothing else turned into a link', async () => {
    const html = await bubble(msg({ kind: 'text', text: 'Xin chào\nxem https://shop.vn/sp?id=1. javascript:alert(1)' }));
    expect(html).toContain('white-space:pre-wrap');
    expect(html).toContain('href="https://shop.vn/sp?id=1"');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('data-direction="IN"');
  });

  it('quote: the quoted text above the reply', async () => {
    const html = await bubble(msg({ kind: 'text', text: 'Có ạ', quote: { zaloMsgId: 'z0', text: 'Còn hàng không?' } }));
    expect(html).toMatch(/data-testid="chat-quote"[^>]*>Còn hàng không\?/);
    expect(html.indexOf('Còn hàng không?')).toBeLessThan(html.indexOf('Có ạ'));
  });

  it('image and gif from a follower attachment; sticker', async () => {
    expect(await bubble(msg({ kind: 'image', payload: att('image', { url: 'https://img.zalo/a.jpg', thumbnail: 'https://img.zalo/t.jpg' }) }))).toContain('src="https://img.zalo/a.jpg"');
    expect(await bubble(msg({ kind: 'gif', payload: att('gif', { url: 'https://img.zalo/a.gif' }) }))).toContain('data-testid="chat-gif"');
    const sticker = await bubble(msg({ kind: 'sticker', payload: att('sticker', { id: 's1', url: 'https://img.zalo/s.png' }) }));
    expect(sticker).toContain('data-testid="chat-sticker"');
    expect(sticker).toContain('src="https://img.zalo/s.png"');
    // An agent's sticker: its picture is our own same-origin path; a scheme-relative address is not taken.
    const ours = await bubble(msg({ kind: 'sticker', direction: 'OUT', status: 'SENT', payload: { kind: 'sticker', attachmentId: 'zc.meo.1', url: '/stickers/meo-1.svg' } }));
    expect(ours).toContain('src="/stickers/meo-1.svg"');
    expect(await bubble(msg({ kind: 'sticker', payload: att('sticker', { id: 's2', url: '//evil.example/s.png' }) }))).not.toContain('evil.example');
  });

  it('file: its §3 type-group icon, name and size', async () => {
    const html = await bubble(msg({ kind: 'file', payload: att('file', { url: 'https://f.zalo/x', name: 'bao-gia.xlsx', size: 2_560_000, checksum: 'abc', type: 'xlsx' }) }));
    expect(html).toContain('data-testid="file-icon-excel"');
    expect(html).toContain('bao-gia.xlsx');
    expect(html).toContain('2.4 MB');
    expect(await bubble(msg({ kind: 'file', payload: att('file', { name: 'hop-dong.pdf', size: 900 }) }))).toContain('file-icon-pdf');
    expect(await bubble(msg({ kind: 'file', payload: att('file', { name: 'data.bin' }) }))).toContain('file-icon-other');
  });

  it('link card, location with a map link, audio player, video, business card', async () => {
    const link = await bubble(msg({ kind: 'link', payload: att('link', { url: 'https://shop.vn/p/1', title: 'Áo thun', description: 'Giảm 20%', thumbnail: 'https://img/t.jpg' }) }));
    expect(link).toContain('Áo thun');
    expect(link).toContain('href="https://shop.vn/p/1"');
    const loc = await bubble(msg({ kind: 'location', payload: att('location', { coordinates: { latitude: '10.7769', longitude: '106.7009' } }) }));
    expect(loc).toContain('10.776900, 106.700900');
    expect(loc).toContain('https://www.google.com/maps?q=10.7769,106.7009');
    expect(await bubble(msg({ kind: 'audio', payload: att('audio', { url: 'https://a.zalo/v.amr' }) }))).toMatch(/<audio[^>]*controls/);
    expect(await bubble(msg({ kind: 'video', payload: att('video', { url: 'https://v.zalo/v.mp4', thumbnail: 'https://v.zalo/t.jpg' }) }))).toMatch(/<video[^>]*poster="https:\/\/v.zalo\/t.jpg"/);
    const card = await bubble(msg({ kind: 'business_card', payload: att('link', { title: 'Lan Anh', description: '{"phone":"0912345678"}', thumbnail: 'https://a/b.jpg' }) }));
    expect(card).toContain('Lan Anh');
    expect(card).toContain('0912345678');
  });

  it('request and the follower’s answer (user_info) as a table', async () => {
    const req = await bubble(msg({ kind: 'request', direction: 'OUT', status: 'SENT', payload: { kind: 'request', title: 'Chia sẻ số điện thoại', subtitle: 'Để nhận ưu đãi', imageUrl: 'https://img/r.jpg' } }));
    expect(req).toContain('Chia sẻ số điện thoại');
    expect(req).toContain('Để nhận ưu đãi');
    const info = await bubble(msg({ kind: 'user_info', payload: { info: { name: 'Trần Bình', phone: '84912345678', full_address: { user_city: 'Hà Nội', user_ward: 'Láng Hạ', user_address: '1 Láng' } } } }), 'vi');
    expect(info).toContain('Họ tên');
    expect(info).toContain('Trần Bình');
    expect(info).toContain('84912345678');
    expect(info).toContain('Hà Nội');
  });

  it('transaction and promotion: header, text, table rows and buttons as the playground previews them', async () => {
    const payload = {
      kind: 'transaction',
      templateType: 'order',
      elements: { header: 'Đơn hàng #123', text: 'Cảm ơn bạn', table: [{ key: 'Tổng', value: '250.000đ', style: 'red' }] },
      buttons: [{ type: 'oa.open.url', title: 'Xem đơn', payload: { url: 'https://shop.vn/o/123' } }],
    };
    const html = await bubble(msg({ kind: 'transaction', direction: 'OUT', status: 'SEEN', payload }));
    for (const s of ['Đơn hàng #123', 'Cảm ơn bạn', 'Tổng', '250.000đ', 'Xem đơn', 'href="https://shop.vn/o/123"', 'Transaction message']) expect(html).toContain(s);
    const promo = await bubble(msg({ kind: 'promotion', direction: 'OUT', status: 'SENT', payload: { ...payload, kind: 'promotion' } }), 'vi');
    expect(promo).toContain('Tin khuyến mãi');
    expect(promo).toContain('Đơn hàng #123');
  });

  it('Zalo’s own echo shapes: a transaction template’s element list, a media template’s image, a request_user_info template', async () => {
    const tx = att('template', {
      template_type: 'transaction_order',
      elements: [
        { type: 'banner', image_url: 'https://img/b.jpg' },
        { type: 'header', content: 'Xác nhận đơn' },
        { type: 'text', content: 'Đơn đã được giao' },
        { type: 'table', content: [{ key: 'Mã đơn', value: 'DH-9' }] },
      ],
      buttons: [{ title: 'Gọi shop', type: 'oa.open.phone', payload: { phone_code: '0900' } }],
    });
    const html = await bubble(msg({ kind: 'transaction', direction: 'OUT', status: 'SENT', payload: tx }));
    for (const s of ['Xác nhận đơn', 'Đơn đã được giao', 'Mã đơn', 'DH-9', 'Gọi shop', 'src="https://img/b.jpg"']) expect(html).toContain(s);
    const image = await bubble(msg({ kind: 'image', direction: 'OUT', status: 'SENT', payload: att('template', { template_type: 'media', elements: [{ media_type: 'image', url: 'https://img/m.png' }] }) }));
    expect(image).toContain('src="https://img/m.png"');
    const req = await bubble(msg({ kind: 'request', direction: 'OUT', status: 'SENT', payload: att('template', { template_type: 'request_user_info', elements: [{ title: 'Cho shop xin SĐT', subtitle: 'Nhận quà', image_url: 'https://img/r.png' }] }) }));
    expect(req).toContain('Cho shop xin SĐT');
    expect(req).toContain('src="https://img/r.png"');
  });

  it('template, note (yellow, internal) and unknown (a neutral placeholder with the raw type)', async () => {
    expect(await bubble(msg({ kind: 'template', direction: 'OUT', status: 'SENT', payload: { templateId: '2001', templateData: { otp: '1234' } } }))).toContain('1234');
    const note = await bubble(msg({ kind: 'note', direction: 'NOTE', text: 'Khách VIP', zaloMsgId: null }));
    expect(note).toContain('Internal note — the follower never sees it');
    expect(note).toContain('#fffbe6');
    expect(note).toContain('Khách VIP');
    const unknown = await bubble(msg({ kind: 'unknown', payload: { attachments: [{ type: 'poll', payload: {} }] } }), 'vi');
    expect(unknown).toContain('data-testid="chat-unknown"');
    expect(unknown).toContain('poll');
  });
});

describe('OUT message state', () => {
  it('failed: Zalo’s explanation in the current language and a retry button', async () => {
    const failed = msg({ kind: 'text', direction: 'OUT', text: 'Chào', status: 'FAILED', error: { code: -230, message: 'User has not interacted with the OA in 7 days', messageVi: 'Người dùng chưa tương tác với OA trong 7 ngày' } });
    const vi = await bubble(failed, 'vi');
    expect(vi).toContain('data-testid="chat-status-failed"');
    expect(vi).toContain('Người dùng chưa tương tác với OA trong 7 ngày');
    expect(vi).toContain('(-230)');
    expect(vi).toContain('data-testid="chat-retry"');
    expect(vi).toContain('Gửi lại');
    const en = await bubble(failed, 'en');
    expect(en).toContain('User has not interacted with the OA in 7 days');
    expect(en).toContain('Retry');
    expect(await bubble(failed, 'en', false)).not.toContain('chat-retry');
  });

  it('sending, sent, received, seen', async () => {
    for (const [status, text] of [['SENDING', 'Sending'], ['SENT', 'Sent'], ['RECEIVED', 'Delivered'], ['SEEN', 'Seen']] as const) {
      const html = await bubble(msg({ kind: 'text', direction: 'OUT', text: 'x', status }));
      expect(html).toContain(`data-testid="chat-status-${status.toLowerCase()}"`);
      expect(html).toContain(text);
    }
  });

  it('reactions under the bubble (a removed one is not shown)', async () => {
    const html = await bubble(msg({ kind: 'text', text: 'hi', reactions: [{ icon: '/-heart', by: 'USER' }, { icon: '/-remove', by: 'OA' }] }));
    expect(html).toContain('data-testid="chat-reactions"');
    expect(html).toContain('❤️');
    expect(html).not.toContain('✖');
  });
});

describe('payload readers', () => {
  it('read attachments, the payload itself and imported history shapes', () => {
    expect(payloadSources({ payload: null })).toEqual([]);
    expect(coordinatesOf(payloadSources({ payload: { location: '21.0285,105.8542' } }))).toEqual({ lat: 21.0285, lng: 105.8542 });
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
