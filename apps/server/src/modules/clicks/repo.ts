import { and, count, countDistinct, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { messageClicks } from '../../db/schema/clicks';
import { messageHistory } from '../../db/schema/messaging';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

export type ClickRow = typeof messageClicks.$inferSelect;

/** What a click needs of its message (by primary key, no tenant: the signed token named it). */
export async function findClickedMessage(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({ id: messageHistory.id, tenantId: messageHistory.tenantId, module: messageHistory.module, phone: messageHistory.phone, campaignId: messageHistory.campaignId, templateData: messageHistory.templateData })
    .from(messageHistory)
    .where(eq(messageHistory.id, messageId));
  return row ?? null;
}

export async function insertClick(db: DbOrTx, v: typeof messageClicks.$inferInsert): Promise<void> {
  await db.insert(messageClicks).values(v);
}

export async function tenantHasMessage(db: DbOrTx, scope: TenantScope, id: string): Promise<boolean> {
  const [row] = await db.select({ id: messageHistory.id }).from(messageHistory).where(inTenant(scope, messageHistory, eq(messageHistory.id, id)));
  return !!row;
}

export async function tenantHasCampaign(db: DbOrTx, scope: TenantScope, id: string): Promise<boolean> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(inTenant(scope, campaigns, eq(campaigns.id, id)));
  return !!row;
}

export async function listClicks(db: DbOrTx, scope: TenantScope, by: { messageId?: string; campaignId?: string }, page: { limit: number; offset: number }) {
  const where = inTenant(scope, messageClicks, by.messageId ? eq(messageClicks.messageId, by.messageId) : undefined, by.campaignId ? eq(messageClicks.campaignId, by.campaignId) : undefined);
  const rows = await db.select().from(messageClicks).where(where).orderBy(desc(messageClicks.clickedAt), desc(messageClicks.id)).limit(page.limit).offset(page.offset);
  const [c] = await db.select({ n: count(), recipients: countDistinct(messageClicks.messageId) }).from(messageClicks).where(and(where));
  return { rows, total: c?.n ?? 0, uniqueRecipients: c?.recipients ?? 0 };
}
