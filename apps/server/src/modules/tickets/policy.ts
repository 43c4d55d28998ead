import { TICKET_TRANSITIONS, type TicketStatus } from '@zc/shared/api/tickets';
import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with a ticket (§6 VIEW/CREATE/UPDATE/DELETE_TICKET). Every holder of VIEW_TICKET
 * sees the tenant's tickets; UPDATE_TICKET moves status (as TICKET_TRANSITIONS allow), priority,
 * assignee and text; DELETE_TICKET deletes; whoever may raise or update tickets may comment, and
 * only the author edits or deletes a comment.
 */
export function canUpdateTicket(actor: Actor): boolean {
  return can(actor, 'UPDATE_TICKET');
}

export function canDeleteTicket(actor: Actor): boolean {
  return can(actor, 'DELETE_TICKET');
}

export function canComment(actor: Actor): boolean {
  return can(actor, 'CREATE_TICKET', 'UPDATE_TICKET');
}

/** Whether the status may go from `from` to `to` (a same-status "move" is not a move). */
export function isAllowedTransition(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

/** The statuses the actor may move a ticket to now. */
export function nextStatuses(actor: Actor, status: TicketStatus): TicketStatus[] {
  return canUpdateTicket(actor) ? [...TICKET_TRANSITIONS[status]] : [];
}

export function ticketAbilities(actor: Actor): Abilities<'update' | 'delete' | 'comment'> {
  return { update: canUpdateTicket(actor), delete: canDeleteTicket(actor), comment: canComment(actor) };
}

export function canEditComment(actor: Actor, comment: { authorId: string | null }): boolean {
  return comment.authorId === actor.userId && canComment(actor);
}

export function commentAbilities(actor: Actor, comment: { authorId: string | null }): Abilities<'update' | 'delete'> {
  const own = canEditComment(actor, comment);
  return { update: own, delete: own };
}

/** Only the SLA settings' editors (tenant administrators: UPDATE_TENANT) change targets and hours. */
export function canUpdateSla(actor: Actor): boolean {
  return can(actor, 'UPDATE_TENANT');
}
