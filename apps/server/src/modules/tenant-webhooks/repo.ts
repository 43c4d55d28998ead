import { and, desc, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@zc/shared/api/webhooks';
import type { DbOrTx } from '../../db/client';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';

export async function findWebhook(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db.select().from(tenantWebhooks).where(and(eq(tenantWebhooks.id, id), eq(tenantWebhooks.tenantId, tenantId)));
  return row ?? null;
}

export async function listWebhooks(db: DbOrTx, tenantId: string, page: { limit: number; offset: number }) {
  const rows = await db.select().from(tenantWebhooks).where(eq(tenantWebhooks.tenantId, tenantId)).orderBy(desc(tenantWebhooks.createdAt), desc(tenantWebhooks.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tenantWebhooks).where(eq(tenantWebhooks.tenantId, tenantId));
  return { rows, total: count?.n ?? 0 };
}

export async function findDelivery(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.tenantId, tenantId)));
  return row ?? null;
}

export async function listDeliveries(db: DbOrTx, tenantId: string, webhookId: string, q: { status?: string; limit: number; offset: number }) {
  const where = and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.webhookId, webhookId), q.status ? eq(webhookDeliveries.status, q.status) : undefined);
  const rows = await db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(q.limit).offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Queues one delivery of `event` per active webhook of the tenant subscribed to it, in the caller's
 * transaction (so a status change and its notification commit or roll back together). The worker
 * `deliverDueWebhooks` sends them. Returns the number of deliveries queued.
 */
export async function enqueueTenantEvent(tx: DbOrTx, tenantId: string, event: WebhookEvent, payload: Record<string, unknown>): Promise<number> {
  const hooks = await tx
    .select({ id: tenantWebhooks.id })
    .from(tenantWebhooks)
    .where(and(eq(tenantWebhooks.tenantId, tenantId), eq(tenantWebhooks.isActive, true), sql`${tenantWebhooks.events} @> ${JSON.stringify([event])}::jsonb`));
  if (hooks.length === 0) return 0;
  await tx.insert(webhookDeliveries).values(hooks.map((h) => ({ tenantId, webhookId: h.id, event, payload })));
  return hooks.length;
}
