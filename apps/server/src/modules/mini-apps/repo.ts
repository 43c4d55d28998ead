import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { ORGANISATION_WIDE_ROLES } from '@zc/shared/permissions';
import type { ZmaActivityKind } from '@zc/shared/api/zma';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { tenantMembers } from '../../db/schema/user-groups';
import { zaloOas } from '../../db/schema/zalo-oa';
import { zmaActivity, zmaApiKeys, zmaApps, zmaBranches, zmaCustomers, zmaGiftCodes, zmaGiftItems, zmaRoleMembers, zmaRoles } from '../../db/schema/zma';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

/** SQL only (docs/server-guide.md): the mini-app registry, keys, roles, members and activity. */

export type ZmaAppRow = typeof zmaApps.$inferSelect;
export type ZmaApiKeyRow = typeof zmaApiKeys.$inferSelect;
export type ZmaRoleRow = typeof zmaRoles.$inferSelect;

const customersOf = sql<number>`(select count(*)::int from ${zmaCustomers} where ${zmaCustomers.zmaAppId} = ${zmaApps.id})`;

/** The tenant's mini apps (oldest first), each with its customer count; `onlyForUser`: those where the user has a role. */
export async function listApps(db: DbOrTx, scope: TenantScope, onlyForUser: string | null): Promise<Array<{ app: ZmaAppRow; customers: number }>> {
  const roleFilter = onlyForUser
    ? exists(db.select({ one: sql`1` }).from(zmaRoleMembers).where(and(eq(zmaRoleMembers.zmaAppId, zmaApps.id), eq(zmaRoleMembers.userId, onlyForUser))))
    : undefined;
  return db
    .select({ app: zmaApps, customers: customersOf })
    .from(zmaApps)
    .where(inTenant(scope, zmaApps, roleFilter))
    .orderBy(asc(zmaApps.createdAt), asc(zmaApps.id));
}

export async function findApp(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<ZmaAppRow | null> {
  const q = db.select().from(zmaApps).where(inTenant(scope, zmaApps, eq(zmaApps.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function countCustomers(db: DbOrTx, zmaAppId: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(zmaCustomers).where(eq(zmaCustomers.zmaAppId, zmaAppId));
  return r?.n ?? 0;
}

/** By Zalo's app id (unique across the product): the end-user sign-in resolves the mini app by it. */
/** With Zalo's id of the OA to follow (zmp-sdk followOA takes Zalo's id, not ours). */
export async function findAppByZaloAppId(db: DbOrTx, zaloAppId: string): Promise<(ZmaAppRow & { zoaId: string | null }) | null> {
  const [row] = await db
    .select({ app: zmaApps, zoaId: zaloOas.zoaId })
    .from(zmaApps)
    .leftJoin(zaloOas, eq(zaloOas.id, zmaApps.zaloOaId))
    .where(eq(zmaApps.zaloAppId, zaloAppId));
  return row ? { ...row.app, zoaId: row.zoaId } : null;
}

/** By id without a tenant: for trusted callers (workers, the end-user API) that hold the id already. */
export async function findAppById(db: DbOrTx, id: string): Promise<ZmaAppRow | null> {
  const [row] = await db.select().from(zmaApps).where(eq(zmaApps.id, id));
  return row ?? null;
}

export async function zaloAppIdTaken(db: DbOrTx, zaloAppId: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db.select({ id: zmaApps.id }).from(zmaApps).where(eq(zmaApps.zaloAppId, zaloAppId));
  return Boolean(row && row.id !== exceptId);
}

export async function oaOfTenant(db: DbOrTx, scope: TenantScope, oaId: string): Promise<boolean> {
  const [row] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, oaId)));
  return Boolean(row);
}

export async function insertApp(
  db: DbOrTx,
  scope: TenantScope,
  values: { name: string; zaloAppId: string; appSecretEnc: string; zaloOaId: string | null; logoUrl: string | null; createdBy: string },
): Promise<ZmaAppRow> {
  const [row] = await db.insert(zmaApps).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('insert zma_apps returned nothing');
  return row;
}

export async function updateApp(
  db: DbOrTx,
  scope: TenantScope,
  id: string,
  patch: Partial<Pick<ZmaAppRow, 'name' | 'logoUrl' | 'zaloOaId' | 'status' | 'appSecretEnc' | 'settings'>>,
): Promise<ZmaAppRow | null> {
  const [row] = await db
    .update(zmaApps)
    .set({ ...patch, updatedAt: new Date() })
    .where(inTenant(scope, zmaApps, eq(zmaApps.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteApp(db: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await db.delete(zmaApps).where(inTenant(scope, zmaApps, eq(zmaApps.id, id)));
}

// ---- API keys ----

export async function listKeys(db: DbOrTx, scope: TenantScope, zmaAppId: string): Promise<ZmaApiKeyRow[]> {
  return db
    .select()
    .from(zmaApiKeys)
    .where(inTenant(scope, zmaApiKeys, eq(zmaApiKeys.zmaAppId, zmaAppId)))
    .orderBy(desc(zmaApiKeys.createdAt), desc(zmaApiKeys.id));
}

export async function insertKey(
  db: DbOrTx,
  scope: TenantScope,
  values: { zmaAppId: string; name: string; keyPrefix: string; secretHash: string; createdBy: string },
): Promise<ZmaApiKeyRow> {
  const [row] = await db.insert(zmaApiKeys).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('insert zma_api_keys returned nothing');
  return row;
}

export async function findKey(db: DbOrTx, scope: TenantScope, zmaAppId: string, keyId: string): Promise<ZmaApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(zmaApiKeys)
    .where(inTenant(scope, zmaApiKeys, eq(zmaApiKeys.zmaAppId, zmaAppId), eq(zmaApiKeys.id, keyId)))
    .for('update');
  return row ?? null;
}

export async function revokeKey(db: DbOrTx, scope: TenantScope, keyId: string): Promise<ZmaApiKeyRow | null> {
  const [row] = await db
    .update(zmaApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(inTenant(scope, zmaApiKeys, eq(zmaApiKeys.id, keyId), isNull(zmaApiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** An unrevoked key by its hash, with its mini app's tenant and whether the mini-app service is on. */
export async function findLiveKeyByHash(db: DbOrTx, secretHash: string) {
  const [row] = await db
    .select({ id: zmaApiKeys.id, zmaAppId: zmaApiKeys.zmaAppId, tenantId: zmaApiKeys.tenantId, lastUsedAt: zmaApiKeys.lastUsedAt, moduleOn: tenants.isMiniAppEnabled })
    .from(zmaApiKeys)
    .innerJoin(tenants, eq(tenants.id, zmaApiKeys.tenantId))
    .where(and(eq(zmaApiKeys.secretHash, secretHash), isNull(zmaApiKeys.revokedAt)));
  return row ?? null;
}

/** Marks the key used, at most once a minute (a busy key does not write on every call). */
export async function touchKey(db: DbOrTx, keyId: string): Promise<void> {
  await db
    .update(zmaApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(zmaApiKeys.id, keyId), or(isNull(zmaApiKeys.lastUsedAt), lt(zmaApiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}

// ---- Roles and members ----

const membersOf = sql<number>`(select count(*)::int from ${zmaRoleMembers} where ${zmaRoleMembers.roleId} = ${zmaRoles.id})`;

export async function listRoles(db: DbOrTx, scope: TenantScope, zmaAppId: string): Promise<Array<{ role: ZmaRoleRow; members: number }>> {
  return db
    .select({ role: zmaRoles, members: membersOf })
    .from(zmaRoles)
    .where(inTenant(scope, zmaRoles, eq(zmaRoles.zmaAppId, zmaAppId)))
    .orderBy(asc(zmaRoles.name));
}

export async function findRole(db: DbOrTx, scope: TenantScope, zmaAppId: string, roleId: string): Promise<{ role: ZmaRoleRow; members: number } | null> {
  const [row] = await db
    .select({ role: zmaRoles, members: membersOf })
    .from(zmaRoles)
    .where(inTenant(scope, zmaRoles, eq(zmaRoles.zmaAppId, zmaAppId), eq(zmaRoles.id, roleId)));
  return row ?? null;
}

export async function roleNameTaken(db: DbOrTx, zmaAppId: string, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: zmaRoles.id })
    .from(zmaRoles)
    .where(and(eq(zmaRoles.zmaAppId, zmaAppId), sql`lower(${zmaRoles.name}) = lower(${name})`));
  return Boolean(row && row.id !== exceptId);
}

export async function insertRole(db: DbOrTx, scope: TenantScope, values: { zmaAppId: string; name: string; description: string | null; permissions: string[] }): Promise<ZmaRoleRow> {
  const [row] = await db.insert(zmaRoles).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('insert zma_roles returned nothing');
  return row;
}

export async function updateRole(
  db: DbOrTx,
  scope: TenantScope,
  zmaAppId: string,
  roleId: string,
  patch: Partial<Pick<ZmaRoleRow, 'name' | 'description' | 'permissions'>>,
): Promise<ZmaRoleRow | null> {
  const [row] = await db
    .update(zmaRoles)
    .set({ ...patch, updatedAt: new Date() })
    .where(inTenant(scope, zmaRoles, eq(zmaRoles.zmaAppId, zmaAppId), eq(zmaRoles.id, roleId)))
    .returning();
  return row ?? null;
}

export async function deleteRole(db: DbOrTx, scope: TenantScope, zmaAppId: string, roleId: string): Promise<void> {
  await db.delete(zmaRoles).where(inTenant(scope, zmaRoles, eq(zmaRoles.zmaAppId, zmaAppId), eq(zmaRoles.id, roleId)));
}

/**
 * Who may open the tenant (as platform/access.ts decides): members of its organisation with an
 * organisation-wide role, and tenant members.
 */
function tenantUserCondition(tenantId: string): SQL {
  const cond = or(
    inArray(merchantMembers.role, [...ORGANISATION_WIDE_ROLES]),
    sql`exists (select 1 from ${tenantMembers} where ${tenantMembers.tenantId} = ${tenantId} and ${tenantMembers.userId} = ${users.id})`,
  );
  if (!cond) throw new Error('unreachable');
  return cond;
}

export async function listTenantUsers(
  db: DbOrTx,
  scope: TenantScope,
  zmaAppId: string,
  q: { search?: string; roleId?: string; limit: number; offset: number },
): Promise<{ total: number; rows: Array<{ userId: string; displayName: string; email: string; avatar: string | null; roleId: string | null; roleName: string | null }> }> {
  const tenantId = scopedTenantId(scope);
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    tenantUserCondition(tenantId),
    search ? or(ilike(users.displayName, search), ilike(users.email, search)) : undefined,
    q.roleId ? eq(zmaRoleMembers.roleId, q.roleId) : undefined,
  );
  // One membership row per user and app (its primary key): the join never repeats a user.
  const memberOfApp = and(eq(zmaRoleMembers.zmaAppId, zmaAppId), eq(zmaRoleMembers.userId, users.id));
  const base = () =>
    db
      .select({
        userId: users.id,
        displayName: users.displayName,
        email: users.email,
        avatar: users.avatar,
        roleId: zmaRoles.id,
        roleName: zmaRoles.name,
      })
      .from(tenants)
      .innerJoin(merchantMembers, eq(merchantMembers.merchantId, tenants.merchantId))
      .innerJoin(users, eq(users.id, merchantMembers.userId))
      .leftJoin(zmaRoleMembers, memberOfApp)
      .leftJoin(zmaRoles, eq(zmaRoles.id, zmaRoleMembers.roleId))
      .where(and(eq(tenants.id, tenantId), where));
  const rows = await base().orderBy(asc(users.displayName), asc(users.id)).limit(q.limit).offset(q.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tenants)
    .innerJoin(merchantMembers, eq(merchantMembers.merchantId, tenants.merchantId))
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(zmaRoleMembers, memberOfApp)
    .where(and(eq(tenants.id, tenantId), where));
  return { total: count?.n ?? 0, rows };
}

/** The user when they may open the tenant, with their current role in this mini app. */
export async function findTenantUser(db: DbOrTx, scope: TenantScope, zmaAppId: string, userId: string) {
  const tenantId = scopedTenantId(scope);
  const [row] = await db
    .select({ userId: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar, roleId: zmaRoleMembers.roleId })
    .from(tenants)
    .innerJoin(merchantMembers, eq(merchantMembers.merchantId, tenants.merchantId))
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(zmaRoleMembers, and(eq(zmaRoleMembers.zmaAppId, zmaAppId), eq(zmaRoleMembers.userId, users.id)))
    .where(and(eq(tenants.id, tenantId), eq(users.id, userId), tenantUserCondition(tenantId)));
  return row ?? null;
}

export async function setRoleMember(db: DbOrTx, zmaAppId: string, userId: string, roleId: string | null): Promise<void> {
  if (roleId === null) {
    await db.delete(zmaRoleMembers).where(and(eq(zmaRoleMembers.zmaAppId, zmaAppId), eq(zmaRoleMembers.userId, userId)));
    return;
  }
  await db
    .insert(zmaRoleMembers)
    .values({ zmaAppId, userId, roleId })
    .onConflictDoUpdate({ target: [zmaRoleMembers.zmaAppId, zmaRoleMembers.userId], set: { roleId, createdAt: new Date() } });
}

// ---- Activity ----

export interface ActivityFilter {
  zmaAppId?: string;
  kind?: ZmaActivityKind;
  from?: string;
  to?: string;
  customerId?: string;
  branchId?: string;
}

function activityWhere(scope: TenantScope, f: ActivityFilter, after?: { cursorAt: string; id: number }): SQL {
  return inTenant(
    scope,
    zmaActivity,
    f.zmaAppId ? eq(zmaActivity.zmaAppId, f.zmaAppId) : undefined,
    f.kind ? eq(zmaActivity.kind, f.kind) : undefined,
    f.from ? gte(zmaActivity.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(zmaActivity.createdAt, new Date(f.to)) : undefined,
    f.customerId ? eq(zmaActivity.customerId, f.customerId) : undefined,
    f.branchId ? eq(zmaActivity.branchId, f.branchId) : undefined,
    after ? sql`(${zmaActivity.createdAt}, ${zmaActivity.id}) < (${after.cursorAt}::timestamptz, ${after.id})` : undefined,
  );
}

function activitySelect(db: DbOrTx) {
  return db
    .select({
      id: zmaActivity.id,
      zmaAppId: zmaActivity.zmaAppId,
      appName: zmaApps.name,
      kind: zmaActivity.kind,
      customerId: zmaCustomers.id,
      customerName: zmaCustomers.name,
      customerAvatar: zmaCustomers.avatar,
      branchId: zmaBranches.id,
      branchName: zmaBranches.name,
      giftItemId: zmaGiftItems.id,
      giftItemName: zmaGiftItems.name,
      giftItemType: zmaGiftItems.type,
      code: zmaGiftCodes.code,
      actorId: users.id,
      actorName: users.displayName,
      detail: zmaActivity.detail,
      createdAt: zmaActivity.createdAt,
      /** The exact timestamp (microseconds) for the export's keyset: a JS Date keeps milliseconds only. */
      cursorAt: sql<string>`${zmaActivity.createdAt}::text`,
    })
    .from(zmaActivity)
    .innerJoin(zmaApps, eq(zmaApps.id, zmaActivity.zmaAppId))
    .leftJoin(zmaCustomers, eq(zmaCustomers.id, zmaActivity.customerId))
    .leftJoin(zmaBranches, eq(zmaBranches.id, zmaActivity.branchId))
    .leftJoin(zmaGiftItems, eq(zmaGiftItems.id, zmaActivity.giftItemId))
    .leftJoin(zmaGiftCodes, eq(zmaGiftCodes.id, zmaActivity.giftCodeId))
    .leftJoin(users, eq(users.id, zmaActivity.actorUserId));
}

export type ActivityDbRow = Awaited<ReturnType<ReturnType<typeof activitySelect>['execute']>>[number];

export async function listActivity(db: DbOrTx, scope: TenantScope, f: ActivityFilter, page: { limit: number; offset: number }): Promise<{ rows: ActivityDbRow[]; total: number }> {
  const where = activityWhere(scope, f);
  const rows = await activitySelect(db).where(where).orderBy(desc(zmaActivity.createdAt), desc(zmaActivity.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(zmaActivity).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Newest first, in batches by keyset (createdAt, id), at most `max` rows in all. */
export async function* iterateActivity(db: DbOrTx, scope: TenantScope, f: ActivityFilter, max: number, batch = 1000): AsyncGenerator<ActivityDbRow[]> {
  let after: { cursorAt: string; id: number } | undefined;
  let left = max;
  while (left > 0) {
    const rows = await activitySelect(db)
      .where(activityWhere(scope, f, after))
      .orderBy(desc(zmaActivity.createdAt), desc(zmaActivity.id))
      .limit(Math.min(batch, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    const last = rows[rows.length - 1]!; // non-empty (checked above)
    after = { cursorAt: last.cursorAt, id: last.id };
    if (rows.length < batch) return;
  }
}

/**
 * The tenant's spins, wins and code redemptions per Asia/Ho_Chi_Minh bucket (`label`: YYYY-MM-DDTHH:00,
 * YYYY-MM-DD or YYYY-MM) over [start, end), from the activity history (tenant dashboard, issue 16).
 */
export async function activityCountsByBucket(db: DbOrTx, scope: TenantScope, q: { start: Date; end: Date; unit: 'hour' | 'day' | 'month' }) {
  const format = { hour: `'YYYY-MM-DD"T"HH24:00'`, day: `'YYYY-MM-DD'`, month: `'YYYY-MM'` }[q.unit];
  const label = sql<string>`to_char(${zmaActivity.createdAt} at time zone 'Asia/Ho_Chi_Minh', ${sql.raw(format)})`;
  return db
    .select({
      label,
      spins: sql<number>`count(*) filter (where ${zmaActivity.kind} = 'SPIN')::int`,
      wins: sql<number>`count(*) filter (where ${zmaActivity.kind} = 'GIFT_WON')::int`,
      redemptions: sql<number>`count(*) filter (where ${zmaActivity.kind} = 'CODE_USED')::int`,
    })
    .from(zmaActivity)
    .where(inTenant(scope, zmaActivity, gte(zmaActivity.createdAt, q.start), lt(zmaActivity.createdAt, q.end), inArray(zmaActivity.kind, ['SPIN', 'GIFT_WON', 'CODE_USED'])))
    .groupBy(label);
}
