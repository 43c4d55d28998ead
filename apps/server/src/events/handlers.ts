import { alertLowBalance } from '../modules/wallets/alerts';
import { alertRefreshFailed } from '../modules/zalo-oa/alerts';
import { fallbackOnFailure } from '../modules/tenant-fallback/service';
import { submitApprovedTemplateRequest } from '../modules/templates/service';
import { notifyChatAssigned, notifyChatMessage, notifyItemPublished, notifySla, notifyTaskDecided, notifyTaskWaiting, notifyTicketCommented, notifyTicketCreated, notifyTicketUpdated } from '../modules/notifications/handlers';
import { countOaMessageSent } from '../modules/oa-analytics/service';
import { applyChatDeliveryStatus } from '../modules/chat/service';
import { defineHandler, type EventHandler } from './dispatcher';

/**
 * The one composition file of domain-event handlers (ARCHITECTURE rule 9, ADR 0007): every
 * reaction of one module to another module's fact is listed here, so no module imports another's
 * internals to react to it. The realtime stream is not a handler: each API process reads the
 * events itself (platform/realtime.ts). A handler's name keys its cursor: never rename one.
 */
export const EVENT_HANDLERS: readonly EventHandler[] = [
  // Wallets announce the crossing; the alert (notifications + mail) is a reaction to it.
  defineHandler({ name: 'wallet-low-balance-alert', types: ['wallet.threshold_crossed'], handle: alertLowBalance }),
  // The OA module announces a failed token refresh; its administrators are alerted (notifications + mail).
  defineHandler({ name: 'zalo-oa-refresh-failed-alert', types: ['zalo_oa.token_refresh_failed'], handle: alertRefreshFailed }),
  // Reviews and tickets announce their facts; the people concerned are notified as they chose per kind (in-app, mail).
  defineHandler({ name: 'notify-task-waiting', types: ['task.submitted', 'task.advanced'], handle: notifyTaskWaiting }),
  defineHandler({ name: 'notify-task-decided', types: ['task.decided'], handle: notifyTaskDecided }),
  defineHandler({ name: 'notify-item-published', types: ['review.item_published'], handle: notifyItemPublished }),
  defineHandler({ name: 'notify-ticket-created', types: ['ticket.created'], handle: notifyTicketCreated }),
  defineHandler({ name: 'notify-ticket-updated', types: ['ticket.updated'], handle: notifyTicketUpdated }),
  defineHandler({ name: 'notify-ticket-commented', types: ['ticket.commented'], handle: notifyTicketCommented }),
  defineHandler({ name: 'notify-ticket-sla', types: ['ticket.sla_warning', 'ticket.sla_breached'], handle: notifySla }),
  // The chat inbox announces an assignment and a follower's message; the assignee is told (not of their own act, nor while looking at the conversation).
  defineHandler({ name: 'notify-chat-assigned', types: ['chat.conversation_changed'], handle: notifyChatAssigned }),
  defineHandler({ name: 'notify-chat-message', types: ['chat.message'], handle: notifyChatMessage }),
  // The review engine announces an approved ZNS template request; templates submits it to Zalo once (guarded by the request's status).
  defineHandler({ name: 'zns-template-submit-on-approval', types: ['task.decided'], handle: submitApprovedTemplateRequest }),
  // Messaging announces a permanent failure (after its refund); the tenant's ZNS → OA fallback writes the
  // OA message through messaging's outbox (ADR 0004, ADR 0009). A repeated run replays: one message, one charge.
  defineHandler({
    name: 'tenant-fallback-on-failure',
    types: ['message.failed_permanently'],
    handle: async (tx, event) => {
      await fallbackOnFailure(tx, event);
    },
  }),
  // Messaging announces an OA message that reached Zalo; OA analytics counts it (and the session it replies to) once (ADR 0014).
  defineHandler({ name: 'oa-analytics-count-oa-message', types: ['message.status_changed'], handle: countOaMessageSent }),
  // Messaging announces an OA message's delivery; the chat message sent as it follows (SENDING → SENT → RECEIVED, or FAILED with Zalo's explanation).
  defineHandler({ name: 'chat-message-status', types: ['message.status_changed'], handle: applyChatDeliveryStatus }),
];
