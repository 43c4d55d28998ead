import { desc, eq, sql } from 'drizzle-orm';
import type { WEBHOOK_DELIVERY_STATUSES, WebhookEvent } from '@zc/shared/api/webhooks';
import type { DbOrTx } from '../../db/client';
import { tenantWebhooks, webhookDeliveries } from '../../db/schema/tenant-webhooks';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import type { DeliveryRow, WebhookRow } from './presenter';

export async function findWebhook(db: DbOrTx, scope: TenantScope, id: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(tenantWebhooks).where(inTenant(scope, tenantWebhooks, eq(tenantWebhooks.id, id)));
  return row ?? null;
}

export async function listWebhooks(db: DbOrTx, scope: TenantScope, page: { limit: number; offset: number }) {
  const where = inTenant(scope, tenantWebhooks);
  const rows = await db.select().from(tenantWebhooks).where(where).orderBy(desc(tenantWebhooks.createdAt), desc(tenantWebhooks.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tenantWebhooks).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertWebhook(tx: DbOrTx, scope: TenantScope, values: Omit<typeof tenantWebhooks.$inferInsert, 'tenantId'>): Promise<WebhookRow> {
  const [row] = await tx.insert(tenantWebhooks).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('webhook insert returned nothing');
  return row;
}

export async function updateWebhookRow(tx: DbOrTx, scope: TenantScope, id: string, change: Partial<Pick<WebhookRow, 'url' | 'events' | 'isActive' | 'secretEnc'>>): Promise<WebhookRow | null> {
  const [row] = await tx
    .update(tenantWebhooks)
    .set({ ...change, updatedAt: new Date() })
    .where(inTenant(scope, tenantWebhooks, eq(tenantWebhooks.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the endpoint; its delivery log goes with it (foreign key cascade). */
export async function deleteWebhookRow(tx: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(tenantWebhooks).where(inTenant(scope, tenantWebhooks, eq(tenantWebhooks.id, id)));
}

export async function findDelivery(db: DbOrTx, scope: TenantScope, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(inTenant(scope, webhookDeliveries, eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export async function insertDelivery(tx: DbOrTx, scope: TenantScope, values: Omit<typeof webhookDeliveries.$inferInsert, 'tenantId'>): Promise<DeliveryRow> {
  const [row] = await tx.insert(webhookDeliveries).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('delivery insert returned nothing');
  return row;
}

export async function listDeliveries(db: DbOrTx, scope: TenantScope, webhookId: string, q: { status?: (typeof WEBHOOK_DELIVERY_STATUSES)[number]; limit: number; offset: number }) {
  const where = inTenant(scope, webhookDeliveries, eq(webhookDeliveries.webhookId, webhookId), q.status ? eq(webhookDeliveries.status, q.status) : undefined);
  const rows = await db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(q.limit).offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Queues one delivery of `event` per active webhook of the tenant subscribed to it, in the caller's
 * transaction. Returns the number of deliveries queued.
 */
export async function insertEventDeliveries(tx: DbOrTx, scope: TenantScope, event: WebhookEvent, payload: Record<string, unknown>): Promise<number> {
  const hooks = await tx
    .select({ id: tenantWebhooks.id })
    .from(tenantWebhooks)
    .where(inTenant(scope, tenantWebhooks, eq(tenantWebhooks.isActive, true), sql`${tenantWebhooks.events} @> ${JSON.stringify([event])}::jsonb`));
  if (hooks.length === 0) return 0;
  const tenantId = scopedTenantId(scope);
  await tx.insert(webhookDeliveries).values(hooks.map((h) => ({ tenantId, webhookId: h.id, event, payload })));
  return hooks.length;
}

/** One tenant event of a batch (`insertEventDeliveriesBatch`). */
export interface TenantEventItem {
  tenantId: string;
  event: WebhookEvent;
  payload: Record<string, unknown>;
}

/**
 * `insertEventDeliveries` for many events at once, in one statement: one delivery per active webhook of
 * each item's tenant subscribed to its event, inserted in the items' order. Each item's tenant comes
 * from a row the caller has already read (the join keeps every delivery in its own tenant). Returns the
 * number of deliveries queued.
 */
export async function insertEventDeliveriesBatch(tx: DbOrTx, items: readonly TenantEventItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map((item, ord) => ({ ord, tenant_id: item.tenantId, event: item.event, payload: item.payload }));
  const result = (await tx.execute(sql`
    insert into ${webhookDeliveries} (tenant_id, webhook_id, event, payload)
    select v.tenant_id, h.id, v.event, v.payload
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(ord int, tenant_id uuid, event text, payload jsonb)
    join ${tenantWebhooks} h on h.tenant_id = v.tenant_id and h.is_active and h.events @> jsonb_build_array(v.event)
    order by v.ord, h.id
    returning 1`)) as unknown as { rows: unknown[] }; // both drivers answer { rows }
  return result.rows.length;
}
