import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORGANISATION_WIDE_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx, Tx } from '../../db/client';
import { merchantMembers, merchants, tenants } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TenantRow = typeof tenants.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;
export type TenantServicesPatch = Partial<Pick<TenantRow, 'oaService' | 'znsService' | 'isMiniAppEnabled' | 'isMultiTeam'>>;
export type TenantSettingsPatch = Partial<Pick<TenantRow, 'timeZone' | 'industry'>>;

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

/** Locks the organisation row (serialises its membership changes); null when it does not exist. */
export async function lockMerchant(tx: Tx, merchantId: string): Promise<MerchantRow | null> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  return row ?? null;
}

export async function setMerchantAvatar(tx: Tx, merchantId: string, key: string): Promise<void> {
  await tx.update(merchants).set({ avatar: key }).where(eq(merchants.id, merchantId));
}

/** The organisation's logo (the sidebar's); until one is set the avatar stands in. */
export async function setMerchantLogo(tx: Tx, merchantId: string, key: string): Promise<void> {
  await tx.update(merchants).set({ logo: key }).where(eq(merchants.id, merchantId));
}

export async function setMerchantName(tx: Tx, merchantId: string, name: string): Promise<void> {
  await tx.update(merchants).set({ name }).where(eq(merchants.id, merchantId));
}

/** A new tenant with its starting user groups. */
export async function insertTenant(tx: Tx, values: { merchantId: string; name: string; avatar: string }, groups: ReadonlyArray<{ name: string; permissions: string[]; isDefault: boolean }>) {
  const [row] = await tx.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned nothing');
  await tx.insert(userGroups).values(groups.map((g) => ({ ...g, tenantId: row.id })));
  return row;
}

/** A tenant of the organisation, locked for an update (null when it belongs to another organisation). */
export async function lockTenantOfMerchant(tx: Tx, merchantId: string, tenantId: string): Promise<TenantRow | null> {
  const [row] = await tx.select().from(tenants).where(and(eq(tenants.id, tenantId), eq(tenants.merchantId, merchantId))).for('update');
  return row ?? null;
}

/** The tenant a request is scoped to, locked when `lock`. */
export async function findScopedTenant(db: DbOrTx, scope: TenantScope, lock = false): Promise<TenantRow | null> {
  const q = db.select().from(tenants).where(eq(tenants.id, scopedTenantId(scope)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateTenantRow(tx: Tx, tenantId: string, patch: { name?: string; avatar?: string } & TenantServicesPatch & TenantSettingsPatch): Promise<TenantRow | null> {
  const [row] = await tx.update(tenants).set({ ...patch, updatedAt: new Date() }).where(eq(tenants.id, tenantId)).returning();
  return row ?? null;
}
