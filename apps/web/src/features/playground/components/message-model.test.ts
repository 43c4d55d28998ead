import { describe, expect, it } from 'vitest';
import { oaMessage } from '@zc/shared/api/messaging';
import { followerPlaceholderValues, UID_MESSAGE_TEMPLATE_GROUPS } from '@zc/shared/api/playground';
import { fileProblem, forcesCustom, fromSample, imageProblem, isSixteenByNine, toFilledPreview, toKind, toMessage } from './message-model';

describe('playground messages (§5 Playground)', () => {
  it('turns every server sample with content into a valid OA message', () => {
    for (const group of UID_MESSAGE_TEMPLATE_GROUPS) {
      for (const tpl of group.uidMessageTemplates) {
        const kind = toKind(tpl.templateType);
        expect(kind).not.toBeNull();
        if (!kind || kind === 'file' || kind === 'quote') continue; // need an upload / a message id first
        const message = toMessage(kind, fromSample(tpl.exampleMessage));
        const parsed = oaMessage.safeParse(message);
        expect(parsed.success, `${tpl.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  it('builds buttons with the 84 prefix and table rows', () => {
    const message = toMessage('promotion', {
      header: 'Ưu đãi',
      body: 'Giảm 20%',
      table: [{ key: 'Mã', value: 'SALE', style: 'green' }],
      buttons: [
        { type: 'oa.open.phone', title: 'Gọi', phone: '987654321' },
        { type: 'oa.open.sms', title: 'SMS', phone: '987654321', content: 'Hi' },
        { type: 'oa.query.show', title: 'Hỏi', payload: '#menu' },
      ],
    });
    expect(oaMessage.safeParse(message).success).toBe(true);
    expect(message).toMatchObject({ buttons: [{ payload: { phone_code: '84987654321' } }, { payload: { phone_code: '84987654321', content: 'Hi' } }, { payload: '#menu' }] });
  });

  it('forces custom mode for stickers and checks uploads', () => {
    expect(forcesCustom('sticker')).toBe(true);
    expect(forcesCustom('text')).toBe(false);
    expect(imageProblem({ type: 'image/gif', size: 10, name: 'a.gif' })).toBe('imageType');
    expect(imageProblem({ type: 'image/png', size: 1024 * 1024 + 1, name: 'a.png' })).toBe('imageSize');
    expect(imageProblem({ type: 'image/jpeg', size: 1000, name: 'a.jpg' })).toBeNull();
    expect(isSixteenByNine(1280, 720)).toBe(true);
    expect(isSixteenByNine(1366, 768)).toBe(true);
    expect(isSixteenByNine(800, 800)).toBe(false);
    expect(fileProblem({ size: 10, name: 'a.PDF' })).toBeNull();
    expect(fileProblem({ size: 10, name: 'a.exe' })).toBe('fileType');
  });

  it('previews the text sample with the chosen follower’s name, and says what stays unfilled', () => {
    const text = UID_MESSAGE_TEMPLATE_GROUPS.flatMap((g): ReadonlyArray<{ id: string; exampleMessage: unknown }> => g.uidMessageTemplates).find((x) => x.id === 'text');
    const values = followerPlaceholderValues({ userId: '123', displayName: 'Trần Văn Minh' });
    const filled = toFilledPreview('text', fromSample(text?.exampleMessage), values);
    expect(filled.message).toEqual({ kind: 'text', text: 'Xin chào Trần Văn Minh, cảm ơn bạn đã quan tâm đến cửa hàng!' });
    expect(filled.missing).toEqual([]);
    const noFollower = toFilledPreview('quote', { text: 'Chào {name} {oops}', quoteMessageId: 'm1' }, { uid: '123' });
    expect(noFollower.message).toMatchObject({ text: 'Chào {name} {oops}', quoteMessageId: 'm1' });
    expect(noFollower.missing).toEqual([{ placeholder: 'name', path: 'text' }]);
    expect(noFollower.unknown).toEqual(['oops']);
  });
});
