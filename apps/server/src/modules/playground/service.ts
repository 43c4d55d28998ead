import { getConversation, uploadFile, uploadImage } from '@zc/zalo/oa-media';
import type { ZaloClient } from '@zc/zalo/client';
import { oaMessage, type OaMessage } from '@zc/shared/api/messaging';
import { fillMessagePlaceholders, followerPlaceholderValues, messagePlaceholders, type PlaygroundConversationMessage, type PlaygroundMessageStatus } from '@zc/shared/api/playground';
import type { DbOrTx } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenant-scope';
import { findTenantMessage, sendOa, type SendContext, type SendResult, type SendStore } from '../messaging/service';
import { zaloFailure } from '../zalo-oa/service';
import { validRules } from '../discounts/service';
import { presentConversation, presentPlaygroundStatus } from './presenter';
import { findActiveKeyContext, findFollower, findOaReceipt } from './repo';
import { tenantPackagePrices } from '../service-packages/service';

/** Tracking ids of playground sends start with this; the status route reads no other message. */
const TRACKING_PREFIX = 'playground-';

const apiKeyNotFound = () => new AppError('API_KEY_NOT_FOUND', 'API key not found', { fields: [{ path: 'apiKeyId', code: 'not_found', message: 'API key not found' }] });

/** The tenant's ACTIVE key with what a send needs; 'API key not found' (on apiKeyId) otherwise. */
async function playgroundContext(db: DbOrTx, scope: TenantScope, apiKeyId: string): Promise<SendContext> {
  const row = await findActiveKeyContext(db, scope, apiKeyId);
  if (!row) throw apiKeyNotFound();
  // The tenant's discounts valid now: the playground charges what the public API would.
  const discounts = await validRules(db, row.tenantId, new Date());
  // The tenant's service package prices (ADR 0025), as the public API's context read finds them.
  const packagePrices = await tenantPackagePrices(db, row.tenantId);
  return { key: { id: row.id, tenantId: row.tenantId, zaloOaId: row.zaloOaId }, znsService: row.znsService, oaService: row.oaService, discountPercent: row.discountPercent ?? 0, discounts, packagePrices, template: null };
}

/**
 * The message as the follower will read it: `{name}` and the other placeholders filled from the
 * OA's synced follower (only `{uid}` is known without one). A placeholder without a value, or a
 * filled text over its limit, answers 400 on the field that holds it.
 */
async function fillForFollower(db: DbOrTx, scope: TenantScope, zaloOaId: string, uid: string, message: OaMessage): Promise<OaMessage> {
  if (messagePlaceholders(message).length === 0) return message;
  const follower = await findFollower(db, scope, zaloOaId, uid);
  const filled = fillMessagePlaceholders(message, followerPlaceholderValues(follower ?? { userId: uid }));
  const [gap] = filled.missing;
  if (gap) {
    const why = follower ? 'the follower has no value for it' : 'this user id is not a synced follower of the OA';
    throw fieldError(`messageData.${gap.path}`, `{${gap.placeholder}} cannot be filled: ${why}`, 'placeholder_missing');
  }
  const parsed = oaMessage.safeParse(filled.message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(`messageData.${issue?.path.join('.') ?? ''}`, `With the placeholders filled: ${issue?.message ?? 'invalid'}`, issue?.code ?? 'invalid');
  }
  return parsed.data;
}

/**
 * Sends `message` to follower `uid` through the OA of key `apiKeyId`, exactly like the public OA send API
 * (through messaging's send path and its outbox: charged, recorded in the UID history).
 */
export async function sendFromPlayground(store: SendStore, scope: TenantScope, input: { apiKeyId: string; uid: string; message: OaMessage }): Promise<SendResult> {
  const ctx = await playgroundContext(store.db, scope, input.apiKeyId);
  const trackingId = `${TRACKING_PREFIX}${randomToken(9)}`;
  const message = await fillForFollower(store.db, scope, ctx.key.zaloOaId, input.uid, input.message);
  return sendOa(store, ctx, { uid: input.uid, trackingId, message }, null);
}

/** The status of one of this tenant's playground sends; 404 for any other message. */
export async function findPlaygroundMessageStatus(db: DbOrTx, scope: TenantScope, id: string): Promise<PlaygroundMessageStatus> {
  const row = await findTenantMessage(db, scope, id);
  const trackingId = row?.trackingId;
  if (!row || row.module !== 'OA' || !trackingId?.startsWith(TRACKING_PREFIX)) throw notFound();
  const receipt = row.status === 'PUSHED_ZALO' && row.sessionId ? await findOaReceipt(db, row.zaloOaId, row.sessionId) : null;
  return presentPlaygroundStatus({ ...row, trackingId }, receipt);
}

/** The latest messages (≤ 10) between the key's OA and follower `uid`, read from Zalo. */
export async function playgroundConversation(db: DbOrTx, zalo: ZaloClient, scope: TenantScope, input: { apiKeyId: string; uid: string }): Promise<PlaygroundConversationMessage[]> {
  const ctx = await playgroundContext(db, scope, input.apiKeyId);
  const list = await getConversation(zalo, ctx.key.zaloOaId, { userId: input.uid, count: 10 }).catch((err: unknown) => {
    throw zaloFailure(err);
  });
  return presentConversation(list);
}

/** Uploads an image (attachment id) or a file (token) to the key's OA. */
export async function playgroundUpload(db: DbOrTx, zalo: ZaloClient, scope: TenantScope, input: { apiKeyId: string; type: 'IMAGE' | 'FILE'; data: Uint8Array; filename: string; contentType: string }): Promise<string> {
  const ctx = await playgroundContext(db, scope, input.apiKeyId);
  const upload = { data: input.data, filename: input.filename, contentType: input.contentType };
  const sent = input.type === 'IMAGE' ? uploadImage(zalo, ctx.key.zaloOaId, upload).then((r) => r.attachment_id) : uploadFile(zalo, ctx.key.zaloOaId, upload).then((r) => r.token);
  return sent.catch((err: unknown) => {
    throw zaloFailure(err);
  });
}
