import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { teams } from '../../db/schema/teams';
import { zaloOas } from '../../db/schema/zalo-oa';
import { sha256 } from '../../platform/crypto';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type OaRef = { id: string; name: string; avatar: string | null };

/**
 * For the public send API (`x-api-key`): the ACTIVE key whose SHA-256 matches the presented
 * secret, or null (unknown, revoked or rotated away → 401 there). One indexed lookup; the key
 * names its tenant, so this is the one query here without a tenant scope.
 */
export async function findActiveApiKeyBySecret(
  db: DbOrTx,
  secret: string,
): Promise<{ id: string; tenantId: string; zaloOaId: string; status: 'ACTIVE' } | null> {
  if (!secret) return null;
  const [row] = await db
    .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, zaloOaId: apiKeys.zaloOaId })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, sha256(secret)), eq(apiKeys.status, 'ACTIVE')));
  return row ? { ...row, status: 'ACTIVE' } : null;
}

/** The tenant's key (optionally locked), or null: other tenants' ids answer 404 upstream. */
export async function findApiKey(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(apiKeys).where(inTenant(scope, apiKeys, eq(apiKeys.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findOaOfTenant(db: DbOrTx, scope: TenantScope, oaId: string): Promise<OaRef | null> {
  const [row] = await db.select({ id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, oaId)));
  return row ?? null;
}

export async function insertApiKey(tx: DbOrTx, scope: TenantScope, values: Omit<typeof apiKeys.$inferInsert, 'tenantId'>): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

export async function updateApiKey(tx: DbOrTx, scope: TenantScope, id: string, change: Partial<Pick<ApiKeyRow, 'status' | 'secretHash' | 'keyPrefix'>>): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ ...change, updatedAt: new Date() })
    .where(inTenant(scope, apiKeys, eq(apiKeys.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteApiKey(tx: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(apiKeys).where(inTenant(scope, apiKeys, eq(apiKeys.id, id)));
}

export interface ApiKeyListQuery {
  service?: ApiKeyRow['service'];
  status?: ApiKeyRow['status'];
  zaloOAIds?: string[];
  teamIds?: string[];
  orderBy: { field: 'createdAt' | 'name' | 'lastUsedAt'; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

export async function listApiKeys(db: DbOrTx, scope: TenantScope, q: ApiKeyListQuery) {
  const conds: Array<SQL | undefined> = [
    q.service ? eq(apiKeys.service, q.service) : undefined,
    q.status ? eq(apiKeys.status, q.status) : undefined,
    q.zaloOAIds?.length ? inArray(apiKeys.zaloOaId, q.zaloOAIds) : undefined,
    q.teamIds?.length ? inArray(apiKeys.teamId, q.teamIds) : undefined,
  ];
  const where = inTenant(scope, apiKeys, ...conds);
  const col = { createdAt: apiKeys.createdAt, name: apiKeys.name, lastUsedAt: apiKeys.lastUsedAt }[q.orderBy.field];
  const dir = q.orderBy.direction === 'asc' ? asc : desc;
  const rows = await db
    .select({ key: apiKeys, oa: { id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar } })
    .from(apiKeys)
    .leftJoin(zaloOas, eq(zaloOas.id, apiKeys.zaloOaId))
    .where(where)
    // Never-used keys sort last in either direction.
    .orderBy(sql`${col} is null`, dir(col), dir(apiKeys.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** The tenant's team count and whether `teamId` is one of its teams (§5 team rule; teams are read, never written, here). */
export async function findTeamChoice(db: DbOrTx, scope: TenantScope, teamId: string | null): Promise<{ teams: number; known: boolean }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, known: sql<boolean>`coalesce(bool_or(${teams.id} = ${teamId}::uuid), false)` })
    .from(teams)
    .where(inTenant(scope, teams));
  return { teams: row?.n ?? 0, known: row?.known ?? false };
}

/** Keys of a deleted team lose it (api_keys.team_id has no foreign key). */
export async function clearKeysTeam(db: DbOrTx, scope: TenantScope, teamId: string): Promise<void> {
  await db.update(apiKeys).set({ teamId: null, updatedAt: new Date() }).where(inTenant(scope, apiKeys, eq(apiKeys.teamId, teamId)));
}

/** Names and teams of the tenant's keys among `ids` (reports label their rows with them). */
export async function findApiKeyRefs(db: DbOrTx, scope: TenantScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: apiKeys.id, name: apiKeys.name, teamId: apiKeys.teamId }).from(apiKeys).where(inTenant(scope, apiKeys, inArray(apiKeys.id, [...ids])));
}
