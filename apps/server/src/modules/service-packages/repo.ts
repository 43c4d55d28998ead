import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { servicePackages, tenantPackages } from '../../db/schema/service-packages';
import { tenants } from '../../db/schema/organisation';
import { wallets } from '../../db/schema/wallets';

export type ServicePackageRow = typeof servicePackages.$inferSelect;
export type PackageValues = Pick<ServicePackageRow, 'name' | 'description' | 'znsPrice' | 'oaCsPrice' | 'oaTransactionPrice' | 'oaPromotionPrice'>;

export async function listPackages(db: DbOrTx, merchantId: string): Promise<ServicePackageRow[]> {
  return db.select().from(servicePackages).where(eq(servicePackages.merchantId, merchantId)).orderBy(asc(sql`lower(${servicePackages.name})`), asc(servicePackages.id));
}

export async function findPackage(db: DbOrTx, merchantId: string, id: string): Promise<ServicePackageRow | null> {
  const [row] = await db.select().from(servicePackages).where(and(eq(servicePackages.merchantId, merchantId), eq(servicePackages.id, id)));
  return row ?? null;
}

export async function findPackageByName(db: DbOrTx, merchantId: string, name: string): Promise<ServicePackageRow | null> {
  const [row] = await db.select().from(servicePackages).where(and(eq(servicePackages.merchantId, merchantId), sql`lower(${servicePackages.name}) = lower(${name})`));
  return row ?? null;
}

export async function insertPackage(db: DbOrTx, merchantId: string, v: PackageValues, userId: string | null): Promise<ServicePackageRow> {
  const [row] = await db.insert(servicePackages).values({ merchantId, ...v, createdBy: userId }).returning();
  if (!row) throw new Error('service package not inserted');
  return row;
}

export async function updatePackageRow(db: DbOrTx, merchantId: string, id: string, v: PackageValues): Promise<ServicePackageRow | null> {
  const [row] = await db
    .update(servicePackages)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(servicePackages.merchantId, merchantId), eq(servicePackages.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePackageRow(db: DbOrTx, merchantId: string, id: string): Promise<ServicePackageRow | null> {
  const [row] = await db.delete(servicePackages).where(and(eq(servicePackages.merchantId, merchantId), eq(servicePackages.id, id))).returning();
  return row ?? null;
}

/** The tenants on each of the packages (id, name), by package id. */
export async function tenantsOnPackages(db: DbOrTx, packageIds: readonly string[]): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const out = new Map<string, Array<{ id: string; name: string }>>();
  if (packageIds.length === 0) return out;
  const rows = await db
    .select({ packageId: tenantPackages.packageId, id: tenants.id, name: tenants.name })
    .from(tenantPackages)
    .innerJoin(tenants, eq(tenants.id, tenantPackages.tenantId))
    .where(inArray(tenantPackages.packageId, [...packageIds]))
    .orderBy(asc(tenants.name));
  for (const r of rows) {
    const list = out.get(r.packageId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.packageId, list);
  }
  return out;
}

export async function findOrgTenant(db: DbOrTx, merchantId: string, tenantId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(and(eq(tenants.merchantId, merchantId), eq(tenants.id, tenantId)));
  return row ?? null;
}

export async function currentAssignment(db: DbOrTx, tenantId: string): Promise<{ packageId: string } | null> {
  const [row] = await db.select({ packageId: tenantPackages.packageId }).from(tenantPackages).where(eq(tenantPackages.tenantId, tenantId));
  return row ?? null;
}

export async function assignPackage(db: DbOrTx, tenantId: string, packageId: string | null, userId: string | null): Promise<void> {
  if (packageId === null) {
    await db.delete(tenantPackages).where(eq(tenantPackages.tenantId, tenantId));
    return;
  }
  await db
    .insert(tenantPackages)
    .values({ tenantId, packageId, assignedBy: userId })
    .onConflictDoUpdate({ target: tenantPackages.tenantId, set: { packageId, assignedBy: userId, assignedAt: new Date() } });
}

/** The tenant's package (if any) with its assignment time, and the wallet's discount percent. */
export async function tenantPackageOf(db: DbOrTx, tenantId: string): Promise<{ pkg: ServicePackageRow | null; assignedAt: Date | null; discountPercent: number }> {
  const [row] = await db
    .select({ pkg: servicePackages, assignedAt: tenantPackages.assignedAt })
    .from(tenantPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, tenantPackages.packageId))
    .where(eq(tenantPackages.tenantId, tenantId));
  const [w] = await db.select({ d: wallets.discountPercent }).from(wallets).where(eq(wallets.tenantId, tenantId));
  return { pkg: row?.pkg ?? null, assignedAt: row?.assignedAt ?? null, discountPercent: Number(w?.d ?? 0) };
}

/** The prices of the tenant's package (null: none), for callers outside the send API's context read. */
export async function packagePricesOf(db: DbOrTx, tenantId: string): Promise<{ zns: number | null; oaCs: number | null; oaTransaction: number | null; oaPromotion: number | null } | null> {
  const [row] = await db
    .select({ zns: servicePackages.znsPrice, oaCs: servicePackages.oaCsPrice, oaTransaction: servicePackages.oaTransactionPrice, oaPromotion: servicePackages.oaPromotionPrice })
    .from(tenantPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, tenantPackages.packageId))
    .where(eq(tenantPackages.tenantId, tenantId));
  return row ?? null;
}
