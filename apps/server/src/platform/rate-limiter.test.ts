import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import type { Database } from '../db/client';
import { createSharedRateLimiter } from './rate-limiter';

// Two limiter instances on one database stand for two worker processes: they share nothing but
// the rate_limit_buckets row (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

/** Runs `loops` concurrent take() loops on each limiter for `ms`; returns when each take was granted. */
async function hammer(limiters: Array<{ take(key: string): Promise<void> }>, key: string, ms: number, loops = 4): Promise<number[]> {
  const granted: number[] = [];
  const until = Date.now() + ms;
  await Promise.all(
    limiters.flatMap((l) =>
      Array.from({ length: loops }, async () => {
        while (Date.now() < until) {
          await l.take(key);
          if (Date.now() <= until) granted.push(Date.now());
        }
      }),
    ),
  );
  return granted.sort((a, b) => a - b);
}

describe('the shared (database) rate limiter', () => {
  it('keeps two instances together within the configured rate and burst, and neither starves', async () => {
    const perMinute = 1_200; // 20/s
    const burst = 5;
    const a = createSharedRateLimiter(database.raw, { perMinute, burst, prefix: 't1:' });
    const b = createSharedRateLimiter(database.raw, { perMinute, burst, prefix: 't1:' });
    const byA: number[] = [];
    const countA = {
      take: async (k: string) => {
        await a.take(k);
        byA.push(Date.now());
      },
    };
    const start = Date.now();
    const granted = await hammer([countA, b], 'oa-1', 3_000);
    const allowed = burst + (20 * (Date.now() - start)) / 1000;
    expect(granted.length).toBeLessThanOrEqual(Math.ceil(allowed));
    // Together they use the budget (a limiter that over-throttles or blocks would fail here).
    expect(granted.length).toBeGreaterThanOrEqual(Math.floor(0.85 * allowed));
    // Every one-second window, wherever it starts, holds at most burst + one second's worth.
    for (let i = 0; i < granted.length; i += 1) {
      const first = granted[i] ?? 0;
      const inWindow = granted.filter((t) => t >= first && t < first + 1_000).length;
      expect(inWindow).toBeLessThanOrEqual(burst + 20 + 1);
    }
    // Both processes got a fair share of the one budget.
    expect(byA.length).toBeGreaterThan(granted.length * 0.3);
    expect(byA.length).toBeLessThan(granted.length * 0.7);
  }, 20_000);

  it('keeps keys apart: one busy OA does not slow another', async () => {
    const a = createSharedRateLimiter(database.raw, { perMinute: 600, burst: 1, prefix: 't2:' });
    const b = createSharedRateLimiter(database.raw, { perMinute: 600, burst: 1, prefix: 't2:' });
    const busy = hammer([a], 'busy', 1_000, 8);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await b.take('quiet');
    expect(Date.now() - t0).toBeLessThan(200);
    expect((await busy).length).toBeLessThanOrEqual(11);
  });

  it('when Zalo says the budget is spent, every instance waits out the window', async () => {
    const a = createSharedRateLimiter(database.raw, { perMinute: 6_000, burst: 10, windowMs: 700, prefix: 't3:' });
    const b = createSharedRateLimiter(database.raw, { perMinute: 6_000, burst: 10, windowMs: 700, prefix: 't3:' });
    await a.take('oa');
    a.observe('oa', { limit: 4_000, remain: 0 });
    await new Promise((r) => setTimeout(r, 50)); // the pause is written in the background
    const t0 = Date.now();
    await b.take('oa');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
  });

  it('follows a lower X-RateLimit-Limit', async () => {
    const l = createSharedRateLimiter(database.raw, { perMinute: 60_000, burst: 1, prefix: 't4:' });
    l.observe('oa', { limit: 600 }); // 10/s instead of 1,000/s
    const granted = await hammer([l], 'oa', 1_000, 2);
    expect(granted.length).toBeLessThanOrEqual(11);
    expect(granted.length).toBeGreaterThanOrEqual(8);
  });
});
