import { z } from 'zod';
import { CONTENT_KINDS } from './approvals';
import { SLA_CLOCKS, TICKET_PRIORITIES, TICKET_STATUSES } from './tickets';

const uuid = z.uuid();
const contentKind = z.enum(CONTENT_KINDS);
const reviewTask = z.object({ taskId: uuid, kind: contentKind, referenceId: uuid, name: z.string().max(300) });
const ticketRef = z.object({
  ticketId: uuid,
  number: z.number().int(),
  title: z.string().max(300),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  assigneeUserId: uuid.nullable(),
  assigneeTeamId: uuid.nullable(),
});
const messageStatus = z.object({
  messageId: uuid,
  module: z.enum(['ZNS', 'OA']),
  status: z.string().min(1).max(40),
  zaloErrorCode: z.number().int().nullable().optional(),
});

/**
 * Every domain event type and its payload (ids and statuses, never rows). The server validates each
 * event against it when a module announces it (apps/server/src/platform/events.ts); the web reads
 * the same types from the realtime stream. Add a type here, with its audience on the server.
 */
export const EVENT_PAYLOADS = {
  /** A message moved to PUSHED_ZALO, RECEIVED, back to PENDING for a retry, or to ERROR_CALL_ZALO. */
  'message.status_changed': messageStatus,
  /** A message failed for good (ERROR_CALL_ZALO after a permanent code or the last attempt), refunded. */
  'message.failed_permanently': messageStatus.extend({ status: z.literal('ERROR_CALL_ZALO') }),
  /** A prepaid wallet's balance fell below (below: true) or rose back over (false) its threshold. */
  'wallet.threshold_crossed': z.object({ walletId: uuid, balance: z.number().int(), threshold: z.number().int(), below: z.boolean() }),
  /** An in-app notification was created for `userId`. */
  'notification.created': z.object({ notificationId: uuid, userId: uuid }),
  /** An OA's token refresh failed; it is REFRESH_FAILED until re-connected. */
  'zalo_oa.token_refresh_failed': z.object({ zaloOaId: uuid }),
  /** One or all (notificationId null) of `userId`'s notifications were marked viewed. */
  'notification.viewed': z.object({ notificationId: uuid.nullable(), userId: uuid }),

  /** An item was submitted for review; `nextApproverId` must decide first (null: approved at once, no approvers). */
  'task.submitted': reviewTask.extend({ createdBy: uuid.nullable(), nextApproverId: uuid.nullable() }),
  /** An approver approved and the review moved to the next approver. */
  'task.advanced': reviewTask.extend({ decidedBy: uuid, nextApproverId: uuid }),
  /** The review ended: APPROVAL (the kind's approval action ran) or DISAPPROVAL, with the deciding note. */
  'task.decided': reviewTask.extend({ outcome: z.enum(['APPROVAL', 'DISAPPROVAL']), decidedBy: uuid.nullable(), createdBy: uuid.nullable() }),
  /** The item was edited while pending: this review no longer counts (a new one follows). */
  'task.voided': reviewTask,
  /** `userId` opened the task (their unread counts changed). */
  'task.viewed': z.object({ taskId: uuid, userId: uuid }),
  /** A reviewed item went out (published to Zalo, submitted, started): its creator is told. */
  'review.item_published': z.object({ kind: contentKind, referenceId: uuid, name: z.string().max(300), createdBy: uuid.nullable() }),

  /** A ticket was raised. */
  'ticket.created': ticketRef.extend({ createdBy: uuid.nullable() }),
  /** A ticket's fields changed (status, priority, assignee, title, …), by `actorId`. */
  'ticket.updated': ticketRef.extend({ actorId: uuid.nullable(), fields: z.array(z.string().max(40)).max(20), previousAssigneeUserId: uuid.nullable() }),
  /** A comment was added (mentions: users named with @). */
  'ticket.commented': ticketRef.extend({ commentId: uuid, authorId: uuid.nullable(), mentions: z.array(uuid).max(50) }),
  /** `userId` opened the ticket (their unread counts changed). */
  'ticket.viewed': z.object({ ticketId: uuid, userId: uuid }),
  /** An SLA clock is about to run out (warning) or ran out (breach); each is announced once per clock. */
  'ticket.sla_warning': ticketRef.extend({ clock: z.enum(SLA_CLOCKS), dueAt: z.string() }),
  'ticket.sla_breached': ticketRef.extend({ clock: z.enum(SLA_CLOCKS), dueAt: z.string() }),

  /** A team, its members or its quota changed. */
  'team.changed': z.object({ teamId: uuid }),

  /** A post or video changed status, or its publishing state on one OA changed (zaloOaId set). */
  'oa_content.changed': z.object({ contentId: uuid, status: z.string().max(40), zaloOaId: uuid.nullable(), publishState: z.string().max(40).nullable() }),
  /** An uploaded video's conversion at Zalo progressed (percent 0–100) or ended. */
  'oa_video.changed': z.object({ videoId: uuid, status: z.string().max(40), convertPercent: z.number().int().min(0).max(100) }),
  /** A broadcast changed status, or its outcome on one OA changed (zaloOaId set). */
  'oa_broadcast.changed': z.object({ broadcastId: uuid, status: z.string().max(40), zaloOaId: uuid.nullable(), sendState: z.string().max(40).nullable() }),
  /** A follower of an OA was added or changed (webhook, edit, tag). */
  'oa_follower.changed': z.object({ zaloOaId: uuid, followerId: uuid }),
  /** A follower resynchronisation progressed (done of total pages' users) or ended. */
  'oa_follower.sync_progress': z.object({ zaloOaId: uuid, syncId: uuid, status: z.string().max(40), done: z.number().int(), total: z.number().int() }),
  /** An OA information update request (name, avatar, cover, description) changed status. */
  'oa_update_request.changed': z.object({ requestId: uuid, zaloOaId: uuid, status: z.string().max(40) }),

  /** A campaign changed status or dispatch state (quota wait, pause, finish, cancel). */
  'campaign.changed': z.object({ campaignId: uuid, status: z.string().max(40), dispatchState: z.string().max(40).nullable() }),
  /** A campaign's sending progressed (counts so far); announced at most about once a second per campaign. */
  'campaign.progress': z.object({
    campaignId: uuid,
    sent: z.number().int(),
    received: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** A ZNS template authored in the console changed status (review, Zalo's review, disabled). */
  'zns_template.changed': z.object({ requestId: uuid, status: z.string().max(40) }),
  /** A tenant's price discounts changed. */
  'zns_discount.changed': z.object({ discountId: uuid.nullable() }),

  /**
   * A chat message was stored (a follower's, an agent's, an admin's echo, a note) or an OUT message's
   * state changed (SENDING → SENT → RECEIVED → SEEN, or FAILED), or a reaction was added.
   */
  'chat.message': z.object({
    conversationId: uuid,
    zaloOaId: uuid,
    messageId: uuid,
    direction: z.enum(['IN', 'OUT', 'NOTE']),
    status: z.string().max(20).nullable(),
    /** The conversation's assignee when it happened (notifications for "a new message in my conversation"). */
    assigneeUserId: uuid.nullable(),
  }),
  /** A conversation's assignment, spam mark, status or unread count changed (fields say which), by `actorId`. */
  'chat.conversation_changed': z.object({
    conversationId: uuid,
    zaloOaId: uuid,
    fields: z.array(z.string().max(40)).max(10),
    assigneeUserId: uuid.nullable(),
    teamId: uuid.nullable(),
    actorId: uuid.nullable(),
  }),
  /** An agent opened, is typing in, or left a conversation (the "someone else is here" marker). */
  'chat.presence': z.object({ conversationId: uuid, userId: uuid, state: z.enum(['VIEWING', 'TYPING', 'LEFT']) }),
  /** Mini app (issue 14): an activity row was written (a spin, a win, a redemption…): dashboards and history refresh. */
  'zma.activity': z.object({ zmaAppId: uuid, kind: z.string().max(40), branchId: uuid.nullable(), customerId: uuid.nullable() }),
  /** Mini app: a gift code batch advanced or finished (progress bar). */
  'zma.codes_progress': z.object({ zmaAppId: uuid, batchId: uuid, giftItemId: uuid, generated: z.number().int(), requested: z.number().int(), status: z.string().max(20) }),
  /** Mini app: the registry changed (created, renamed, secret rotated, removed) — the switcher refreshes. */
  'zma.app_changed': z.object({ zmaAppId: uuid, actorId: uuid.nullable() }),

  /** A monthly statement was generated, issued or paid (tenantId null: the organisation's statement). */
  'statement.changed': z.object({ statementId: uuid, status: z.string().max(40) }),
  /** An asynchronous report export progressed (rows written) or ended (READY with its file, or FAILED). */
  'report_export.changed': z.object({ exportId: uuid, userId: uuid, status: z.string().max(40), rows: z.number().int() }),
  /** The tenant's services, settings or service package changed. */
  'tenant.settings_changed': z.object({ tenantId: uuid, fields: z.array(z.string().max(40)).max(20) }),
  /** An organisation's service packages changed. */
  'service_package.changed': z.object({ packageId: uuid }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
/** The payload of every event type, by type (what a realtime client receives as `data`). */
export type EventPayloads = { [T in EventType]: EventData<T> };
