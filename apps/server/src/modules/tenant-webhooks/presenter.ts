import type { Webhook, WebhookDelivery } from '@zc/shared/api/webhooks';
import type { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import type { Actor } from '../../platform/policy';
import { deliveryAbilities, webhookAbilities } from './policy';

export type WebhookRow = typeof tenantWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Webhook row → API fields (audit view); the encrypted signing secret never leaves the server. */
export function webhookView(w: WebhookRow): Omit<Webhook, 'abilities'> {
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

/** Webhook row → API shape with what the actor may do with it (policy.ts). */
export function presentWebhook(actor: Actor, w: WebhookRow): Webhook {
  return { ...webhookView(w), abilities: webhookAbilities(actor, w) };
}

export function deliveryView(d: DeliveryRow): Omit<WebhookDelivery, 'abilities'> {
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

/** Delivery row → API shape; `abilities.replay` only once it has finished. */
export function presentDelivery(actor: Actor, d: DeliveryRow): WebhookDelivery {
  return { ...deliveryView(d), abilities: deliveryAbilities(actor, d) };
}
