import { TICKET_TRANSITIONS } from '@zc/shared/api/tickets';
import type { CreateTicketBody, SlaSettings, TicketAssignees, TicketAttachment, TicketComment, TicketDetail, TicketHistoryEntry, TicketItem, TicketStatus, UpdateSlaBody, UpdateTicketBody } from '@zc/shared/api/tickets';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { canEditComment, isAllowedTransition } from './policy';
import { effectiveSla, presentComment, presentHistory, presentSla, presentTicket, presentTicketDetail, ticketAuditView, ticketRef, type TicketRefs } from './presenter';
import {
  countTicketsFor,
  deleteComment,
  deleteTicket,
  findComment,
  findSlaSettings,
  findTeam,
  findTeams,
  findTicket,
  findTicketView,
  findUsers,
  insertComment,
  insertTicket,
  insertTicketEvents,
  listAssignees,
  listComments,
  listTicketEvents,
  listTickets,
  markTicketViewed,
  nextTicketNumber,
  tenantMemberIds,
  updateComment,
  updateTicket,
  upsertSlaSettings,
  type TicketListFilter,
  type TicketPatch,
  type TicketRow,
} from './repo';
import { addBusinessMinutes, type BusinessClock } from './sla';

/** The ticket figures of the §3 task counter card. */
export interface TicketCounts {
  statusViewTicket: number;
  totalTicket: number;
  totalOpen: number;
  totalInprogress: number;
  totalResolved: number;
  totalClose: number;
}

/**
 * The §3 counter card's ticket figures for `userId`: tickets that concern them (raised by them,
 * assigned to them or to one of their teams); `statusViewTicket` counts those changed since the
 * user last opened them (or never opened).
 */
export async function ticketCounts(db: DbOrTx, scope: TenantScope, userId: string): Promise<TicketCounts> {
  const c = await countTicketsFor(db, scope, userId);
  return { statusViewTicket: c.unread, totalTicket: c.total, totalOpen: c.open, totalInprogress: c.inprogress, totalResolved: c.resolved, totalClose: c.closed };
}

async function refsFor(db: DbOrTx, scope: TenantScope, rows: TicketRow[]): Promise<TicketRefs> {
  const userIds = rows.flatMap((t) => [t.assigneeUserId, t.createdBy].filter((x): x is string => x !== null));
  const teamIds = rows.flatMap((t) => (t.assigneeTeamId ? [t.assigneeTeamId] : []));
  const [users, teams, settings] = await Promise.all([findUsers(db, userIds), findTeams(db, scope, teamIds), findSlaSettings(db, scope)]);
  return { users, teams, warnBeforeMinutes: effectiveSla(settings).warnBeforeMinutes, now: new Date() };
}

/** A page of the tenant's tickets as answered. */
export async function findTickets(db: DbOrTx, actor: Actor, scope: TenantScope, q: TicketListFilter): Promise<{ rows: TicketItem[]; total: number }> {
  const r = await listTickets(db, scope, actor.userId, q);
  const refs = await refsFor(db, scope, r.rows.map((x) => x.ticket));
  return { rows: r.rows.map((x) => presentTicket(actor, x.ticket, x, refs)), total: r.total };
}

export async function findTicketDetail(db: DbOrTx, actor: Actor, scope: TenantScope, id: string): Promise<TicketDetail> {
  const row = await findTicketView(db, scope, actor.userId, id);
  if (!row) throw notFound();
  return presentTicketDetail(actor, row.ticket, row, await refsFor(db, scope, [row.ticket]));
}

/** 422 unless the assignee is a member (person) or a team of the tenant. */
async function checkAssignee(db: DbOrTx, scope: TenantScope, input: { assigneeUserId?: string | null; assigneeTeamId?: string | null }): Promise<void> {
  if (input.assigneeUserId) {
    const members = await tenantMemberIds(db, scope, [input.assigneeUserId]);
    if (!members.has(input.assigneeUserId)) throw new AppError('TICKET_ASSIGNEE_INVALID', undefined, { fields: [{ path: 'body.assigneeUserId', code: 'not_member', message: 'not a member of this tenant' }] });
  }
  if (input.assigneeTeamId && !(await findTeam(db, scope, input.assigneeTeamId))) {
    throw new AppError('TICKET_ASSIGNEE_INVALID', undefined, { fields: [{ path: 'body.assigneeTeamId', code: 'not_found', message: 'not a team of this tenant' }] });
  }
}

async function clockOf(db: DbOrTx, scope: TenantScope) {
  const sla = effectiveSla(await findSlaSettings(db, scope));
  const clock: BusinessClock = { timezone: sla.timezone, hours: sla.businessHours };
  return { sla, clock };
}

/** Raises a ticket: number, SLA due times from the tenant's business clock, history, creator's view, event. */
export async function createTicket(tx: Tx, actor: Actor, scope: TenantScope, body: CreateTicketBody) {
  await checkAssignee(tx, scope, body);
  const { sla, clock } = await clockOf(tx, scope);
  const number = await nextTicketNumber(tx, scope);
  const now = new Date();
  const target = sla.targets[body.priority];
  const row = await insertTicket(tx, scope, {
    number,
    title: body.title,
    description: body.description,
    priority: body.priority,
    assigneeUserId: body.assigneeUserId ?? null,
    assigneeTeamId: body.assigneeTeamId ?? null,
    createdBy: actor.userId,
    firstResponseDueAt: addBusinessMinutes(now, target.firstResponseMinutes, clock),
    resolutionDueAt: addBusinessMinutes(now, target.resolutionMinutes, clock),
  });
  await insertTicketEvents(tx, scope, [{ ticketId: row.id, actorId: actor.userId, field: 'created', fromValue: null, toValue: row.status }]);
  await markTicketViewed(tx, row.id, actor.userId);
  await emitEvent(tx, { type: 'ticket.created', tenantId: scopedTenantId(scope), data: { ...ticketRef(row), createdBy: actor.userId } });
  return { row, audit: ticketAuditView(row) };
}

const REOPENED_FROM: readonly TicketStatus[] = ['RESOLVED', 'CLOSED'];

/**
 * PATCH: status (TICKET_TRANSITIONS, 409 otherwise; leaving OPEN answers the first response;
 * RESOLVED/CLOSED stop the resolution clock; a reopen restarts it from now), priority (due times
 * recomputed from the creation time), assignee (422 outside the tenant), title, description. One
 * history row per changed field.
 */
export async function changeTicket(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: UpdateTicketBody) {
  const before = await findTicket(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  const patch: TicketPatch = {};
  const history: Array<{ field: string; fromValue: string | null; toValue: string | null }> = [];
  const nowMs = Date.now();
  const now = new Date(nowMs);
  const needsClock = (body.status !== undefined && body.status !== before.status) || (body.priority !== undefined && body.priority !== before.priority);
  const { sla, clock } = needsClock ? await clockOf(tx, scope) : { sla: null, clock: null };

  if (body.title !== undefined && body.title !== before.title) {
    patch.title = body.title;
    history.push({ field: 'title', fromValue: before.title, toValue: body.title });
  }
  if (body.description !== undefined && body.description !== before.description) {
    patch.description = body.description;
    history.push({ field: 'description', fromValue: null, toValue: null });
  }
  if (body.assigneeUserId !== undefined || body.assigneeTeamId !== undefined) {
    // Assigning a person clears the team and the other way round; null unassigns.
    const nextUser = body.assigneeUserId !== undefined ? body.assigneeUserId : body.assigneeTeamId ? null : before.assigneeUserId;
    const nextTeam = body.assigneeTeamId !== undefined ? body.assigneeTeamId : body.assigneeUserId ? null : before.assigneeTeamId;
    await checkAssignee(tx, scope, { assigneeUserId: nextUser, assigneeTeamId: nextTeam });
    if (nextUser !== before.assigneeUserId || nextTeam !== before.assigneeTeamId) {
      const users = await findUsers(tx, [before.assigneeUserId, nextUser].filter((x): x is string => !!x));
      const teams = await findTeams(tx, scope, [before.assigneeTeamId, nextTeam].filter((x): x is string => !!x));
      const label = (u: string | null, t: string | null) => (u ? (users.get(u)?.displayName ?? u) : t ? (teams.get(t)?.name ?? t) : null);
      patch.assigneeUserId = nextUser;
      patch.assigneeTeamId = nextTeam;
      history.push({ field: 'assignee', fromValue: label(before.assigneeUserId, before.assigneeTeamId), toValue: label(nextUser, nextTeam) });
    }
  }
  if (body.priority !== undefined && body.priority !== before.priority && sla && clock) {
    patch.priority = body.priority;
    history.push({ field: 'priority', fromValue: before.priority, toValue: body.priority });
    const target = sla.targets[body.priority];
    const firstDue = addBusinessMinutes(before.createdAt, target.firstResponseMinutes, clock);
    const resolutionDue = addBusinessMinutes(before.createdAt, target.resolutionMinutes, clock);
    const warnMs = sla.warnBeforeMinutes * 60_000;
    patch.firstResponseDueAt = firstDue;
    patch.resolutionDueAt = resolutionDue;
    // Stamps are cleared only for times still ahead, so no warning or breach is ever announced twice.
    if (firstDue.getTime() > nowMs) patch.firstResponseBreachedAt = null;
    if (firstDue.getTime() - warnMs > nowMs) patch.firstResponseWarnedAt = null;
    if (resolutionDue.getTime() > nowMs) patch.resolutionBreachedAt = null;
    if (resolutionDue.getTime() - warnMs > nowMs) patch.resolutionWarnedAt = null;
  }
  if (body.status !== undefined && body.status !== before.status && sla && clock) {
    if (!isAllowedTransition(before.status, body.status)) {
      throw new AppError('TICKET_STATUS_TRANSITION', `A ${before.status} ticket cannot move to ${body.status}`, { from: before.status, to: body.status, allowed: [...TICKET_TRANSITIONS[before.status]] });
    }
    patch.status = body.status;
    history.push({ field: 'status', fromValue: before.status, toValue: body.status });
    if (before.status === 'OPEN' && !before.firstResponseAt) patch.firstResponseAt = now;
    if (body.status === 'RESOLVED') patch.resolvedAt = before.resolvedAt ?? now;
    if (body.status === 'CLOSED') {
      patch.closedAt = now;
      patch.resolvedAt = before.resolvedAt ?? now;
    }
    if (REOPENED_FROM.includes(before.status) && (body.status === 'OPEN' || body.status === 'INPROGRESS')) {
      const priority = patch.priority ?? before.priority;
      patch.resolvedAt = null;
      patch.closedAt = null;
      patch.resolutionDueAt = addBusinessMinutes(now, sla.targets[priority].resolutionMinutes, clock);
      patch.resolutionWarnedAt = null;
      patch.resolutionBreachedAt = null;
    }
  }
  if (history.length === 0) {
    return { before, after: before, changed: [] as string[] };
  }
  const after = await updateTicket(tx, scope, id, patch);
  if (!after) throw notFound();
  await insertTicketEvents(tx, scope, history.map((h) => ({ ticketId: id, actorId: actor.userId, ...h })));
  await markTicketViewed(tx, id, actor.userId);
  const fields = history.map((h) => h.field);
  await emitEvent(tx, { type: 'ticket.updated', tenantId: scopedTenantId(scope), data: { ...ticketRef(after), actorId: actor.userId, fields, previousAssigneeUserId: before.assigneeUserId } });
  return { before, after, changed: fields };
}

export async function removeTicket(tx: Tx, scope: TenantScope, id: string) {
  const before = await findTicket(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  await deleteTicket(tx, scope, id);
  return { before: ticketAuditView(before) };
}

/** The caller opened the ticket: it is no longer unread for them. */
export async function viewTicket(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const row = await findTicket(tx, scope, id);
  if (!row) throw notFound();
  await markTicketViewed(tx, id, actor.userId);
  await emitEvent(tx, { type: 'ticket.viewed', tenantId: scopedTenantId(scope), data: { ticketId: id, userId: actor.userId } });
  return row;
}

export async function ticketHistory(db: DbOrTx, scope: TenantScope, id: string): Promise<TicketHistoryEntry[]> {
  if (!(await findTicket(db, scope, id))) throw notFound();
  const rows = await listTicketEvents(db, scope, id);
  const users = await findUsers(db, rows.flatMap((r) => (r.actorId ? [r.actorId] : [])));
  return rows.map((r) => presentHistory(r, users));
}

export async function ticketAssigneeOptions(db: DbOrTx, scope: TenantScope): Promise<TicketAssignees> {
  return listAssignees(db, scope);
}

/* ─── Comments ─── */

async function checkMentions(db: DbOrTx, scope: TenantScope, mentions: readonly string[]): Promise<string[]> {
  const unique = [...new Set(mentions)];
  const members = await tenantMemberIds(db, scope, unique);
  const outside = unique.filter((id) => !members.has(id));
  if (outside.length > 0) throw new AppError('TICKET_MENTION_INVALID', undefined, { fields: [{ path: 'body.mentions', code: 'not_member', message: `not members of this tenant: ${outside.join(', ')}` }] });
  return unique;
}

export async function findTicketComments(db: DbOrTx, actor: Actor, scope: TenantScope, ticketId: string, page: { limit: number; offset: number }): Promise<{ rows: TicketComment[]; total: number }> {
  if (!(await findTicket(db, scope, ticketId))) throw notFound();
  const r = await listComments(db, scope, ticketId, page);
  const users = await findUsers(db, r.rows.flatMap((c) => [...(c.authorId ? [c.authorId] : []), ...c.mentions]));
  return { rows: r.rows.map((c) => presentComment(actor, c, users)), total: r.total };
}

/**
 * Adds a comment (the ticket's last change moves, so it is unread for the others). The first
 * comment by someone other than the creator answers the first response.
 */
export async function addComment(tx: Tx, actor: Actor, scope: TenantScope, input: { ticketId: string; body: string; mentions: string[]; attachments: TicketAttachment[] }) {
  const ticket = await findTicket(tx, scope, input.ticketId, { lock: true });
  if (!ticket) throw notFound();
  const mentions = await checkMentions(tx, scope, input.mentions);
  const comment = await insertComment(tx, scope, { ticketId: ticket.id, authorId: actor.userId, body: input.body, attachments: input.attachments, mentions });
  const answers = !ticket.firstResponseAt && ticket.createdBy !== actor.userId;
  const after = (await updateTicket(tx, scope, ticket.id, answers ? { firstResponseAt: comment.createdAt } : {})) ?? ticket;
  await markTicketViewed(tx, ticket.id, actor.userId);
  await emitEvent(tx, { type: 'ticket.commented', tenantId: scopedTenantId(scope), data: { ...ticketRef(after), commentId: comment.id, authorId: actor.userId, mentions } });
  const users = await findUsers(tx, [actor.userId, ...mentions]);
  return { comment: presentComment(actor, comment, users), audit: { ticketId: ticket.id, number: ticket.number, attachments: input.attachments.length, mentions } };
}

async function ownComment(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const comment = await findComment(tx, scope, id, { lock: true });
  if (!comment) throw notFound();
  if (!canEditComment(actor, comment)) throw new AppError('FORBIDDEN', 'Only the author may change this comment');
  return comment;
}

export async function editComment(tx: Tx, actor: Actor, scope: TenantScope, id: string, input: { body: string; mentions?: string[] }) {
  const before = await ownComment(tx, actor, scope, id);
  const mentions = input.mentions === undefined ? before.mentions : await checkMentions(tx, scope, input.mentions);
  const after = await updateComment(tx, scope, id, { body: input.body, mentions });
  if (!after) throw notFound();
  const users = await findUsers(tx, [...(after.authorId ? [after.authorId] : []), ...after.mentions]);
  return { comment: presentComment(actor, after, users), audit: { ticketId: after.ticketId, before: { length: before.body.length, mentions: before.mentions }, after: { length: after.body.length, mentions: after.mentions } } };
}

export async function removeComment(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const before = await ownComment(tx, actor, scope, id);
  await deleteComment(tx, scope, id);
  return { audit: { ticketId: before.ticketId, attachments: before.attachments.length } };
}

/* ─── SLA settings ─── */

export async function findSla(db: DbOrTx, actor: Actor, scope: TenantScope): Promise<SlaSettings> {
  return presentSla(actor, await findSlaSettings(db, scope));
}

/** Saves the SLA settings (unsent parts keep their current or default value). Applies to new tickets and priority changes. */
export async function saveSla(tx: Tx, actor: Actor, scope: TenantScope, body: UpdateSlaBody) {
  const current = await findSlaSettings(tx, scope);
  const base = effectiveSla(current);
  const next = {
    timezone: body.timezone ?? base.timezone,
    businessHours: body.businessHours ?? base.businessHours,
    targets: body.targets ?? base.targets,
    warnBeforeMinutes: body.warnBeforeMinutes ?? base.warnBeforeMinutes,
  };
  const row = await upsertSlaSettings(tx, scope, { ...next, updatedBy: actor.userId });
  return { before: current ? effectiveSla(current) : null, after: next, view: presentSla(actor, row) };
}
