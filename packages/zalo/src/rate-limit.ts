/** A keyed token bucket: `take(key)` resolves when the key may send one more request. */
export interface RateLimiter {
  take(key: string): Promise<void>;
  /**
   * Feeds what Zalo said about the key's budget (`X-RateLimit-Limit` / `X-RateLimit-Remain`):
   * a lower limit slows the bucket; a remaining budget caps what may still be sent in the window;
   * `remain` 0 holds every further `take` until the window has surely reset.
   */
  observe(key: string, budget: RateBudget): void;
}

/** Zalo's rate-limit headers of one answer (REFERENCE §1). Either may be absent. */
export interface RateBudget {
  limit?: number;
  remain?: number;
}

export interface RateLimiterOptions {
  /** Sustained rate (Zalo OA API: 4,000 requests/min per app). */
  perMinute: number;
  /** Bucket size; defaults to one second's worth so a cold start does not burst a whole minute. */
  burst?: number;
  /** Zalo's counting window (one minute). A key that reached 0 waits this long after that answer. */
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Reads `X-RateLimit-Limit` / `X-RateLimit-Remain` (non-negative integers) from an answer's headers. */
export function readRateLimitHeaders(headers: { get(name: string): string | null }): RateBudget {
  const int = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined);
  return { limit: int(headers.get('x-ratelimit-limit')), remain: int(headers.get('x-ratelimit-remain')) };
}

interface KeyState {
  tokens: number;
  /** The bucket's time: last refill, or the instant the last reservation may leave. */
  at: number;
  /** Requests per ms and bucket size for this key: the configured ones, or lower ones from Zalo's limit. */
  ratePerMs: number;
  burst: number;
  /** What Zalo said remains, minus what was taken since (undefined = unknown). */
  remain?: number;
  /** When that was said: the budget belongs to the window that contains this instant. */
  remainAt: number;
  /** No request before this instant (the window was exhausted). */
  pausedUntil: number;
}

/**
 * Creates a per-key token bucket that also follows Zalo's own count. Tokens may go negative:
 * waiters queue fairly by reservation. Zalo does not say when its one-minute window resets, so a
 * key whose budget is spent waits one full window after the answer that said so — long enough
 * for any fixed or sliding one-minute window — instead of sending and getting `-32`.
 */
export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  const baseRate = opts.perMinute / 60_000;
  const baseBurst = Math.max(1, opts.burst ?? Math.ceil(opts.perMinute / 60));
  const windowMs = opts.windowMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const keys = new Map<string, KeyState>();

  const stateOf = (key: string, t: number): KeyState => {
    let s = keys.get(key);
    // A clock moved backwards (tests reset theirs) starts the key afresh rather than waiting hours.
    if (!s || t < s.remainAt || s.at - t > windowMs) {
      s = { tokens: baseBurst, at: t, ratePerMs: baseRate, burst: baseBurst, remainAt: t, pausedUntil: 0 };
      keys.set(key, s);
    }
    return s;
  };

  return {
    async take(key) {
      const t = now();
      const s = stateOf(key, t);
      if (s.remain !== undefined && t - s.remainAt < windowMs) {
        s.remain -= 1;
        if (s.remain < 0) s.pausedUntil = Math.max(s.pausedUntil, s.remainAt + windowMs);
      }
      let start = t;
      if (s.pausedUntil > t) {
        start = Math.min(s.pausedUntil, t + windowMs);
        // The first waiter opens the new window with a full bucket; later ones queue behind it.
        if (s.at < start) {
          s.tokens = s.burst;
          s.at = start;
        }
      }
      s.tokens = Math.min(s.burst, s.tokens + Math.max(0, start - s.at) * s.ratePerMs);
      s.at = Math.max(s.at, start);
      s.tokens -= 1;
      let wait = start - t;
      if (s.tokens < 0) wait += Math.ceil(-s.tokens / s.ratePerMs);
      if (wait > 0) await sleep(wait);
    },
    observe(key, budget) {
      const t = now();
      const s = stateOf(key, t);
      if (budget.limit !== undefined && budget.limit > 0) {
        s.ratePerMs = Math.min(baseRate, budget.limit / 60_000);
        s.burst = Math.min(baseBurst, budget.limit);
        s.tokens = Math.min(s.tokens, s.burst);
      }
      if (budget.remain === undefined) return;
      s.remain = budget.remain;
      s.remainAt = t;
      if (budget.remain <= 0) s.pausedUntil = Math.max(s.pausedUntil, t + windowMs);
    },
  };
}
