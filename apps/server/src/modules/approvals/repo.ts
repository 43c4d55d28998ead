import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORGANISATION_WIDE_ROLES } from '@zc/shared/permissions';
import type { ContentKind, TaskModule, TaskStatus } from '@zc/shared/api/approvals';
import type { DbOrTx } from '../../db/client';
import { approvalWorkflows, reviewTaskCounts, reviewTaskParticipants, reviewTasks } from '../../db/schema/approvals';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { tenantMembers } from '../../db/schema/user-groups';
import { containsPattern } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TaskRow = typeof reviewTasks.$inferSelect;
export type WorkflowRow = typeof approvalWorkflows.$inferSelect;
export type UserRow = { id: string; displayName: string; email: string; avatar: string | null };

/* Workflows */

export async function findWorkflow(db: DbOrTx, scope: TenantScope, kind: ContentKind, teamId: string | null): Promise<WorkflowRow | null> {
  const [row] = await db
    .select()
    .from(approvalWorkflows)
    .where(inTenant(scope, approvalWorkflows, eq(approvalWorkflows.kind, kind), teamId === null ? isNull(approvalWorkflows.teamId) : eq(approvalWorkflows.teamId, teamId)));
  return row ?? null;
}

export async function listWorkflows(db: DbOrTx, scope: TenantScope, teamId: string | null): Promise<WorkflowRow[]> {
  return db
    .select()
    .from(approvalWorkflows)
    .where(inTenant(scope, approvalWorkflows, teamId === null ? isNull(approvalWorkflows.teamId) : eq(approvalWorkflows.teamId, teamId)));
}

export async function insertWorkflow(tx: DbOrTx, scope: TenantScope, v: { kind: ContentKind; teamId: string | null; approverIds: string[]; userId: string }): Promise<WorkflowRow> {
  const [row] = await tx
    .insert(approvalWorkflows)
    .values({ tenantId: scopedTenantId(scope), kind: v.kind, teamId: v.teamId, approverIds: v.approverIds, createdBy: v.userId, updatedBy: v.userId })
    .returning();
  if (!row) throw new Error('workflow insert returned nothing');
  return row;
}

export async function updateWorkflow(tx: DbOrTx, scope: TenantScope, id: string, v: { approverIds: string[]; userId: string }): Promise<WorkflowRow> {
  const [row] = await tx
    .update(approvalWorkflows)
    .set({ approverIds: v.approverIds, updatedBy: v.userId, updatedAt: new Date() })
    .where(inTenant(scope, approvalWorkflows, eq(approvalWorkflows.id, id)))
    .returning();
  if (!row) throw new Error('workflow update returned nothing');
  return row;
}

export async function deleteWorkflow(tx: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(approvalWorkflows).where(inTenant(scope, approvalWorkflows, eq(approvalWorkflows.id, id)));
}

/** Which of the ids may open the tenant: tenant members, and organisation-wide roles of its organisation. */
export async function tenantUserIds(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const tenantId = scopedTenantId(scope);
  const members = await db.select({ id: tenantMembers.userId }).from(tenantMembers).where(and(eq(tenantMembers.tenantId, tenantId), inArray(tenantMembers.userId, [...ids])));
  const wide = await db
    .select({ id: merchantMembers.userId })
    .from(merchantMembers)
    .innerJoin(tenants, eq(tenants.merchantId, merchantMembers.merchantId))
    .where(and(eq(tenants.id, tenantId), inArray(merchantMembers.userId, [...ids]), inArray(merchantMembers.role, [...ORGANISATION_WIDE_ROLES])));
  return new Set([...members, ...wide].map((r) => r.id));
}

export async function usersByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/* Tasks */

/** The item's pending review, locked (a submission or an edit voids it). */
export async function lockPendingTask(tx: DbOrTx, scope: TenantScope, kind: ContentKind, referenceId: string): Promise<TaskRow | null> {
  const [row] = await tx
    .select()
    .from(reviewTasks)
    .where(inTenant(scope, reviewTasks, eq(reviewTasks.kind, kind), eq(reviewTasks.referenceId, referenceId), eq(reviewTasks.status, 'PENDING')))
    .for('update');
  return row ?? null;
}

export async function insertTask(tx: DbOrTx, scope: TenantScope, v: Omit<typeof reviewTasks.$inferInsert, 'id' | 'tenantId'>): Promise<TaskRow> {
  const [row] = await tx.insert(reviewTasks).values({ ...v, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('task insert returned nothing');
  return row;
}

/**
 * The task's participants. Only the user whose turn it is starts with the task new (unread); the
 * creator and the later approvers see it as read until it concerns them (their turn, the outcome).
 */
export async function insertParticipants(tx: DbOrTx, scope: TenantScope, task: TaskRow, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const inserted = await tx
    .insert(reviewTaskParticipants)
    .values(
      unique.map((userId) => ({
        taskId: task.id,
        userId,
        tenantId: scopedTenantId(scope),
        module: task.module,
        kind: task.kind,
        teamId: task.teamId,
        name: task.name,
        status: task.status,
        createdAt: task.createdAt,
        viewedAt: userId === task.nextApproverId ? null : task.createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: reviewTaskParticipants.userId });
  await bumpTaskCounts(
    tx,
    scope,
    inserted.map((r) => ({ userId: r.userId, module: task.module, kind: task.kind, teamId: task.teamId, status: task.status, delta: 1 })),
  );
}

type CountDelta = { userId: string; module: TaskRow['module']; kind: ContentKind; teamId: string | null; status: TaskStatus; delta: number };

/**
 * Applies participant-count changes in the caller's transaction (the same one that wrote the
 * participants). Deltas of one key are summed and applied in key order, so two transactions touching
 * the same users lock their rows in the same order. Increments are upserted; decrements update the
 * row their participant was counted in (an upsert would check `n >= 0` on the proposed row).
 */
async function bumpTaskCounts(tx: DbOrTx, scope: TenantScope, deltas: readonly CountDelta[]): Promise<void> {
  const byKey = new Map<string, CountDelta>();
  for (const d of deltas) {
    const key = [d.userId, d.kind, d.teamId ?? '', d.status].join('|');
    const cur = byKey.get(key);
    if (cur) cur.delta += d.delta;
    else byKey.set(key, { ...d });
  }
  const sorted = [...byKey.entries()].filter(([, d]) => d.delta !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
  const c = reviewTaskCounts;
  for (const d of sorted.filter((x) => x.delta < 0)) {
    const done = await tx
      .update(c)
      .set({ n: sql`${c.n} + ${d.delta}` })
      .where(inTenant(scope, c, eq(c.userId, d.userId), eq(c.kind, d.kind), d.teamId === null ? isNull(c.teamId) : eq(c.teamId, d.teamId), eq(c.status, d.status)))
      .returning({ n: c.n });
    if (done.length !== 1) throw new Error('review task count row missing for a counted participant');
  }
  const up = sorted.filter((x) => x.delta > 0).map((d) => ({ userId: d.userId, tenantId: scopedTenantId(scope), module: d.module, kind: d.kind, teamId: d.teamId, status: d.status, n: d.delta }));
  if (up.length === 0) return;
  await tx
    .insert(c)
    .values(up)
    .onConflictDoUpdate({ target: [c.userId, c.tenantId, c.kind, c.teamId, c.status], set: { n: sql`${c.n} + excluded.n` } });
}

/**
 * Writes a decision (or a void) only if the task is still at the version the caller read: of two
 * approvers deciding at once, one update matches and the other finds no row (null).
 */
export async function updateTaskAtVersion(
  tx: DbOrTx,
  scope: TenantScope,
  id: string,
  version: number,
  v: Pick<TaskRow, 'status' | 'workflow' | 'currentStep' | 'nextApproverId'> & { decidedAt?: Date | null },
): Promise<TaskRow | null> {
  const [row] = await tx
    .update(reviewTasks)
    .set({ ...v, version: version + 1, updatedAt: new Date() })
    .where(inTenant(scope, reviewTasks, eq(reviewTasks.id, id), eq(reviewTasks.version, version)))
    .returning();
  return row ?? null;
}

/** The participants' copy of the task status, and their counts moved with it (same transaction as the task's change). */
export async function setParticipantsStatus(tx: DbOrTx, scope: TenantScope, taskId: string, status: TaskStatus): Promise<void> {
  const p = reviewTaskParticipants;
  // The rows as they were (locked), so the counts move from exactly the status each row had.
  const before = await tx
    .select({ userId: p.userId, module: p.module, kind: p.kind, teamId: p.teamId, status: p.status })
    .from(p)
    .where(inTenant(scope, p, eq(p.taskId, taskId), ne(p.status, status)))
    .orderBy(asc(p.userId))
    .for('update');
  if (before.length === 0) return;
  await tx.update(p).set({ status }).where(inTenant(scope, p, eq(p.taskId, taskId), ne(p.status, status)));
  const counted = before.filter((r): r is typeof r & { kind: ContentKind } => r.kind !== null);
  await bumpTaskCounts(tx, scope, [
    ...counted.map((r) => ({ userId: r.userId, module: r.module, kind: r.kind, teamId: r.teamId, status: r.status, delta: -1 })),
    ...counted.map((r) => ({ userId: r.userId, module: r.module, kind: r.kind, teamId: r.teamId, status, delta: 1 })),
  ]);
}

export async function findTaskRow(db: DbOrTx, scope: TenantScope, id: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(reviewTasks).where(inTenant(scope, reviewTasks, eq(reviewTasks.id, id)));
  return row ?? null;
}

/** Every review of one item, newest first (voided included). */
export async function tasksOfReference(db: DbOrTx, scope: TenantScope, referenceId: string): Promise<TaskRow[]> {
  return db.select().from(reviewTasks).where(inTenant(scope, reviewTasks, eq(reviewTasks.referenceId, referenceId))).orderBy(desc(reviewTasks.createdAt), desc(reviewTasks.id));
}

/** The latest review of each item (for lists of items showing their review). */
export async function latestTasksOf(db: DbOrTx, scope: TenantScope, kind: ContentKind, referenceIds: readonly string[]): Promise<Map<string, TaskRow>> {
  if (referenceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reviewTasks.referenceId])
    .from(reviewTasks)
    .where(inTenant(scope, reviewTasks, eq(reviewTasks.kind, kind), inArray(reviewTasks.referenceId, [...referenceIds])))
    .orderBy(reviewTasks.referenceId, desc(reviewTasks.createdAt), desc(reviewTasks.id));
  return new Map(rows.map((r) => [r.referenceId, r]));
}

export async function participantViewedAt(db: DbOrTx, scope: TenantScope, taskId: string, userId: string): Promise<{ viewedAt: Date | null } | null> {
  const [row] = await db
    .select({ viewedAt: reviewTaskParticipants.viewedAt })
    .from(reviewTaskParticipants)
    .where(inTenant(scope, reviewTaskParticipants, eq(reviewTaskParticipants.taskId, taskId), eq(reviewTaskParticipants.userId, userId)));
  return row ?? null;
}

/** Marks the user's view of the task; true when it was new (a change to announce). */
export async function markViewed(tx: DbOrTx, scope: TenantScope, taskId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(reviewTaskParticipants)
    .set({ viewedAt: new Date() })
    .where(inTenant(scope, reviewTaskParticipants, eq(reviewTaskParticipants.taskId, taskId), eq(reviewTaskParticipants.userId, userId), isNull(reviewTaskParticipants.viewedAt)))
    .returning({ taskId: reviewTaskParticipants.taskId });
  return rows.length > 0;
}

export interface TaskListFilter {
  userId: string;
  module?: TaskModule | undefined;
  kind?: ContentKind | undefined;
  status?: TaskStatus | undefined;
  teamIds?: string[] | undefined;
  name?: string | undefined;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const creator = alias(users, 'creator');
const mine = alias(reviewTaskParticipants, 'mine');
const nextApprover = alias(users, 'next_approver');

/**
 * The user's tasks (creator or approver) in the tenant, VOIDED left out. The page's task ids come
 * from the participants table alone (per user and tenant, by created_at; the covering index of
 * migration 0019 holds every filter's column, the name included), and only those ids are joined to
 * the task and its people, so a deep page skips index entries, not joined rows. The total is a sum of
 * the user's counter rows (review_task_counts) unless a name is searched, when it counts the
 * matching index entries in the page's own walk.
 */
export async function listTasksForUser(db: DbOrTx, scope: TenantScope, f: TaskListFilter) {
  const p = reviewTaskParticipants;
  const conds: Array<SQL | undefined> = [eq(p.userId, f.userId), f.status ? eq(p.status, f.status) : ne(p.status, 'VOIDED')];
  if (f.module) conds.push(eq(p.module, f.module));
  if (f.kind) conds.push(eq(p.kind, f.kind));
  // The team test is written so no index can serve it (team_id as text): the planner otherwise
  // takes the (user, tenant, team) index, fetches and sorts every task of the team (3,000+ rows for
  // a busy approver) instead of walking the covering index in created order and testing the team
  // there (EXPLAIN at 1 M tasks: 179 ms → 0.15 ms).
  if (f.teamIds && f.teamIds.length > 0) conds.push(sql`${p.teamId}::text in (${sql.join(f.teamIds.map((id) => sql`${id}::uuid::text`), sql`, `)})`);
  // The pattern is lower-cased once (an init plan), by the same lower() as the stored column.
  if (f.name) conds.push(sql`${p.nameSearch} like (select lower(${containsPattern(f.name)}))`);
  const where = inTenant(scope, p, ...conds);
  const dir = f.direction === 'asc' ? asc : desc;
  // Ids and order only (both in the covering index, so deep offsets skip index entries, not rows).
  // A name search counts its matches in the same index walk as its page (count over the window),
  // which PGlite, running one statement at a time, would otherwise walk twice.
  const matching = f.name ? sql<number>`(count(*) over ())::int`.as('matching') : sql<number>`0`.as('matching');
  const page = db
    .select({ taskId: p.taskId, createdAt: p.createdAt, matching })
    .from(p)
    .where(where)
    .orderBy(dir(p.createdAt), dir(p.taskId))
    .limit(f.limit)
    .offset(f.offset)
    .as('page');
  const rowsQuery = db
    .select({ matching: page.matching, task: reviewTasks, viewedAt: mine.viewedAt, creator: { id: creator.id, displayName: creator.displayName, email: creator.email, avatar: creator.avatar }, next: { id: nextApprover.id, displayName: nextApprover.displayName, email: nextApprover.email, avatar: nextApprover.avatar } })
    .from(page)
    .innerJoin(mine, and(eq(mine.taskId, page.taskId), eq(mine.userId, f.userId)))
    .innerJoin(reviewTasks, eq(reviewTasks.id, page.taskId))
    .leftJoin(creator, eq(creator.id, reviewTasks.createdBy))
    .leftJoin(nextApprover, eq(nextApprover.id, reviewTasks.nextApproverId))
    .orderBy(dir(page.createdAt), dir(page.taskId));
  if (f.name) {
    const rows = await rowsQuery;
    // A page past the last match has no row to carry the count: count apart.
    const total = rows[0]?.matching ?? (f.offset > 0 ? await countMatching(db, where) : 0);
    return { rows, total };
  }
  const [rows, total] = await Promise.all([rowsQuery, countFromCounters(db, scope, f)]);
  return { rows, total };
}

async function countMatching(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewTaskParticipants).where(where);
  return c?.n ?? 0;
}

/** The filter's total from the user's counter rows (a few rows per kind, team and status). */
async function countFromCounters(db: DbOrTx, scope: TenantScope, f: TaskListFilter): Promise<number> {
  const c = reviewTaskCounts;
  const conds: Array<SQL | undefined> = [eq(c.userId, f.userId), f.status ? eq(c.status, f.status) : ne(c.status, 'VOIDED')];
  if (f.module) conds.push(eq(c.module, f.module));
  if (f.kind) conds.push(eq(c.kind, f.kind));
  if (f.teamIds && f.teamIds.length > 0) conds.push(inArray(c.teamId, f.teamIds));
  const [r] = await db.select({ n: sql<number>`coalesce(sum(${c.n}), 0)::int` }).from(c).where(inTenant(scope, c, ...conds));
  return r?.n ?? 0;
}

/** The §3 counter card's task figures for one user in the tenant (VOIDED left out). */
export async function countTasksForUser(db: DbOrTx, scope: TenantScope, userId: string) {
  const p = reviewTaskParticipants;
  const [c] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${p.viewedAt} is null)::int`,
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${p.status} = 'PENDING')::int`,
      approval: sql<number>`count(*) filter (where ${p.status} = 'APPROVAL')::int`,
      disapproval: sql<number>`count(*) filter (where ${p.status} = 'DISAPPROVAL')::int`,
    })
    .from(p)
    .where(inTenant(scope, p, eq(p.userId, userId), ne(p.status, 'VOIDED')));
  return { unread: c?.unread ?? 0, total: c?.total ?? 0, pending: c?.pending ?? 0, approval: c?.approval ?? 0, disapproval: c?.disapproval ?? 0 };
}

/** The task is new to the user again (their turn to decide came). */
export async function markUnread(tx: DbOrTx, scope: TenantScope, taskId: string, userId: string): Promise<void> {
  await tx
    .update(reviewTaskParticipants)
    .set({ viewedAt: null })
    .where(inTenant(scope, reviewTaskParticipants, eq(reviewTaskParticipants.taskId, taskId), eq(reviewTaskParticipants.userId, userId)));
}

/** Users who may be named approvers: tenant members and the organisation-wide roles of its organisation. */
export async function tenantCandidates(db: DbOrTx, scope: TenantScope): Promise<UserRow[]> {
  const tenantId = scopedTenantId(scope);
  const cols = { id: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar };
  const members = await db.select(cols).from(tenantMembers).innerJoin(users, eq(users.id, tenantMembers.userId)).where(eq(tenantMembers.tenantId, tenantId));
  const wide = await db
    .select(cols)
    .from(merchantMembers)
    .innerJoin(tenants, eq(tenants.merchantId, merchantMembers.merchantId))
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .where(and(eq(tenants.id, tenantId), inArray(merchantMembers.role, [...ORGANISATION_WIDE_ROLES])));
  const byId = new Map([...members, ...wide].map((u) => [u.id, u]));
  return [...byId.values()].sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id));
}
