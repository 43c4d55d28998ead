import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';
import { createMemoryTokenStore } from './token-store';

const pair = (n: number) => ({ accessToken: `a${n}`, refreshToken: `r${n}`, accessTokenExpiresAt: n });

describe('memory token store', () => {
  it('serialises withLock per OA and lets the second caller see the first caller\'s pair', async () => {
    const store = createMemoryTokenStore({ oa: pair(1) });
    const seen: string[] = [];
    const slow = (next: number) => async (cur: ReturnType<typeof pair> | undefined) => {
      seen.push(cur?.refreshToken ?? 'none');
      await new Promise((r) => setTimeout(r, 10));
      return cur?.refreshToken === 'r1' ? pair(next) : undefined;
    };
    const [a, b] = await Promise.all([store.withLock('oa', slow(2)), store.withLock('oa', slow(3))]);
    expect(seen).toEqual(['r1', 'r2']);
    expect(a?.refreshToken).toBe('r2');
    expect(b?.refreshToken).toBe('r2');
  });

  it('keeps working after an update throws', async () => {
    const store = createMemoryTokenStore({ oa: pair(1) });
    await expect(store.withLock('oa', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(store.withLock('oa', async () => pair(2))).resolves.toEqual(pair(2));
  });
});

describe('rate limiter', () => {
  it('lets a burst through and then spaces requests at the configured rate', async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = createRateLimiter({ perMinute: 60, burst: 2, now: () => now, sleep: async (ms) => void waits.push(ms) });
    await limiter.take('oa');
    await limiter.take('oa');
    await limiter.take('oa');
    await limiter.take('other');
    expect(waits).toEqual([1000]);
    now = 10_000;
    await limiter.take('oa');
    expect(waits).toHaveLength(1);
  });
});
