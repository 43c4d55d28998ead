import { eq } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '@zc/shared/api/webhooks';
import type { Tx } from '../../db/client';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import type { Cipher } from '../../platform/crypto';
import { randomToken } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { presentDelivery, presentWebhook } from './presenter';
import { findDelivery, findWebhook } from './repo';
import { checkWebhookUrl } from './url-guard';

// Queues a tenant webhook event in the caller's transaction (the delivery worker's status events).
export { enqueueTenantEvent } from './repo';

/** The signing secret: shown once, stored AES-256-GCM encrypted (the worker needs it back). */
export function newSigningSecret(): string {
  return `whsec_${randomToken(32)}`;
}

/** 400 naming `url` when the SSRF guard refuses it (see url-guard.ts). */
export async function assertUrlAllowed(url: string, allowPrivate: boolean): Promise<void> {
  const verdict = await checkWebhookUrl(url, { allowPrivate });
  if (!verdict.ok) throw new AppError('WEBHOOK_URL_REFUSED', verdict.reason, { fields: [{ path: 'url', code: verdict.code, message: verdict.reason }] });
}

export async function createWebhook(tx: Tx, cipher: Cipher, input: { tenantId: string; userId: string; url: string; events: string[]; isActive: boolean }) {
  const secret = newSigningSecret();
  const [row] = await tx
    .insert(tenantWebhooks)
    .values({ tenantId: input.tenantId, url: input.url, events: [...new Set(input.events)], isActive: input.isActive, secretEnc: cipher.encrypt(secret), createdBy: input.userId })
    .returning();
  if (!row) throw new Error('webhook insert returned nothing');
  return { row, secret };
}

export async function updateWebhook(tx: Tx, tenantId: string, id: string, patch: { url?: string; events?: string[]; isActive?: boolean }) {
  const before = await findWebhook(tx, tenantId, id);
  if (!before) throw notFound();
  const [after] = await tx
    .update(tenantWebhooks)
    .set({ ...patch, ...(patch.events ? { events: [...new Set(patch.events)] } : {}), updatedAt: new Date() })
    .where(eq(tenantWebhooks.id, before.id))
    .returning();
  if (!after) throw notFound();
  return { before: presentWebhook(before), after: presentWebhook(after) };
}

export async function rotateSecret(tx: Tx, cipher: Cipher, tenantId: string, id: string) {
  const before = await findWebhook(tx, tenantId, id);
  if (!before) throw notFound();
  const secret = newSigningSecret();
  const [after] = await tx.update(tenantWebhooks).set({ secretEnc: cipher.encrypt(secret), updatedAt: new Date() }).where(eq(tenantWebhooks.id, before.id)).returning();
  if (!after) throw notFound();
  return { row: after, secret };
}

/** Queues a `webhook.test` delivery (one attempt, no retries); the route attempts it at once. */
export async function queueTestDelivery(tx: Tx, tenantId: string, id: string) {
  const hook = await findWebhook(tx, tenantId, id);
  if (!hook) throw notFound();
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ tenantId, webhookId: hook.id, event: WEBHOOK_TEST_EVENT, isTest: true, payload: { webhookId: hook.id, message: 'Test event from Zalo Console' } })
    .returning();
  if (!row) throw new Error('delivery insert returned nothing');
  return row;
}

/**
 * Replays a finished delivery as a new one (same event and payload, fresh 24 h retry window), so
 * the log keeps the original attempts. Pending deliveries answer 409.
 */
export async function replayDelivery(tx: Tx, tenantId: string, id: string) {
  const original = await findDelivery(tx, tenantId, id);
  if (!original) throw notFound();
  if (original.status !== 'FAILED' && original.status !== 'SUCCEEDED') throw new AppError('WEBHOOK_DELIVERY_PENDING');
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ tenantId, webhookId: original.webhookId, event: original.event, payload: original.payload, isTest: original.isTest })
    .returning();
  if (!row) throw new Error('delivery insert returned nothing');
  return { original: presentDelivery(original), replay: row };
}
