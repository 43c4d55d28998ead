import { describe, expect, it } from 'vitest';
import { oaMessage } from './messaging';
import { clip, fillPlaceholders, findBadPlaceholder, listPlaceholders, renderFallbackMessage, updateFallbackBody } from './fallback';

describe('fallback placeholders', () => {
  it('lists distinct names in first-use order, spaces inside the braces allowed', () => {
    expect(listPlaceholders('{{a}} {{ b_2 }} {{a}} {c} {{}}')).toEqual(['a', 'b_2']);
  });

  it('finds malformed placeholders and accepts plain braces', () => {
    expect(findBadPlaceholder('Chào {{ten}}, giá {5}')).toBeNull();
    expect(findBadPlaceholder('Chào {{ten khach}}')).toContain('{{ten khach');
    expect(findBadPlaceholder('Chào {{ten}')).toContain('{{ten}');
    expect(findBadPlaceholder('xong }}')).toContain('}}');
    expect(findBadPlaceholder(`{{${'a'.repeat(65)}}}`)).not.toBeNull();
  });

  it('fills strings and numbers; unknown, null and object values render empty', () => {
    expect(fillPlaceholders('{{a}}-{{b}}-{{c}}-{{d}}-{{e}}', { a: 'x', b: 7, c: null, d: { y: 1 } })).toBe('x-7---');
  });
});

describe('clip', () => {
  it('keeps texts within the limit and cuts longer ones to exactly the limit with an ellipsis', () => {
    expect(clip('abc', 3)).toEqual({ text: 'abc', clipped: false });
    expect(clip('abcdef', 4)).toEqual({ text: 'abc…', clipped: true });
  });

  it('never splits a surrogate pair', () => {
    const r = clip('ab😀😀', 4);
    expect(r.text).toBe('ab…');
    expect(r.text.length).toBeLessThanOrEqual(4);
  });
});

describe('renderFallbackMessage', () => {
  it('produces OA messages the send schema accepts, within the limits, for both kinds', () => {
    const data = { name: 'Lan '.repeat(800), code: 'DH1' };
    const text = renderFallbackMessage({ messageKind: 'text', header: '', content: 'Chào {{name}}' }, data);
    expect(text.truncated).toBe(true);
    expect(oaMessage.parse(text.message)).toEqual(text.message);
    const tx = renderFallbackMessage({ messageKind: 'transaction', header: '{{name}}', content: 'Đơn {{code}}: {{name}}' }, data);
    expect(tx.message?.kind).toBe('transaction');
    expect(oaMessage.parse(tx.message)).toEqual(tx.message);
  });

  it('answers no message when the content or the transaction header renders empty', () => {
    expect(renderFallbackMessage({ messageKind: 'text', header: '', content: '  {{x}} ' }, {}).message).toBeNull();
    expect(renderFallbackMessage({ messageKind: 'transaction', header: '{{x}}', content: 'ok' }, {}).message).toBeNull();
  });
});

describe('updateFallbackBody', () => {
  it('requires triggers and content only while enabled', () => {
    expect(updateFallbackBody.safeParse({ enabled: false, triggerCodes: [], messageKind: 'text', content: '' }).success).toBe(true);
    const r = updateFallbackBody.safeParse({ enabled: true, triggerCodes: [], messageKind: 'text', content: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['content', 'triggerCodes']);
  });
});
