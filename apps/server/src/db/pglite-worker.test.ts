import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { messages } from '@electric-sql/pglite';
import { messageHistory, users, walletEntries, wallets } from './schema/index';
import { openDatabase, type Database } from './client';
import { PGliteWorkerClient } from './pglite-worker-client';
import { createTestApp, type TestContext } from '../test/helpers';
import { buildSendFixture, znsBody } from '../modules/messaging/test-fixtures';
import { z } from 'zod';
import { defineJob, startJobs } from '../platform/jobs';

// PGlite in a worker thread (ADR 0005), the product runtime's database, behind the same Database
// interface as the in-process instance the rest of the suite uses.
let t: TestContext;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({}, { pgliteWorker: true });
  db = t.database;
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const email = () => `w${Date.now().toString(36)}${(n += 1)}@test.vn`;
const newUser = (e = email()) => ({ email: e, displayName: 'Worker', passwordHash: 'x' });
const countUsers = async () => (await db.db.select({ n: count() }).from(users))[0]?.n ?? -1;

/** The PostgreSQL error under drizzle's wrapper (drizzle wraps driver errors in DrizzleQueryError). */
async function dbError(p: Promise<unknown>): Promise<messages.DatabaseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = err instanceof DrizzleQueryError ? err.cause : err;
  if (!(cause instanceof messages.DatabaseError)) throw new Error(`expected a DatabaseError, got ${String(err)}`);
  return cause;
}

describe('PGlite in a worker thread', () => {
  it('applied every migration (drizzle migrator through the worker)', async () => {
    const { rows } = await db.raw.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]?.n).toBeGreaterThanOrEqual(6);
    const fn = await db.raw.query<{ proname: string }>(`select proname from pg_proc where proname = 'zc_assert'`);
    expect(fn.rows).toHaveLength(1);
  });

  it('inserts and selects through drizzle in array and object row modes, timestamps as drizzle expects', async () => {
    const [u] = await db.db.insert(users).values(newUser()).returning();
    expect(u?.createdAt).toBeInstanceOf(Date);
    // Array row mode (query builder): drizzle maps raw timestamp text to Date itself.
    const [sel] = await db.db.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, u?.id ?? ''));
    expect(sel).toEqual({ id: u?.id, email: u?.email, createdAt: u?.createdAt });
    // Object row mode (db.execute): timestamp columns stay raw text, as with in-process PGlite.
    const raw = (await db.db.execute(sql`select id, created_at, 1::int as n from users where id = ${u?.id}`)) as unknown as { rows: Array<{ id: string; created_at: unknown; n: number }> };
    expect(raw.rows[0]).toMatchObject({ id: u?.id, n: 1 });
    expect(typeof raw.rows[0]?.created_at).toBe('string');
    expect(new Date(String(raw.rows[0]?.created_at)).getTime()).toBe(u?.createdAt.getTime());
    // Relational queries (json aggregation under the hood).
    const found = await db.db.query.users.findFirst({ where: eq(users.id, u?.id ?? '') });
    expect(found?.createdAt).toEqual(u?.createdAt);
  });

  it('commits a transaction, rolls back a failed one and rolls back to a nested savepoint', async () => {
    const before = await countUsers();
    const committed = email();
    await db.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser(committed));
    });
    const rolledBack = email();
    await expect(
      db.db.transaction(async (tx) => {
        await tx.insert(users).values(newUser(rolledBack));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const outer = email();
    const inner = email();
    await db.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser(outer));
      await expect(
        tx.transaction(async (sp) => {
          await sp.insert(users).values(newUser(inner));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const emails = (await db.db.select({ email: users.email }).from(users)).map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining([committed, outer]));
    expect(emails).not.toContain(rolledBack);
    expect(emails).not.toContain(inner);
    expect(await countUsers()).toBe(before + 2);
  });

  it('holds PGlite for an open transaction: a query outside waits for the commit', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let inserted: () => void = () => undefined;
    const insertedP = new Promise<void>((r) => (inserted = r));
    const e = email();
    const txDone = db.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser(e));
      inserted();
      await gate;
    });
    await insertedP;
    let outsideDone = false;
    const outside = db.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, e))
      .then((rows) => {
        outsideDone = true;
        return rows;
      });
    await new Promise((r) => setTimeout(r, 150));
    expect(outsideDone).toBe(false);
    release();
    await txDone;
    expect(await outside).toEqual([{ email: e }]);
  });

  it('surfaces a unique violation with SQLSTATE 23505 and its PostgreSQL fields', async () => {
    const e = email();
    await db.db.insert(users).values(newUser(e));
    const err = await dbError(db.db.insert(users).values(newUser(e)));
    expect(err).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 'users_email_key', table: 'users', schema: 'public' });
    expect(err.message).toBe('duplicate key value violates unique constraint "users_email_key"');
    expect(err.detail).toContain(e);
    // The same through RawSql, unwrapped, and inside a transaction.
    await expect(db.raw.query('insert into users (email, display_name, password_hash) values ($1, $2, $3)', [e, 'x', 'x'])).rejects.toMatchObject({ code: '23505' });
    const inTx = await dbError(db.db.transaction(async (tx) => void (await tx.insert(users).values(newUser(e)))));
    expect(inTx.code).toBe('23505');
  });

  it('surfaces zc_assert as SQLSTATE ZC001 with its message', async () => {
    const err = await dbError(db.raw.query(`select zc_assert($1, 'send batch: a tenant has no wallet') as ok`, [false]));
    expect(err.code).toBe('ZC001');
    expect(err.message).toBe('send batch: a tenant has no wallet');
    expect((await db.raw.query<{ ok: boolean }>(`select zc_assert($1, 'never') as ok`, [true])).rows).toEqual([{ ok: true }]);
  });

  it('runs raw prepared queries and multi-statement exec', async () => {
    const q = 'select $1::int + $2::int as sum, $3::jsonb as j, $4::timestamptz as at';
    const at = new Date('2025-01-02T03:04:05.678Z');
    for (let i = 0; i < 2; i += 1) {
      const { rows } = await db.raw.query<{ sum: number; j: unknown; at: Date }>(q, [i, 2, JSON.stringify({ a: [1, 'x'] }), at], { name: 'worker_test_sum' });
      expect(rows).toEqual([{ sum: i + 2, j: { a: [1, 'x'] }, at }]);
    }
    await db.raw.exec('create temp table worker_exec (v int); insert into worker_exec values (1), (2); insert into worker_exec values (3);');
    expect((await db.raw.query<{ s: number }>('select sum(v)::int as s from worker_exec')).rows).toEqual([{ s: 6 }]);
  });

  it('runs pg-boss on it (PGlite mode: executeSql over RawSql)', async () => {
    const workerTest = defineJob({ name: 'worker-test', payload: z.object({ hello: z.string() }), handle: async () => undefined });
    const jobs = await startJobs(db, { workers: false, jobs: [workerTest] });
    await jobs.send(workerTest, { hello: 'worker' });
    const { rows } = await db.raw.query<{ data: { hello: string } }>(`select data from pgboss.job where name = 'worker-test'`);
    expect(rows).toEqual([{ data: { hello: 'worker' } }]);
    await jobs.stop();
  });

  it('forwards NOTIFY of a listened channel to the main thread, on commit only, until unlistened (ADR 0007)', async () => {
    const heard: string[] = [];
    const listener = await db.listen('zc_test_channel', (p) => heard.push(p));
    const second = await db.listen('zc_test_channel', (p) => heard.push(`2:${p}`));
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('zc_test_channel', 'a')`);
      expect(heard).toEqual([]);
    });
    await expect(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('zc_test_channel', 'rolled back')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.db.execute(sql`select pg_notify('zc_test_channel', 'b')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['a', '2:a', 'b', '2:b']);
    await listener.close();
    await db.db.execute(sql`select pg_notify('zc_test_channel', 'c')`);
    await second.close();
    await db.db.execute(sql`select pg_notify('zc_test_channel', 'd')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['a', '2:a', 'b', '2:b', '2:c']);
  });

  it('sends through the public API end to end, batched sends falling back on ZC001', async () => {
    const f = await buildSendFixture(db, t.config.appSecret, { balance: 300 * 10 + 100 });
    const send = () => t.app.inject({ method: 'POST', url: '/api/v1/zns/send', headers: { 'x-api-key': f.secret }, payload: znsBody(f) });
    const first = await send();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toMatchObject({ status: 'PENDING' });
    // 20 at once against a balance for 9 more: the batch statement aborts through zc_assert and the
    // batch is sent request by request.
    const all = await Promise.all(Array.from({ length: 20 }, () => send()));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(9);
    expect(codes.filter((c) => c === 402)).toHaveLength(11);
    const [w] = await db.db.select().from(wallets).where(eq(wallets.id, f.walletId));
    expect(w?.balance).toBe(100);
    expect(await db.db.select().from(messageHistory).where(eq(messageHistory.tenantId, f.tenantId))).toHaveLength(10);
    expect(await db.db.select().from(walletEntries).where(eq(walletEntries.walletId, f.walletId))).toHaveLength(10);
  });
});

describe('PGlite worker client', () => {
  it('refuses a parser that is not the identity (functions cannot cross threads)', async () => {
    const client = (db.db as unknown as { $client: unknown }).$client as PGliteWorkerClient; // drizzle keeps the driver client there
    expect(client).toBeInstanceOf(PGliteWorkerClient);
    await expect(client.query('select 1::int8 as n', [], { parsers: { 20: (v: string) => BigInt(v) } })).rejects.toThrow(/not the identity/);
    expect((await client.query('select 1::int8 as n', [], { rowMode: 'array', parsers: { 20: (v: string) => v } })).rows).toEqual([['1']]);
    // A parameter structured clone refuses is an error of that query only.
    await expect(client.query('select $1 as v', [() => 1])).rejects.toThrow(/could not be cloned/);
    expect((await client.query('select $1::text as v', ['still fine'])).rows).toEqual([{ v: 'still fine' }]);
  });

  it('opens a data directory, closes, and rejects queries after close', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-pglite-worker-'));
    const first = await openDatabase({ dataDir, worker: true });
    await first.raw.exec('create table kept (v text); insert into kept values ($$on disk$$);');
    await first.close();
    await expect(first.raw.query('select 1')).rejects.toThrow(/exited/);
    const second = await openDatabase({ dataDir, worker: true });
    expect((await second.raw.query('select v from kept')).rows).toEqual([{ v: 'on disk' }]);
    await second.close();
  });
});
