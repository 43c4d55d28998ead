import { count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tenantFiles } from '../../db/schema/service-packages';
import { users } from '../../db/schema/auth';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import { FILE_USES, tenantColumn } from './uses';

export type TenantFileRow = typeof tenantFiles.$inferSelect & { uploaderName: string | null };

export interface NewTenantFile {
  tenantId: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
  source: string;
  uploadedBy: string | null;
}

/** Records uploads; the same content uploaded again by the tenant stays one row (the first name and time). */
export async function insertTenantFiles(db: DbOrTx, rows: readonly NewTenantFile[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(tenantFiles).values([...rows]).onConflictDoNothing({ target: [tenantFiles.tenantId, tenantFiles.key] });
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const columns = {
  id: tenantFiles.id,
  tenantId: tenantFiles.tenantId,
  key: tenantFiles.key,
  name: tenantFiles.name,
  contentType: tenantFiles.contentType,
  size: tenantFiles.size,
  source: tenantFiles.source,
  uploadedBy: tenantFiles.uploadedBy,
  createdAt: tenantFiles.createdAt,
  uploaderName: users.displayName,
};

export async function listTenantFiles(db: DbOrTx, scope: TenantScope, q: { search?: string; limit: number; offset: number }): Promise<{ rows: TenantFileRow[]; total: number }> {
  const where = inTenant(scope, tenantFiles, q.search ? ilike(tenantFiles.name, `%${escapeLike(q.search)}%`) : undefined);
  const rows = await db.select(columns).from(tenantFiles).leftJoin(users, eq(users.id, tenantFiles.uploadedBy)).where(where).orderBy(desc(tenantFiles.createdAt), desc(tenantFiles.id)).limit(q.limit).offset(q.offset);
  const [c] = await db.select({ n: count() }).from(tenantFiles).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function findTenantFile(db: DbOrTx, scope: TenantScope, id: string): Promise<TenantFileRow | null> {
  const [row] = await db.select(columns).from(tenantFiles).leftJoin(users, eq(users.id, tenantFiles.uploadedBy)).where(inTenant(scope, tenantFiles, eq(tenantFiles.id, id)));
  return row ?? null;
}

export async function deleteTenantFileRow(db: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await db.delete(tenantFiles).where(inTenant(scope, tenantFiles, eq(tenantFiles.id, id)));
}

/** Sizes found in the store for rows the backfill could not size. */
export async function setSizes(db: DbOrTx, scope: TenantScope, sizes: ReadonlyArray<{ id: string; size: number }>): Promise<void> {
  for (const s of sizes) await db.update(tenantFiles).set({ size: s.size }).where(inTenant(scope, tenantFiles, eq(tenantFiles.id, s.id), isNull(tenantFiles.size)));
}

/** Whether any tenant still records the key (the bytes are content-addressed and may be shared). */


export interface FoundUse {
  key: string;
  kind: string;
  label: string;
  id: string;
  page: string | null;
}

/**
 * Where the tenant's rows mention each key, in one statement over every declared use (uses.ts):
 * a row uses a file when its URL/key column contains the key (keys are 40 hex digits + extension,
 * so a containment match has no false positives).
 */
export async function findUses(db: DbOrTx, tenantId: string, keys: readonly string[]): Promise<FoundUse[]> {
  if (keys.length === 0) return [];
  const keysJson = JSON.stringify(keys);
  // Table and column names are the fixed declarations of uses.ts; the tenant and the keys are parameters.
  const parts = FILE_USES.map(
    (u) => sql`select f.key, ${u.kind}::text as kind, coalesce((${sql.raw(u.label)})::text, '') as label, (${sql.raw(u.id)})::text as id, ${u.page}::text as page
       from ${sql.raw(u.table)} t join jsonb_array_elements_text(${keysJson}::jsonb) as f(key) on position(f.key in (${sql.raw(u.text)})) > 0
       where ${sql.raw(tenantColumn(u))} = ${tenantId}::uuid${u.where ? sql.raw(` and (${u.where})`) : sql``}`,
  );
  const query = sql`select * from (${sql.join(parts, sql` union all `)}) u order by u.key, u.kind, u.label limit 2000`;
  const result = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }; // both drivers answer { rows }
  return result.rows.map((r) => ({ key: String(r.key), kind: String(r.kind), label: String(r.label ?? ''), id: String(r.id), page: r.page === null || r.page === undefined ? null : String(r.page) }));
}
