import type { SlaSettings, SlaState, TicketAttachment, TicketComment, TicketDetail, TicketHistoryEntry, TicketItem } from '@zc/shared/api/tickets';
import { SLA_DEFAULTS } from '@zc/shared/api/tickets';
import type { BusinessHours, SlaTargets } from '../../db/schema/tickets';
import type { Actor } from '../../platform/policy';
import { canUpdateSla, commentAbilities, nextStatuses, ticketAbilities } from './policy';
import type { CommentRow, SlaSettingsRow, TeamRef, TicketEventRow, TicketRow, UserRef } from './repo';

type ClockState = TicketItem['firstResponse']['state'];

/** One SLA clock as shown: done in time (met) or late (breached), or running (ok → warning → breached). */
export function clockState(due: Date | null, done: Date | null, warnBeforeMinutes: number, now: Date): ClockState {
  if (!due) return 'ok';
  if (done) return done.getTime() <= due.getTime() ? 'met' : 'breached';
  if (now.getTime() >= due.getTime()) return 'breached';
  if (now.getTime() >= due.getTime() - warnBeforeMinutes * 60_000) return 'warning';
  return 'ok';
}

function worst(states: ClockState[]): SlaState {
  if (states.includes('breached')) return 'breached';
  if (states.includes('warning')) return 'warning';
  return 'ok';
}

export interface TicketRefs {
  users: Map<string, UserRef>;
  teams: Map<string, TeamRef>;
  warnBeforeMinutes: number;
  now: Date;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Ticket row → list item with due times, SLA state, unread state and the actor's abilities. */
export function presentTicket(actor: Actor, t: TicketRow, extra: { seen: boolean; commentCount: number }, refs: TicketRefs): TicketItem {
  // A resolved or closed ticket's clocks are done: an unanswered first response counts from the resolution.
  const firstDone = t.firstResponseAt ?? (t.status === 'RESOLVED' || t.status === 'CLOSED' ? (t.resolvedAt ?? t.closedAt) : null);
  const first = clockState(t.firstResponseDueAt, firstDone, refs.warnBeforeMinutes, refs.now);
  const resolution = clockState(t.resolutionDueAt, t.resolvedAt, refs.warnBeforeMinutes, refs.now);
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    status: t.status,
    priority: t.priority,
    assigneeUser: t.assigneeUserId ? (refs.users.get(t.assigneeUserId) ?? null) : null,
    assigneeTeam: t.assigneeTeamId ? (refs.teams.get(t.assigneeTeamId) ?? null) : null,
    createdBy: t.createdBy ? (refs.users.get(t.createdBy) ?? null) : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    unread: !extra.seen,
    firstResponse: { dueAt: iso(t.firstResponseDueAt), doneAt: iso(firstDone), state: first },
    resolution: { dueAt: iso(t.resolutionDueAt), doneAt: iso(t.resolvedAt), state: resolution },
    slaState: worst([first, resolution]),
    commentCount: extra.commentCount,
    abilities: ticketAbilities(actor),
  };
}

export function presentTicketDetail(actor: Actor, t: TicketRow, extra: { seen: boolean; commentCount: number }, refs: TicketRefs): TicketDetail {
  return { ...presentTicket(actor, t, extra, refs), description: t.description, resolvedAt: iso(t.resolvedAt), closedAt: iso(t.closedAt), nextStatuses: nextStatuses(actor, t.status) };
}

/** Audit/event view of a ticket: the fields that matter, no text bodies. */
export function ticketAuditView(t: TicketRow) {
  return { number: t.number, title: t.title, status: t.status, priority: t.priority, assigneeUserId: t.assigneeUserId, assigneeTeamId: t.assigneeTeamId };
}

/** The ticket as events carry it (packages/shared events ticketRef). */
export function ticketRef(t: TicketRow) {
  return { ticketId: t.id, number: t.number, title: t.title, status: t.status, priority: t.priority, assigneeUserId: t.assigneeUserId, assigneeTeamId: t.assigneeTeamId };
}

export function presentComment(actor: Actor, c: CommentRow, users: Map<string, UserRef>): TicketComment {
  return {
    id: c.id,
    ticketId: c.ticketId,
    author: c.authorId ? (users.get(c.authorId) ?? null) : null,
    body: c.body,
    attachments: c.attachments as TicketAttachment[],
    mentions: c.mentions.flatMap((id) => users.get(id) ?? []),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    abilities: commentAbilities(actor, c),
  };
}

export function presentHistory(e: TicketEventRow, users: Map<string, UserRef>): TicketHistoryEntry {
  return { id: e.id, field: e.field, from: e.fromValue, to: e.toValue, actor: e.actorId ? (users.get(e.actorId) ?? null) : null, createdAt: e.createdAt.toISOString() };
}

/** The SLA settings in force: the tenant's row, or the defaults. */
export function effectiveSla(row: SlaSettingsRow | null): { timezone: string; businessHours: BusinessHours; targets: SlaTargets; warnBeforeMinutes: number } {
  if (!row) return { timezone: SLA_DEFAULTS.timezone, businessHours: { ...SLA_DEFAULTS.businessHours, days: [...SLA_DEFAULTS.businessHours.days] }, targets: structuredClone(SLA_DEFAULTS.targets) as SlaTargets, warnBeforeMinutes: SLA_DEFAULTS.warnBeforeMinutes };
  return { timezone: row.timezone, businessHours: row.businessHours, targets: row.targets, warnBeforeMinutes: row.warnBeforeMinutes };
}

export function presentSla(actor: Actor, row: SlaSettingsRow | null): SlaSettings {
  return { ...effectiveSla(row), configured: row !== null, updatedAt: iso(row?.updatedAt ?? null), abilities: { update: canUpdateSla(actor) } };
}
