import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { PGliteWorkerClient } from './pglite-worker-client';
import { listenPg, type Listener, type ListenOptions } from './pg-listener';

export type Schema = typeof schema;
/** One type for both drivers: code never branches on PGlite vs PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction; repo functions accept both. */
export type DbOrTx = Db | Tx;

/**
 * Raw SQL access used by pg-boss, by the hot send path and by tests (parameterised `query`,
 * multi-statement `exec`). `name` makes it a prepared statement on PostgreSQL (parsed and planned
 * once per pooled connection; the name must identify the text); PGlite ignores it.
 */
export interface RawSql {
  query<T = Record<string, unknown>>(text: string, values?: unknown[], opts?: { name?: string }): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel (ADR 0007): PostgreSQL through one dedicated, re-connecting connection;
   * PGlite through its own `listen` (in the worker thread when there is one).
   */
  listen(channel: string, onNotify: (payload: string) => void, opts?: ListenOptions): Promise<Listener>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite only: run the engine in a worker thread (ADR 0005) so that queries do not block this
   * thread's event loop. The product runtime turns it on (PGLITE_WORKER); tests default to the
   * in-process instance, which starts faster.
   */
  worker?: boolean;
}

/** Opens the database for either driver. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db; // both drivers share the PgDatabase API
    return {
      db,
      kind: 'postgres',
      raw: {
        query: async (text, values, opts) => {
          const r = await pool.query({ text, values: values as unknown[], ...(opts?.name ? { name: opts.name } : {}) });
          return { rows: r.rows };
        },
        exec: async (text) => {
          await pool.query(text);
        },
      },
      listen: (channel, onNotify, opts) => listenPg(options.url ?? '', channel, onNotify, opts),
      close: () => pool.end(),
    };
  }
  // The worker proxy implements the part of PGlite that drizzle's driver and migrator, RawSql and
  // pg-boss use (query with rowMode/identity parsers, transaction, exec, close).
  const client = options.worker ? new PGliteWorkerClient(options.dataDir) : new PGlite(options.dataDir ?? 'memory://');
  await client.waitReady;
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db; // see above
  return {
    db,
    kind: 'pglite',
    raw: {
      query: async <T,>(text: string, values?: unknown[]) => {
        const r = await client.query<T>(text, values as unknown[]);
        return { rows: r.rows };
      },
      exec: async (text) => {
        await client.exec(text);
      },
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return { close: () => unlisten() };
    },
    close: () => client.close(),
  };
}

/** Applies the committed drizzle-kit migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  } else {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  }
}
