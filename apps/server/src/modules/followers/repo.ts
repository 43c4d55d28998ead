import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oaFollowers } from '../../db/schema/followers';
import { zaloOas } from '../../db/schema/zalo-oa';
import { ilikeContains } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type FollowerRow = typeof oaFollowers.$inferSelect;
export type FollowerValues = Omit<typeof oaFollowers.$inferInsert, 'id' | 'tenantId' | 'zaloOaId' | 'userId'>;

export async function findOaId(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string | null> {
  const [oa] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return oa?.id ?? null;
}

export async function upsertFollower(db: DbOrTx, scope: TenantScope, key: { zaloOaId: string; userId: string }, values: FollowerValues): Promise<void> {
  await db
    .insert(oaFollowers)
    .values({ tenantId: scopedTenantId(scope), ...key, ...values })
    .onConflictDoUpdate({ target: [oaFollowers.zaloOaId, oaFollowers.userId], set: values });
}

export async function listFollowerRows(db: DbOrTx, scope: TenantScope, q: { search?: string; zaloOAId?: string; limit: number; offset: number }) {
  const conds: SQL[] = [];
  if (q.zaloOAId) conds.push(eq(oaFollowers.zaloOaId, q.zaloOAId));
  if (q.search) conds.push(ilikeContains(oaFollowers.displayName, q.search));
  const where = inTenant(scope, oaFollowers, ...conds);
  const rows = await db
    .select({ f: oaFollowers, oaName: zaloOas.name, oaAvatar: zaloOas.avatar })
    .from(oaFollowers)
    .innerJoin(zaloOas, eq(zaloOas.id, oaFollowers.zaloOaId))
    .where(where)
    .orderBy(asc(oaFollowers.displayName), asc(oaFollowers.id))
    .limit(q.limit)
    .offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(oaFollowers).where(where);
  return { rows, total: c?.n ?? 0 };
}

/**
 * A Zalo event's change to one follower of an OA (the webhook knows only the OA, whose id is unique
 * across tenants). `mergeSharedInfo` is merged into the stored object in the statement itself, so two
 * events for the same user never lose each other. Returns whether a row changed.
 */
export async function updateFollowerOfOa(
  db: DbOrTx,
  zaloOaId: string,
  userId: string,
  change: { sharedInfo?: null; mergeSharedInfo?: Record<string, string>; phone?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(oaFollowers)
    .set({
      ...(change.sharedInfo === null ? { sharedInfo: null } : {}),
      ...(change.mergeSharedInfo ? { sharedInfo: sql`coalesce(${oaFollowers.sharedInfo}, '{}'::jsonb) || ${JSON.stringify(change.mergeSharedInfo)}::jsonb` } : {}),
      ...(change.phone !== undefined ? { phone: change.phone } : {}),
      syncedAt: new Date(),
    })
    .where(and(eq(oaFollowers.zaloOaId, zaloOaId), eq(oaFollowers.userId, userId)))
    .returning({ id: oaFollowers.id });
  return rows.length > 0;
}
