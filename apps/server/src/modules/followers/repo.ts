import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oaFollowers, oaFollowerSyncs } from '../../db/schema/followers';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type FollowerRow = typeof oaFollowers.$inferSelect;
export type FollowerValues = Omit<typeof oaFollowers.$inferInsert, 'id' | 'tenantId' | 'zaloOaId' | 'userId'>;
export type FollowerSyncRow = typeof oaFollowerSyncs.$inferSelect;
export type FollowerWithOa = { f: FollowerRow; oaName: string; oaAvatar: string | null };

/** The order and the search key of the list: lower(display_name) in byte order, as the indexes hold it. */
const lname = sql`lower(${oaFollowers.displayName}) collate "C"`;

export async function findOaId(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string | null> {
  const [oa] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return oa?.id ?? null;
}

/** The tenant owning an OA (webhook events know only the OA). */
export async function tenantOfOa(db: DbOrTx, zaloOaId: string): Promise<string | null> {
  const [oa] = await db.select({ tenantId: zaloOas.tenantId }).from(zaloOas).where(eq(zaloOas.id, zaloOaId));
  return oa?.tenantId ?? null;
}

export async function upsertFollower(db: DbOrTx, scope: TenantScope, key: { zaloOaId: string; userId: string }, values: FollowerValues): Promise<void> {
  await db
    .insert(oaFollowers)
    .values({ tenantId: scopedTenantId(scope), ...key, ...values })
    .onConflictDoUpdate({ target: [oaFollowers.zaloOaId, oaFollowers.userId], set: values });
}

/** One page of a sync in one statement: rows keyed on (OA, user), so a repeated page updates in place. */
export async function upsertFollowers(db: DbOrTx, scope: TenantScope, zaloOaId: string, rows: Array<FollowerValues & { userId: string }>): Promise<void> {
  if (rows.length === 0) return;
  const x = (c: string) => sql.raw(`excluded.${c}`);
  await db
    .insert(oaFollowers)
    .values(rows.map((r) => ({ tenantId: scopedTenantId(scope), zaloOaId, ...r })))
    .onConflictDoUpdate({
      target: [oaFollowers.zaloOaId, oaFollowers.userId],
      set: {
        displayName: x('display_name'), avatar: x('avatar'), isFollower: x('is_follower'), lastInteractionDate: x('last_interaction_date'), sharedInfo: x('shared_info'),
        phone: x('phone'), tagNames: x('tag_names'), userAlias: x('user_alias'), userExternalId: x('user_external_id'), syncedAt: x('synced_at'),
      },
    });
}

/** `term%` for LIKE, with the user's wildcards taken literally. */
function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** At most this many rows are counted for `total` (beyond it the total is flagged as an estimate). */
export const COUNT_CAP = 1_000;

export async function listFollowerRows(db: DbOrTx, scope: TenantScope, q: { search?: string; zaloOAId?: string; limit: number; offset: number }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`${lname} like lower(${prefixPattern(q.search)}) collate "C"`);
  let where: SQL;
  if (q.zaloOAId) {
    // The OA is checked to be the tenant's first; its followers are then found by OA alone, since the
    // planner cannot know that an OA's rows all carry its tenant and would misjudge (tenant, OA) together.
    if (!(await findOaId(db, scope, q.zaloOAId))) return { rows: [], total: 0, totalIsEstimate: false };
    const byOa = and(eq(oaFollowers.zaloOaId, q.zaloOAId), ...conds);
    if (!byOa) throw new Error('unreachable');
    where = byOa;
  } else {
    where = inTenant(scope, oaFollowers, ...conds);
  }
  const rows = await db
    .select({ f: oaFollowers, oaName: zaloOas.name, oaAvatar: zaloOas.avatar })
    .from(oaFollowers)
    .innerJoin(zaloOas, eq(zaloOas.id, oaFollowers.zaloOaId))
    .where(where)
    .orderBy(lname, oaFollowers.id)
    .limit(q.limit)
    .offset(q.offset);
  // Counting is capped so a broad prefix over millions of followers stays a bounded index range; the
  // order makes the planner walk the (tenant|OA, lower(name)) index instead of filtering a table scan.
  const counted = await db.execute(sql`select count(*)::int as n from (select 1 from ${oaFollowers} where ${where} order by ${lname}, ${oaFollowers.id} limit ${COUNT_CAP + 1}) c`);
  const n = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  return { rows, total: Math.min(n, COUNT_CAP), totalIsEstimate: n > COUNT_CAP };
}

export async function findFollower(db: DbOrTx, scope: TenantScope, id: string): Promise<FollowerWithOa | null> {
  const [row] = await db
    .select({ f: oaFollowers, oaName: zaloOas.name, oaAvatar: zaloOas.avatar })
    .from(oaFollowers)
    .innerJoin(zaloOas, eq(zaloOas.id, oaFollowers.zaloOaId))
    .where(inTenant(scope, oaFollowers, eq(oaFollowers.id, id)));
  return row ?? null;
}

export async function updateFollowerRow(db: DbOrTx, scope: TenantScope, id: string, values: Partial<FollowerValues>): Promise<void> {
  await db.update(oaFollowers).set(values).where(inTenant(scope, oaFollowers, eq(oaFollowers.id, id)));
}

/** The tag names the tenant's followers of an OA carry (to offer beside Zalo's own list). */
export async function knownTagsOfOa(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string[]> {
  const r = await db.execute(
    sql`select distinct t as name from ${oaFollowers}, jsonb_array_elements_text(${oaFollowers.tagNames}) t where ${inTenant(scope, oaFollowers, eq(oaFollowers.zaloOaId, zaloOaId))} order by 1 limit 500`,
  );
  return (r as unknown as { rows: Array<{ name: string }> }).rows.map((x) => x.name);
}

/**
 * A Zalo event's change to followers of an OA (the webhook knows only the OA, whose id is unique
 * across tenants). `mergeSharedInfo` is merged into the stored object and tags are added or removed
 * in the statement itself, so two events for the same user never lose each other. Returns the ids changed.
 */
export async function updateFollowersOfOa(
  db: DbOrTx,
  zaloOaId: string,
  userIds: readonly string[],
  change: {
    sharedInfo?: null;
    mergeSharedInfo?: Record<string, string>;
    phone?: string | null;
    isFollower?: boolean;
    addTag?: string;
    removeTag?: string;
    callConsent?: string;
    callConsentExpiresAt?: Date | null;
  },
): Promise<Array<{ id: string; tenantId: string }>> {
  if (userIds.length === 0) return [];
  const tags = change.addTag !== undefined
    ? sql`(select coalesce(jsonb_agg(distinct x), '[]'::jsonb) from jsonb_array_elements_text(${oaFollowers.tagNames} || ${JSON.stringify([change.addTag])}::jsonb) x)`
    : change.removeTag !== undefined
      ? sql`(${oaFollowers.tagNames} - ${change.removeTag}::text)`
      : undefined;
  return db
    .update(oaFollowers)
    .set({
      ...(change.sharedInfo === null ? { sharedInfo: null } : {}),
      ...(change.mergeSharedInfo ? { sharedInfo: sql`coalesce(${oaFollowers.sharedInfo}, '{}'::jsonb) || ${JSON.stringify(change.mergeSharedInfo)}::jsonb` } : {}),
      ...(change.phone !== undefined ? { phone: change.phone } : {}),
      ...(change.isFollower !== undefined ? { isFollower: change.isFollower } : {}),
      ...(tags ? { tagNames: tags } : {}),
      ...(change.callConsent !== undefined ? { callConsent: change.callConsent, callConsentExpiresAt: change.callConsentExpiresAt ?? null } : {}),
      syncedAt: new Date(),
    })
    .where(and(eq(oaFollowers.zaloOaId, zaloOaId), userIds.length === 1 ? eq(oaFollowers.userId, userIds[0] as string) : inArray(oaFollowers.userId, [...userIds])))
    .returning({ id: oaFollowers.id, tenantId: oaFollowers.tenantId });
}

/** A follower first seen through a `follow` event: kept with its id as name until a sync fills the rest. */
export async function insertFollowerFromEvent(db: DbOrTx, tenantId: string, zaloOaId: string, userId: string): Promise<{ id: string; tenantId: string } | null> {
  const [row] = await db
    .insert(oaFollowers)
    .values({ tenantId, zaloOaId, userId, displayName: userId, isFollower: true })
    .onConflictDoNothing({ target: [oaFollowers.zaloOaId, oaFollowers.userId] })
    .returning({ id: oaFollowers.id, tenantId: oaFollowers.tenantId });
  return row ?? null;
}

// ---- sync state ---------------------------------------------------------------------------------

export async function findRunningSync(db: DbOrTx, zaloOaId: string): Promise<FollowerSyncRow | null> {
  const [row] = await db.select().from(oaFollowerSyncs).where(and(eq(oaFollowerSyncs.zaloOaId, zaloOaId), eq(oaFollowerSyncs.status, 'RUNNING')));
  return row ?? null;
}

export async function latestSync(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<FollowerSyncRow | null> {
  const [row] = await db
    .select()
    .from(oaFollowerSyncs)
    .where(inTenant(scope, oaFollowerSyncs, eq(oaFollowerSyncs.zaloOaId, zaloOaId)))
    .orderBy(desc(oaFollowerSyncs.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findSync(db: DbOrTx, id: string): Promise<FollowerSyncRow | null> {
  const [row] = await db.select().from(oaFollowerSyncs).where(eq(oaFollowerSyncs.id, id));
  return row ?? null;
}

/** A new RUNNING sync, or null when one is already running for the OA (the partial unique index). */
export async function insertSync(db: DbOrTx, scope: TenantScope, zaloOaId: string, startedBy: string | null): Promise<FollowerSyncRow | null> {
  const [row] = await db
    .insert(oaFollowerSyncs)
    .values({ tenantId: scopedTenantId(scope), zaloOaId, startedBy })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function saveSyncProgress(db: DbOrTx, id: string, p: { nextOffset: number; total: number; done: number }): Promise<void> {
  await db.update(oaFollowerSyncs).set({ ...p, updatedAt: new Date() }).where(eq(oaFollowerSyncs.id, id));
}

export async function finishSync(db: DbOrTx, id: string, status: 'DONE' | 'FAILED', error: string | null): Promise<FollowerSyncRow | null> {
  const now = new Date();
  const [row] = await db.update(oaFollowerSyncs).set({ status, error, updatedAt: now, finishedAt: now }).where(eq(oaFollowerSyncs.id, id)).returning();
  return row ?? null;
}

/** A FAILED sync running again from its stored offset (null when another run took the OA meanwhile). */
export async function reopenSync(db: DbOrTx, id: string): Promise<FollowerSyncRow | null> {
  const [row] = await db.update(oaFollowerSyncs).set({ status: 'RUNNING', error: null, finishedAt: null, updatedAt: new Date() }).where(and(eq(oaFollowerSyncs.id, id), eq(oaFollowerSyncs.status, 'FAILED'))).returning();
  return row ?? null;
}

/** RUNNING syncs not advanced since `before` (their process stopped): the resume sweep picks them up. */
export async function staleRunningSyncs(db: DbOrTx, before: Date): Promise<FollowerSyncRow[]> {
  return db.select().from(oaFollowerSyncs).where(and(eq(oaFollowerSyncs.status, 'RUNNING'), sql`${oaFollowerSyncs.updatedAt} < ${before.toISOString()}::timestamptz`));
}

/**
 * Follow / unfollow of many (OA, user) pairs in two statements (the webhook consumer's batch, ADR
 * 0019): existing rows take `isFollower`; pairs with no row and `create` set are inserted (kept with the
 * user id as name until a sync fills the rest). Answers every row changed or created.
 */
export async function setFollowingBatch(
  db: DbOrTx,
  rows: ReadonlyArray<{ tenantId: string; zaloOaId: string; userId: string; isFollower: boolean; create: boolean }>,
): Promise<Array<{ id: string; tenantId: string; zaloOaId: string; userId: string }>> {
  if (rows.length === 0) return [];
  const values = JSON.stringify(rows.map((r) => ({ t: r.tenantId, oa: r.zaloOaId, u: r.userId, f: r.isFollower, c: r.create })));
  type Row = { id: string; tenant_id: string; zalo_oa_id: string; user_id: string };
  const updated = ((await db.execute(sql`
    update oa_followers f set is_follower = v.f, synced_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(t uuid, oa uuid, u text, f boolean, c boolean)
    where f.zalo_oa_id = v.oa and f.user_id = v.u
    returning f.id, f.tenant_id, f.zalo_oa_id, f.user_id`)) as unknown as { rows: Row[] }).rows; // both drivers answer { rows }
  const seen = new Set(updated.map((r) => `${r.zalo_oa_id}|${r.user_id}`));
  const missing = rows.filter((r) => r.create && !seen.has(`${r.zaloOaId}|${r.userId}`));
  const inserted = missing.length
    ? ((await db.execute(sql`
        insert into oa_followers (tenant_id, zalo_oa_id, user_id, display_name, is_follower)
        select v.t, v.oa, v.u, v.u, v.f from jsonb_to_recordset(${JSON.stringify(missing.map((r) => ({ t: r.tenantId, oa: r.zaloOaId, u: r.userId, f: r.isFollower })))}::jsonb) as v(t uuid, oa uuid, u text, f boolean)
        on conflict (zalo_oa_id, user_id) do nothing
        returning id, tenant_id, zalo_oa_id, user_id`)) as unknown as { rows: Row[] }).rows
    : [];
  return [...updated, ...inserted].map((r) => ({ id: r.id, tenantId: r.tenant_id, zaloOaId: r.zalo_oa_id, userId: r.user_id }));
}

/** Each label the tenant's synced followers carry, per OA, with how many carry it. */
export async function tagCountsOfTenant(db: DbOrTx, scope: TenantScope): Promise<Array<{ zaloOaId: string; tagName: string; followers: number }>> {
  const r = await db.execute(
    sql`select ${oaFollowers.zaloOaId} as "zaloOaId", t as "tagName", count(*)::int as followers
        from ${oaFollowers}, jsonb_array_elements_text(${oaFollowers.tagNames}) t
        where ${inTenant(scope, oaFollowers)} group by 1, 2 order by 1, 2 limit 5000`,
  );
  return (r as unknown as { rows: Array<{ zaloOaId: string; tagName: string; followers: number }> }).rows;
}

/** Takes a label off every follower of the tenant's OA (the label was removed on Zalo). */
export async function dropTagOfOa(db: DbOrTx, scope: TenantScope, zaloOaId: string, tagName: string): Promise<Array<{ id: string; tenantId: string }>> {
  return db
    .update(oaFollowers)
    .set({ tagNames: sql`(${oaFollowers.tagNames} - ${tagName}::text)` })
    .where(inTenant(scope, oaFollowers, eq(oaFollowers.zaloOaId, zaloOaId), sql`${oaFollowers.tagNames} @> ${JSON.stringify([tagName])}::jsonb`))
    .returning({ id: oaFollowers.id, tenantId: oaFollowers.tenantId });
}
