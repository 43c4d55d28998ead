import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tenantApiRateLimits } from '../../db/schema/api-rate-limits';
import { tenants } from '../../db/schema/organisation';

export type TenantApiRateLimitRow = typeof tenantApiRateLimits.$inferSelect;

/** The tenant when it belongs to the organisation (locked in a transaction when `lock`). */
export async function findTenantOfMerchant(db: DbOrTx, merchantId: string, tenantId: string, lock = false): Promise<{ id: string } | null> {
  const q = db.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.id, tenantId), eq(tenants.merchantId, merchantId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findOverride(db: DbOrTx, tenantId: string): Promise<TenantApiRateLimitRow | null> {
  const [row] = await db.select().from(tenantApiRateLimits).where(eq(tenantApiRateLimits.tenantId, tenantId));
  return row ?? null;
}

export async function upsertOverride(tx: Tx, row: { tenantId: string; keyPerSecond: number | null; tenantPerSecond: number | null; burstSeconds: number | null; updatedBy: string }): Promise<TenantApiRateLimitRow> {
  const [saved] = await tx
    .insert(tenantApiRateLimits)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: tenantApiRateLimits.tenantId, set: { keyPerSecond: row.keyPerSecond, tenantPerSecond: row.tenantPerSecond, burstSeconds: row.burstSeconds, updatedBy: row.updatedBy, updatedAt: new Date() } })
    .returning();
  if (!saved) throw new Error('upsert of tenant_api_rate_limits returned no row');
  return saved;
}
