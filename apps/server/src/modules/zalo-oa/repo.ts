import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { MERCHANT_ROLE_PERMISSIONS, ORGANISATION_WIDE_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type OaRow = typeof zaloOas.$inferSelect;

export async function findOaRow(db: DbOrTx, scope: TenantScope, id: string): Promise<OaRow | null> {
  const [row] = await db.select().from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, id)));
  return row ?? null;
}

export async function listOaRows(db: DbOrTx, scope: TenantScope, limit = 999, offset = 0) {
  const where = inTenant(scope, zaloOas);
  const rows = await db.select().from(zaloOas).where(where).orderBy(desc(zaloOas.createdAt)).limit(limit).offset(offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(zaloOas).where(where);
  return { rows, total: c?.n ?? 0 };
}

/** Whether any tenant has connected this Zalo OA already (an OA belongs to one tenant). */
export async function isZoaConnected(db: DbOrTx, zoaId: string): Promise<boolean> {
  const [taken] = await db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.zoaId, zoaId));
  return taken !== undefined;
}

/** Inserts the OA, or answers null when a concurrent connect of the same Zalo OA won. */
export async function insertOa(tx: DbOrTx, scope: TenantScope, values: Omit<typeof zaloOas.$inferInsert, 'tenantId'>): Promise<OaRow | null> {
  const [row] = await tx
    .insert(zaloOas)
    .values({ ...values, tenantId: scopedTenantId(scope) })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateOaRow(tx: DbOrTx, scope: TenantScope, id: string, change: Partial<Omit<OaRow, 'id' | 'tenantId' | 'createdAt'>>): Promise<OaRow | null> {
  const [row] = await tx
    .update(zaloOas)
    .set({ ...change, updatedAt: new Date() })
    .where(inTenant(scope, zaloOas, eq(zaloOas.id, id)))
    .returning();
  return row ?? null;
}

/** OAs of every tenant whose access token expires before `horizon` (or whose expiry is unknown). */
export async function findOasDueForRefresh(db: DbOrTx, horizon: Date, limit: number): Promise<OaRow[]> {
  return db
    .select()
    .from(zaloOas)
    .where(and(eq(zaloOas.tokenStatus, 'ACTIVE'), or(isNull(zaloOas.accessTokenExpiresAt), lt(zaloOas.accessTokenExpiresAt, horizon))))
    .limit(limit);
}

/** Marks an ACTIVE OA REFRESH_FAILED; null when it was not ACTIVE any more (already marked or reconnected). */
export async function markRefreshFailed(tx: DbOrTx, scope: TenantScope, id: string, reason: string): Promise<OaRow | null> {
  const [row] = await tx
    .update(zaloOas)
    .set({ tokenStatus: 'REFRESH_FAILED', lastRefreshError: reason.slice(0, 500), updatedAt: new Date() })
    .where(inTenant(scope, zaloOas, eq(zaloOas.id, id), eq(zaloOas.tokenStatus, 'ACTIVE')))
    .returning();
  return row ?? null;
}

/** Users of the tenant who hold `permission` there (organisation-wide roles or through their group). */
export async function tenantUsersWith(db: DbOrTx, scope: TenantScope, permission: string): Promise<Array<{ id: string; email: string }>> {
  const tenantId = scopedTenantId(scope);
  const [tenant] = await db.select({ merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, role: merchantMembers.role, groupPermissions: userGroups.permissions, member: tenantMembers.userId })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.userId, users.id), eq(tenantMembers.tenantId, tenantId)))
    .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(eq(merchantMembers.merchantId, tenant.merchantId));
  return rows
    .filter((r) => {
      const role = r.role as MerchantRole;
      const reaches = ORGANISATION_WIDE_ROLES.includes(role) || r.member !== null;
      const perms = new Set<string>([...MERCHANT_ROLE_PERMISSIONS[role], ...(r.groupPermissions ?? [])]);
      return reaches && perms.has(permission);
    })
    .map((r) => ({ id: r.id, email: r.email }));
}
