import { describe, expect, it } from 'vitest';
import { oaMessage } from './messaging';
import {
  fillMessagePlaceholders,
  fillPlaceholders,
  followerPlaceholderValues,
  messagePlaceholders,
  playgroundOutcome,
  UID_MESSAGE_TEMPLATE_GROUPS,
} from './playground';

describe('playground samples', () => {
  it('are valid OA messages as shipped, except the two that need an upload or a message to quote', () => {
    for (const group of UID_MESSAGE_TEMPLATE_GROUPS) {
      for (const t of group.uidMessageTemplates) {
        const parsed = oaMessage.safeParse(t.exampleMessage);
        if (t.templateType === 'file' || t.templateType === 'quote') expect(parsed.success, t.id).toBe(false);
        else expect(parsed.success, `${t.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });
});

const lan = {
  userId: '8412345678901234567',
  displayName: 'Nguyễn Thị Lan',
  userAlias: '  ',
  sharedInfo: { name: 'Lan Nguyễn', phone: '84987654321', city: 'Hồ Chí Minh', district: 'Quận 1', address: '12 Lê Lợi', user_dob: '1/2/1990' },
};

describe('placeholders', () => {
  it('takes {name} from the display name and the rest from the shared info, skipping blank values', () => {
    expect(followerPlaceholderValues(lan)).toEqual({
      name: 'Nguyễn Thị Lan',
      uid: '8412345678901234567',
      phone: '84987654321',
      city: 'Hồ Chí Minh',
      district: 'Quận 1',
      address: '12 Lê Lợi',
      dob: '1/2/1990',
    });
    expect(followerPlaceholderValues({ userId: '1', displayName: ' ', sharedInfo: { name: 'Lan' } }).name).toBe('Lan');
    expect(followerPlaceholderValues({ userId: '1', displayName: 'A', sharedInfo: null })).toEqual({ name: 'A', uid: '1' });
  });

  it('fills the sample text, every occurrence, and leaves missing and unknown names as written', () => {
    const values = followerPlaceholderValues(lan);
    expect(fillPlaceholders('Xin chào {name}, cảm ơn bạn đã quan tâm đến cửa hàng!', values)).toEqual({
      text: 'Xin chào Nguyễn Thị Lan, cảm ơn bạn đã quan tâm đến cửa hàng!',
      missing: [],
      unknown: [],
    });
    expect(fillPlaceholders('{name}/{name} ở {city}', values).text).toBe('Nguyễn Thị Lan/Nguyễn Thị Lan ở Hồ Chí Minh');
    expect(fillPlaceholders('Chào {alias}, mã {code} {{name}} { name }', values)).toEqual({
      text: 'Chào {alias}, mã {code} {Nguyễn Thị Lan} { name }',
      missing: ['alias'],
      unknown: ['code'],
    });
  });

  it('does not re-read a value as a placeholder (a name that looks like one stays literal)', () => {
    expect(fillPlaceholders('Hi {name}', { name: '{phone}', phone: '84' }).text).toBe('Hi {phone}');
  });

  it('fills the texts of rich messages with the path of a missing value, never URLs or query payloads', () => {
    const promotion = oaMessage.parse({
      kind: 'promotion',
      elements: { bannerUrl: 'https://x.vn/{name}.png', header: 'Chào {name}', text: 'Ưu đãi tại {city}', table: [{ key: 'Khách', value: '{name}' }, { key: 'SĐT', value: '{alias}' }] },
      buttons: [
        { type: 'oa.open.sms', title: 'Nhắn {name}', payload: { phone_code: '84987654321', content: 'Tôi là {name}' } },
        { type: 'oa.query.show', title: 'Hỏi', payload: '#{name}' },
      ],
    });
    const r = fillMessagePlaceholders(promotion, followerPlaceholderValues(lan));
    expect(r.message).toMatchObject({
      elements: { bannerUrl: 'https://x.vn/{name}.png', header: 'Chào Nguyễn Thị Lan', text: 'Ưu đãi tại Hồ Chí Minh', table: [{ value: 'Nguyễn Thị Lan' }, { value: '{alias}' }] },
      buttons: [{ title: 'Nhắn Nguyễn Thị Lan', payload: { content: 'Tôi là Nguyễn Thị Lan' } }, { title: 'Hỏi', payload: '#{name}' }],
    });
    expect(r.missing).toEqual([{ placeholder: 'alias', path: 'elements.table.1.value' }]);
    expect(promotion).toMatchObject({ elements: { header: 'Chào {name}' } }); // the input is not changed
    expect(oaMessage.safeParse(r.message).success).toBe(true);
  });

  it('lists the placeholders a message uses, once each', () => {
    expect(messagePlaceholders({ kind: 'quote', text: '{name} {name} {uid}', quoteMessageId: '{phone}' })).toEqual(['name', 'uid']);
    expect(messagePlaceholders({ kind: 'image', url: 'https://x.vn/a.png', caption: 'Không có' })).toEqual([]);
  });

  it('maps statuses to outcomes', () => {
    expect(['PENDING', 'PROCESSING', 'PUSHED_ZALO', 'RECEIVED', 'ERROR_CALL_ZALO'].map((s) => playgroundOutcome(s as 'PENDING'))).toEqual(['queued', 'queued', 'accepted', 'delivered', 'failed']);
  });
});
