import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { authThrottle, type AuthThrottleScope } from '../db/schema/auth';
import { AppError } from './errors';

/**
 * Attempt counters with a growing lock (table auth_throttle), shared by every API process.
 * The `lockAt`-th counted attempt locks the key for `baseLockSeconds`; each further one doubles it,
 * up to `maxLockSeconds`. A key that saw no attempt for `forgetAfterSeconds` starts again at one.
 */
export interface ThrottlePolicy {
  scope: AuthThrottleScope;
  lockAt: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
  forgetAfterSeconds: number;
}

/** Wrong passwords per account (normalised email, known or not): 5 → 1 min, 6 → 2 min, … ≤ 1 h. */
export const LOGIN_ACCOUNT: ThrottlePolicy = { scope: 'login-account', lockAt: 5, baseLockSeconds: 60, maxLockSeconds: 3600, forgetAfterSeconds: 86_400 };
/** Wrong passwords per client address (IPv6 by /64), whatever the account: 20 → 1 min, doubling, ≤ 1 h. */
export const LOGIN_IP: ThrottlePolicy = { scope: 'login-ip', lockAt: 20, baseLockSeconds: 60, maxLockSeconds: 3600, forgetAfterSeconds: 3600 };
/** Password-reset requests per account (normalised email, known or not): 3 → 5 min, doubling, ≤ 1 h. */
export const RESET_ACCOUNT: ThrottlePolicy = { scope: 'reset-account', lockAt: 3, baseLockSeconds: 300, maxLockSeconds: 3600, forgetAfterSeconds: 3600 };

export type ThrottleHit =
  | { ok: true; count: number; /** > 0 when this attempt started a lock */ lockSeconds: number }
  | { ok: false; retryAfterSeconds: number };

/** Seconds a key is locked after its `count`-th counted attempt (0 below the threshold). */
export function lockSecondsFor(policy: ThrottlePolicy, count: number): number {
  if (count < policy.lockAt) return 0;
  // 2^30 already exceeds any cap; bounding the exponent keeps the number finite.
  return Math.min(policy.baseLockSeconds * 2 ** Math.min(count - policy.lockAt, 30), policy.maxLockSeconds);
}

const keyOf = (policy: ThrottlePolicy, key: string) => and(eq(authThrottle.scope, policy.scope), eq(authThrottle.key, key));

function retryAfter(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}

/** Whether the key is locked now (reads only). */
export async function peekThrottle(db: DbOrTx, policy: ThrottlePolicy, key: string, now = new Date()): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const [row] = await db.select({ lockedUntil: authThrottle.lockedUntil }).from(authThrottle).where(keyOf(policy, key));
  return row?.lockedUntil && row.lockedUntil > now ? { ok: false, retryAfterSeconds: retryAfter(row.lockedUntil, now) } : { ok: true };
}

/**
 * Counts one attempt before its outcome is known, so concurrent attempts cannot all slip in ahead
 * of the lock they cause together. A locked key answers `ok: false` and counts nothing.
 */
export async function hitThrottle(db: Db, policy: ThrottlePolicy, key: string, now = new Date()): Promise<ThrottleHit> {
  return countAttempt(db, policy, key, now, true);
}

const PRUNE_CHANCE = 1 / 50;

/** Every email and address ever tried leaves a row; now and then the forgotten ones of the scope go. */
async function maybePrune(db: Db, policy: ThrottlePolicy, now: Date): Promise<void> {
  if (Math.random() >= PRUNE_CHANCE) return;
  // A prune that loses a race (deadlock with another prune) changes nothing; a later one does the work.
  await pruneThrottle(db, policy, now).catch(() => undefined);
}

/** Deletes the scope's rows that are neither locked nor remembered any more (see forgetAfterSeconds). */
export async function pruneThrottle(db: DbOrTx, policy: ThrottlePolicy, now = new Date()): Promise<number> {
  const forgotten = new Date(now.getTime() - policy.forgetAfterSeconds * 1000);
  const gone = await db
    .delete(authThrottle)
    .where(
      and(
        eq(authThrottle.scope, policy.scope),
        or(isNull(authThrottle.lastFailureAt), lt(authThrottle.lastFailureAt, forgotten)),
        or(isNull(authThrottle.lockedUntil), lt(authThrottle.lockedUntil, now)),
      ),
    )
    .returning({ key: authThrottle.key });
  return gone.length;
}

/**
 * Counts one failure whose outcome is known (also while locked: a failure that raced past the
 * check still counts, and never shortens the lock).
 */
export async function countFailure(db: Db, policy: ThrottlePolicy, key: string, now = new Date()): Promise<void> {
  await countAttempt(db, policy, key, now, false);
}

async function countAttempt(db: Db, policy: ThrottlePolicy, key: string, now: Date, refuseWhileLocked: boolean): Promise<ThrottleHit> {
  await maybePrune(db, policy, now);
  return db.transaction(async (tx) => {
    await tx.insert(authThrottle).values({ scope: policy.scope, key, failures: 0, windowStartedAt: now }).onConflictDoNothing();
    // The row lock serialises attempts on one key across processes.
    const [row] = await tx.select().from(authThrottle).where(keyOf(policy, key)).for('update');
    if (!row) throw new Error('auth_throttle row missing after insert');
    const locked = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
    if (locked && refuseWhileLocked) return { ok: false as const, retryAfterSeconds: retryAfter(locked, now) };
    const stale = !locked && (!row.lastFailureAt || now.getTime() - row.lastFailureAt.getTime() > policy.forgetAfterSeconds * 1000);
    const count = stale ? 1 : row.failures + 1;
    const lockSeconds = lockSecondsFor(policy, count);
    const until = lockSeconds > 0 ? new Date(now.getTime() + lockSeconds * 1000) : null;
    await tx
      .update(authThrottle)
      .set({
        failures: count,
        windowStartedAt: stale ? now : row.windowStartedAt,
        lastFailureAt: now,
        lockedUntil: locked && (!until || until < locked) ? locked : until,
        notifiedAt: stale ? null : row.notifiedAt,
      })
      .where(keyOf(policy, key));
    return { ok: true as const, count, lockSeconds };
  });
}

/** Forgets a key entirely (a right password resets its account counter). */
export async function clearThrottle(db: DbOrTx, policy: ThrottlePolicy, key: string): Promise<void> {
  await db.delete(authThrottle).where(keyOf(policy, key));
}

/**
 * Claims the right to tell the key's owner about a lock: true at most once per `minIntervalSeconds`
 * (one mail per lock, and no more than one an hour while an attack keeps re-locking the account).
 */
export async function claimLockNotice(db: DbOrTx, policy: ThrottlePolicy, key: string, minIntervalSeconds = 3600, now = new Date()): Promise<boolean> {
  const claimed = await db
    .update(authThrottle)
    .set({ notifiedAt: now })
    .where(and(keyOf(policy, key), or(isNull(authThrottle.notifiedAt), lt(authThrottle.notifiedAt, new Date(now.getTime() - minIntervalSeconds * 1000)))))
    .returning({ key: authThrottle.key });
  return claimed.length > 0;
}

/** The 429 a locked key answers; `retryAfterSeconds` also becomes the Retry-After header. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', `Too many attempts. Please try again after ${retryAfterSeconds} seconds`, { retryAfterSeconds });
}

/** Account keys: the email as the login schema normalises it (trimmed, lower case). */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Address keys: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, since one host usually holds
 * a whole /64 and could otherwise rotate addresses past the limit.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
