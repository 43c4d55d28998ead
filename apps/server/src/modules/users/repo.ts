import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { containsPattern, ilikeContains } from '../../platform/sql';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';

export interface MemberQuery {
  merchantId: string;
  /** Restrict to members of this tenant. */
  tenant?: TenantScope;
  email?: string;
  tenantName?: string;
  orderBy: { field: 'createdAt' | 'email' | 'displayName'; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
  userIds?: string[];
}


/** Members of an organisation (optionally of one tenant), with their tenant memberships there. */
export async function findMembers(db: DbOrTx, q: MemberQuery) {
  const conds: SQL[] = [eq(merchantMembers.merchantId, q.merchantId)];
  if (q.email) conds.push(ilikeContains(users.email, q.email));
  if (q.userIds) conds.push(inArray(users.id, q.userIds.length ? q.userIds : ['00000000-0000-0000-0000-000000000000']));
  if (q.tenant) {
    conds.push(sql`exists (select 1 from ${tenantMembers} where ${inTenant(q.tenant, tenantMembers, eq(tenantMembers.userId, users.id))})`);
  }
  if (q.tenantName) {
    conds.push(
      sql`exists (select 1 from ${tenantMembers} tm join ${tenants} t on t.id = tm.tenant_id where tm.user_id = ${users.id} and t.merchant_id = ${q.merchantId} and t.name ilike ${containsPattern(q.tenantName)})`,
    );
  }
  const where = and(...conds);
  const col = q.orderBy.field === 'email' ? users.email : q.orderBy.field === 'displayName' ? users.displayName : merchantMembers.createdAt;
  const order = q.orderBy.direction === 'asc' ? asc(col) : desc(col);
  const rows = await db
    .select({ user: users, role: merchantMembers.role, joinedAt: merchantMembers.createdAt })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .where(where)
    .orderBy(order, asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .where(where);
  const ids = rows.map((r) => r.user.id);
  const memberships = ids.length
    ? await db
        .select({ userId: tenantMembers.userId, tenantId: tenants.id, tenantName: tenants.name, groupId: userGroups.id, groupName: userGroups.name })
        .from(tenantMembers)
        .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
        .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
        .where(and(inArray(tenantMembers.userId, ids), eq(tenants.merchantId, q.merchantId)))
        .orderBy(asc(tenants.createdAt))
    : [];
  return {
    total: count?.n ?? 0,
    items: rows.map((r) => ({
      id: r.user.id,
      email: r.user.email,
      displayName: r.user.displayName,
      avatar: r.user.avatar,
      // merchant_members.role is written only from the MERCHANT_ROLES enum.
      roleMerchant: { name: r.role as MerchantRole },
      tenants: memberships
        .filter((m) => m.userId === r.user.id)
        .map((m) => ({ id: m.tenantId, name: m.tenantName, userGroup: m.groupId && m.groupName ? { id: m.groupId, name: m.groupName } : null })),
      createdAt: r.joinedAt.toISOString(),
    })),
  };
}

export async function findMember(db: DbOrTx, merchantId: string, userId: string) {
  const { items } = await findMembers(db, { merchantId, userIds: [userId], orderBy: { field: 'createdAt', direction: 'desc' }, limit: 1, offset: 0 });
  return items[0] ?? null;
}

/** Replaces the user's tenant memberships inside one organisation; new ones join the default group. */
export async function setTenantMemberships(db: DbOrTx, merchantId: string, userId: string, tenantIds: string[]): Promise<void> {
  const own = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.merchantId, merchantId));
  const ownIds = new Set(own.map((t) => t.id));
  const current = await db
    .select({ tenantId: tenantMembers.tenantId })
    .from(tenantMembers)
    .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
    .where(and(eq(tenantMembers.userId, userId), eq(tenants.merchantId, merchantId)));
  const want = new Set(tenantIds);
  const remove = current.map((c) => c.tenantId).filter((id) => !want.has(id));
  if (remove.length) await db.delete(tenantMembers).where(and(eq(tenantMembers.userId, userId), inArray(tenantMembers.tenantId, remove)));
  const have = new Set(current.map((c) => c.tenantId));
  for (const tenantId of want) {
    if (have.has(tenantId) || !ownIds.has(tenantId)) continue;
    const [group] = await db.select({ id: userGroups.id }).from(userGroups).where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.isDefault, true))).limit(1);
    await db.insert(tenantMembers).values({ tenantId, userId, userGroupId: group?.id ?? null });
  }
}

/** Ids among `tenantIds` that are not tenants of the organisation. */
export async function foreignTenantIds(db: DbOrTx, merchantId: string, tenantIds: string[]): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const own = await db.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.merchantId, merchantId), inArray(tenants.id, tenantIds)));
  const ok = new Set(own.map((t) => t.id));
  return tenantIds.filter((id) => !ok.has(id));
}

/** Ends a membership: the organisation's tenant memberships first, then the organisation one. */
export async function removeMembership(db: DbOrTx, merchantId: string, userId: string): Promise<void> {
  const own = (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.merchantId, merchantId))).map((t) => t.id);
  if (own.length) await db.delete(tenantMembers).where(and(eq(tenantMembers.userId, userId), inArray(tenantMembers.tenantId, own)));
  await db.delete(merchantMembers).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, userId)));
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** How many owners the organisation has (the last one may not go). */
export async function countOwners(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(merchantMembers)
    .where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.role, 'OWNER')));
  return row?.n ?? 0;
}

export async function setMemberRole(db: DbOrTx, merchantId: string, userId: string, role: MerchantRole): Promise<void> {
  await db.update(merchantMembers).set({ role }).where(and(eq(merchantMembers.merchantId, merchantId), eq(merchantMembers.userId, userId)));
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u ?? null;
}

/** The user's group in a tenant (null when not a member or in no group). */
export async function findTenantGroupOf(db: DbOrTx, tenantId: string, userId: string) {
  const [row] = await db
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(tenantMembers)
    .innerJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)));
  return row ?? null;
}
