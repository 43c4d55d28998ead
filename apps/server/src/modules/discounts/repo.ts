import { and, count, desc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tenantDiscounts } from '../../db/schema/discounts';
import { tenants } from '../../db/schema/organisation';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type DiscountRow = typeof tenantDiscounts.$inferSelect;
export type DiscountState = 'ACTIVE' | 'SCHEDULED' | 'EXPIRED';

function stateCondition(state: DiscountState | undefined, now: Date): SQL | undefined {
  if (state === 'ACTIVE') return and(lte(tenantDiscounts.validFrom, now), or(isNull(tenantDiscounts.validTo), gt(tenantDiscounts.validTo, now)));
  if (state === 'SCHEDULED') return gt(tenantDiscounts.validFrom, now);
  if (state === 'EXPIRED') return lte(tenantDiscounts.validTo, now);
  return undefined;
}

export async function listForTenant(db: DbOrTx, scope: TenantScope, q: { state?: DiscountState; limit: number; offset: number }, now: Date) {
  const where = inTenant(scope, tenantDiscounts, stateCondition(q.state, now));
  const rows = await db.select().from(tenantDiscounts).where(where).orderBy(desc(tenantDiscounts.validFrom), desc(tenantDiscounts.id)).limit(q.limit).offset(q.offset);
  const [c] = await db.select({ n: count() }).from(tenantDiscounts).where(where);
  return { rows, total: c?.n ?? 0 };
}

/** Every tenant's discounts of one organisation (VIEW_MERCHANT_DISCOUNT), with the tenant name. */
export async function listForMerchant(db: DbOrTx, merchantId: string, q: { tenantId?: string; state?: DiscountState; limit: number; offset: number }, now: Date) {
  const where = and(eq(tenants.merchantId, merchantId), q.tenantId ? eq(tenantDiscounts.tenantId, q.tenantId) : undefined, stateCondition(q.state, now));
  const rows = await db
    .select({ d: tenantDiscounts, tenantName: tenants.name })
    .from(tenantDiscounts)
    .innerJoin(tenants, eq(tenants.id, tenantDiscounts.tenantId))
    .where(where)
    .orderBy(tenants.name, desc(tenantDiscounts.validFrom), desc(tenantDiscounts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [c] = await db.select({ n: count() }).from(tenantDiscounts).innerJoin(tenants, eq(tenants.id, tenantDiscounts.tenantId)).where(where);
  return { rows: rows.map((r) => ({ ...r.d, tenantName: r.tenantName })), total: c?.n ?? 0 };
}

export async function findDiscount(db: DbOrTx, scope: TenantScope, id: string): Promise<DiscountRow | null> {
  const [row] = await db.select().from(tenantDiscounts).where(inTenant(scope, tenantDiscounts, eq(tenantDiscounts.id, id)));
  return row ?? null;
}

/** Serialises discount writes of one tenant for the rest of the transaction (the overlap check). */
export async function lockTenantDiscounts(db: DbOrTx, scope: TenantScope): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('tenant_discounts'), hashtext(${scopedTenantId(scope)}))`);
}

/** A discount of the same target whose [validFrom, validTo) meets [from, to) (null: open-ended). */
export async function findOverlap(db: DbOrTx, scope: TenantScope, p: { targetKind: string; targetValue: string; from: Date; to: Date | null; exceptId?: string }): Promise<DiscountRow | null> {
  const [row] = await db
    .select()
    .from(tenantDiscounts)
    .where(
      inTenant(
        scope,
        tenantDiscounts,
        eq(tenantDiscounts.targetKind, p.targetKind as DiscountRow['targetKind']),
        eq(tenantDiscounts.targetValue, p.targetValue),
        p.exceptId ? ne(tenantDiscounts.id, p.exceptId) : undefined,
        or(isNull(tenantDiscounts.validTo), gt(tenantDiscounts.validTo, p.from)),
        p.to ? sql`${tenantDiscounts.validFrom} < ${p.to}` : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export type DiscountValues = Pick<DiscountRow, 'targetKind' | 'targetValue' | 'discountType' | 'value' | 'validFrom' | 'validTo' | 'note'>;

export async function insertDiscount(db: DbOrTx, scope: TenantScope, v: DiscountValues, createdBy: string): Promise<DiscountRow> {
  const [row] = await db.insert(tenantDiscounts).values({ ...v, tenantId: scopedTenantId(scope), createdBy }).returning();
  if (!row) throw new Error('discount insert returned nothing');
  return row;
}

export async function updateDiscountRow(db: DbOrTx, scope: TenantScope, id: string, v: DiscountValues): Promise<DiscountRow | null> {
  const [row] = await db.update(tenantDiscounts).set({ ...v, updatedAt: new Date() }).where(inTenant(scope, tenantDiscounts, eq(tenantDiscounts.id, id))).returning();
  return row ?? null;
}

export async function deleteDiscountRow(db: DbOrTx, scope: TenantScope, id: string): Promise<DiscountRow | null> {
  const [row] = await db.delete(tenantDiscounts).where(inTenant(scope, tenantDiscounts, eq(tenantDiscounts.id, id))).returning();
  return row ?? null;
}
