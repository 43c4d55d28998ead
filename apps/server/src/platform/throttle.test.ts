import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authThrottle } from '../db/schema/auth';
import { createTestDatabase } from '../test/helpers';
import { LOGIN_ACCOUNT, LOGIN_IP, RESET_ACCOUNT, addressKey, countFailure, hitThrottle, lockSecondsFor, pruneThrottle } from './throttle';

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

describe('throttle rows', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('prunes only rows that are neither locked nor remembered, in its own scope', async () => {
    const now = new Date();
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    await database.db.insert(authThrottle).values([
      { scope: LOGIN_ACCOUNT.scope, key: 'old@test.vn', failures: 3, lastFailureAt: ago(LOGIN_ACCOUNT.forgetAfterSeconds + 60) },
      { scope: LOGIN_ACCOUNT.scope, key: 'recent@test.vn', failures: 3, lastFailureAt: ago(60) },
      { scope: LOGIN_ACCOUNT.scope, key: 'locked@test.vn', failures: 12, lastFailureAt: ago(LOGIN_ACCOUNT.forgetAfterSeconds + 60), lockedUntil: new Date(now.getTime() + 60_000) },
      { scope: RESET_ACCOUNT.scope, key: 'old@test.vn', failures: 1, lastFailureAt: ago(LOGIN_ACCOUNT.forgetAfterSeconds + 60) },
    ]);
    expect(await pruneThrottle(database.db, LOGIN_ACCOUNT, now)).toBe(1);
    const left = await database.db.select({ scope: authThrottle.scope, key: authThrottle.key }).from(authThrottle);
    expect(left.map((r) => `${r.scope}/${r.key}`).sort()).toEqual(['login-account/locked@test.vn', 'login-account/recent@test.vn', 'reset-account/old@test.vn']);
  });

  it('starts a forgotten key again at one, and never shortens a lock with a late failure', async () => {
    const key = 'again@test.vn';
    await database.db.insert(authThrottle).values({ scope: LOGIN_ACCOUNT.scope, key, failures: 9, lastFailureAt: new Date(Date.now() - (LOGIN_ACCOUNT.forgetAfterSeconds + 5) * 1000) });
    expect(await hitThrottle(database.db, LOGIN_ACCOUNT, key)).toEqual({ ok: true, count: 1, lockSeconds: 0 });
    const ip = '192.0.2.77';
    const until = new Date(Date.now() + 7_200_000); // longer than the cap a new failure would set
    await database.db.insert(authThrottle).values({ scope: LOGIN_IP.scope, key: ip, failures: 25, lastFailureAt: new Date(), lockedUntil: until });
    await countFailure(database.db, LOGIN_IP, ip);
    const [row] = await database.db.select().from(authThrottle).where(and(eq(authThrottle.scope, LOGIN_IP.scope), eq(authThrottle.key, ip)));
    expect(row?.failures).toBe(26);
    expect(row?.lockedUntil?.getTime()).toBe(until.getTime());
  });
});
