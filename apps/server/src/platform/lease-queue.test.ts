import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../test/helpers';
import type { Database } from '../db/client';
import { claimDue, exponentialBackoff, leaseFence, scheduledBackoff } from './lease-queue';

// A queue table of the test's own, with the columns every QueueTable has.
const jobsTable = pgTable('lease_queue_test', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  note: text('note'),
});

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
  await database.raw.exec(`create table lease_queue_test (id text primary key, status text not null, attempts integer not null default 0, next_attempt_at timestamptz not null, note text)`);
});
afterAll(async () => database.drop());

const t0 = new Date('2026-11-23T08:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

describe('the lease queue helper (claim, fence, back-off)', () => {
  it('claims due rows oldest first, leases them, and never hands one row to two concurrent claims', async () => {
    await database.db.insert(jobsTable).values(Array.from({ length: 40 }, (_, i) => ({ id: `r${String(i).padStart(2, '0')}`, status: i === 39 ? 'DONE' : 'PENDING', nextAttemptAt: at(i % 2 === 0 ? -i : 3600) })));
    const claims = await Promise.all(Array.from({ length: 4 }, () => claimDue(database.db, jobsTable, { due: ['PENDING'], now: t0, leaseMs: 60_000, limit: 4, set: () => ({ note: 'claimed' }) })));
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // 20 due rows (even ids), 16 claimed: the 16 oldest.
    expect(ids.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `r${String(38 - 2 * i).padStart(2, '0')}`).slice(0, 16).sort());
    for (const r of claims.flat()) expect(r).toMatchObject({ note: 'claimed', nextAttemptAt: at(60) });
    // Leased: not due again until the lease runs out, then claimable again (a dead worker's rows come back).
    expect(await claimDue(database.db, jobsTable, { due: ['PENDING'], now: at(30), leaseMs: 60_000, limit: 100, where: eq(jobsTable.note, 'claimed') })).toEqual([]);
    expect(await claimDue(database.db, jobsTable, { due: ['PENDING'], now: at(61), leaseMs: 60_000, limit: 100, where: eq(jobsTable.note, 'claimed') })).toHaveLength(16);
  });

  it('runs onClaimed in the claiming transaction: if it fails, nothing is claimed', async () => {
    await database.db.insert(jobsTable).values({ id: 'tx1', status: 'PENDING', nextAttemptAt: at(-1) });
    const claim = () => claimDue(database.db, jobsTable, { due: ['PENDING'], now: t0, leaseMs: 1_000, limit: 10, where: eq(jobsTable.id, 'tx1'), onClaimed: async () => { throw new Error('event write failed'); } });
    await expect(claim()).rejects.toThrow('event write failed');
    const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, 'tx1'));
    expect(row?.nextAttemptAt).toEqual(at(-1));
  });

  it('fences results: only the holder of the attempt it claimed may record it', async () => {
    await database.db.insert(jobsTable).values({ id: 'f1', status: 'RUNNING', attempts: 2, nextAttemptAt: t0 });
    const mine = { id: 'f1', attempts: 2 };
    const stale = { id: 'f1', attempts: 1 };
    expect(await database.db.update(jobsTable).set({ note: 'stale' }).where(leaseFence(jobsTable, stale, ['RUNNING'])).returning()).toHaveLength(0);
    expect(await database.db.update(jobsTable).set({ note: 'mine' }).where(leaseFence(jobsTable, mine, ['PENDING'])).returning()).toHaveLength(0);
    expect(await database.db.update(jobsTable).set({ note: 'mine' }).where(leaseFence(jobsTable, mine, ['RUNNING'])).returning()).toHaveLength(1);
  });

  it('backs off exponentially with a cap, or along a schedule whose last step repeats', () => {
    const exp = exponentialBackoff(10_000, 15 * 60_000);
    expect([1, 2, 3, 4, 7, 8, 20].map(exp)).toEqual([10_000, 20_000, 40_000, 80_000, 640_000, 900_000, 900_000]);
    const sched = scheduledBackoff([30, 120, 600]);
    expect([0, 1, 2, 3, 9].map(sched)).toEqual([30_000, 30_000, 120_000, 600_000, 600_000]);
  });
});
