import type { RateBudget, RateLimiter } from '@zc/zalo/rate-limit';
import type { RawSql } from '../db/client';

export interface SharedRateLimiterOptions {
  /** Sustained rate per key for all processes together (Zalo OA API: 4,000 requests/min per app). */
  perMinute: number;
  /** Requests a cold key may send at once; defaults to one second's worth, like the in-memory bucket. */
  burst?: number;
  /** Zalo's counting window: a key whose budget Zalo says is spent waits this long (default 1 min). */
  windowMs?: number;
  /** Most waiting requests reserved by one database round trip (default 64). */
  maxBlock?: number;
  /** Namespace of the keys in `rate_limit_buckets` (default `zalo-oa:`). */
  prefix?: string;
}

const RESERVE = `insert into rate_limit_buckets as b (key, tat_ms, updated_at)
select $1, extract(epoch from c.t) * 1000 + $2::float8 * $3::float8, c.t from (select clock_timestamp() as t) c
on conflict (key) do update set tat_ms = greatest(b.tat_ms + $2::float8 * $3::float8, excluded.tat_ms), updated_at = excluded.updated_at
returning tat_ms, extract(epoch from updated_at) * 1000 as now_ms`;

const PAUSE = `insert into rate_limit_buckets as b (key, tat_ms, updated_at)
select $1, extract(epoch from c.t) * 1000 + $2::float8, c.t from (select clock_timestamp() as t) c
on conflict (key) do update set tat_ms = greatest(b.tat_ms, excluded.tat_ms), updated_at = excluded.updated_at`;

interface Waiter {
  resolve(): void;
  reject(err: unknown): void;
}

interface KeyState {
  queue: Waiter[];
  busy: boolean;
  /** Zalo's `X-RateLimit-Limit` when lower than the configured rate. */
  limit?: number;
}

/**
 * A per-key rate limit every process shares, kept in PostgreSQL (`rate_limit_buckets`) as GCRA:
 * one "theoretical arrival time" per key on the database's clock, so processes on different hosts
 * agree without synchronised clocks. A reservation is one upsert that advances the key's time by
 * n intervals and answers when each of the n requests may leave; the requests waiting in this
 * process at that moment share it (up to `maxBlock`), so a busy worker pays one round trip per
 * block, not per Zalo call. Nothing is held locally between reservations: a crashed process only
 * leaves unused slots behind (the budget is under-used, never exceeded).
 *
 * Zalo's own answers: a lower `X-RateLimit-Limit` slows this process's reservations (every
 * process reads the same headers of the same app); `X-RateLimit-Remain` 0 pushes the shared key
 * one window ahead, so every process waits, not only the one that was told.
 */
export function createSharedRateLimiter(raw: RawSql, opts: SharedRateLimiterOptions): RateLimiter {
  const baseBurst = Math.max(1, opts.burst ?? Math.ceil(opts.perMinute / 60));
  const windowMs = opts.windowMs ?? 60_000;
  const maxBlock = Math.max(1, opts.maxBlock ?? 64);
  const prefix = opts.prefix ?? 'zalo-oa:';
  const keys = new Map<string, KeyState>();

  const shape = (s: KeyState) => {
    const perMinute = Math.min(opts.perMinute, s.limit ?? Infinity);
    const intervalMs = 60_000 / perMinute;
    const burst = Math.min(baseBurst, s.limit ?? Infinity);
    return { intervalMs, toleranceMs: (burst - 1) * intervalMs };
  };

  const stateOf = (key: string): KeyState => {
    let s = keys.get(key);
    if (!s) {
      s = { queue: [], busy: false };
      keys.set(key, s);
    }
    return s;
  };

  async function drain(key: string, s: KeyState): Promise<void> {
    s.busy = true;
    try {
      while (s.queue.length > 0) {
        const block = s.queue.splice(0, maxBlock);
        const { intervalMs, toleranceMs } = shape(s);
        try {
          const { rows } = await raw.query<{ tat_ms: number | string; now_ms: number | string }>(RESERVE, [prefix + key, block.length, intervalMs], { name: 'rate-limit-reserve' });
          const row = rows[0];
          if (!row) throw new Error('rate limit reservation returned no row');
          const start = Number(row.tat_ms) - block.length * intervalMs;
          const nowMs = Number(row.now_ms);
          block.forEach((w, k) => {
            // Request k of the block leaves at its slot minus the burst tolerance, never before now.
            const wait = Math.ceil(start + k * intervalMs - toleranceMs - nowMs);
            if (wait > 0) setTimeout(w.resolve, wait);
            else w.resolve();
          });
        } catch (err) {
          for (const w of block) w.reject(err);
        }
      }
    } finally {
      s.busy = false;
    }
  }

  return {
    take(key) {
      const s = stateOf(key);
      return new Promise<void>((resolve, reject) => {
        s.queue.push({ resolve, reject });
        if (!s.busy) void drain(key, s);
      });
    },
    observe(key, budget: RateBudget) {
      const s = stateOf(key);
      if (budget.limit !== undefined && budget.limit > 0 && budget.limit < opts.perMinute) s.limit = Math.min(s.limit ?? Infinity, budget.limit);
      if (budget.remain !== undefined && budget.remain <= 0) {
        // The next request leaves a full window after this answer (its slot minus the tolerance).
        const { toleranceMs } = shape(s);
        // Best effort: if this write fails, the next call meets Zalo's -32 and its send is retried.
        raw.query(PAUSE, [prefix + key, windowMs + toleranceMs], { name: 'rate-limit-pause' }).catch(() => undefined);
      }
    },
  };
}
