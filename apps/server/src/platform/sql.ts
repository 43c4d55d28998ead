import { createHash } from 'node:crypto';
import { ilike, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** `%term%` with LIKE wildcards in the user's text taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" filter on a column, safe for user input. */
export function ilikeContains(column: Column, term: string): SQL {
  return ilike(column, containsPattern(term));
}

/** The rows of a raw `db.execute(sql…)` answer: both drivers (pg and PGlite) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * `db.execute(query)` as a named prepared statement: on PostgreSQL its text is parsed and planned once per
 * pooled connection (or transaction's connection) instead of on every call, which is most of the cost of
 * a short statement on a hot path (ADR 0026). The name is derived from the text, so two texts never share a
 * name; only a query whose text does not vary with its values belongs here (values are parameters). PGlite
 * ignores the name. Answers what `db.execute` answers (read it with `rowsOf`).
 */
export function executePrepared(db: DbOrTx, query: SQL): Promise<unknown> {
  const q = dialect.sqlToQuery(query);
  const name = `zc_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 22)}`;
  return db._.session.prepareQuery(q, undefined, name, false).execute();
}

/**
 * Runs `read` in a transaction whose queries get no parallel workers (`max_parallel_workers_per_gather
 * = 0` for that transaction only). For reads that stop after a page — an ordered index walk, a probe
 * with a LIMIT — on a big table the planner may still pick a parallel plan from its row estimate, and
 * starting the workers costs ≈ 10–20 ms before the first row, more than the whole serial read
 * (measured on the chat inbox at 50 M messages: a word search 76 → 2 ms). PGlite has no workers; the
 * setting is harmless there.
 */
export async function withoutParallelWorkers<T>(db: DbOrTx, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}
