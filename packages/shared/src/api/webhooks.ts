import { z } from 'zod';
import { abilities, isoDate, pageQuery } from './common';

/** Events a tenant webhook can subscribe to. `webhook.test` is only sent by the test-fire button. */
export const WEBHOOK_EVENTS = ['message.status'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** What a delivery carries: a subscribed event, or the test-fire's `webhook.test`. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;

/** Headers of every delivery. Signature: `t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_HEADERS = { signature: 'x-zc-signature', event: 'x-zc-event', deliveryId: 'x-zc-delivery-id' } as const;

/** Back-off after the n-th failed attempt (seconds); the last value repeats until 24 h have passed. */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800] as const;
export const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600;

const webhookUrl = z
  .url({ protocol: /^https?$/, message: 'Enter an http(s) URL' })
  .max(2000);

export const webhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** CRUD_WEBHOOK; `test` also needs the endpoint enabled. */
  abilities: abilities(['update', 'delete', 'test', 'rotateSecret']),
});
export type Webhook = z.infer<typeof webhook>;

/** Create and rotate-secret answer the signing secret once, in `secret`. */
export const webhookWithSecret = webhook.extend({ secret: z.string() });

export const createWebhookBody = z.strictObject({
  url: webhookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  isActive: z.boolean().default(true),
});

export const updateWebhookBody = z.strictObject({
  url: webhookUrl.optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).optional(),
  isActive: z.boolean().optional(),
});

export const webhookDelivery = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  event: z.string(),
  payload: z.unknown(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due (PENDING/RETRYING), else null. */
  nextAttemptAt: isoDate.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  isTest: z.boolean(),
  createdAt: isoDate,
  deliveredAt: isoDate.nullable(),
  /** `replay` once the delivery has finished (SUCCEEDED or FAILED), with CRUD_WEBHOOK. */
  abilities: abilities(['replay']),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const deliveriesQuery = pageQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });
