import { sql, type SQL } from 'drizzle-orm';
import { bigint, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Column helpers shared by the per-domain schema files. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** Money in VND, whole đồng. */
export const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * `<column> in ('A', 'B', …)` for a check constraint, written from the same tuple that types the
 * column (`text(name, { enum: LIST })`) and validates the API, so the three cannot drift. The list
 * is inlined as literals: drizzle-kit writes check constraints without parameters.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
}

/** `<jsonb array column> <@ '["a", "b", …]'`: every element of the array is one of `values`. */
export function allOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ ${sql.raw(`'${JSON.stringify(values).replaceAll("'", "''")}'::jsonb`)}`;
}
