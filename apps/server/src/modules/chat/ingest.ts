import type { ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import type { Tx } from '../../db/client';

/** One stored webhook event of a known OA and tenant, in arrival order. */
export interface ChatEventItem {
  tenantId: string;
  zaloOaId: string;
  event: ZaloWebhookEvent;
}

/**
 * Applies a run of webhook events to the chat inbox in the consumer's transaction (ADR 0019, 0021):
 * messages stored once per Zalo msg_id, conversations created and their counters kept, receipts and
 * reactions applied, chat.* events announced.
 */
export async function applyChatEvents(_tx: Tx, _items: readonly ChatEventItem[]): Promise<void> {}
