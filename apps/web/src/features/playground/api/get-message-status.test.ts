import { describe, expect, it } from 'vitest';
import type { PlaygroundMessageStatus } from '@zc/shared/api/playground';
import { keepPolling, STATUS_POLL } from './get-message-status';

const status = (final: boolean): PlaygroundMessageStatus => ({
  id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11',
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
  it('polls until the status is final, for at most a minute', () => {
    expect(keepPolling(undefined, 0, 0)).toBe(true);
    expect(keepPolling(status(false), 0, STATUS_POLL.maxMs - 1)).toBe(true);
    expect(keepPolling(status(false), 0, STATUS_POLL.maxMs)).toBe(false);
    expect(keepPolling(status(true), 0, 1)).toBe(false);
  });
});
