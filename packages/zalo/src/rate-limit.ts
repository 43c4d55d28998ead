/** A keyed token bucket: `take(key)` resolves when the key may send one more request. */
export interface RateLimiter {
  take(key: string): Promise<void>;
}

export interface RateLimiterOptions {
  /** Sustained rate (Zalo OA API: 4,000 requests/min per app). */
  perMinute: number;
  /** Bucket size; defaults to one second's worth so a cold start does not burst a whole minute. */
  burst?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Creates a per-key token bucket. Tokens may go negative: waiters queue fairly by reservation. */
export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  const ratePerMs = opts.perMinute / 60_000;
  const burst = Math.max(1, opts.burst ?? Math.ceil(opts.perMinute / 60));
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(key) {
      const t = now();
      let b = buckets.get(key);
      if (!b) {
        b = { tokens: burst, at: t };
        buckets.set(key, b);
      }
      b.tokens = Math.min(burst, b.tokens + (t - b.at) * ratePerMs);
      b.at = t;
      b.tokens -= 1;
      if (b.tokens >= 0) return;
      await sleep(Math.ceil(-b.tokens / ratePerMs));
    },
  };
}
