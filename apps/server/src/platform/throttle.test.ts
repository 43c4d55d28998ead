import { describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT, RESET_ACCOUNT, addressKey, lockSecondsFor } from './throttle';

describe('throttle policy', () => {
  it('locks at the threshold, doubles per further attempt and stops at the cap', () => {
    expect([1, 4, 5, 6, 7, 10, 11, 12, 500].map((n) => lockSecondsFor(LOGIN_ACCOUNT, n))).toEqual([0, 0, 60, 120, 240, 1920, 3600, 3600, 3600]);
    expect([2, 3, 4, 5].map((n) => lockSecondsFor(RESET_ACCOUNT, n))).toEqual([0, 300, 600, 1200]);
  });

  it('keys IPv4 as is (also IPv4-mapped) and IPv6 by its /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:0:0:2')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
