import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { formatWait, lockSecondsOf } from './sign-in-lock';

describe('sign-in lock', () => {
  it('reads the wait from a TOO_MANY_ATTEMPTS answer only', () => {
    const locked = new ApiError(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'x', details: { retryAfterSeconds: 59.2 } } });
    expect(lockSecondsOf(locked)).toBe(60);
    expect(lockSecondsOf(new ApiError(429, { error: { code: 'RATE_LIMITED', message: 'x' } }))).toBeNull();
    expect(lockSecondsOf(new ApiError(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'x' } }))).toBeNull();
    expect(lockSecondsOf(new Error('offline'))).toBeNull();
  });

  it('formats the wait as m:ss', () => {
    expect([0, 9, 60, 65, 119.1, 3600].map(formatWait)).toEqual(['0:00', '0:09', '1:00', '1:05', '2:00', '60:00']);
  });
});
