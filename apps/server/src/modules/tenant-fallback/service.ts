import type { EventData } from '@zc/shared/api/events';
import {
  FALLBACK_TRIGGER_CODES,
  listPlaceholders,
  renderFallbackMessage,
  type FallbackMessageKind,
  type FallbackNote,
  type FallbackPreview,
  type FallbackSettings,
  type FallbackView,
  type PreviewFallbackBody,
  type UpdateFallbackBody,
} from '@zc/shared/api/fallback';
import type { DbOrTx, Tx } from '../../db/client';
import { canonicalJson } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { DomainEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { ensureTenantWallet } from '../wallets/service';
import { discountedPrice, fallbackTrackingId, findMessage, OA_PRICES, oaMessageType, recordFallback, writeOutbox, type MessageRow } from '../messaging/service';
import { canUpdateFallback, fallbackAbilities } from './policy';
import { presentFallbackSettings, presentFallbackView } from './presenter';
import { findFallbackSettings, findFollowerByPhone, tenantOaServiceOn, upsertFallbackSettings } from './repo';
import { tenantListPrice } from '../service-packages/service';

/** The tenant's settings (or the defaults), the trigger catalogue and what the actor may do. */
export async function getFallbackView(db: DbOrTx, scope: TenantScope, actor: Actor): Promise<FallbackView> {
  return presentFallbackView(await findFallbackSettings(db, scope), fallbackAbilities(actor));
}

/**
 * Saves the tenant's settings (codes deduplicated in catalogue order); answers before/after for the audit
 * entry. The same policy as the answer's `abilities.update` (403 otherwise).
 */
export async function saveFallbackSettings(tx: Tx, scope: TenantScope, actor: Actor, body: UpdateFallbackBody): Promise<{ before: FallbackSettings; after: FallbackSettings }> {
  if (!canUpdateFallback(actor)) throw new AppError('FORBIDDEN');
  const before = presentFallbackSettings(await findFallbackSettings(tx, scope));
  const chosen = new Set<number>(body.triggerCodes);
  await upsertFallbackSettings(tx, scope, {
    enabled: body.enabled,
    triggerCodes: FALLBACK_TRIGGER_CODES.filter((c) => chosen.has(c)),
    messageKind: body.messageKind,
    header: body.header,
    content: body.content,
    updatedBy: actor.userId,
  });
  const after = presentFallbackSettings(await findFallbackSettings(tx, scope));
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

export { fallbackTrackingId } from '../messaging/service';

export interface FallbackOutcome {
  /** The OA message created in place of the ZNS one (null unless the note is QUEUED). */
  messageId: string | null;
  note: FallbackNote;
  /** True when the OA message existed already (a repeated run): nothing was written or charged again. */
  replayed: boolean;
}

/**
 * The handler of `message.failed_permanently` (events/handlers.ts, ADR 0004/0009). It runs after the
 * delivery worker committed the ZNS row's failure and refund, so the refunded price can pay the OA
 * message. Nothing happens unless it is a production ZNS row with a Zalo error code among the tenant's
 * enabled triggers; otherwise the OA message is built from the tenant's template and written through
 * messaging's outbox, and the outcome is recorded on the ZNS row (`fallback_message_id`, `fallback_note`).
 *
 * At least once: a second run finds the OA message by its tracking id `fb:<znsId>` (and the unique
 * `fallback_of`) and the outbox answers it as a replay: one OA message, one charge.
 */
export async function fallbackOnFailure(tx: Tx, event: DomainEvent<'message.failed_permanently'>): Promise<FallbackOutcome | null> {
  const data: EventData<'message.failed_permanently'> = event.data;
  if (data.module !== 'ZNS') return null;
  const row = await findMessage(tx, data.messageId);
  if (!row || row.tenantId !== event.tenantId) return null;
  return fallbackForFailure(tx, row, data.zaloErrorCode ?? row.errorCode);
}

/** The fallback of one failed ZNS row (the handler's body; null when none applies). */
export async function fallbackForFailure(tx: Tx, row: MessageRow, errorCode: number | null): Promise<FallbackOutcome | null> {
  if (row.module !== 'ZNS' || row.mode === 'development' || row.status !== 'ERROR_CALL_ZALO' || errorCode === null) return null;
  // The row's own tenant: the event named it, and the row was read by its id.
  const settings = await findFallbackSettings(tx, trustedTenantScope(row.tenantId));
  if (!settings?.enabled || !settings.triggerCodes.includes(errorCode)) return null;
  const outcome = await createFallbackMessage(tx, row, settings);
  await recordFallback(tx, row, outcome, !outcome.replayed);
  return outcome;
}

async function createFallbackMessage(tx: Tx, row: MessageRow, settings: { messageKind: string; header: string; content: string }): Promise<FallbackOutcome> {
  if (!(await tenantOaServiceOn(tx, row.tenantId))) return { messageId: null, note: 'OA_DISABLED', replayed: false };
  const follower = row.phone ? await findFollowerByPhone(tx, row.zaloOaId, row.phone) : null;
  if (!follower) return { messageId: null, note: 'NO_FOLLOWER', replayed: false };
  const template = { messageKind: settings.messageKind as FallbackMessageKind, header: settings.header, content: settings.content }; // written only from FALLBACK_MESSAGE_KINDS
  const { message } = renderFallbackMessage(template, (row.templateData ?? {}) as Record<string, unknown>); // stored by the send as normalised strings
  if (!message) return { messageId: null, note: 'EMPTY_CONTENT', replayed: false };
  const wallet = await ensureTenantWallet(tx, row.tenantId);
  const type = oaMessageType(message);
  // The list price is the tenant's service package price of the type when it has one (ADR 0025).
  const price = discountedPrice(await tenantListPrice(tx, row.tenantId, 'OA', type, OA_PRICES[type]), wallet.discountPercent);
  const [written] = await writeOutbox({ tx }, [
    {
      tenantId: row.tenantId,
      apiKeyId: row.apiKeyId,
      zaloOaId: row.zaloOaId,
      module: 'OA',
      trackingId: fallbackTrackingId(row.id),
      idempotencyKey: null,
      // One fallback per ZNS row: its identity is the row it replaces (a re-run with changed settings replays it).
      requestHash: sha256(canonicalJson({ kind: 'fallback', of: row.id })),
      type,
      price,
      values: { uid: follower.userId, messageData: message, templateName: message.kind, mode: 'production', fallbackOf: row.id },
    },
  ]);
  if (written?.ok) return { messageId: written.result.id, note: 'QUEUED', replayed: written.result.replayed };
  const error = written?.error;
  if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') return { messageId: null, note: 'INSUFFICIENT_BALANCE', replayed: false };
  // The fallback is best effort: the ZNS failure and refund are committed already; note what happened.
  console.error('[fallback] could not create the OA message for', row.id, error);
  return { messageId: null, note: 'ERROR', replayed: false };
}
