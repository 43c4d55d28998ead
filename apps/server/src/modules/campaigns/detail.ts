import { and, eq } from 'drizzle-orm';
import type { CampaignDetail } from '@zc/shared/api/campaign-dispatch';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { campaigns } from '../../db/schema/campaigns';
import { znsTemplates } from '../../db/schema/templates';
import { notFound } from '../../platform/errors';
import { can, type Actor } from '../../platform/policy';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import { campaignMoney } from './dispatch';
import type { CampaignRow } from './dispatch-repo';

/** The campaign detail (§3 Campaign + sending state, counts and money) and its template preview. */

export async function findTenantCampaign(db: DbOrTx, scope: TenantScope, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(inTenant(scope, campaigns, eq(campaigns.id, id)));
  if (!row) throw notFound();
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the user may do now: stop (cancel, pause) an active campaign, resume a paused one (CANCEL_CAMPAIGN). */
export function campaignAbilities(actor: Actor, c: CampaignRow) {
  const active = c.status === 'APPROVED' && c.dispatchState !== 'FINISHED';
  const allowed = can(actor, 'CANCEL_CAMPAIGN');
  return { cancel: allowed && active, pause: allowed && active && c.dispatchState !== 'PAUSED', resume: allowed && active && c.dispatchState === 'PAUSED' };
}

export async function presentCampaignDetail(db: DbOrTx, actor: Actor, c: CampaignRow): Promise<CampaignDetail> {
  const [key] = await db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, c.apiKeyId));
  const money = await campaignMoney(db, c);
  const pending = Math.max(0, c.recordCount - c.sentCount - c.failedCount - c.cancelledCount);
  return {
    id: c.id,
    name: c.name,
    mode: c.mode === 'development' ? 'development' : 'production',
    startMode: c.startMode,
    apiKey: key ?? null,
    zaloOaId: c.zaloOaId,
    scheduleAt: iso(c.scheduleAt),
    status: c.status,
    dispatchState: c.dispatchState,
    nextRunAt: iso(c.nextRunAt),
    cost: c.status === 'APPROVED' ? money.settled : c.cost,
    estimatedCost: c.estimatedCost,
    recordCount: c.recordCount,
    estimatedFinishAt: iso(c.estimatedFinishAt),
    template: { templateName: c.templateName, price: c.price, listPrice: c.listPrice, znsTemplateId: c.znsTemplateId, teamId: c.teamId },
    counts: { sent: c.sentCount, received: c.receivedCount, failed: c.failedCount, pending, cancelled: c.cancelledCount },
    money: { held: money.held, settled: money.settled, released: money.released, holdOpen: money.open },
    startedAt: iso(c.startedAt),
    finishedAt: iso(c.finishedAt),
    cancelledAt: iso(c.cancelledAt),
    createdAt: c.createdAt.toISOString(),
    abilities: campaignAbilities(actor, c),
  };
}

/** The campaign's template as the library stores it (the preview frame shows its previewUrl). */
export async function campaignTemplatePreview(db: DbOrTx, c: CampaignRow) {
  const [t] = await db
    .select()
    .from(znsTemplates)
    .where(and(eq(znsTemplates.tenantId, c.tenantId), eq(znsTemplates.zaloOaId, c.zaloOaId), eq(znsTemplates.znsTemplateId, c.znsTemplateId)));
  return {
    znsTemplateId: c.znsTemplateId,
    templateName: t?.name ?? c.templateName,
    previewUrl: t?.previewUrl ?? null,
    price: c.price,
    tag: t?.tag ?? null,
    params: (t?.params ?? []).map((p) => ({ name: p.name, type: p.type, require: p.require })),
  };
}
