import { describe, expect, it, vi } from 'vitest';
import type { CannedReply } from '@zc/shared/api/chat';
import { cannedQuery, insertCanned, matchCanned, splitDuration, uploadProblem, uploadTypeOf, windowState } from './composer-model';
import { UploadRefused, uploadChatFile } from '../api/actions';

const H = 3_600_000;
const last = Date.parse('2026-11-20T10:00:00.000Z');
const window = { freeUntil: new Date(last + 48 * H).toISOString(), closesAt: new Date(last + 7 * 24 * H).toISOString() };

describe('customer-service window banner', () => {
  it('is free within 48 h of the follower’s last message, with the time left to the minute', () => {
    const s = windowState(window, last + 17 * H - 30_000);
    expect(s.state).toBe('free');
    if (s.state !== 'free') return;
    expect(splitDuration(s.remainingMs)).toMatchObject({ days: 1, hours: 7, minutes: 1, totalHours: 31 });
  });
  it('is paid between 48 h and 7 days, counting down to the close', () => {
    const s = windowState(window, last + 50 * H);
    expect(s.state).toBe('paid');
    if (s.state !== 'paid') return;
    expect(splitDuration(s.remainingMs)).toMatchObject({ days: 4, hours: 22, minutes: 0 });
  });
  it('is closed after 7 days and when the follower never wrote', () => {
    expect(windowState(window, last + 7 * 24 * H)).toEqual({ state: 'closed', closedAt: window.closesAt });
    expect(windowState(null, last)).toEqual({ state: 'none' });
  });
});

const reply = (shortcut: string, text: string): CannedReply => ({ id: crypto.randomUUID(), shortcut, text, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' });

describe('canned replies by "/"', () => {
  const list = [reply('hello', 'Xin chào anh/chị!'), reply('ship', 'Đơn hàng đang được giao.'), reply('reship', 'Chúng tôi gửi lại đơn.')];
  it('opens on "/" at the start or after a space, not inside a word or a URL', () => {
    expect(cannedQuery('/', 1)).toEqual({ query: '', start: 0 });
    expect(cannedQuery('Dạ /sh', 6)).toEqual({ query: 'sh', start: 3 });
    expect(cannedQuery('https://a', 9)).toBeNull();
    expect(cannedQuery('a/b', 3)).toBeNull();
  });
  it('filters by shortcut, prefix matches first', () => {
    expect(matchCanned(list, 'sh').map((c) => c.shortcut)).toEqual(['ship', 'reship']);
    expect(matchCanned(list, '')).toHaveLength(3);
    expect(matchCanned(list, 'zz')).toEqual([]);
  });
  it('picking one replaces the typed "/shortcut" with the text and keeps what follows', () => {
    const text = 'Dạ /sh ạ';
    expect(insertCanned(text, 6, list[1]!)).toEqual({ text: 'Dạ Đơn hàng đang được giao. ạ', caret: 3 + list[1]!.text.length });
  });
});

describe('upload rules in the browser', () => {
  it('knows the types and limits', () => {
    expect(uploadTypeOf({ name: 'a.JPG' })).toBe('image');
    expect(uploadTypeOf({ name: 'a.gif' })).toBe('gif');
    expect(uploadTypeOf({ name: 'a.docx' })).toBe('file');
    expect(uploadProblem({ name: 'a.exe', size: 10 })).toBe('type');
    expect(uploadProblem({ name: 'a.png', size: 1024 * 1024 })).toBeNull();
    expect(uploadProblem({ name: 'a.gif', size: 5 * 1024 * 1024 + 1 })).toBe('gifSize');
    expect(uploadProblem({ name: 'a.pdf', size: 5 * 1024 * 1024 + 1 })).toBe('fileSize');
  });
  it('refuses a too-large image before any request', async () => {
    const send = vi.fn();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'photo.png', { type: 'image/png' });
    await expect(uploadChatFile('t', 'oa', big, () => undefined, send)).rejects.toBeInstanceOf(UploadRefused);
    await expect(uploadChatFile('t', 'oa', big, () => undefined, send)).rejects.toMatchObject({ problem: 'imageSize' });
    expect(send).not.toHaveBeenCalled();
  });
  it('sends an allowed file with its type', async () => {
    const send = vi.fn().mockResolvedValue({ data: { type: 'file', attachmentId: null, token: 'tk', name: 'a.pdf', size: 3, url: '/x' } });
    const ok = new File([new Uint8Array(3)], 'a.pdf', { type: 'application/pdf' });
    const r = await uploadChatFile('t', 'oa', ok, () => undefined, send);
    expect(r.token).toBe('tk');
    const form = send.mock.calls[0]![1] as FormData;
    expect(form.get('type')).toBe('file');
    expect(form.get('zaloOAId')).toBe('oa');
  });
});

describe('presence marks', () => {
  it('shows typing for a few seconds, then viewing, and drops LEFT and lapsed marks', async () => {
    const { mergePresence, presenceNames } = await import('./panel-presence');
    const t0 = 1_000_000;
    let marks = mergePresence([], [{ userId: 'a', name: 'Lan', state: 'VIEWING', until: t0 + 45_000 }], t0);
    marks = mergePresence(marks, [{ userId: 'a', name: null, state: 'TYPING', until: t0 + 45_000 }], t0);
    expect(presenceNames(marks, t0 + 1000)).toEqual({ typing: ['Lan'], viewing: [] });
    expect(presenceNames(marks, t0 + 10_000)).toEqual({ typing: [], viewing: ['Lan'] });
    expect(presenceNames(marks, t0 + 46_000)).toEqual({ typing: [], viewing: [] });
    expect(mergePresence(marks, [{ userId: 'a', name: null, state: 'LEFT', until: t0 + 45_000 }], t0)).toEqual([]);
  });
});

describe('label rules of the follower panel', () => {
  it('keeps a label out of both lists at once and stops at three', async () => {
    const { pickLabels } = await import('./panel-labels-model');
    expect(pickLabels(['a', 'b'], ['b'])).toEqual({ list: ['a'], clash: 'b', tooMany: false });
    expect(pickLabels(['a', 'b', 'c', 'd'], []).tooMany).toBe(true);
    expect(pickLabels([' a ', 'a'], []).list).toEqual(['a']);
  });
});
