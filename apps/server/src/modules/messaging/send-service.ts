import { parseVietnamPhone } from '@zc/shared/phone';
import type { MessageType, OaMessage, OaSendBody, ZnsSendBody } from '@zc/shared/api/messaging';
import { AppError } from '../../platform/errors';
import { canonicalJson } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
import { validateTemplateData } from './template-params';
import { oaDiscountTag, priceWith, type DiscountRule } from '../discounts/service';
import { batcherFor, type SendStore } from './send-batcher';
import { writeOutbox, type OutgoingMessage, type SendResult } from './outbox';
import { quotaDay, withTeamQuota, type TeamQuotaClaim } from '../teams/service';
import { packageListPrice, type PackagePrices } from '../service-packages/service';

export { discountedPrice } from './template-params';
import { contextLoaderFor, type SendContextRow } from './send-context-loader';

/** The authenticated key of a public send (tenant + OA), as `findActiveApiKeyBySecret` shapes it. */
export interface ApiKeyRow {
  id: string;
  tenantId: string;
  zaloOaId: string;
}

export interface SendContext {
  key: ApiKeyRow;
  /** The key's team's daily caps (issue 11 #6): null when the key has no team or the team no cap. */
  team?: { id: string; znsDailyQuota: number | null; oaDailyQuota: number | null } | null;
  znsService: boolean;
  oaService: boolean;
  discountPercent: number;
  /** The tenant's discounts valid now (none: the wallet percent alone, e.g. the playground before it reads them). */
  discounts?: DiscountRule[];
  /** The tenant's service package prices (ADR 0025): the list price where set; absent or null: standard prices. */
  packagePrices?: PackagePrices | null;
  template: SendContextRow['template'];
}

/**
 * Everything a send needs, in ONE read shared by concurrent requests: the ACTIVE key by the
 * SHA-256 of its secret (the same rule as `findActiveApiKeyBySecret` in modules/api-keys), its
 * tenant's module flags, the wallet discount and the named template of the key's OA (ADR 0003).
 * Null when the key is unknown or not ACTIVE.
 */
export async function loadSendContext(store: SendStore, secret: string, templateId: string | null): Promise<SendContext | null> {
  // No template id (OA sends) matches no template: '' is never a Zalo template id.
  const row = await contextLoaderFor(store.raw).load(sha256(secret), templateId ?? '');
  if (!row) return null;
  const team = row.teamId ? { id: row.teamId, znsDailyQuota: row.teamZnsQuota, oaDailyQuota: row.teamOaQuota } : null;
  return { key: { id: row.id, tenantId: row.tenantId, zaloOaId: row.zaloOaId }, team, znsService: row.znsService, oaService: row.oaService, discountPercent: row.discountPercent, discounts: row.discounts, packagePrices: row.packagePrices, template: row.template };
}

/**
 * OA message list prices (REFERENCE §3.4/§7: 55 đ outside the free consultation window,
 * transaction 165 đ). We cannot know the user's interaction window at send time, so the list
 * price is charged up front; the tenant discount applies like for ZNS.
 */
export const OA_PRICES: Record<MessageType, number> = { CS: 55, TRANSACTION: 165, PROMOTION: 165, GMF: 55 };

export function oaMessageType(message: OaMessage): MessageType {
  if (message.kind === 'transaction') return 'TRANSACTION';
  if (message.kind === 'promotion') return 'PROMOTION';
  return 'CS';
}

/** ZNS template tag (both Zalo vocabularies, REFERENCE §4.3) → §3 message type. */
export function znsMessageType(tag: string | null): MessageType {
  switch ((tag ?? '').toUpperCase()) {
    case 'PROMOTION':
    case '3':
      return 'PROMOTION';
    case 'CUSTOMER_CARE':
    case 'POST_TRANSACTION':
    case '2':
      return 'CS';
    default:
      return 'TRANSACTION';
  }
}

/** ZNS send: validates phone and template data, then charges and enqueues in one transaction. */
export async function sendZns(store: SendStore, ctx: SendContext, body: ZnsSendBody, idempotencyKey: string | null): Promise<SendResult> {
  const key = ctx.key;
  const phone = parseVietnamPhone(body.phone);
  if (!phone.ok) {
    const rule = phone.reason === 'prefix' ? 'not a Vietnamese mobile carrier prefix (REFERENCE §9)' : phone.reason === 'empty' ? 'required' : 'must be 84 + 9 digits, 0 + 9 digits or 9 digits';
    throw new AppError('PHONE_INVALID', `phone: ${rule}`, { fields: [{ path: 'phone', code: `phone_${phone.reason}`, message: rule }] });
  }
  if (!ctx.znsService) throw new AppError('MODULE_NOT_ENABLED', 'ZNS module not enabled. Please contact administrator');
  // The context was read with the raw body's template id; it must be the validated one.
  const template = ctx.template?.znsTemplateId === body.templateId ? ctx.template : null;
  if (!template) {
    throw new AppError('TEMPLATE_NOT_FOUND', undefined, { fields: [{ path: 'templateId', code: 'unknown_template', message: `template ${body.templateId} is not in this OA's library` }] });
  }
  if (template.status !== 'ENABLE') {
    throw new AppError('TEMPLATE_NOT_SENDABLE', undefined, { fields: [{ path: 'templateId', code: 'template_status', message: `template status is ${template.status}` }] });
  }
  const checked = validateTemplateData(template.params, body.templateData);
  if (!checked.ok) throw new AppError('TEMPLATE_DATA_INVALID', checked.issues.map((i) => i.message).join('; '), { fields: checked.issues });
  const type = znsMessageType(template.tag);
  // Development sends reach only OA/app admins and use Zalo's free dev quota: never charged.
  // The charged price after the wallet percent and the tenant's discounts (discounts/pricing.ts); the list price is kept beside it.
  // The list price: the tenant's package ZNS price when it has one, else the template's (ADR 0025).
  const listPrice = packageListPrice(ctx.packagePrices, 'ZNS', type, template.price);
  const price = body.mode === 'development' ? 0 : priceWith(listPrice, ctx.discountPercent, ctx.discounts ?? [], { templateKind: template.kind ?? null, tag: template.tag }).price;
  const requestHash = sha256(canonicalJson({ kind: 'zns', phone: phone.msisdn, templateId: body.templateId, templateData: checked.data, trackingId: body.trackingId, mode: body.mode }));
  return submitSend(store, teamClaim(ctx, 'ZNS'), {
    tenantId: key.tenantId,
    apiKeyId: key.id,
    zaloOaId: key.zaloOaId,
    module: 'ZNS',
    trackingId: body.trackingId,
    idempotencyKey,
    requestHash,
    type,
    price,
    values: { phone: phone.msisdn, znsTemplateId: body.templateId, templateName: template.name, templateData: checked.data, mode: body.mode, listPrice: body.mode === 'development' ? 0 : listPrice },
  });
}

/** OA message by UID (§7 uid, §3 template types). */
export async function sendOa(store: SendStore, ctx: SendContext, body: OaSendBody, idempotencyKey: string | null): Promise<SendResult> {
  const key = ctx.key;
  if (!ctx.oaService) throw new AppError('MODULE_NOT_ENABLED', 'Zalo OA module not enabled. Please contact administrator');
  if (body.message.kind === 'image' && !body.message.url && !body.message.attachmentId) {
    throw new AppError('VALIDATION_FAILED', 'An image needs url or attachmentId', { fields: [{ path: 'body.message.url', code: 'required', message: 'url or attachmentId is required' }] });
  }
  const type = oaMessageType(body.message);
  // TAG discounts reach OA messages of the same category (discounts/pricing.ts oaDiscountTag).
  const listPrice = packageListPrice(ctx.packagePrices, 'OA', type, OA_PRICES[type]);
  const price = priceWith(listPrice, ctx.discountPercent, ctx.discounts ?? [], { tag: oaDiscountTag(type) }).price;
  const requestHash = sha256(canonicalJson({ kind: 'oa', uid: body.uid, message: body.message, trackingId: body.trackingId }));
  return submitSend(store, teamClaim(ctx, 'OA'), {
    tenantId: key.tenantId,
    apiKeyId: key.id,
    zaloOaId: key.zaloOaId,
    module: 'OA',
    trackingId: body.trackingId,
    idempotencyKey,
    requestHash,
    type,
    price,
    values: { uid: body.uid, messageData: body.message, templateName: body.message.kind, mode: 'production', listPrice },
  });
}

/**
 * Sends go through the per-tenant micro-batcher (ADR 0003) unless batching is switched off
 * (SEND_BATCHING=off, used by the benchmark to measure the unbatched path).
 */
async function submitSend(store: SendStore, claim: TeamQuotaClaim | null, p: OutgoingMessage & { apiKeyId: string }): Promise<SendResult> {
  await noteKeyUse(store, p.apiKeyId);
  return withTeamQuota(store.raw, claim, async () => {
    if (store.config?.sendBatching !== false) return batcherFor(store).submit(p);
    const [outcome] = await writeOutbox(store, [p], { batch: false });
    if (!outcome?.ok) throw outcome ? outcome.error : new Error('no outbox answer');
    return outcome.result;
  });
}

/**
 * The team quota a message is counted against (issue 11 #6): its key's team's cap for the module,
 * or null (no team, no cap: nothing to reserve). The message is refused on its own (429
 * TEAM_QUOTA_EXCEEDED) when the team's day is used up; other messages of a batch and other teams
 * are not affected.
 */
function teamClaim(ctx: SendContext, module: 'ZNS' | 'OA'): TeamQuotaClaim | null {
  const limit = module === 'ZNS' ? ctx.team?.znsDailyQuota : ctx.team?.oaDailyQuota;
  if (!ctx.team || limit === null || limit === undefined) return null;
  return { teamId: ctx.team.id, tenantId: ctx.key.tenantId, module, limit, day: quotaDay() };
}

/** `api_keys.last_used_at` (the API key list's "Last used") is kept to the minute. */
const KEY_USE_RESOLUTION_MS = 60_000;
const keyUseWritten = new Map<string, number>();

/**
 * Records that a key sent something, at most once a minute per key and process: one send a minute
 * pays one small UPDATE, the others nothing (a write per send would double the hot path's writes).
 */
async function noteKeyUse(store: SendStore, apiKeyId: string): Promise<void> {
  const now = Date.now();
  if (now - (keyUseWritten.get(apiKeyId) ?? 0) < KEY_USE_RESOLUTION_MS) return;
  keyUseWritten.set(apiKeyId, now);
  await store.raw.query('update api_keys set last_used_at = now() where id = $1', [apiKeyId], { name: 'zc_api_key_used' });
}

