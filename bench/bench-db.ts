// The database a large-data bench measures: PGlite (`--pglite`; BENCH_PGLITE_DIR keeps the data) or a
// database of its own on PostgreSQL (BENCH_PG_URL), created and filled once, dropped afterwards unless
// BENCH_KEEP_DB=1 (then BENCH_DB_NAME of the kept database measures it again without regenerating).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '../apps/server/src/db/client';

export const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://zc:zc@127.0.0.1:5432/zc';
export const pglite = process.argv.includes('--pglite');

/** The p-th percentile (0–100) of `values`. */
export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/**
 * Opens (migrated) the bench database named after `prefix`, fills it with `generate` when
 * `filledTable` is empty (PGlite) or the database is new (PostgreSQL), runs `measure`, then closes
 * and drops it.
 */
export async function withBenchDatabase(opts: { prefix: string; filledTable: string; generate: (db: Database) => Promise<void> }, measure: (db: Database, label: string) => Promise<void>): Promise<void> {
  const dbName = process.env.BENCH_DB_NAME ?? `${opts.prefix}_${randomBytes(4).toString('hex')}`;
  const keep = process.env.BENCH_KEEP_DB === '1';
  let database: Database | null = null;
  try {
    if (pglite) {
      database = await openDatabase({ dataDir: process.env.BENCH_PGLITE_DIR });
      await migrateDatabase(database);
      const { rows } = await database.raw.query<{ n: number }>(`select count(*)::int as n from ${opts.filledTable}`);
      if ((rows[0]?.n ?? 0) === 0) await opts.generate(database);
    } else {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      const fresh = (await c.query('select 1 from pg_database where datname = $1', [dbName])).rowCount !== 1;
      await c.end();
      if (fresh) await admin(`create database ${dbName}`);
      const url = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
      database = await openDatabase({ url, poolSize: 4 });
      await migrateDatabase(database);
      if (fresh) await opts.generate(database);
    }
    await measure(database, pglite ? 'PGlite' : `PostgreSQL (${dbName})`);
  } finally {
    await database?.close();
    if (!pglite && !keep) await admin(`drop database if exists ${dbName} with (force)`);
  }
}
