import { eq } from 'drizzle-orm';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import type { DbOrTx, Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { statusEvent } from './delivery-worker';

/**
 * The messaging module's public surface (issue 10 #5, #7): other modules reach messaging only through
 * this file or its events. Sending: the public send path (`sendZns`, `sendOa` through the micro-batcher)
 * and the outbox itself (`writeOutbox`, ADR 0009) for modules that prepare their own messages (the ZNS
 * fallback; campaigns and broadcasts later). Prices: the OA list prices and the tenant discount.
 */
export { loadSendContext, sendOa, sendZns, OA_PRICES, oaMessageType, znsMessageType, discountedPrice, type SendContext, type ApiKeyRow } from './send-service';
export type { SendStore } from './send-batcher';
export { writeOutbox, type OutgoingMessage, type OutboxOutcome, type OutboxTarget, type SendResult } from './outbox';
export { cancelCampaignMessages, countCampaignMessages, countOutstandingCampaignMessages, countOutstandingOaMessages, CAMPAIGN_CANCELLED_TEXT, type CampaignMessageCounts } from './campaign-messages';
export { listHistory, iterateHistory, type HistoryPageQuery, type HistoryFilters } from './repo';
export { presentHistory, csvHeader, csvLine } from './presenter';

export type MessageRow = typeof messageHistory.$inferSelect;

/** A message by id (any tenant: callers hold the id from a domain event of that tenant). */
export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messageHistory).where(eq(messageHistory.id, id));
  return row ?? null;
}

/** A message of the scope's tenant by id; null when it is not the tenant's. */
export async function findTenantMessage(db: DbOrTx, scope: TenantScope, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messageHistory).where(inTenant(scope, messageHistory, eq(messageHistory.id, id)));
  return row ?? null;
}

/** The tracking id of the OA message replacing ZNS message `znsId`: derived, stable, unique per ZNS row. */
export function fallbackTrackingId(znsId: string): string {
  return `fb:${znsId}`;
}

export type FallbackNoteValue = NonNullable<MessageRow['fallbackNote']>;

/**
 * Records the outcome of a ZNS message's fallback (ADR 0004/0009) on the ZNS row (`fallback_message_id`,
 * `fallback_note`) and, the first time, tells the tenant: the OA message's PENDING status event (naming
 * the ZNS message it replaces) and the ZNS message's ERROR_CALL_ZALO event again, now with the fallback.
 * `announce: false` (a replayed handler run) writes the same values and announces nothing.
 */
export async function recordFallback(tx: Tx, zns: Pick<MessageRow, 'id' | 'tenantId' | 'trackingId' | 'module' | 'errorCode' | 'errorMsg'>, outcome: { messageId: string | null; note: FallbackNoteValue }, announce: boolean): Promise<void> {
  await tx.update(messageHistory).set({ fallbackMessageId: outcome.messageId, fallbackNote: outcome.note, updatedAt: new Date() }).where(eq(messageHistory.id, zns.id));
  if (!announce) return;
  if (outcome.messageId) {
    await statusEvent(tx, { id: outcome.messageId, tenantId: zns.tenantId, trackingId: fallbackTrackingId(zns.id), module: 'OA', fallbackOf: zns.id }, 'PENDING');
  }
  await statusEvent(tx, { ...zns, fallbackOf: null }, 'ERROR_CALL_ZALO', { errorMsg: zns.errorMsg, errorCode: zns.errorCode, fallbackMessageId: outcome.messageId, fallbackNote: outcome.note }, { domainEvents: false });
}
