import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';

/** Seconds to wait from a 429 TOO_MANY_ATTEMPTS (details.retryAfterSeconds), else null. */
export function lockSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'TOO_MANY_ATTEMPTS') return null;
  const seconds = error.body?.error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** A wait as m:ss (1:05, 0:09; 60:00 at the one-hour cap). */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A lock that counts down each second and ends by itself: `lock(seconds)` starts it, `remaining`
 * is null when the user may try again.
 */
export function useSignInLock(): { remaining: number | null; lock(seconds: number): void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const remaining = until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
  return {
    remaining: remaining === null || remaining <= 0 ? null : remaining,
    lock(seconds) {
      const t = Date.now();
      setNow(t);
      setUntil(t + seconds * 1000);
    },
  };
}
