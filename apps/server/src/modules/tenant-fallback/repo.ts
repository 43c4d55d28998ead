import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { oaFollowers } from '../../db/schema/followers';
import { tenants } from '../../db/schema/organisation';
import { tenantFallbackSettings } from '../../db/schema/tenant-fallback';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type FallbackSettingsRow = typeof tenantFallbackSettings.$inferSelect;

/** The tenant's saved settings with the user who saved them last, or null (defaults apply). */
export async function findFallbackSettings(db: DbOrTx, scope: TenantScope) {
  const [row] = await db
    .select({ s: tenantFallbackSettings, by: { id: users.id, displayName: users.displayName, email: users.email } })
    .from(tenantFallbackSettings)
    .leftJoin(users, eq(users.id, tenantFallbackSettings.updatedBy))
    .where(inTenant(scope, tenantFallbackSettings));
  if (!row) return null;
  return { ...row.s, updatedByUser: row.by?.id ? row.by : null };
}

export type FallbackSettingsWithUser = NonNullable<Awaited<ReturnType<typeof findFallbackSettings>>>;

export async function upsertFallbackSettings(
  db: DbOrTx,
  scope: TenantScope,
  values: Pick<FallbackSettingsRow, 'enabled' | 'triggerCodes' | 'messageKind' | 'header' | 'content' | 'updatedBy'>,
): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db.insert(tenantFallbackSettings).values({ tenantId: scopedTenantId(scope), ...set }).onConflictDoUpdate({ target: tenantFallbackSettings.tenantId, set });
}

/**
 * The follower of the OA who shared this phone (84…), following now. Zalo lets two accounts
 * share one number rarely; the most recently synced one wins so the choice is deterministic.
 */
/** Whether the tenant's OA service is on (a fallback is an OA message). */
export async function tenantOaServiceOn(db: DbOrTx, tenantId: string): Promise<boolean> {
  const [tenant] = await db.select({ oaService: tenants.oaService }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.oaService ?? false;
}

export async function findFollowerByPhone(db: DbOrTx, zaloOaId: string, phone: string) {
  const [row] = await db
    .select({ userId: oaFollowers.userId })
    .from(oaFollowers)
    .where(and(eq(oaFollowers.zaloOaId, zaloOaId), eq(oaFollowers.phone, phone), eq(oaFollowers.isFollower, true)))
    .orderBy(desc(oaFollowers.syncedAt), asc(oaFollowers.userId))
    .limit(1);
  return row ?? null;
}
