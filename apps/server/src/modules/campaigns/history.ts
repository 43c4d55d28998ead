import type { CampaignHistoryQuery } from '@zc/shared/api/campaign-dispatch';
import type { DbOrTx } from '../../db/client';
import type { TenantScope } from '../../platform/tenant-scope';
import { iterateHistory, listHistory, presentHistory } from '../messaging/service';
import { findTenantCampaign } from './detail';

/**
 * `campaign/history`: the ZNS sending history (messaging's list, filters, paging and CSV) narrowed to
 * one campaign of the tenant — not a second history implementation. 404 for another tenant's campaign.
 */
export async function campaignHistoryPage(db: DbOrTx, scope: TenantScope, q: CampaignHistoryQuery) {
  const c = await findTenantCampaign(db, scope, q.campaignId);
  const page = await listHistory(db, scope, 'ZNS', { ...q, campaignId: c.id });
  return {
    data: page.rows.map(presentHistory),
    meta: { total: page.total, totalIsEstimate: page.totalIsEstimate, page: q.page, size: q.size, nextCursor: page.nextCursor, prevCursor: page.prevCursor },
  };
}

export async function campaignHistoryRows(db: DbOrTx, scope: TenantScope, q: CampaignHistoryQuery) {
  const c = await findTenantCampaign(db, scope, q.campaignId);
  return { campaign: c, rows: iterateHistory(db, scope, 'ZNS', { ...q, campaignId: c.id }, q.orderBy === 'createdAt=desc') };
}
