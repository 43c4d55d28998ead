import { can, type Abilities, type Actor } from '../../platform/policy';
import type { BroadcastRow } from './repo';

/**
 * Who may do what with a broadcast (§4, §6): it is seen with VIEW_ZALO_OA_CONTENT; composed with
 * CREATE_ZALO_OA_CONTENT; edited while a draft, in review (the review is voided) or rejected; a
 * draft is deleted by whoever may compose or update, anything else only with DELETE_ZALO_OA_CONTENT;
 * approve/reject only by the next approver while the review is pending.
 */
export type BroadcastAbilities = Abilities<'view' | 'edit' | 'delete' | 'decide'>;

const EDITABLE: ReadonlySet<BroadcastRow['status']> = new Set(['DRAFT', 'PENDING_REVIEW', 'REJECTED']);

export function canEditBroadcast(actor: Actor, row: Pick<BroadcastRow, 'status'>): boolean {
  return can(actor, 'CREATE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT') && EDITABLE.has(row.status);
}

export function canDeleteBroadcast(actor: Actor, row: Pick<BroadcastRow, 'status'>): boolean {
  if (can(actor, 'DELETE_ZALO_OA_CONTENT')) return true;
  return row.status === 'DRAFT' && can(actor, 'CREATE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT');
}

export function canDecideBroadcast(actor: Actor, row: Pick<BroadcastRow, 'status'>, nextApproverId: string | null): boolean {
  return row.status === 'PENDING_REVIEW' && nextApproverId === actor.userId && can(actor, 'UPDATE_TENANT_TASK');
}

export function broadcastAbilities(actor: Actor, row: Pick<BroadcastRow, 'status'>, nextApproverId: string | null): BroadcastAbilities {
  return { view: can(actor, 'VIEW_ZALO_OA_CONTENT'), edit: canEditBroadcast(actor, row), delete: canDeleteBroadcast(actor, row), decide: canDecideBroadcast(actor, row, nextApproverId) };
}
