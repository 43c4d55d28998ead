import type { ContentKind } from '@zc/shared/api/approvals';
import type { NotificationKind } from '@zc/shared/api/notifications';
import type { Tx } from '../../db/client';
import type { DomainEvent } from '../../platform/events';
import { tenantUsersWithPermission } from '../zalo-oa/service';
import { chatConversationRef, existingUserIds, hasNewNotification, isLookingAtConversation, teamUserIds, ticketCreatorId } from './repo';
import { notify, type NotifyInput } from './service';

/**
 * Reactions of the notifications module to other modules' facts (registered in events/handlers.ts).
 * Nobody is told of their own action. Each notification names its subject in `name` (the web builds
 * the sentence of the kind around it in the user's language); the mail is bilingual.
 */

/** §3 reference type of a reviewed item. */
export function referenceTypeOf(kind: ContentKind): string {
  switch (kind) {
    case 'OA_CONTENT_POST':
    case 'OA_CONTENT_VIDEO':
      return 'CONTENT';
    case 'OA_BROADCAST':
      return 'BROADCAST';
    case 'ZNS_CAMPAIGN':
      return 'CAMPAIGN';
    case 'ZNS_TEMPLATE':
      return 'TEMPLATE';
  }
}

/** Subject + body lines of the bilingual mail of a kind. */
const MAIL: Record<NotificationKind, { vi: string; en: string }> = {
  TASK_WAITING: { vi: 'Yêu cầu chờ bạn duyệt', en: 'A request awaits your approval' },
  TASK_APPROVED: { vi: 'Yêu cầu của bạn đã được duyệt', en: 'Your request was approved' },
  TASK_REJECTED: { vi: 'Yêu cầu của bạn bị từ chối', en: 'Your request was rejected' },
  ITEM_PUBLISHED: { vi: 'Nội dung của bạn đã được phát hành', en: 'Your item went out' },
  TICKET_ASSIGNED: { vi: 'Bạn được giao một ticket', en: 'A ticket was assigned to you' },
  TICKET_CHANGED: { vi: 'Ticket có thay đổi', en: 'A ticket changed' },
  TICKET_MENTIONED: { vi: 'Bạn được nhắc đến trong một ticket', en: 'You were mentioned in a ticket' },
  SLA_WARNING: { vi: 'Ticket sắp quá hạn SLA', en: 'A ticket is about to breach its SLA' },
  SLA_BREACHED: { vi: 'Ticket đã quá hạn SLA', en: 'A ticket breached its SLA' },
  WALLET_LOW_BALANCE: { vi: 'Số dư ví thấp', en: 'Low wallet balance' },
  ZALO_OA_TOKEN_REFRESH_FAILED: { vi: 'Không làm mới được token OA', en: 'OA token refresh failed' },
  CHAT_ASSIGNED: { vi: 'Bạn được giao một cuộc hội thoại', en: 'A conversation was assigned to you' },
  CHAT_MESSAGE: { vi: 'Tin nhắn mới trong cuộc hội thoại của bạn', en: 'A new message in your conversation' },
};

export function mailOf(kind: NotificationKind, subject: string, detail?: string): { subject: string; text: string } {
  const m = MAIL[kind];
  const extra = detail ? `\n\n${detail}` : '';
  return { subject: `${m.vi} / ${m.en}: ${subject}`, text: `${m.vi}: ${subject}\n${m.en}: ${subject}${extra}` };
}

type Base = Omit<NotifyInput, 'userId' | 'mail'>;

/** Notifies each distinct, existing recipient except the actor; answers who was notified. */
async function notifyEach(tx: Tx, recipients: ReadonlyArray<string | null | undefined>, base: Base, actor: string | null | undefined, detail?: string): Promise<Set<string>> {
  const wanted = [...new Set(recipients.filter((r): r is string => !!r && r !== actor))];
  const existing = await existingUserIds(tx, wanted);
  const done = new Set<string>();
  for (const userId of wanted) {
    if (!existing.has(userId)) continue;
    await notify(tx, { ...base, userId, mail: mailOf(base.kind, base.name, detail) });
    done.add(userId);
  }
  return done;
}

/** task.submitted / task.advanced: the next approver has a request waiting (TASK_WAITING). */
export async function notifyTaskWaiting(tx: Tx, event: DomainEvent<'task.submitted' | 'task.advanced'>): Promise<void> {
  const d = event.data;
  if (!d.nextApproverId) return;
  const actor = 'decidedBy' in d ? d.decidedBy : d.createdBy;
  await notifyEach(tx, [d.nextApproverId], { kind: 'TASK_WAITING', merchantId: event.merchantId, tenantId: event.tenantId, referenceId: d.referenceId, referenceType: referenceTypeOf(d.kind), taskId: d.taskId, name: d.name, createdBy: actor ?? null }, actor);
}

/** task.decided: the creator learns the outcome (TASK_APPROVED / TASK_REJECTED). */
export async function notifyTaskDecided(tx: Tx, event: DomainEvent<'task.decided'>): Promise<void> {
  const d = event.data;
  const approved = d.outcome === 'APPROVAL';
  await notifyEach(
    tx,
    [d.createdBy],
    {
      kind: approved ? 'TASK_APPROVED' : 'TASK_REJECTED',
      action: approved ? 'APPROVED' : 'REJECTED',
      merchantId: event.merchantId,
      tenantId: event.tenantId,
      referenceId: d.referenceId,
      referenceType: referenceTypeOf(d.kind),
      taskId: d.taskId,
      name: d.name,
      createdBy: d.decidedBy,
    },
    d.decidedBy,
  );
}

/** review.item_published: the creator learns the item went out (ITEM_PUBLISHED). */
export async function notifyItemPublished(tx: Tx, event: DomainEvent<'review.item_published'>): Promise<void> {
  const d = event.data;
  await notifyEach(tx, [d.createdBy], { kind: 'ITEM_PUBLISHED', action: 'PUBLISHED', merchantId: event.merchantId, tenantId: event.tenantId, referenceId: d.referenceId, referenceType: referenceTypeOf(d.kind), name: d.name }, null);
}

type TicketEvent = DomainEvent<'ticket.created' | 'ticket.updated' | 'ticket.commented' | 'ticket.sla_warning' | 'ticket.sla_breached'>;

function ticketBase(event: TicketEvent, kind: NotificationKind, createdBy: string | null): Base {
  const d = event.data;
  return { kind, merchantId: event.merchantId, tenantId: event.tenantId, referenceId: d.ticketId, referenceType: 'TICKET', name: `#${d.number} ${d.title}`, createdBy };
}

/** The ticket's assignee: the user, else each member of the team. */
async function assignees(tx: Tx, d: { assigneeUserId: string | null; assigneeTeamId: string | null }): Promise<string[]> {
  if (d.assigneeUserId) return [d.assigneeUserId];
  if (d.assigneeTeamId) return teamUserIds(tx, d.assigneeTeamId);
  return [];
}

const ASSIGNEE_FIELDS = new Set(['assignee', 'assigneeUserId', 'assigneeTeamId', 'assignee_user_id', 'assignee_team_id']);

/** ticket.created: the assignee (user or team members) is told (TICKET_ASSIGNED). */
export async function notifyTicketCreated(tx: Tx, event: DomainEvent<'ticket.created'>): Promise<void> {
  const d = event.data;
  await notifyEach(tx, await assignees(tx, d), ticketBase(event, 'TICKET_ASSIGNED', d.createdBy), d.createdBy);
}

/** ticket.updated: a new assignee is told (TICKET_ASSIGNED); other changes reach the creator and the assignee (TICKET_CHANGED). */
export async function notifyTicketUpdated(tx: Tx, event: DomainEvent<'ticket.updated'>): Promise<void> {
  const d = event.data;
  const assigned = d.fields.some((f) => ASSIGNEE_FIELDS.has(f));
  const told = assigned ? await notifyEach(tx, await assignees(tx, d), ticketBase(event, 'TICKET_ASSIGNED', d.actorId), d.actorId) : new Set<string>();
  const others = d.fields.filter((f) => !ASSIGNEE_FIELDS.has(f));
  if (others.length === 0) return;
  const creator = await ticketCreatorId(tx, d.ticketId);
  const recipients = [creator, d.assigneeUserId].filter((r) => r && !told.has(r));
  await notifyEach(tx, recipients, { ...ticketBase(event, 'TICKET_CHANGED', d.actorId), description: others.join(', ') }, d.actorId);
}

/** ticket.commented: those mentioned (TICKET_MENTIONED), then the creator and the assignee (TICKET_CHANGED). */
export async function notifyTicketCommented(tx: Tx, event: DomainEvent<'ticket.commented'>): Promise<void> {
  const d = event.data;
  const mentioned = await notifyEach(tx, d.mentions, ticketBase(event, 'TICKET_MENTIONED', d.authorId), d.authorId);
  const creator = await ticketCreatorId(tx, d.ticketId);
  const recipients = [creator, d.assigneeUserId].filter((r) => r && !mentioned.has(r));
  await notifyEach(tx, recipients, ticketBase(event, 'TICKET_CHANGED', d.authorId), d.authorId);
}

/** ticket.sla_warning / sla_breached: the assignee, else the team's leaders, else the tenant's ticket admins (UPDATE_TICKET). */
export async function notifySla(tx: Tx, event: DomainEvent<'ticket.sla_warning' | 'ticket.sla_breached'>): Promise<void> {
  const d = event.data;
  const kind: NotificationKind = event.type === 'ticket.sla_breached' ? 'SLA_BREACHED' : 'SLA_WARNING';
  let recipients: string[] = [];
  if (d.assigneeUserId) recipients = [d.assigneeUserId];
  else if (d.assigneeTeamId) recipients = await teamUserIds(tx, d.assigneeTeamId, true);
  if (recipients.length === 0 && event.tenantId) recipients = (await tenantUsersWithPermission(tx, event.tenantId, 'UPDATE_TICKET')).map((u) => u.id);
  await notifyEach(tx, recipients, { ...ticketBase(event, kind, null), description: `${d.clock} ${d.dueAt}` }, null, `${d.clock}: ${d.dueAt}`);
}

/** chat.conversation_changed with 'assignee': the new assignee is told (CHAT_ASSIGNED), unless they assigned it themselves. */
export async function notifyChatAssigned(tx: Tx, event: DomainEvent<'chat.conversation_changed'>): Promise<void> {
  const d = event.data;
  if (!d.fields.includes('assignee') || !d.assigneeUserId) return;
  const conv = await chatConversationRef(tx, d.conversationId);
  if (!conv) return;
  await notifyEach(tx, [d.assigneeUserId], { kind: 'CHAT_ASSIGNED', merchantId: event.merchantId, tenantId: event.tenantId, referenceId: d.conversationId, referenceType: 'CHAT_CONVERSATION', name: conv.displayName, createdBy: d.actorId }, d.actorId);
}

/**
 * chat.message IN: the conversation's assignee is told (CHAT_MESSAGE) unless they are looking at it
 * (a live presence mark) or already have an unread notification for it (one per conversation until viewed).
 */
export async function notifyChatMessage(tx: Tx, event: DomainEvent<'chat.message'>): Promise<void> {
  const d = event.data;
  if (d.direction !== 'IN' || !d.assigneeUserId) return;
  if (await isLookingAtConversation(tx, d.conversationId, d.assigneeUserId)) return;
  if (await hasNewNotification(tx, d.assigneeUserId, 'CHAT_MESSAGE', d.conversationId)) return;
  const conv = await chatConversationRef(tx, d.conversationId);
  if (!conv) return;
  await notifyEach(tx, [d.assigneeUserId], { kind: 'CHAT_MESSAGE', merchantId: event.merchantId, tenantId: event.tenantId, referenceId: d.conversationId, referenceType: 'CHAT_CONVERSATION', name: conv.displayName }, null);
}
