import { describe, expect, it } from 'vitest';
import { createRateLimiter, readRateLimitHeaders } from './rate-limit';

/** A limiter on a fake clock whose sleep moves the clock and records the wait. */
function fake(perMinute: number, burst?: number) {
  let t = 1_000_000;
  const waits: number[] = [];
  const limiter = createRateLimiter({ perMinute, burst, now: () => t, sleep: async (ms) => void (waits.push(ms), (t += ms)) });
  return { limiter, waits, advance: (ms: number) => void (t += ms) };
}

describe('rate limiter following Zalo\u2019s X-RateLimit headers', () => {
  it('reads the two headers, ignoring anything that is not a non-negative integer', () => {
    expect(readRateLimitHeaders(new Headers({ 'X-RateLimit-Limit': '4000', 'X-RateLimit-Remain': '0' }))).toEqual({ limit: 4000, remain: 0 });
    expect(readRateLimitHeaders(new Headers({ 'X-RateLimit-Limit': 'many', 'X-RateLimit-Remain': '-3' }))).toEqual({ limit: undefined, remain: undefined });
  });

  it('sends at once while budget remains, then waits one window after Remain reached 0', async () => {
    const { limiter, waits } = fake(4_000);
    await limiter.take('oa');
    limiter.observe('oa', { limit: 4_000, remain: 2 });
    await limiter.take('oa');
    await limiter.take('oa');
    expect(waits).toEqual([]);
    // The server's own count wins over the local one: the third answer says the window is spent.
    limiter.observe('oa', { limit: 4_000, remain: 0 });
    await limiter.take('oa');
    expect(waits).toEqual([60_000]);
    // Another OA is not held.
    await limiter.take('other');
    expect(waits).toEqual([60_000]);
  });

  it('holds the request past a remaining budget counted locally, without waiting for an answer that says 0', async () => {
    const { limiter, waits } = fake(4_000);
    limiter.observe('oa', { remain: 1 });
    await limiter.take('oa');
    expect(waits).toEqual([]);
    await limiter.take('oa');
    expect(waits).toEqual([60_000]);
  });

  it('paces at Zalo\u2019s announced limit when it is lower than the configured one', async () => {
    const { limiter, waits } = fake(4_000);
    limiter.observe('oa', { limit: 60 }); // one a second, burst of 60 capped by the limit
    for (let i = 0; i < 60; i++) await limiter.take('oa');
    expect(waits).toEqual([]);
    await limiter.take('oa');
    expect(waits).toEqual([1_000]);
  });

  it('starts afresh when the clock goes backwards instead of waiting for hours', async () => {
    let t = 10_000_000;
    const waits: number[] = [];
    const limiter = createRateLimiter({ perMinute: 4_000, now: () => t, sleep: async (ms) => void waits.push(ms) });
    limiter.observe('oa', { remain: 0 });
    t -= 3_600_000;
    await limiter.take('oa');
    expect(waits).toEqual([]);
  });
});
