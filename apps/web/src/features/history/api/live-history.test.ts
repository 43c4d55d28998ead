import { describe, expect, it } from 'vitest';
import type { HistoryListResponse, HistoryRecord } from '@zc/shared/api/messaging';
import { applyMessageEvent } from './live-history';
import type { HistoryParams } from './history-query';

const TENANT = '5a0e2c1b-7d3f-4e8a-9b6c-1d2e3f4a5b6c';
const OTHER_TENANT = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const A = '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11';
const B = '7e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const FALLBACK = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

const row = (id: string, status: HistoryRecord['status'], extra: Partial<HistoryRecord> = {}): HistoryRecord => ({
  id,
  trackingId: `t-${id.slice(0, 4)}`,
  sessionId: null,
  znsApiKeyId: null,
  uid: null,
  znsTemplateId: '3010011',
  templateName: 'OTP',
  phone: '84987000001',
  templateData: {},
  messageData: null,
  mode: 'production',
  type: 'TRANSACTION',
  status,
  errorMsg: null,
  isCharged: true,
  isDirectZalo: true,
  price: 300,
  createdAt: '2026-11-23T10:00:00.000Z',
  fallbackMessageId: null,
  fallbackStatus: null,
  fallbackNote: null,
  fallbackOf: null,
  ...extra,
});
const list = (...rows: HistoryRecord[]): HistoryListResponse => ({ data: rows, meta: { total: rows.length, totalIsEstimate: false, page: 1, size: 10, nextCursor: null, prevCursor: null } });
const params = (p: Partial<HistoryParams> = {}): HistoryParams => ({ tenantId: TENANT, oaId: null, page: 1, size: 10, orderBy: 'createdAt=desc', status: [], ...p });
const event = (messageId: string, status: string, extra: { module?: 'ZNS' | 'OA'; tenantId?: string; type?: 'message.status_changed' | 'message.failed_permanently' } = {}) => ({
  type: extra.type ?? ('message.status_changed' as const),
  tenantId: extra.tenantId ?? TENANT,
  data: { messageId, module: extra.module ?? ('ZNS' as const), status },
});

describe('a message event on a cached history page', () => {
  it('patches the row in place when its status moves within the filter', () => {
    const page = list(row(A, 'PUSHED_ZALO', { sessionId: 'zalo-msg-1' }), row(B, 'RECEIVED'));
    const action = applyMessageEvent('ZNS', params(), page, event(A, 'RECEIVED'));
    expect(action).toMatchObject({ kind: 'patch', refetch: false });
    if (action.kind !== 'patch') return;
    expect(action.data.data.map((r) => r.status)).toEqual(['RECEIVED', 'RECEIVED']);
    expect(action.data.data[1]).toBe(page.data[1]);
    expect(page.data[0]?.status).toBe('PUSHED_ZALO');
  });

  it('patches an accepted row at once, clears the error of its retry, and refetches for the session id the event does not carry', () => {
    const page = list(row(A, 'PENDING', { errorMsg: 'Lỗi không xác định từ Zalo. / Unknown error at Zalo. (-100)' }));
    const action = applyMessageEvent('ZNS', params(), page, event(A, 'PUSHED_ZALO'));
    expect(action).toMatchObject({ kind: 'patch', refetch: true });
    if (action.kind !== 'patch') return;
    expect(action.data.data[0]).toMatchObject({ status: 'PUSHED_ZALO', errorMsg: null });
  });

  it('refetches a row that goes back to PENDING for a retry (its error text comes from the server)', () => {
    expect(applyMessageEvent('ZNS', params(), list(row(A, 'PROCESSING')), event(A, 'PENDING')).kind).toBe('refetch');
  });

  it('refetches a row that failed (its error text, refund and fallback come from the server) or leaves the filter', () => {
    expect(applyMessageEvent('ZNS', params(), list(row(A, 'PUSHED_ZALO')), event(A, 'ERROR_CALL_ZALO')).kind).toBe('refetch');
    expect(applyMessageEvent('ZNS', params(), list(row(A, 'PUSHED_ZALO')), event(A, 'ERROR_CALL_ZALO', { type: 'message.failed_permanently' })).kind).toBe('refetch');
    expect(applyMessageEvent('ZNS', params({ status: ['PUSHED_ZALO'] }), list(row(A, 'PUSHED_ZALO')), event(A, 'RECEIVED')).kind).toBe('refetch');
  });

  it('refetches the first page for a message it does not hold that the filter shows (a new send), and leaves later pages still', () => {
    expect(applyMessageEvent('ZNS', params(), list(row(B, 'RECEIVED')), event(A, 'PUSHED_ZALO')).kind).toBe('refetch');
    expect(applyMessageEvent('ZNS', params({ status: ['RECEIVED', 'ERROR_CALL_ZALO'] }), list(), event(A, 'PUSHED_ZALO')).kind).toBe('none');
    expect(applyMessageEvent('ZNS', params({ status: ['RECEIVED'] }), list(), event(A, 'RECEIVED')).kind).toBe('refetch');
    expect(applyMessageEvent('ZNS', params({ page: 3 }), list(row(B, 'RECEIVED')), event(A, 'PUSHED_ZALO')).kind).toBe('none');
    expect(applyMessageEvent('ZNS', params({ page: 2, cursor: 'abc' }), list(row(B, 'RECEIVED')), event(A, 'PUSHED_ZALO')).kind).toBe('none');
  });

  it('ignores another tenant, another module, an unchanged status and a page not loaded yet', () => {
    expect(applyMessageEvent('ZNS', params(), list(row(A, 'PUSHED_ZALO')), event(A, 'RECEIVED', { tenantId: OTHER_TENANT })).kind).toBe('none');
    expect(applyMessageEvent('OA', params(), list(row(A, 'PUSHED_ZALO')), event(A, 'RECEIVED')).kind).toBe('none');
    expect(applyMessageEvent('ZNS', params(), list(row(A, 'RECEIVED')), event(A, 'RECEIVED')).kind).toBe('none');
    expect(applyMessageEvent('ZNS', params(), undefined, event(A, 'RECEIVED')).kind).toBe('none');
  });

  it('shows the status of a fallback OA message on its ZNS row', () => {
    const page = list(row(A, 'ERROR_CALL_ZALO', { fallbackMessageId: FALLBACK, fallbackStatus: 'PUSHED_ZALO', fallbackNote: 'QUEUED' }));
    const action = applyMessageEvent('ZNS', params(), page, event(FALLBACK, 'RECEIVED', { module: 'OA' }));
    expect(action.kind === 'patch' ? action.data.data[0]?.fallbackStatus : action.kind).toBe('RECEIVED');
    expect(applyMessageEvent('ZNS', params(), page, event(FALLBACK, 'PUSHED_ZALO', { module: 'OA' })).kind).toBe('none');
  });

  it('refetches on a status this build does not know rather than showing it', () => {
    expect(applyMessageEvent('ZNS', params(), list(row(A, 'PUSHED_ZALO')), event(A, 'DELIVERED_SOMEHOW')).kind).toBe('refetch');
  });
});
