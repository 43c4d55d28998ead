import { ilike, type Column, type SQL } from 'drizzle-orm';

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
