import { and, eq } from 'drizzle-orm';
import { MODULE_OF_KIND, type ContentKind, type PutWorkflowBody, type TaskCard, type TaskDetail, type TaskItem, type TaskListQuery, type TaskStatus } from '@zc/shared/api/approvals';
import type { DbOrTx, Tx } from '../../db/client';
import { tenants } from '../../db/schema/organisation';
import { teams } from '../../db/schema/teams';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import { can, type Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { ticketCounts } from '../tickets/service';
import { decide as decideStep, initialState, snapshotHash, voidState, type ReviewState } from './engine';
import { canSetWorkflow } from './policy';
import { presentTaskDetail, presentTaskItem, presentWorkflows } from './presenter';
import { requireReviewKind, type ReviewedTask } from './registry';
import {
  countTasksForUser,
  deleteWorkflow,
  findTaskRow,
  findWorkflow,
  insertParticipants,
  insertTask,
  insertWorkflow,
  latestTasksOf,
  listTasksForUser,
  listWorkflows,
  lockPendingTask,
  markUnread,
  markViewed,
  participantViewedAt,
  setParticipantsStatus,
  tasksOfReference,
  tenantCandidates,
  tenantUserIds,
  updateTaskAtVersion,
  updateWorkflow,
  usersByIds,
  type TaskRow,
} from './repo';

export { registerReviewKind, type ReviewKind, type ReviewSubject, type ReviewedTask } from './registry';
export type { TaskRow } from './repo';

const eventName = (name: string) => name.slice(0, 300);
const reviewed = (t: TaskRow): ReviewedTask => ({ id: t.id, tenantId: t.tenantId, kind: t.kind, referenceId: t.referenceId, name: t.name, snapshot: t.snapshot, createdBy: t.createdBy });
const stateOf = (t: TaskRow): ReviewState => ({ status: t.status, workflow: t.workflow, currentStep: t.currentStep, nextApproverId: t.nextApproverId });

async function merchantOf(tx: DbOrTx, scope: TenantScope): Promise<string> {
  const [t] = await tx.select({ merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, scopedTenantId(scope)));
  if (!t) throw notFound();
  return t.merchantId;
}

/**
 * Ends the item's pending review without a decision (the item was edited): the task becomes
 * VOIDED, stays on record (task log) and leaves the lists. Returns the voided task, or null.
 */
export async function voidReview(tx: Tx, scope: TenantScope, kind: ContentKind, referenceId: string): Promise<TaskRow | null> {
  const pending = await lockPendingTask(tx, scope, kind, referenceId);
  if (!pending) return null;
  const voided = voidState(stateOf(pending));
  const row = await updateTaskAtVersion(tx, scope, pending.id, pending.version, { ...voided, decidedAt: null });
  if (!row) throw new Error('a locked pending task changed under its lock');
  await setParticipantsStatus(tx, scope, row.id, 'VOIDED');
  await emitEvent(tx, { type: 'task.voided', tenantId: row.tenantId, data: { taskId: row.id, kind, referenceId, name: eventName(row.name) } });
  return row;
}

/**
 * Submits an item for review, in the caller's transaction: freezes the kind's snapshot with its
 * hash, copies the workflow that applies (the item's team's, else the tenant's), voids the item's
 * pending review if any, and creates the task with its participants (creator and approvers). An
 * empty workflow approves at once: the kind's approval action runs in this transaction.
 */
export async function submitForReview(tx: Tx, actor: { userId: string } | null, scope: TenantScope, input: { kind: ContentKind; referenceId: string }): Promise<TaskRow> {
  const kind = requireReviewKind(input.kind);
  const subject = await kind.snapshot(tx, scope, input.referenceId);
  if (!subject) throw notFound();
  await voidReview(tx, scope, input.kind, input.referenceId);
  const workflow = (subject.teamId ? await findWorkflow(tx, scope, input.kind, subject.teamId) : null) ?? (await findWorkflow(tx, scope, input.kind, null));
  const state = initialState(workflow?.approverIds ?? []);
  const now = new Date();
  const task = await insertTask(tx, scope, {
    merchantId: await merchantOf(tx, scope),
    teamId: subject.teamId,
    kind: input.kind,
    module: MODULE_OF_KIND[input.kind],
    referenceId: input.referenceId,
    name: subject.name,
    status: state.status,
    workflow: state.workflow,
    currentStep: state.currentStep,
    nextApproverId: state.nextApproverId,
    snapshot: subject.snapshot,
    snapshotHash: snapshotHash(subject.snapshot),
    createdBy: actor?.userId ?? null,
    createdAt: now,
    decidedAt: state.status === 'APPROVAL' ? now : null,
  });
  await insertParticipants(tx, scope, task, [...(actor ? [actor.userId] : []), ...state.workflow.map((e) => e.userId)]);
  const ref = { taskId: task.id, kind: input.kind, referenceId: input.referenceId, name: eventName(task.name) };
  await emitEvent(tx, { type: 'task.submitted', tenantId: task.tenantId, data: { ...ref, createdBy: task.createdBy, nextApproverId: task.nextApproverId } });
  if (task.status === 'APPROVAL') {
    await kind.onApproved(tx, reviewed(task));
    await emitEvent(tx, { type: 'task.decided', tenantId: task.tenantId, data: { ...ref, outcome: 'APPROVAL', decidedBy: null, createdBy: task.createdBy } });
  }
  return task;
}

/**
 * The next approver's decision (§4 approval action), in the caller's transaction. Written only at
 * the version read, so of two decisions at the same moment exactly one applies; the other is
 * re-judged on the new state (409 once the review ended, 403 when it is no longer the caller's turn).
 */
export async function decideTask(tx: Tx, actor: Actor, scope: TenantScope, taskId: string, input: { approval: boolean; comment: string }): Promise<{ before: TaskRow; after: TaskRow }> {
  const comment = input.comment.trim();
  let row = await findTaskRow(tx, scope, taskId);
  if (!row) throw notFound();
  if (!comment) throw fieldError('comment', 'please input note', 'required');
  if (!can(actor, 'UPDATE_TENANT_TASK')) throw new AppError('FORBIDDEN');
  for (let attempt = 0; ; attempt += 1) {
    const result = decideStep(stateOf(row), actor.userId, input.approval, comment, new Date());
    if (!result.ok) throw new AppError(result.refusal);
    const terminal = result.outcome !== 'advanced';
    const after = await updateTaskAtVersion(tx, scope, row.id, row.version, { ...result.state, decidedAt: terminal ? new Date() : null });
    if (!after) {
      // Another decision (or an edit) committed first: judge again on what it left.
      const fresh = await findTaskRow(tx, scope, taskId);
      if (!fresh || attempt >= 3) throw new AppError('TASK_ALREADY_DECIDED');
      row = fresh;
      continue;
    }
    const ref = { taskId: after.id, kind: after.kind, referenceId: after.referenceId, name: eventName(after.name) };
    if (result.outcome === 'advanced') {
      // The next approver's turn: the task is new to them again.
      if (after.nextApproverId) await markUnread(tx, scope, after.id, after.nextApproverId);
      await emitEvent(tx, { type: 'task.advanced', tenantId: after.tenantId, data: { ...ref, decidedBy: actor.userId, nextApproverId: after.nextApproverId ?? actor.userId } });
    } else {
      await setParticipantsStatus(tx, scope, after.id, after.status);
      // The outcome concerns the creator: the task is new to them again.
      if (after.createdBy && after.createdBy !== actor.userId) await markUnread(tx, scope, after.id, after.createdBy);
      const kind = requireReviewKind(after.kind);
      if (result.outcome === 'APPROVAL') await kind.onApproved(tx, reviewed(after));
      else await kind.onRejected(tx, reviewed(after), comment);
      await emitEvent(tx, { type: 'task.decided', tenantId: after.tenantId, data: { ...ref, outcome: result.outcome, decidedBy: actor.userId, createdBy: after.createdBy } });
    }
    return { before: row, after };
  }
}

/** Marks the caller's view of the task (PATCH status viewed); announces it when it was new. */
export async function viewTask(tx: Tx, actor: Actor, scope: TenantScope, taskId: string): Promise<{ changed: boolean }> {
  const row = await findTaskRow(tx, scope, taskId);
  if (!row) throw notFound();
  const changed = await markViewed(tx, scope, taskId, actor.userId);
  if (changed) await emitEvent(tx, { type: 'task.viewed', tenantId: row.tenantId, data: { taskId, userId: actor.userId } });
  return { changed };
}

export async function findMyTasks(db: DbOrTx, actor: Actor, scope: TenantScope, q: TaskListQuery): Promise<{ rows: TaskItem[]; total: number }> {
  const r = await listTasksForUser(db, scope, {
    userId: actor.userId,
    module: q.module,
    kind: q.type,
    status: q.statusTask,
    teamIds: q.teamIds,
    name: q.name,
    direction: q.orderBy.direction,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  return { rows: r.rows.map((x) => presentTaskItem(actor, { task: x.task, viewedAt: x.viewedAt, creator: x.creator?.id ? x.creator : null, next: x.next?.id ? x.next : null })), total: r.total };
}

async function detailsOf(db: DbOrTx, actor: Actor, scope: TenantScope, rows: TaskRow[]): Promise<TaskDetail[]> {
  const ids = rows.flatMap((t) => [...(t.createdBy ? [t.createdBy] : []), ...(t.nextApproverId ? [t.nextApproverId] : []), ...t.workflow.map((e) => e.userId)]);
  const people = await usersByIds(db, ids);
  return Promise.all(
    rows.map(async (t) => {
      const view = await participantViewedAt(db, scope, t.id, actor.userId);
      // A viewer who is not a participant has nothing unread.
      return presentTaskDetail(actor, t, view ? view.viewedAt : t.createdAt, people);
    }),
  );
}

/** One task of the tenant (404 for another tenant's). */
export async function findTask(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<TaskDetail> {
  const row = await findTaskRow(db, scope, id);
  if (!row) throw notFound();
  const [detail] = await detailsOf(db, actor, scope, [row]);
  if (!detail) throw notFound();
  return detail;
}

/** Every review of one item (by its reference id, or by the id of one of its tasks), voided included. */
export async function findTaskLog(db: DbOrTx, actor: Actor, scope: TenantScope, q: { referenceId?: string | undefined; taskId?: string | undefined }): Promise<TaskDetail[]> {
  let referenceId = q.referenceId;
  if (!referenceId && q.taskId) {
    const row = await findTaskRow(db, scope, q.taskId);
    if (!row) throw notFound();
    referenceId = row.referenceId;
  }
  if (!referenceId) return [];
  return detailsOf(db, actor, scope, await tasksOfReference(db, scope, referenceId));
}

/** The reviews of one OA content item (its id is the reference). */
export async function findOaContentTasks(db: DbOrTx, actor: Actor, scope: TenantScope, contentId: string): Promise<TaskDetail[]> {
  const rows = (await tasksOfReference(db, scope, contentId)).filter((t) => t.module === 'OA');
  return detailsOf(db, actor, scope, rows);
}

/** The §3 counter card of the caller: task figures here, ticket figures from the tickets module. */
export async function taskCard(db: DbOrTx, actor: Actor, scope: TenantScope): Promise<TaskCard> {
  const [t, k] = await Promise.all([countTasksForUser(db, scope, actor.userId), ticketCounts(db, scope, actor.userId)]);
  return { statusView: t.unread, totalTask: t.total, totalPending: t.pending, totalReject: t.disapproval, totalApproval: t.approval, ...k };
}

/** The latest review of each item of a kind (for the item lists: task id, status and whose turn it is). */
export async function latestReviews(db: DbOrTx, scope: TenantScope, kind: ContentKind, referenceIds: readonly string[]): Promise<Map<string, { taskId: string; status: TaskStatus; nextApproverId: string | null }>> {
  const m = await latestTasksOf(db, scope, kind, referenceIds);
  return new Map([...m].map(([ref, t]) => [ref, { taskId: t.id, status: t.status, nextApproverId: t.nextApproverId }]));
}

/* Approval workflows */

async function checkTeam(db: DbOrTx, scope: TenantScope, teamId: string | null): Promise<void> {
  if (teamId === null) return;
  const [t] = await db.select({ id: teams.id }).from(teams).where(and(eq(teams.tenantId, scopedTenantId(scope)), eq(teams.id, teamId)));
  if (!t) throw notFound();
}

/** Who may be named an approver in the tenant (workflow editor). */
export async function findWorkflowCandidates(db: DbOrTx, scope: TenantScope) {
  return (await tenantCandidates(db, scope)).map((u) => ({ id: u.id, displayName: u.displayName, email: u.email, avatar: u.avatar }));
}

export async function findWorkflows(db: DbOrTx, actor: Actor, scope: TenantScope, teamId: string | null) {
  await checkTeam(db, scope, teamId);
  const rows = await listWorkflows(db, scope, teamId);
  const people = await usersByIds(db, rows.flatMap((r) => r.approverIds));
  return presentWorkflows(actor, teamId, rows, people);
}

/**
 * Sets one kind's approvers for the tenant or a team (created or replaced). Every approver must be
 * able to open the tenant (422 APPROVER_NOT_IN_TENANT otherwise). Tasks already submitted keep the
 * copy they were given.
 */
export async function setWorkflow(tx: Tx, actor: Actor, scope: TenantScope, body: PutWorkflowBody) {
  await checkTeam(tx, scope, body.teamId);
  const inTenant = await tenantUserIds(tx, scope, body.approverIds);
  const outsiders = body.approverIds.filter((id) => !inTenant.has(id));
  if (outsiders.length > 0) throw new AppError('APPROVER_NOT_IN_TENANT', undefined, { fields: [{ path: 'approverIds', code: 'not_in_tenant', message: 'An approver is not a member of this tenant' }], userIds: outsiders });
  const before = await findWorkflow(tx, scope, body.kind, body.teamId);
  if (!canSetWorkflow(actor, before !== null)) throw new AppError('FORBIDDEN');
  const row = before
    ? await updateWorkflow(tx, scope, before.id, { approverIds: body.approverIds, userId: actor.userId })
    : await insertWorkflow(tx, scope, { kind: body.kind, teamId: body.teamId, approverIds: body.approverIds, userId: actor.userId });
  const [view] = (await findWorkflows(tx, actor, scope, body.teamId)).filter((w) => w.kind === body.kind);
  if (!view) throw new Error('workflow just written is missing');
  return { created: before === null, before, row, view };
}

/** Removes one kind's workflow (404 when none is stored): its items are then approved on submission. */
export async function removeWorkflow(tx: Tx, scope: TenantScope, kind: ContentKind, teamId: string | null) {
  await checkTeam(tx, scope, teamId);
  const before = await findWorkflow(tx, scope, kind, teamId);
  if (!before) throw notFound();
  await deleteWorkflow(tx, scope, before.id);
  return before;
}
