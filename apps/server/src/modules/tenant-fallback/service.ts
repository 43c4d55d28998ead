import { eq } from 'drizzle-orm';
import {
  FALLBACK_TRIGGER_CODES,
  listPlaceholders,
  renderFallbackMessage,
  type FallbackMessageKind,
  type FallbackNote,
  type FallbackPreview,
  type FallbackSettings,
  type PreviewFallbackBody,
  type UpdateFallbackBody,
} from '@zc/shared/api/fallback';
import type { Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { tenants } from '../../db/schema/organisation';
import { AppError } from '../../platform/errors';
import { ensureTenantWallet } from '../wallets/service';
import { charge, discountedPrice, OA_PRICES, oaMessageType } from '../messaging/send-service';
import { presentFallbackSettings } from './presenter';
import { findFallbackSettings, findFollowerByPhone, upsertFallbackSettings } from './repo';

/** Saves the tenant's settings (codes deduplicated in catalogue order); answers before/after for the audit entry. */
export async function saveFallbackSettings(tx: Tx, tenantId: string, userId: string, body: UpdateFallbackBody): Promise<{ before: FallbackSettings; after: FallbackSettings }> {
  const before = presentFallbackSettings(await findFallbackSettings(tx, tenantId));
  const chosen = new Set<number>(body.triggerCodes);
  await upsertFallbackSettings(tx, tenantId, {
    enabled: body.enabled,
    triggerCodes: FALLBACK_TRIGGER_CODES.filter((c) => chosen.has(c)),
    messageKind: body.messageKind,
    header: body.header,
    content: body.content,
    updatedBy: userId,
  });
  const after = presentFallbackSettings(await findFallbackSettings(tx, tenantId));
  return { before, after };
}

/** Renders a template against sample data exactly as the worker will (shared renderer). */
export function previewFallback(body: PreviewFallbackBody): FallbackPreview {
  const placeholders = [...new Set([...listPlaceholders(body.content), ...(body.messageKind === 'transaction' ? listPlaceholders(body.header) : [])])];
  const rendered = renderFallbackMessage(body, body.templateData);
  const missing = placeholders.filter((p) => {
    const v = body.templateData[p];
    return v === undefined || v === null || v === '';
  });
  return { message: rendered.message, placeholders, missing, truncated: rendered.truncated };
}

type HistoryRow = typeof messageHistory.$inferSelect;

/** The tracking id of the OA message replacing ZNS message `znsId`: derived, stable, unique per ZNS row. */
export function fallbackTrackingId(znsId: string): string {
  return `fb:${znsId}`;
}

export interface FallbackOutcome {
  /** The OA message created in place of the ZNS one (null unless the note is QUEUED). */
  messageId: string | null;
  note: FallbackNote;
}

/**
 * Called by the delivery worker inside the transaction that records a ZNS row's permanent failure
 * (after its refund, so the refunded price can pay the OA message). Null when no fallback applies:
 * not a production ZNS row, no error code, fallback off or the code not among the tenant's triggers.
 * Otherwise the outcome is also written on the ZNS row (`fallback_message_id`, `fallback_note`).
 *
 * The OA row and its charge are written under a savepoint: a wallet that cannot pay (402 from the
 * ledger) or any other write failure rolls back only the fallback, never the ZNS row's failure
 * record and refund. The row is created once per ZNS row: the worker's attempts fence lets only
 * one writer reach this point, and `fallback_of` is unique besides.
 */
export async function fallbackForFailure(tx: Tx, row: HistoryRow, errorCode: number | null): Promise<FallbackOutcome | null> {
  if (row.module !== 'ZNS' || row.mode === 'development' || errorCode === null) return null;
  const settings = await findFallbackSettings(tx, row.tenantId);
  if (!settings?.enabled || !settings.triggerCodes.includes(errorCode)) return null;
  const outcome = await createFallbackMessage(tx, row, settings);
  await tx.update(messageHistory).set({ fallbackMessageId: outcome.messageId, fallbackNote: outcome.note, updatedAt: new Date() }).where(eq(messageHistory.id, row.id));
  return outcome;
}

async function createFallbackMessage(tx: Tx, row: HistoryRow, settings: { messageKind: string; header: string; content: string }): Promise<FallbackOutcome> {
  const [tenant] = await tx.select({ oaService: tenants.oaService }).from(tenants).where(eq(tenants.id, row.tenantId));
  if (!tenant?.oaService) return { messageId: null, note: 'OA_DISABLED' };
  const follower = row.phone ? await findFollowerByPhone(tx, row.zaloOaId, row.phone) : null;
  if (!follower) return { messageId: null, note: 'NO_FOLLOWER' };
  const template = { messageKind: settings.messageKind as FallbackMessageKind, header: settings.header, content: settings.content }; // written only from FALLBACK_MESSAGE_KINDS
  const { message } = renderFallbackMessage(template, (row.templateData ?? {}) as Record<string, unknown>); // stored by the send as normalised strings
  if (!message) return { messageId: null, note: 'EMPTY_CONTENT' };
  const wallet = await ensureTenantWallet(tx, row.tenantId);
  const type = oaMessageType(message);
  const price = discountedPrice(OA_PRICES[type], wallet.discountPercent);
  try {
    return await tx.transaction(async (sp) => {
      const [created] = await sp
        .insert(messageHistory)
        .values({
          tenantId: row.tenantId,
          module: 'OA',
          apiKeyId: row.apiKeyId,
          zaloOaId: row.zaloOaId,
          trackingId: fallbackTrackingId(row.id),
          uid: follower.userId,
          messageData: message,
          templateName: message.kind,
          mode: 'production',
          type,
          status: 'PENDING',
          price,
          isCharged: price > 0,
          isDirectZalo: true,
          fallbackOf: row.id,
        })
        .onConflictDoNothing()
        .returning({ id: messageHistory.id });
      if (!created) {
        // Already created for this row (a replayed failure write): keep that one, charge nothing more.
        const [existing] = await sp.select({ id: messageHistory.id }).from(messageHistory).where(eq(messageHistory.fallbackOf, row.id));
        return existing ? { messageId: existing.id, note: 'QUEUED' as const } : { messageId: null, note: 'ERROR' as const };
      }
      if (price > 0) await charge(sp, row.tenantId, created.id, price);
      return { messageId: created.id, note: 'QUEUED' as const };
    });
  } catch (e) {
    if (e instanceof AppError && e.code === 'INSUFFICIENT_BALANCE') return { messageId: null, note: 'INSUFFICIENT_BALANCE' };
    // The fallback is best effort: losing the ZNS failure record over it would re-send the ZNS.
    console.error('[fallback] could not create the OA message for', row.id, e);
    return { messageId: null, note: 'ERROR' };
  }
}
