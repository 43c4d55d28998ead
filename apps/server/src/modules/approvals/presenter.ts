import { MODULE_OF_KIND, CONTENT_KINDS, type ApprovalWorkflow, type ApproverEntryView, type TaskDetail, type TaskItem, type TaskUser } from '@zc/shared/api/approvals';
import type { Actor } from '../../platform/policy';
import { taskDetailAbilities, taskListAbilities, workflowAbilities } from './policy';
import { reviewKindOf } from './registry';
import type { TaskRow, UserRow, WorkflowRow } from './repo';

const user = (u: UserRow | null | undefined): TaskUser | null => (u ? { id: u.id, displayName: u.displayName, email: u.email, avatar: u.avatar } : null);

/** The item's id under the name its own page uses (oaContentId, campaignId …), from the kind. */
function links(task: TaskRow) {
  const field = reviewKindOf(task.kind)?.linkField;
  return {
    oaContentId: field === 'oaContentId' ? task.referenceId : null,
    oaBroadcastId: field === 'oaBroadcastId' ? task.referenceId : null,
    campaignId: field === 'campaignId' ? task.referenceId : null,
    templateRequestId: field === 'templateRequestId' ? task.referenceId : null,
  };
}

function base(task: TaskRow, viewedAt: Date | null, creator: UserRow | null | undefined, next: UserRow | null | undefined) {
  return {
    id: task.id,
    name: task.name,
    module: task.module,
    type: task.kind,
    status: viewedAt ? ('viewed' as const) : ('new' as const),
    statusTask: task.status,
    teamId: task.teamId,
    referenceId: task.referenceId,
    ...links(task),
    createdBy: user(creator),
    nextApprover: user(next),
    createdAt: task.createdAt.toISOString(),
    decidedAt: task.decidedAt ? task.decidedAt.toISOString() : null,
  };
}

/** A row of My tasks; `viewedAt` is the caller's. */
export function presentTaskItem(actor: Actor, r: { task: TaskRow; viewedAt: Date | null; creator: UserRow | null; next: UserRow | null }): TaskItem {
  return { ...base(r.task, r.viewedAt, r.creator, r.next), abilities: taskListAbilities(actor, r.task) };
}

/** The task detail: workflow entries with their users, the frozen snapshot and the kind's preview of it. */
export function presentTaskDetail(actor: Actor, task: TaskRow, viewedAt: Date | null, people: Map<string, UserRow>): TaskDetail {
  const workFlowCurrent: ApproverEntryView[] = task.workflow.map((e) => {
    const u = people.get(e.userId);
    return { ...e, user: u ? { id: u.id, displayName: u.displayName, email: u.email, userProfile: { fullName: u.displayName, avatar: u.avatar } } : null };
  });
  const kind = reviewKindOf(task.kind);
  return {
    ...base(task, viewedAt, task.createdBy ? people.get(task.createdBy) : null, task.nextApproverId ? people.get(task.nextApproverId) : null),
    workFlowCurrent,
    currentStep: task.currentStep,
    snapshot: task.snapshot,
    snapshotHash: task.snapshotHash,
    preview: kind ? kind.preview(task.snapshot) : null,
    version: task.version,
    abilities: taskDetailAbilities(actor, task),
  };
}

/** Every kind's workflow for the scope (tenant or team), unset kinds as empty lists. */
export function presentWorkflows(actor: Actor, teamId: string | null, rows: WorkflowRow[], people: Map<string, UserRow>): ApprovalWorkflow[] {
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return CONTENT_KINDS.map((kind) => {
    const row = byKind.get(kind);
    return {
      kind,
      module: MODULE_OF_KIND[kind],
      teamId,
      configured: row !== undefined,
      approvers: (row?.approverIds ?? []).flatMap((id) => user(people.get(id)) ?? []),
      updatedAt: row ? row.updatedAt.toISOString() : null,
      abilities: workflowAbilities(actor, row !== undefined),
    };
  });
}
