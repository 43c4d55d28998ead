import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { getHistory, historyPageKey, historyParamsOfKey } from './get-history';
import { downloadHeaders as exportHeaders } from '../../../lib/download';
import { exportUidHistory } from './export-uid-history';
import type { HistoryParams } from './history-query';

const OA1 = '0b6f3d0e-1c2a-4e5f-8a9b-000000000001';
const OA2 = '0b6f3d0e-1c2a-4e5f-8a9b-000000000002';
const base: HistoryParams = { tenantId: 'tenant-1', oaId: OA1, page: 1, size: 10, orderBy: 'createdAt=desc', status: [] };

/** A Map-backed localStorage, so the persisted selection (zc.oaId) is really there. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

let requests: Array<{ url: string; headers: Headers }>;

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), location: { assign: vi.fn() } });
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      requests.push({ url, headers: new Headers(init?.headers) });
      const csv = url.includes('/export');
      const body = csv ? 'createdAt,trackingId\r\n' : JSON.stringify({ data: [], meta: { total: 0, totalIsEstimate: false, page: 1, size: 10, nextCursor: null, prevCursor: null } });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': csv ? 'text/csv' : 'application/json' } }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the current OA scopes the sending history (x-oa-id)', () => {
  it('puts the OA in the query key, so switching OA is another list', () => {
    const one = historyPageKey('ZNS', base);
    const two = historyPageKey('ZNS', { ...base, oaId: OA2 });
    const all = historyPageKey('ZNS', { ...base, oaId: null });
    expect(JSON.stringify(one)).toContain(OA1);
    expect(JSON.stringify(two)).toContain(OA2);
    expect(new Set([one, two, all].map((k) => JSON.stringify(k))).size).toBe(3);
  });

  it('reads a page back from its key (what live updates patch), cursor included', () => {
    expect(historyParamsOfKey(historyPageKey('ZNS', base))).toEqual(base);
    const keyset = { ...base, page: 102, cursor: 'n' };
    expect(historyParamsOfKey(historyPageKey('OA', keyset))).toEqual(keyset);
    expect(historyParamsOfKey(['history', 'ZNS'])).toBeNull();
  });

  it('sends the params’ OA as x-oa-id (not a query parameter), and none for All even with a stored id', async () => {
    writeSession({ oaId: OA2 });
    await getHistory('OA', base);
    expect(requests[0]?.headers.get('x-oa-id')).toBe(OA1);
    expect(requests[0]?.headers.get('x-tenant-id')).toBe('tenant-1');
    expect(requests[0]?.url).not.toContain('oaId');
    await getHistory('ZNS', { ...base, oaId: null });
    expect(requests[1]?.headers.has('x-oa-id')).toBe(false);
  });

  it('sends the same x-oa-id with the UID CSV export', async () => {
    expect(exportHeaders('tenant-1', OA2).get('x-oa-id')).toBe(OA2);
    expect(exportHeaders('tenant-1', null).has('x-oa-id')).toBe(false);
    writeSession({ oaId: OA1, accessToken: 'tok' });
    const { fileName } = await exportUidHistory({ ...base, oaId: OA2, page: 4, cursor: 'c' });
    expect(fileName).toMatch(/^uid-history-.*\.csv$/);
    const sent = requests[0];
    expect(sent?.url).toBe('/api/merchant/uid/export?orderBy=createdAt%3Ddesc');
    expect(sent?.headers.get('x-oa-id')).toBe(OA2);
    expect(sent?.headers.get('authorization')).toBe('Bearer tok');
    await exportUidHistory({ ...base, oaId: null });
    expect(requests[1]?.headers.has('x-oa-id')).toBe(false);
  });
});
