import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { templateRequests, znsTemplates } from '../../db/schema/templates';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { ilikeContains } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TemplateRow = typeof znsTemplates.$inferSelect;
export type TemplateRequestRow = typeof templateRequests.$inferSelect;
type TemplateRequestStatus = TemplateRequestRow['status'];

/** The tenant's discount on template prices (its wallet's discountPercent), 0 without a wallet. */
export async function findTenantDiscount(db: DbOrTx, scope: TenantScope): Promise<number> {
  const [w] = await db.select({ d: wallets.discountPercent }).from(wallets).where(eq(wallets.tenantId, scopedTenantId(scope)));
  return w?.d ?? 0;
}

export async function listTemplates(db: DbOrTx, scope: TenantScope, q: { tag?: string; status?: string; zaloOAId?: string; name?: string; limit: number; offset: number }) {
  const conds: SQL[] = [];
  if (q.tag) conds.push(eq(znsTemplates.tag, q.tag));
  if (q.status) conds.push(eq(znsTemplates.status, q.status));
  if (q.zaloOAId) conds.push(eq(znsTemplates.zaloOaId, q.zaloOAId));
  if (q.name) conds.push(ilikeContains(znsTemplates.name, q.name));
  const where = inTenant(scope, znsTemplates, ...conds);
  const rows = await db.select().from(znsTemplates).where(where).orderBy(asc(znsTemplates.name), asc(znsTemplates.id)).limit(q.limit).offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(znsTemplates).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function findTemplateRow(db: DbOrTx, scope: TenantScope, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(znsTemplates).where(inTenant(scope, znsTemplates, eq(znsTemplates.id, id)));
  return row ?? null;
}

/** Ids of the tenant's OAs (a sync walks each). */
export async function listOaIds(db: DbOrTx, scope: TenantScope): Promise<string[]> {
  return (await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas))).map((o) => o.id);
}

export async function findOaId(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string | null> {
  const [oa] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return oa?.id ?? null;
}

export type TemplateValues = Omit<typeof znsTemplates.$inferInsert, 'id' | 'tenantId' | 'zaloOaId' | 'znsTemplateId'>;

export async function upsertTemplate(db: DbOrTx, scope: TenantScope, key: { zaloOaId: string; znsTemplateId: string }, values: TemplateValues): Promise<void> {
  await db
    .insert(znsTemplates)
    .values({ tenantId: scopedTenantId(scope), ...key, ...values })
    .onConflictDoUpdate({ target: [znsTemplates.tenantId, znsTemplates.zaloOaId, znsTemplates.znsTemplateId], set: values });
}

/**
 * A Zalo review outcome for one OA's template (webhook or sync): its library row takes the status /
 * quality. Keyed by the OA, whose id is unique across tenants (the webhook knows only the OA).
 */
export async function setTemplateOfOa(db: DbOrTx, zaloOaId: string, znsTemplateId: string, change: Partial<Pick<TemplateRow, 'status' | 'quality'>>): Promise<void> {
  await db.update(znsTemplates).set(change).where(and(eq(znsTemplates.zaloOaId, zaloOaId), eq(znsTemplates.znsTemplateId, znsTemplateId)));
}

/** Requests of the OA for that template still waiting for review take the verdict. */
export async function settleRequestsOfOa(db: DbOrTx, zaloOaId: string, znsTemplateId: string, verdict: { status: Extract<TemplateRequestStatus, 'APPROVED' | 'REJECTED'>; error: string | null }): Promise<void> {
  await db
    .update(templateRequests)
    .set({ ...verdict, updatedAt: new Date() })
    .where(and(eq(templateRequests.zaloOaId, zaloOaId), eq(templateRequests.znsTemplateId, znsTemplateId), inArray(templateRequests.status, ['PENDING', 'SUBMITTED'])));
}

export async function listTemplateRequests(db: DbOrTx, scope: TenantScope, page: { limit: number; offset: number }) {
  const where = inTenant(scope, templateRequests);
  const rows = await db.select().from(templateRequests).where(where).orderBy(desc(templateRequests.createdAt), desc(templateRequests.id)).limit(page.limit).offset(page.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(templateRequests).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function insertTemplateRequest(tx: DbOrTx, scope: TenantScope, values: Pick<typeof templateRequests.$inferInsert, 'zaloOaId' | 'name' | 'payload' | 'createdBy'>): Promise<TemplateRequestRow> {
  const [row] = await tx.insert(templateRequests).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('template request insert returned nothing');
  return row;
}

export async function findTemplateRequestRow(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<TemplateRequestRow | null> {
  const q = db.select().from(templateRequests).where(inTenant(scope, templateRequests, eq(templateRequests.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateTemplateRequest(
  tx: DbOrTx,
  scope: TenantScope,
  id: string,
  values: Partial<Pick<TemplateRequestRow, 'zaloOaId' | 'name' | 'payload' | 'status' | 'znsTemplateId' | 'error'>>,
  onlyIfStatus?: TemplateRequestStatus,
): Promise<TemplateRequestRow | null> {
  const [row] = await tx
    .update(templateRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(scope, templateRequests, eq(templateRequests.id, id), onlyIfStatus ? eq(templateRequests.status, onlyIfStatus) : undefined))
    .returning();
  return row ?? null;
}
