import { Readable } from 'node:stream';
import { dataResponse, errorResponse } from '@zc/shared/api/common';
import { historyListResponse } from '@zc/shared/api/messaging';
import { campaignCancelResult, campaignDetail, campaignHistoryQuery, campaignIdParams, campaignTemplatePreview as previewSchema } from '@zc/shared/api/campaign-dispatch';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { runMutation } from '../../platform/mutation';
import { actorOf } from '../../platform/policy';
import { scopedTenantId, tenantScope } from '../../platform/tenant-scope';
import { csvHeader, csvLine, presentHistory } from '../messaging/service';
import { campaignTemplatePreview, findTenantCampaign, presentCampaignDetail } from './detail';
import { cancelCampaign, estimateCampaignFinishAt, pauseCampaign, refreshProgress, resumeCampaign } from './dispatch';
import { campaignHistoryPage, campaignHistoryRows } from './history';

const tags = ['ZNS campaigns'];
const base = '/merchant/campaign';
const zns = 'znsService' as const;
const notFound = errorResponse.describe("NOT_FOUND: no campaign of this tenant has this id (another tenant's answers the same)");
const conflict = errorResponse.describe('CONFLICT: the campaign is not approved or has finished (done, failed, cancelled); details.fields names the rule');

/**
 * Sending an approved campaign (issue 13 #5, #6): detail with live counts and money, template preview,
 * the campaign's history (the ZNS sending history narrowed to it) and CSV, cancel, pause and resume.
 * Pause and resume take CANCEL_CAMPAIGN: stopping a flow and letting the same approved flow go on are
 * the same power over money already held; CREATE_CAMPAIGN alone may not stop another user's campaign.
 */
export function registerCampaignDispatchRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    `${base}/history`,
    {
      config: { access: tenantAccess('VIEW_CAMPAIGN', zns) },
      schema: {
        operationId: 'listCampaignHistory',
        tags,
        summary: 'The sending history of one campaign',
        description: 'The §3 history rows (trackingId, sessionId, phone, znsTemplateId, status, createdAt, isCharged …) of the campaign’s messages, with the same filters and paging as `merchant/zns/history`. 404 for another tenant’s campaign.',
        querystring: campaignHistoryQuery,
        response: { 200: historyListResponse, 404: notFound },
      },
    },
    async (req) => campaignHistoryPage(deps.db, tenantScope(req.ctx), req.query),
  );

  app.get(
    `${base}/history/export`,
    { config: { access: tenantAccess('VIEW_CAMPAIGN', zns) }, schema: { operationId: 'exportCampaignHistory', tags, summary: 'The campaign’s sending history as CSV (same filters)', querystring: campaignHistoryQuery, produces: ['text/csv'] } },
    async (req, reply) => {
      const { campaign, rows } = await campaignHistoryRows(deps.db, tenantScope(req.ctx), req.query);
      async function* csv() {
        yield `\uFEFF${csvHeader()}`;
        for await (const batch of rows) yield batch.map((r) => csvLine(presentHistory(r))).join('');
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${campaign.id.slice(0, 8)}-history.csv"`)
        .send(Readable.from(csv()));
    },
  );

  app.get(
    `${base}/template/:id`,
    { config: { access: tenantAccess('VIEW_CAMPAIGN', zns) }, schema: { operationId: 'getCampaignTemplate', tags, summary: 'The campaign’s template preview', description: 'What the template library previews (previewUrl, name, params, price charged). `id` is the campaign’s.', params: campaignIdParams, response: { 200: dataResponse(previewSchema), 404: notFound } } },
    async (req) => {
      const c = await findTenantCampaign(deps.db, tenantScope(req.ctx), req.params.id);
      return { data: await campaignTemplatePreview(deps.db, c) };
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: tenantAccess('VIEW_CAMPAIGN', zns) },
      schema: { operationId: 'getCampaign', tags, summary: 'Campaign detail', description: '§3 Campaign with its dispatch state (QUOTA_WAIT continues at nextRunAt), counts (sent, received, failed, pending, cancelled), held / settled / released money and the expected finish.', params: campaignIdParams, response: { 200: dataResponse(campaignDetail), 404: notFound } },
    },
    async (req) => {
      let c = await findTenantCampaign(deps.db, tenantScope(req.ctx), req.params.id);
      // Zalo's receipts (RECEIVED) and in-flight results keep arriving after a campaign settled; within a
      // day of its end the detail recounts them (the dispatcher no longer visits a finished campaign).
      if (c.finishedAt && c.status !== 'APPROVED' && Date.now() - c.finishedAt.getTime() < 86_400_000) {
        const current = c;
        await deps.db.transaction((tx) => refreshProgress(tx, current, false));
        c = await findTenantCampaign(deps.db, tenantScope(req.ctx), req.params.id);
      }
      const data = await presentCampaignDetail(deps.db, actorOf(req.ctx), c);
      // Before approval (and before the first pass) the expected finish comes from Zalo's quota now.
      if (c.status === 'PENDING' || (c.status === 'APPROVED' && c.dispatchState === 'WAITING' && !c.estimatedFinishAt)) {
        const finish = await estimateCampaignFinishAt(
          { db: deps.db, zalo: deps.zalo, ratePerSecond: deps.config.campaignRatePerSecond },
          { tenantId: c.tenantId, zaloOaId: c.zaloOaId, znsTemplateId: c.znsTemplateId, recordCount: c.recordCount, startAt: c.scheduleAt && c.scheduleAt > new Date() ? c.scheduleAt : new Date(), development: c.mode === 'development' },
        );
        data.estimatedFinishAt = finish ? finish.toISOString() : null;
      }
      return { data };
    },
  );

  app.put(
    `${base}/cancel/:id`,
    {
      config: { access: tenantAccess('CANCEL_CAMPAIGN', zns), audit: 'CAMPAIGN_CANCEL' },
      schema: {
        operationId: 'cancelCampaign',
        tags,
        summary: 'Cancel a campaign',
        description: 'Stops sending at once (no batch is written after it; messages not yet handed to Zalo are cancelled and refunded), marks queued recipients CANCELLED, closes the hold (the unspent rest back to the balance: `released`), status CANCELLED. 409 when the campaign is not approved or already finished.',
        params: campaignIdParams,
        response: { 200: dataResponse(campaignCancelResult), 404: notFound, 409: conflict },
      },
    },
    async (req) => {
      const scope = tenantScope(req.ctx);
      return runMutation(deps.db, req, async (tx, record) => {
        const out = await cancelCampaign(tx, scopedTenantId(scope), req.params.id);
        await record({ targetType: 'campaign', targetId: out.campaign.id, before: { status: 'APPROVED' }, after: { status: out.campaign.status, released: out.released, cancelledRecipients: out.cancelledRecipients } });
        return { data: { campaign: await presentCampaignDetail(tx, actorOf(req.ctx), out.campaign), released: out.released, cancelledRecipients: out.cancelledRecipients } };
      });
    },
  );

  for (const action of ['pause', 'resume'] as const) {
    app.put(
      `${base}/:id/${action}`,
      {
        config: { access: tenantAccess('CANCEL_CAMPAIGN', zns), audit: action === 'pause' ? 'CAMPAIGN_PAUSE' : 'CAMPAIGN_RESUME' },
        schema: {
          operationId: action === 'pause' ? 'pauseCampaign' : 'resumeCampaign',
          tags,
          summary: action === 'pause' ? 'Pause a campaign' : 'Resume a paused campaign',
          description: action === 'pause' ? 'No further batch is queued; what is already queued (a few seconds of sending) still goes. 409 when not running or already paused.' : 'Sending continues at once, within the quota and night rules. 409 when not paused.',
          params: campaignIdParams,
          response: { 200: dataResponse(campaignDetail), 404: notFound, 409: conflict },
        },
      },
      async (req) => {
        const scope = tenantScope(req.ctx);
        return runMutation(deps.db, req, async (tx, record) => {
          const out = action === 'pause' ? await pauseCampaign(tx, scopedTenantId(scope), req.params.id) : await resumeCampaign(tx, scopedTenantId(scope), req.params.id);
          await record({ targetType: 'campaign', targetId: out.after.id, before: { dispatchState: out.before.dispatchState }, after: { dispatchState: out.after.dispatchState } });
          return { data: await presentCampaignDetail(tx, actorOf(req.ctx), out.after) };
        });
      },
    );
  }
}
