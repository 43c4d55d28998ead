import type { z } from 'zod';
import type { createWebhookBody, updateWebhookBody, webhookWithSecret } from '@zc/shared/api/webhooks';

/** Request and response types of the webhook endpoints, derived from the shared schemas. */
export type WebhookInput = z.input<typeof createWebhookBody>;
export type WebhookPatch = z.input<typeof updateWebhookBody>;
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;
/** Every webhook query lives under this key (mutations invalidate it). */
export const WEBHOOKS_KEY = ['webhooks'] as const;
