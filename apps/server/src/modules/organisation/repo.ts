import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORGANISATION_WIDE_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { merchantMembers, merchants, tenants } from '../../db/schema/organisation';
import { tenantMembers } from '../../db/schema/user-groups';

export type TenantRow = typeof tenants.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;

/** The organisations a user belongs to, each with the tenants that user may open. */
export async function findMerchantsOfUser(db: DbOrTx, userId: string, opts?: { merchantId?: string; limit?: number; offset?: number }) {
  const rows = await db
    .select({ merchant: merchants, role: merchantMembers.role })
    .from(merchantMembers)
    .innerJoin(merchants, eq(merchants.id, merchantMembers.merchantId))
    .where(opts?.merchantId ? and(eq(merchantMembers.userId, userId), eq(merchants.id, opts.merchantId)) : eq(merchantMembers.userId, userId))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(opts?.limit ?? 1000)
    .offset(opts?.offset ?? 0);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.merchant.id);
  const allTenants = await db.select().from(tenants).where(inArray(tenants.merchantId, ids)).orderBy(asc(tenants.createdAt), asc(tenants.id));
  const memberOf = new Set(
    (await db.select({ id: tenantMembers.tenantId }).from(tenantMembers).where(eq(tenantMembers.userId, userId))).map((r) => r.id),
  );
  return rows.map((r) => {
    const role = r.role as MerchantRole;
    const wide = ORGANISATION_WIDE_ROLES.includes(role);
    return { merchant: r.merchant, role, tenants: allTenants.filter((t) => t.merchantId === r.merchant.id && (wide || memberOf.has(t.id))) };
  });
}

export async function countMerchantsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(merchantMembers).where(eq(merchantMembers.userId, userId));
  return row?.n ?? 0;
}
