import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { OaContentListQuery, OaPublishState } from '@zc/shared/api/oa-content';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { reviewTasks } from '../../db/schema/approvals';
import { oaContentMappings, oaContents, oaVideos } from '../../db/schema/oa-content';
import { teams } from '../../db/schema/teams';
import { zaloOas } from '../../db/schema/zalo-oa';
import { ilikeContains } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type ContentRow = typeof oaContents.$inferSelect;
export type MappingRow = typeof oaContentMappings.$inferSelect;
export type VideoRow = typeof oaVideos.$inferSelect;
export type ContentInsert = Omit<typeof oaContents.$inferInsert, 'tenantId' | 'id'>;
export interface OaRow {
  id: string;
  name: string;
  avatar: string | null;
}
export interface UserRow {
  id: string;
  displayName: string;
  email: string;
  avatar: string | null;
}

/* ─── Contents ─── */

export async function listContents(db: DbOrTx, scope: TenantScope, q: OaContentListQuery, page: { limit: number; offset: number }): Promise<{ rows: ContentRow[]; total: number }> {
  const where = inTenant(
    scope,
    oaContents,
    q.type ? eq(oaContents.type, q.type) : undefined,
    q.status?.length ? inArray(oaContents.status, q.status) : undefined,
    q.title ? ilikeContains(oaContents.title, q.title) : undefined,
    q.teamIds?.length ? inArray(oaContents.teamId, q.teamIds) : undefined,
    q.zaloOAId?.length
      ? inArray(oaContents.id, db.select({ id: oaContentMappings.contentId }).from(oaContentMappings).where(and(eq(oaContentMappings.tenantId, scopedTenantId(scope)), inArray(oaContentMappings.zaloOaId, q.zaloOAId))))
      : undefined,
  );
  const col = q.orderBy.field === 'title' ? oaContents.title : q.orderBy.field === 'updatedAt' ? oaContents.updatedAt : oaContents.createdAt;
  const dir = q.orderBy.direction === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db.select().from(oaContents).where(where).orderBy(dir(col), dir(oaContents.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(oaContents).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findContent(db: DbOrTx, scope: TenantScope, id: string): Promise<ContentRow | null> {
  const [row] = await db.select().from(oaContents).where(inTenant(scope, oaContents, eq(oaContents.id, id)));
  return row ?? null;
}

export async function lockContent(tx: Tx, scope: TenantScope, id: string): Promise<ContentRow | null> {
  const [row] = await tx.select().from(oaContents).where(inTenant(scope, oaContents, eq(oaContents.id, id))).for('update');
  return row ?? null;
}

export async function insertContent(tx: Tx, scope: TenantScope, values: ContentInsert): Promise<ContentRow> {
  const [row] = await tx.insert(oaContents).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateContent(tx: Tx, scope: TenantScope, id: string, values: Partial<ContentInsert>): Promise<ContentRow> {
  const [row] = await tx
    .update(oaContents)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(scope, oaContents, eq(oaContents.id, id)))
    .returning();
  if (!row) throw new Error('update of a locked row returned nothing');
  return row;
}

export async function deleteContent(tx: Tx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(oaContents).where(inTenant(scope, oaContents, eq(oaContents.id, id)));
}

/* ─── Mappings ─── */

export async function mappingsOf(db: DbOrTx, scope: TenantScope, contentIds: readonly string[]): Promise<MappingRow[]> {
  if (contentIds.length === 0) return [];
  return db.select().from(oaContentMappings).where(inTenant(scope, oaContentMappings, inArray(oaContentMappings.contentId, [...contentIds]))).orderBy(asc(oaContentMappings.createdAt), asc(oaContentMappings.id));
}

/** Makes the content's OAs exactly `oaIds` (kept rows keep their state). */
export async function setMappings(tx: Tx, scope: TenantScope, contentId: string, oaIds: readonly string[]): Promise<void> {
  const tenantId = scopedTenantId(scope);
  await tx.delete(oaContentMappings).where(inTenant(scope, oaContentMappings, eq(oaContentMappings.contentId, contentId), sql`${oaContentMappings.zaloOaId} <> all(${sql.param([...oaIds])}::uuid[])`));
  if (oaIds.length) await tx.insert(oaContentMappings).values(oaIds.map((zaloOaId) => ({ tenantId, contentId, zaloOaId }))).onConflictDoNothing();
}

/** On approval: every mapping of the content becomes due now. */
export async function queueMappings(tx: Tx, scope: TenantScope, contentId: string, now: Date): Promise<MappingRow[]> {
  return tx
    .update(oaContentMappings)
    .set({ publishState: 'PENDING', attempts: 0, lastError: null, token: null, nextAttemptAt: now, updatedAt: now })
    .where(inTenant(scope, oaContentMappings, eq(oaContentMappings.contentId, contentId), sql`${oaContentMappings.publishState} <> 'PUBLISHED'`))
    .returning();
}

/**
 * Claims up to `limit` due mappings (PENDING/CREATING/VERIFYING with next_attempt_at ≤ now) under
 * FOR UPDATE SKIP LOCKED, leasing them for `leaseMs` (a dead worker's rows come back after it).
 */
export async function claimDueMappings(db: DbOrTx, now: Date, leaseMs: number, limit: number, onlyContentId?: string): Promise<MappingRow[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const due = db
    .select({ id: oaContentMappings.id })
    .from(oaContentMappings)
    .where(and(inArray(oaContentMappings.publishState, ['PENDING', 'CREATING', 'VERIFYING']), lte(oaContentMappings.nextAttemptAt, now), onlyContentId ? eq(oaContentMappings.contentId, onlyContentId) : undefined))
    .orderBy(asc(oaContentMappings.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(oaContentMappings).set({ nextAttemptAt: lease }).where(inArray(oaContentMappings.id, due)).returning();
}

/** Records a step of a claimed mapping, only while it is still at the attempt count and state it was claimed in. */
export async function recordMapping(db: DbOrTx, claimed: MappingRow, values: Partial<typeof oaContentMappings.$inferInsert>): Promise<MappingRow | null> {
  const [row] = await db
    .update(oaContentMappings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(oaContentMappings.id, claimed.id), eq(oaContentMappings.attempts, claimed.attempts), eq(oaContentMappings.publishState, claimed.publishState)))
    .returning();
  return row ?? null;
}

export async function publishedMappings(db: DbOrTx, olderThan: Date, limit: number): Promise<MappingRow[]> {
  return db
    .select()
    .from(oaContentMappings)
    .where(and(eq(oaContentMappings.publishState, 'PUBLISHED'), or(isNull(oaContentMappings.statsRefreshedAt), lte(oaContentMappings.statsRefreshedAt, olderThan))))
    .orderBy(asc(oaContentMappings.zaloOaId))
    .limit(limit);
}

export async function setStats(db: DbOrTx, id: string, values: { totalView: number; totalShare: number; linkView: string | null; at: Date }): Promise<void> {
  await db.update(oaContentMappings).set({ totalView: values.totalView, totalShare: values.totalShare, linkView: values.linkView, statsRefreshedAt: values.at }).where(eq(oaContentMappings.id, id));
}

export async function markStatsChecked(db: DbOrTx, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length) await db.update(oaContentMappings).set({ statsRefreshedAt: at }).where(inArray(oaContentMappings.id, [...ids]));
}

export async function contentIdsInState(db: DbOrTx, contentId: string): Promise<Array<{ state: OaPublishState }>> {
  return db.select({ state: oaContentMappings.publishState }).from(oaContentMappings).where(eq(oaContentMappings.contentId, contentId));
}

/* ─── OAs, users, teams, tasks ─── */

export async function tenantOas(db: DbOrTx, scope: TenantScope, ids?: readonly string[]): Promise<OaRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({ id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar })
    .from(zaloOas)
    .where(inTenant(scope, zaloOas, ids ? inArray(zaloOas.id, [...ids]) : undefined))
    .orderBy(asc(zaloOas.createdAt));
}

export async function usersByIds(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar }).from(users).where(inArray(users.id, [...new Set(ids)]));
}

export async function teamChoice(db: DbOrTx, scope: TenantScope, teamId: string | null): Promise<{ known: boolean; teams: number }> {
  const rows = await db.select({ id: teams.id }).from(teams).where(inTenant(scope, teams));
  return { known: teamId !== null && rows.some((r) => r.id === teamId), teams: rows.length };
}

/** The review tasks (read only; the approvals module writes them) named by the contents. */
export async function tasksByIds(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Array<{ id: string; status: string; nextApproverId: string | null }>> {
  if (ids.length === 0) return [];
  return db.select({ id: reviewTasks.id, status: reviewTasks.status, nextApproverId: reviewTasks.nextApproverId }).from(reviewTasks).where(inTenant(scope, reviewTasks, inArray(reviewTasks.id, [...ids])));
}

/* ─── Videos ─── */

export async function insertVideos(tx: Tx, rows: Array<typeof oaVideos.$inferInsert>): Promise<VideoRow[]> {
  return rows.length ? tx.insert(oaVideos).values(rows).returning() : [];
}

export async function videosByKey(db: DbOrTx, scope: TenantScope, keys: readonly string[]): Promise<VideoRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(oaVideos).where(inTenant(scope, oaVideos, inArray(oaVideos.uploadKey, [...keys]))).orderBy(asc(oaVideos.createdAt));
}

/** Upload keys, newest first, of the videos sent to any of `oaIds` (not removed). */
export async function listVideoKeys(db: DbOrTx, scope: TenantScope, oaIds: readonly string[] | undefined, page: { limit: number; offset: number }): Promise<{ keys: string[]; total: number }> {
  const where = inTenant(scope, oaVideos, isNull(oaVideos.removedAt), oaIds?.length ? inArray(oaVideos.zaloOaId, [...oaIds]) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select({ key: oaVideos.uploadKey, at: sql<Date>`max(${oaVideos.createdAt})` }).from(oaVideos).where(where).groupBy(oaVideos.uploadKey).orderBy(desc(sql`max(${oaVideos.createdAt})`)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(distinct ${oaVideos.uploadKey})::int` }).from(oaVideos).where(where),
  ]);
  return { keys: rows.map((r) => r.key), total: count?.n ?? 0 };
}

export async function updateVideo(db: DbOrTx, id: string, values: Partial<typeof oaVideos.$inferInsert>): Promise<VideoRow | null> {
  const [row] = await db.update(oaVideos).set({ ...values, updatedAt: new Date() }).where(eq(oaVideos.id, id)).returning();
  return row ?? null;
}

export async function removeVideos(tx: Tx, scope: TenantScope, keys: readonly string[], at: Date): Promise<VideoRow[]> {
  return tx.update(oaVideos).set({ removedAt: at, updatedAt: at }).where(inTenant(scope, oaVideos, inArray(oaVideos.uploadKey, [...keys]), isNull(oaVideos.removedAt))).returning();
}

/** Articles and videos per OA (the §3 quota's `used`): published or publishing mappings, and uploaded videos. */
export async function usageOfOas(db: DbOrTx, scope: TenantScope, oaIds: readonly string[]): Promise<Map<string, { articles: number; videos: number }>> {
  const out = new Map(oaIds.map((id) => [id, { articles: 0, videos: 0 }]));
  if (oaIds.length === 0) return out;
  const [a, v] = await Promise.all([
    db
      .select({ oa: oaContentMappings.zaloOaId, n: sql<number>`count(*)::int` })
      .from(oaContentMappings)
      .where(inTenant(scope, oaContentMappings, inArray(oaContentMappings.zaloOaId, [...oaIds]), inArray(oaContentMappings.publishState, ['PUBLISHED', 'CREATING', 'VERIFYING'])))
      .groupBy(oaContentMappings.zaloOaId),
    db
      .select({ oa: oaVideos.zaloOaId, n: sql<number>`count(*)::int` })
      .from(oaVideos)
      .where(inTenant(scope, oaVideos, inArray(oaVideos.zaloOaId, [...oaIds]), isNull(oaVideos.removedAt)))
      .groupBy(oaVideos.zaloOaId),
  ]);
  for (const r of a) out.get(r.oa)!.articles = r.n;
  for (const r of v) out.get(r.oa)!.videos = r.n;
  return out;
}

/** Contents waiting for review, or approved and still being published to an OA (PENDING, CREATING, VERIFYING). */
export async function findInFlightContents(db: DbOrTx, scope: TenantScope, limit: number) {
  const publishing = sql`exists (select 1 from ${oaContentMappings} m where m.content_id = ${oaContents.id} and m.publish_state in ('PENDING', 'CREATING', 'VERIFYING'))`;
  return db
    .select({ id: oaContents.id, title: oaContents.title, type: oaContents.type, status: oaContents.status })
    .from(oaContents)
    .where(inTenant(scope, oaContents, sql`(${oaContents.status} = 'approval' or (${oaContents.status} = 'published' and ${publishing}))`))
    .orderBy(desc(oaContents.createdAt))
    .limit(limit);
}
