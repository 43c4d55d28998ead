import { describe, expect, it } from 'vitest';
import type { PlaygroundMessageStatus } from '@zc/shared/api/playground';
import { fallbackRefetchIn, isEventFor, STATUS_POLL } from './get-message-status';

const ID = '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11';
const TENANT = '5a0e2c1b-7d3f-4e8a-9b6c-1d2e3f4a5b6c';

const status = (final: boolean): PlaygroundMessageStatus => ({
  id: ID,
  trackingId: 'playground-x',
  status: final ? 'RECEIVED' : 'PUSHED_ZALO',
  outcome: final ? 'delivered' : 'accepted',
  final,
  zaloMessageId: 'm1',
  deliveredAt: null,
  updatedAt: '2026-11-23T12:00:00.000Z',
  error: null,
});

describe('following one playground send', () => {
  it('refetches on the stream events of that message only, in that tenant', () => {
    const event = (messageId: string, tenantId: string | null = TENANT) => ({ tenantId, data: { messageId, module: 'OA' as const, status: 'RECEIVED' } });
    expect(isEventFor(event(ID), TENANT, ID)).toBe(true);
    expect(isEventFor(event('7e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b'), TENANT, ID)).toBe(false);
    expect(isEventFor(event(ID, '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'), TENANT, ID)).toBe(false);
    expect(isEventFor(event(ID), TENANT, undefined)).toBe(false);
  });

  it('plans one fallback refetch after the send unless the status is final or the bound is past', () => {
    expect(fallbackRefetchIn(undefined, 1000, 1000)).toBe(STATUS_POLL.fallbackMs);
    expect(fallbackRefetchIn(status(false), 1000, 1000 + STATUS_POLL.fallbackMs - 1)).toBe(1);
    // Late (a page that rendered after the moment): at once.
    expect(fallbackRefetchIn(status(false), 1000, 1000 + STATUS_POLL.fallbackMs + 5)).toBe(0);
    expect(fallbackRefetchIn(status(true), 1000, 1000)).toBeNull();
    expect(fallbackRefetchIn(status(false), 0, STATUS_POLL.maxMs)).toBeNull();
    expect(STATUS_POLL.fallbackMs).toBeLessThan(STATUS_POLL.maxMs);
  });
});
