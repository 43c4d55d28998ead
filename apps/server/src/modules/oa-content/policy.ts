import type { Abilities } from '../../platform/policy';
import { can, type Actor } from '../../platform/policy';
import type { ContentRow } from './repo';

/**
 * §6 content actions. Editing: UPDATE_ZALO_OA_CONTENT, or the creator with CREATE_ZALO_OA_CONTENT
 * while the item is theirs to rework (draft, rejected, in review); never once published.
 */
export function canEditContent(actor: Actor, row: Pick<ContentRow, 'status' | 'createdBy'>): boolean {
  if (row.status === 'published') return false;
  return can(actor, 'UPDATE_ZALO_OA_CONTENT') || (can(actor, 'CREATE_ZALO_OA_CONTENT') && row.createdBy === actor.userId);
}

/**
 * §4/§6 deletion: a draft by whoever may edit it (or DELETE_ZALO_OA_CONTENT); a non-draft only with
 * DELETE_ZALO_OA_CONTENT; an approved (published) item never (§8 'OA Content was approved so cannot delete').
 */
export function canDeleteContent(actor: Actor, row: Pick<ContentRow, 'status' | 'createdBy'>): boolean {
  if (row.status === 'published') return false;
  if (can(actor, 'DELETE_ZALO_OA_CONTENT')) return true;
  return row.status === 'draft' && canEditContent(actor, row);
}

/** Approve/reject: the pending review's next approver, holding UPDATE_TENANT_TASK. */
export function canDecideContent(actor: Actor, row: Pick<ContentRow, 'status'>, task: { status: string; nextApproverId: string | null } | null): boolean {
  return row.status === 'approval' && task?.status === 'PENDING' && task.nextApproverId === actor.userId && can(actor, 'UPDATE_TENANT_TASK');
}

export function contentAbilities(actor: Actor, row: ContentRow, task: { status: string; nextApproverId: string | null } | null): Abilities<'update' | 'delete' | 'decide'> {
  return { update: canEditContent(actor, row), delete: canDeleteContent(actor, row), decide: canDecideContent(actor, row, task) };
}
