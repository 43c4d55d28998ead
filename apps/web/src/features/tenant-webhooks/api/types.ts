import type { Webhook } from '@zc/shared/api/webhooks';

export type WebhookWithSecret = Webhook & { secret: string };
export interface WebhookInput {
  url: string;
  events: Array<'message.status'>;
  isActive: boolean;
}
/** Every webhook query lives under this key (mutations invalidate it). */
export const WEBHOOKS_KEY = ['webhooks'] as const;
