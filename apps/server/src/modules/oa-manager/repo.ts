import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OaUpdateRequestStatus } from '@zc/shared/api/oa-manager';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { oaQuotas, oaUpdateRequests } from '../../db/schema/oa-analytics';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type UpdateRequestRow = typeof oaUpdateRequests.$inferSelect;
export type QuotaRow = typeof oaQuotas.$inferSelect;

export async function findTenantOa(db: DbOrTx, scope: TenantScope, zaloOaId: string) {
  const [oa] = await db.select({ id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return oa;
}

export async function listTenantOas(db: DbOrTx, scope: TenantScope) {
  return db.select({ id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar }).from(zaloOas).where(inTenant(scope, zaloOas)).orderBy(zaloOas.createdAt);
}

export async function insertUpdateRequest(db: DbOrTx, scope: TenantScope, values: Omit<typeof oaUpdateRequests.$inferInsert, 'tenantId' | 'id' | 'seq'>): Promise<UpdateRequestRow> {
  const [row] = await db.insert(oaUpdateRequests).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The request (of the scope's tenant), locked for a status change. */
export async function lockUpdateRequest(db: DbOrTx, scope: TenantScope, id: string): Promise<UpdateRequestRow | undefined> {
  const [row] = await db.select().from(oaUpdateRequests).where(inTenant(scope, oaUpdateRequests, eq(oaUpdateRequests.id, id))).for('update');
  return row;
}

export async function setUpdateRequestStatus(db: DbOrTx, id: string, status: OaUpdateRequestStatus, by: string): Promise<UpdateRequestRow> {
  const [row] = await db.update(oaUpdateRequests).set({ status, cancelledBy: by, updatedAt: new Date() }).where(eq(oaUpdateRequests.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function listUpdateRequests(db: DbOrTx, scope: TenantScope, q: { zaloOAId?: string; status?: OaUpdateRequestStatus; limit: number; offset: number }) {
  const conds: SQL[] = [];
  if (q.zaloOAId) conds.push(eq(oaUpdateRequests.zaloOaId, q.zaloOAId));
  if (q.status) conds.push(eq(oaUpdateRequests.status, q.status));
  const where = inTenant(scope, oaUpdateRequests, ...conds);
  const rows = await db
    .select({ r: oaUpdateRequests, oaName: zaloOas.name, oaAvatar: zaloOas.avatar, creatorName: users.displayName })
    .from(oaUpdateRequests)
    .innerJoin(zaloOas, eq(zaloOas.id, oaUpdateRequests.zaloOaId))
    .leftJoin(users, eq(users.id, oaUpdateRequests.createdBy))
    .where(where)
    .orderBy(desc(oaUpdateRequests.createdAt), desc(oaUpdateRequests.seq))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(oaUpdateRequests).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Replaces what is stored of the OA's quotas with what Zalo answered now. */
export async function replaceQuotas(db: DbOrTx, scope: TenantScope, zaloOaId: string, rows: Array<Omit<typeof oaQuotas.$inferInsert, 'tenantId' | 'zaloOaId' | 'id'>>): Promise<void> {
  await db.delete(oaQuotas).where(inTenant(scope, oaQuotas, eq(oaQuotas.zaloOaId, zaloOaId)));
  if (rows.length) await db.insert(oaQuotas).values(rows.map((r) => ({ ...r, tenantId: scopedTenantId(scope), zaloOaId })));
}

export async function listQuotas(db: DbOrTx, scope: TenantScope, zaloOaId?: string): Promise<QuotaRow[]> {
  return db
    .select()
    .from(oaQuotas)
    .where(inTenant(scope, oaQuotas, zaloOaId ? eq(oaQuotas.zaloOaId, zaloOaId) : undefined))
    .orderBy(oaQuotas.productType, oaQuotas.quotaType, oaQuotas.assetId);
}

