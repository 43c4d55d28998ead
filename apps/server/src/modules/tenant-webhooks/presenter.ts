import type { Webhook, WebhookDelivery } from '@zc/shared/api/webhooks';
import type { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';

export type WebhookRow = typeof tenantWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Webhook row → API shape; the encrypted signing secret never leaves the server. */
export function presentWebhook(w: WebhookRow): Webhook {
  return {
    id: w.id,
    url: w.url,
    // Written only from the WEBHOOK_EVENTS enum.
    events: w.events as Webhook['events'],
    isActive: w.isActive,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function presentDelivery(d: DeliveryRow): WebhookDelivery {
  // Statuses are written only by this module from WEBHOOK_DELIVERY_STATUSES.
  const status = d.status as WebhookDelivery['status'];
  return {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    payload: d.payload,
    status,
    attempts: d.attempts,
    nextAttemptAt: status === 'PENDING' || status === 'RETRYING' ? d.nextAttemptAt.toISOString() : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    isTest: d.isTest,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  };
}
