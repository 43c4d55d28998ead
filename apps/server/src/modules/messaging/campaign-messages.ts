import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { refundMessages } from '../wallets/service';
import { statusEvents } from './delivery-worker';

/**
 * What messaging knows about a campaign's messages (issue 13): their counts by outcome, and the
 * cancellation of those not yet handed to Zalo. Messaging stays the only writer of message_history
 * (ARCHITECTURE rule 8); the campaigns module reads and asks through these functions.
 */

/** The bilingual error text of a campaign message cancelled before it reached Zalo. */
export const CAMPAIGN_CANCELLED_TEXT = 'Chiến dịch đã huỷ / Campaign cancelled';

export interface CampaignMessageCounts {
  /** Rows written for the campaign. */
  total: number;
  /** Accepted by Zalo (PUSHED_ZALO or RECEIVED). */
  sent: number;
  received: number;
  /** Refused (by Zalo or otherwise), not counting cancelled ones. */
  failed: number;
  /** Cancelled before they reached Zalo. */
  cancelled: number;
  /** Still queued or in flight (PENDING, PROCESSING). */
  outstanding: number;
}

/** Counts of one campaign's messages by outcome (one scan of the campaign index). */
export async function countCampaignMessages(db: DbOrTx, campaignId: string): Promise<CampaignMessageCounts> {
  const cancelled = sql`(${messageHistory.status} = 'ERROR' and ${messageHistory.errorMsg} = ${CAMPAIGN_CANCELLED_TEXT})`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${messageHistory.status} in ('PUSHED_ZALO', 'RECEIVED')))::int`,
      received: sql<number>`(count(*) filter (where ${messageHistory.status} = 'RECEIVED'))::int`,
      failed: sql<number>`(count(*) filter (where ${messageHistory.status} in ('ERROR_CALL_ZALO', 'ERROR', 'ERROR_PUSH_QUEUE') and not ${cancelled}))::int`,
      cancelled: sql<number>`(count(*) filter (where ${cancelled}))::int`,
      outstanding: sql<number>`(count(*) filter (where ${messageHistory.status} in ('PENDING', 'PROCESSING', 'PUSHED_QUEUE')))::int`,
    })
    .from(messageHistory)
    .where(eq(messageHistory.campaignId, campaignId));
  return row ?? { total: 0, sent: 0, received: 0, failed: 0, cancelled: 0, outstanding: 0 };
}

/**
 * A campaign's messages not yet answered by Zalo (queued or in flight): what the dispatcher's window
 * counts on every step. Read from the small partial index of such rows (migration 0027), so a step
 * costs the same at the millionth recipient as at the first (`countCampaignMessages` reads them all).
 */
export async function countOutstandingCampaignMessages(db: DbOrTx, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageHistory)
    .where(and(eq(messageHistory.campaignId, campaignId), inArray(messageHistory.status, ['PENDING', 'PROCESSING', 'PUSHED_QUEUE'])));
  return row?.n ?? 0;
}

/** ZNS production messages of an OA queued or in flight (not yet counted by Zalo's quota). */
export async function countOutstandingOaMessages(db: DbOrTx, zaloOaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageHistory)
    .where(and(inArray(messageHistory.status, ['PENDING', 'PROCESSING']), eq(messageHistory.zaloOaId, zaloOaId), eq(messageHistory.module, 'ZNS'), eq(messageHistory.mode, 'production')));
  return row?.n ?? 0;
}

/**
 * Cancels a campaign's messages that no worker holds: PENDING ones, and PROCESSING ones whose lease
 * ran out (their worker died before calling Zalo or recording the answer). Each becomes ERROR with
 * CAMPAIGN_CANCELLED_TEXT, its charge goes back (HOLD_REFUND into the still open hold) and the tenant
 * hears of the status change — refunds and events written set-based, a few statements for the lot.
 * Rows a live worker holds finish their one Zalo call. Returns the ids.
 */
export async function cancelCampaignMessages(tx: Tx, campaignId: string, now = new Date()): Promise<string[]> {
  const rows = await tx
    .update(messageHistory)
    .set({ status: 'ERROR', isCharged: false, leaseUntil: null, errorCode: null, errorMsg: CAMPAIGN_CANCELLED_TEXT, updatedAt: now })
    .where(
      and(
        eq(messageHistory.campaignId, campaignId),
        or(eq(messageHistory.status, 'PENDING'), and(eq(messageHistory.status, 'PROCESSING'), or(isNull(messageHistory.leaseUntil), lte(messageHistory.leaseUntil, now)))),
      ),
    )
    .returning({ id: messageHistory.id, tenantId: messageHistory.tenantId, trackingId: messageHistory.trackingId, module: messageHistory.module, fallbackOf: messageHistory.fallbackOf });
  // A campaign is one tenant's; grouped anyway, so each wallet is locked once.
  for (const tenantId of new Set(rows.map((r) => r.tenantId))) {
    await refundMessages(tx, { tenantId, messageIds: rows.filter((r) => r.tenantId === tenantId).map((r) => r.id), note: 'refund: campaign cancelled' });
  }
  await statusEvents(tx, rows.map((row) => ({ row, status: 'ERROR' as const, extra: { errorMsg: CAMPAIGN_CANCELLED_TEXT } })));
  return rows.map((r) => r.id);
}
