import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type TFunction } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Conversation } from '@zc/shared/api/chat';
import vi from '../../../locales/vi/chat-inbox.json';
import en from '../../../locales/en/chat-inbox.json';
import { InboxRow } from './inbox-row';
import { dayLabel, initials, relativeTime } from './inbox-time';

async function i18nFor(lng: 'vi' | 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { vi: { 'chat-inbox': vi }, en: { 'chat-inbox': en } }, interpolation: { escapeValue: false }, showSupportNotice: false, defaultNS: 'chat-inbox' });
  return i18n;
}
async function render(node: ReactElement, lng: 'vi' | 'en'): Promise<string> {
  const i18n = await i18nFor(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

const NOW = new Date('2026-11-26T10:00:00+07:00');

function conv(over: Partial<Conversation> = {}): Conversation {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    zaloOAId: '00000000-0000-4000-8000-0000000000a1',
    zaloOA: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Shop Hoa Mai', avatar: null },
    userId: '552177279717587730',
    followerId: null,
    displayName: 'Nguyễn Văn An',
    avatar: null,
    phone: null,
    lastMessage: { kind: 'text', direction: 'IN', preview: 'Còn hàng không shop?', at: '2026-11-26T02:55:00.000Z' },
    lastMessageAt: '2026-11-26T02:55:00.000Z',
    unreadCount: 3,
    lastUserMessageAt: '2026-11-26T02:55:00.000Z',
    replied: false,
    spam: false,
    isGroup: false,
    status: 'OPEN',
    assignee: null,
    team: null,
    window: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...over,
  };
}

const row = (c: Conversation, showOa: boolean, lng: 'vi' | 'en' = 'vi') => render(<InboxRow conversation={c} showOa={showOa} selected={false} onSelect={() => undefined} now={NOW} />, lng);

describe('InboxRow', () => {
  it('shows the unread badge, the initials, the preview and the OA name when the list shows every OA', async () => {
    const html = await row(conv(), true);
    expect(html).toContain('data-testid="chat-row-unread"');
    expect(html).toContain('3 tin chưa đọc');
    expect(html).toContain('data-testid="chat-row-oa"');
    expect(html).toContain('Shop Hoa Mai');
    expect(html).toContain('NA');
    expect(html).toContain('Còn hàng không shop?');
    expect(html).toContain('5 phút');
  });

  it('hides the OA name for one OA and the badge when everything is read', async () => {
    const html = await row(conv({ unreadCount: 0 }), false);
    expect(html).not.toContain('chat-row-oa');
    expect(html).not.toContain('chat-row-unread');
  });

  it('prefixes the OA’s own last message with "You:" / "Bạn:", shows an icon for other kinds, the assignee and the spam and closed marks', async () => {
    const c = conv({
      lastMessage: { kind: 'image', direction: 'OUT', preview: '', at: '2026-11-25T02:00:00.000Z' },
      lastMessageAt: '2026-11-25T02:00:00.000Z',
      spam: true,
      status: 'CLOSED',
      assignee: { id: '00000000-0000-4000-8000-0000000000u1', displayName: 'Lê Thu', avatar: null },
    });
    const vi = await row(c, false, 'vi');
    expect(vi).toContain('Bạn:');
    expect(vi).toContain('Hình ảnh');
    expect(vi).toContain('Hôm qua');
    expect(vi).toContain('data-testid="chat-row-assignee"');
    expect(vi).toContain('Spam');
    expect(vi).toContain('Đã đóng');
    const en = await row(c, false, 'en');
    expect(en).toContain('You:');
    expect(en).toContain('Yesterday');
    expect(en).toContain('Closed');
  });
});

describe('inbox times', () => {
  it('relative time and day labels', async () => {
    const i18n = await i18nFor('en');
    const t: TFunction = i18n.getFixedT('en', 'chat-inbox');
    expect(relativeTime('2026-11-26T02:59:40.000Z', t, NOW)).toBe('Now');
    expect(relativeTime('2026-11-26T02:30:00.000Z', t, NOW)).toBe('30 min');
    expect(relativeTime(null, t, NOW)).toBe('');
    expect(dayLabel(NOW.toISOString(), t, NOW)).toBe('Today');
    expect(initials('  ')).toBe('?');
    expect(initials('Ánh')).toBe('Á');
  });
});
