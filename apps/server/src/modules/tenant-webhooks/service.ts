import { WEBHOOK_TEST_EVENT, type Webhook, type WebhookDelivery, type WebhookEvent } from '@zc/shared/api/webhooks';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Cipher } from '../../platform/crypto';
import { randomToken } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { trustedTenantScope, type TenantScope } from '../../platform/tenant-scope';
import { canManageWebhook, canReplayDelivery, canTestWebhook, isReplayable } from './policy';
import { deliveryView, presentDelivery, presentWebhook, webhookView } from './presenter';
import { deleteWebhookRow, findDelivery, findWebhook, insertDelivery, insertEventDeliveries, insertEventDeliveriesBatch, insertWebhook, listDeliveries, listWebhooks, updateWebhookRow, type TenantEventItem } from './repo';
import { checkWebhookUrl } from './url-guard';
import { deliverOne } from './worker';

/**
 * Queues a tenant webhook event in the caller's transaction (the delivery worker's status events): one
 * delivery per active endpoint of the tenant subscribed to it, so a status change and its notification
 * commit or roll back together. `tenantId` is the tenant of a row the caller has already read.
 */
export function enqueueTenantEvent(tx: DbOrTx, tenantId: string, event: WebhookEvent, payload: Record<string, unknown>): Promise<number> {
  return insertEventDeliveries(tx, trustedTenantScope(tenantId), event, payload);
}

/** `enqueueTenantEvent` for many events in one statement, queued in the items' order (the delivery worker's batches). */
export function enqueueTenantEvents(tx: DbOrTx, items: readonly TenantEventItem[]): Promise<number> {
  return insertEventDeliveriesBatch(tx, items);
}

/** The signing secret: shown once, stored AES-256-GCM encrypted (the worker needs it back). */
export function newSigningSecret(): string {
  return `whsec_${randomToken(32)}`;
}

/** 400 naming `url` when the SSRF guard refuses it (see url-guard.ts). */
export async function assertUrlAllowed(url: string, allowPrivate: boolean): Promise<void> {
  const verdict = await checkWebhookUrl(url, { allowPrivate });
  if (!verdict.ok) throw new AppError('WEBHOOK_URL_REFUSED', verdict.reason, { fields: [{ path: 'url', code: verdict.code, message: verdict.reason }] });
}

function assertManage(actor: Actor): void {
  if (!canManageWebhook(actor)) throw new AppError('FORBIDDEN');
}

export async function findWebhooks(db: DbOrTx, actor: Actor, scope: TenantScope, page: { limit: number; offset: number }): Promise<{ rows: Webhook[]; total: number }> {
  const r = await listWebhooks(db, scope, page);
  return { rows: r.rows.map((w) => presentWebhook(actor, w)), total: r.total };
}

/** The endpoint's delivery log (404 for an endpoint of another tenant). */
export async function findDeliveries(db: DbOrTx, actor: Actor, scope: TenantScope, webhookId: string, q: Parameters<typeof listDeliveries>[3]): Promise<{ rows: WebhookDelivery[]; total: number }> {
  if (!(await findWebhook(db, scope, webhookId))) throw notFound();
  const r = await listDeliveries(db, scope, webhookId, q);
  return { rows: r.rows.map((d) => presentDelivery(actor, d)), total: r.total };
}

export async function createWebhook(tx: Tx, cipher: Cipher, actor: Actor, scope: TenantScope, input: { url: string; events: WebhookEvent[]; isActive: boolean }) {
  assertManage(actor);
  const secret = newSigningSecret();
  const row = await insertWebhook(tx, scope, { url: input.url, events: [...new Set(input.events)], isActive: input.isActive, secretEnc: cipher.encrypt(secret), createdBy: actor.userId });
  return { row, view: presentWebhook(actor, row), audit: webhookView(row), secret };
}

export async function updateWebhook(tx: Tx, actor: Actor, scope: TenantScope, id: string, patch: { url?: string; events?: WebhookEvent[]; isActive?: boolean }) {
  const before = await findWebhook(tx, scope, id);
  if (!before) throw notFound();
  assertManage(actor);
  const after = await updateWebhookRow(tx, scope, before.id, { ...patch, ...(patch.events ? { events: [...new Set(patch.events)] } : {}) });
  if (!after) throw notFound();
  return { before: webhookView(before), after: webhookView(after), view: presentWebhook(actor, after) };
}

export async function deleteWebhook(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const before = await findWebhook(tx, scope, id);
  if (!before) throw notFound();
  assertManage(actor);
  await deleteWebhookRow(tx, scope, before.id);
  return { before: webhookView(before) };
}

export async function rotateSecret(tx: Tx, cipher: Cipher, actor: Actor, scope: TenantScope, id: string) {
  const before = await findWebhook(tx, scope, id);
  if (!before) throw notFound();
  assertManage(actor);
  const secret = newSigningSecret();
  const after = await updateWebhookRow(tx, scope, before.id, { secretEnc: cipher.encrypt(secret) });
  if (!after) throw notFound();
  return { row: after, view: presentWebhook(actor, after), audit: webhookView(after), secret };
}

/**
 * Queues a `webhook.test` delivery (one attempt, no retries) of an enabled endpoint (409 for a
 * disabled one, as its `abilities.test` says); `attemptTestDelivery` sends it after commit.
 */
export async function queueTestDelivery(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const hook = await findWebhook(tx, scope, id);
  if (!hook) throw notFound();
  assertManage(actor);
  if (!canTestWebhook(actor, hook)) throw new AppError('CONFLICT', 'Enable the webhook before testing it');
  return insertDelivery(tx, scope, { webhookId: hook.id, event: WEBHOOK_TEST_EVENT, isTest: true, payload: { webhookId: hook.id, message: 'Test event from Zalo Console' } });
}

/** Attempts the queued test delivery now and answers it with its outcome. */
export async function attemptTestDelivery(db: Db, cipher: Cipher, actor: Actor, scope: TenantScope, queued: Parameters<typeof presentDelivery>[1], opts: { allowPrivate: boolean }): Promise<WebhookDelivery> {
  await deliverOne(db, cipher, queued.id, opts);
  return presentDelivery(actor, (await findDelivery(db, scope, queued.id)) ?? queued);
}

/**
 * Replays a finished delivery as a new one (same event and payload, fresh 24 h retry window), so
 * the log keeps the original attempts. Pending deliveries answer 409 (`abilities.replay` false).
 */
export async function replayDelivery(tx: Tx, actor: Actor, scope: TenantScope, id: string) {
  const original = await findDelivery(tx, scope, id);
  if (!original) throw notFound();
  assertManage(actor);
  if (!isReplayable(original) || !canReplayDelivery(actor, original)) throw new AppError('WEBHOOK_DELIVERY_PENDING');
  const row = await insertDelivery(tx, scope, { webhookId: original.webhookId, event: original.event, payload: original.payload, isTest: original.isTest });
  return { original: deliveryView(original), replay: presentDelivery(actor, row) };
}
