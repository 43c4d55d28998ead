import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { MerchantRole } from '@zc/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers } from '../../db/schema/organisation';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type UserGroupRow = typeof userGroups.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${tenantMembers} where ${tenantMembers.userGroupId} = ${userGroups.id})`;

/** A page of the tenant's user groups with their member counts, and the total. */
export async function findGroups(db: DbOrTx, scope: TenantScope, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ group: userGroups, userCount: memberCount })
    .from(userGroups)
    .where(inTenant(scope, userGroups))
    .orderBy(asc(userGroups.createdAt), asc(userGroups.name))
    .limit(page.limit)
    .offset(page.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(userGroups).where(inTenant(scope, userGroups));
  return { items: rows, total: c?.n ?? 0 };
}

/** One group of the tenant (null for another tenant's id), locked when `lock`. */
export async function findGroup(db: DbOrTx, scope: TenantScope, id: string, lock = false): Promise<UserGroupRow | null> {
  const q = db.select().from(userGroups).where(inTenant(scope, userGroups, eq(userGroups.id, id)));
  const [g] = lock ? await q.for('update') : await q;
  return g ?? null;
}

export async function countGroupMembers(db: DbOrTx, scope: TenantScope, groupId: string): Promise<number> {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(tenantMembers).where(inTenant(scope, tenantMembers, eq(tenantMembers.userGroupId, groupId)));
  return c?.n ?? 0;
}

export async function updateGroup(db: DbOrTx, scope: TenantScope, id: string, patch: { name?: string; permissions?: string[] }): Promise<UserGroupRow | null> {
  const [row] = await db.update(userGroups).set(patch).where(inTenant(scope, userGroups, eq(userGroups.id, id))).returning();
  return row ?? null;
}

/** Organisation members who are not in this group (tenant members of other groups included). */
export async function findUsersOutsideGroup(db: DbOrTx, scope: TenantScope, merchantId: string, groupId: string) {
  const rows = await db
    .select({ user: users, groupId: tenantMembers.userGroupId })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, inTenant(scope, tenantMembers, eq(tenantMembers.userId, users.id)))
    .where(and(eq(merchantMembers.merchantId, merchantId), or(isNull(tenantMembers.userGroupId), ne(tenantMembers.userGroupId, groupId))))
    .orderBy(asc(users.email))
    .limit(1000);
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((x): x is string => Boolean(x)))];
  const names = groupIds.length
    ? await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups).where(inTenant(scope, userGroups, inArray(userGroups.id, groupIds)))
    : [];
  return rows.map((r) => ({
    id: r.user.id,
    email: r.user.email,
    displayName: r.user.displayName,
    avatar: r.user.avatar,
    userGroup: r.groupId ? (names.find((n) => n.id === r.groupId) ?? null) : null,
  }));
}

/** Which of `userIds` are members of the organisation. */
export async function findOrganisationMemberIds(db: DbOrTx, merchantId: string, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: merchantMembers.userId })
    .from(merchantMembers)
    .where(and(eq(merchantMembers.merchantId, merchantId), inArray(merchantMembers.userId, userIds)));
  return rows.map((r) => r.userId);
}

/** Puts the users in the group (joining the tenant when they were not members). */
export async function putInGroup(db: DbOrTx, scope: TenantScope, groupId: string, userIds: string[]): Promise<void> {
  const tenantId = scopedTenantId(scope);
  for (const userId of userIds) {
    await db
      .insert(tenantMembers)
      .values({ tenantId, userId, userGroupId: groupId })
      .onConflictDoUpdate({ target: [tenantMembers.tenantId, tenantMembers.userId], set: { userGroupId: groupId } });
  }
}

/** Takes the users out of the group; they stay tenant members without a group. */
export async function takeOutOfGroup(db: DbOrTx, scope: TenantScope, groupId: string, userIds: string[]): Promise<void> {
  await db
    .update(tenantMembers)
    .set({ userGroupId: null })
    .where(inTenant(scope, tenantMembers, eq(tenantMembers.userGroupId, groupId), inArray(tenantMembers.userId, userIds)));
}

/** A page of the tenant's members with their group, and the total. */
export async function findTenantMembers(db: DbOrTx, scope: TenantScope, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ user: users, groupId: userGroups.id, groupName: userGroups.name })
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(inTenant(scope, tenantMembers))
    .orderBy(asc(users.email))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tenantMembers).where(inTenant(scope, tenantMembers));
  return {
    total: count?.n ?? 0,
    items: rows.map((r) => ({
      id: r.user.id,
      email: r.user.email,
      displayName: r.user.displayName,
      avatar: r.user.avatar,
      userGroup: r.groupId && r.groupName ? { id: r.groupId, name: r.groupName } : null,
    })),
  };
}

/** The tenant's group named `name` (case-insensitive), other than `exceptId`; null when the name is free. */
export async function findGroupByName(db: DbOrTx, scope: TenantScope, name: string, exceptId?: string): Promise<UserGroupRow | null> {
  const [g] = await db
    .select()
    .from(userGroups)
    .where(inTenant(scope, userGroups, sql`lower(${userGroups.name}) = lower(${name})`, exceptId ? ne(userGroups.id, exceptId) : undefined))
    .limit(1);
  return g ?? null;
}

export async function insertGroup(db: DbOrTx, scope: TenantScope, values: { name: string; permissions: string[] }): Promise<UserGroupRow> {
  const [row] = await db.insert(userGroups).values({ tenantId: scopedTenantId(scope), name: values.name, permissions: values.permissions }).returning();
  if (!row) throw new Error('user group insert returned nothing');
  return row;
}

/** The tenant's default group (where new members and members of a deleted group go). */
export async function findDefaultGroup(db: DbOrTx, scope: TenantScope): Promise<UserGroupRow | null> {
  const [g] = await db.select().from(userGroups).where(inTenant(scope, userGroups, eq(userGroups.isDefault, true))).limit(1);
  return g ?? null;
}

/** Moves every member of `fromId` to `toId` (null: no group); returns who moved. */
export async function moveGroupMembers(db: DbOrTx, scope: TenantScope, fromId: string, toId: string | null): Promise<string[]> {
  const rows = await db
    .update(tenantMembers)
    .set({ userGroupId: toId })
    .where(inTenant(scope, tenantMembers, eq(tenantMembers.userGroupId, fromId)))
    .returning({ userId: tenantMembers.userId });
  return rows.map((r) => r.userId);
}

export async function deleteGroupRow(db: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await db.delete(userGroups).where(inTenant(scope, userGroups, eq(userGroups.id, id)));
}

/**
 * Everyone who acts in the tenant: its members (with their group's permissions) and the
 * organisation-wide members (OWNER, ADMIN) who act on it without a membership.
 */
export async function findTenantActors(db: DbOrTx, scope: TenantScope, merchantId: string, wideRoles: readonly MerchantRole[]) {
  const tenantId = scopedTenantId(scope);
  const rows = await db
    .select({
      user: users,
      role: merchantMembers.role,
      groupId: userGroups.id,
      groupName: userGroups.name,
      groupPermissions: userGroups.permissions,
      member: tenantMembers.userId,
    })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.userId, merchantMembers.userId), eq(tenantMembers.tenantId, tenantId)))
    .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(and(eq(merchantMembers.merchantId, merchantId), or(sql`${tenantMembers.userId} is not null`, inArray(merchantMembers.role, [...wideRoles]))))
    .orderBy(asc(users.email))
    .limit(2000);
  return rows.map((r) => ({
    id: r.user.id,
    email: r.user.email,
    displayName: r.user.displayName,
    avatar: r.user.avatar,
    role: r.role,
    userGroup: r.groupId && r.groupName ? { id: r.groupId, name: r.groupName } : null,
    groupPermissions: r.groupPermissions ?? [],
  }));
}
