import { z } from 'zod';
import { dataResponse } from '@zc/shared/api/common';
import { STAT_RANGE_MAX_DAYS } from '@zc/shared/api/oa-analytics';
import {
  lowBalanceRow,
  STAT_LIST_RANGE_MAX_DAYS,
  statRangeQuery,
  statsBreakdownQuery,
  statsBreakdownRow,
  statSeriesQuery,
  statsOaRow,
  statsOverview,
  statsTenantParam,
  statsTenantRow,
  tenantDashboard,
} from '@zc/shared/api/stats';
import { ORGANISATION_WIDE_ROLES } from '@zc/shared/permissions';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { merchantAccess, requireMerchant, requireUser, tenantAccess, type RequestCtx } from '../../platform/context';
import { actorOf } from '../../platform/policy';
import { tenantScope } from '../../platform/tenant-scope';
import { getBreakdown, getLowBalances, getOverview, getTenantDashboard, getTenantOas, getTenantRows, type OrgCaller } from './service';

const tags = ['Statistics'];
const orgAccess = merchantAccess('VIEW_TENANT');
const ROLLUPS = 'Read from the message statistics rollups (ADR 0024: a few seconds behind the sends), never by counting messages.';
const SERIES_RANGE = `Days \`from\`..\`to\` (YYYY-MM-DD, Asia/Ho_Chi_Minh, both included); at most ${STAT_RANGE_MAX_DAYS.HOURLY} days HOURLY, ${STAT_RANGE_MAX_DAYS.DAILY} DAILY, ${STAT_RANGE_MAX_DAYS.MONTHLY} MONTHLY (422 DATE_RANGE_INVALID naming the field). Every bucket of the range is answered, empty ones as zeros; a bucket is named by its start in Asia/Ho_Chi_Minh (YYYY-MM-DDTHH:00, YYYY-MM-DD, YYYY-MM).`;
const LIST_RANGE = `Days \`from\`..\`to\` (YYYY-MM-DD, Asia/Ho_Chi_Minh, both included), at most ${STAT_LIST_RANGE_MAX_DAYS} days (422 DATE_RANGE_INVALID naming the field).`;
const ORG_SCOPE = 'The organisation of x-merchant-id; the tenants the caller may open (every tenant for an owner or admin, else those they are a member of).';

function orgCaller(ctx: RequestCtx): OrgCaller {
  return { merchantId: requireMerchant(ctx), userId: requireUser(ctx).id, everyTenant: ctx.merchantRole !== null && ORGANISATION_WIDE_ROLES.includes(ctx.merchantRole) };
}

/** §2.1 /dashboard and /messages/tenant(/oa): the organisation dashboard with drill-down; /tenant: the tenant dashboard. */
export function registerStatsRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/stats/overview',
    {
      config: { access: orgAccess },
      schema: {
        operationId: 'getOrganisationStatsOverview',
        summary: 'Organisation dashboard: messages, revenue and active users over time',
        tags,
        description: `${ORG_SCOPE} \`revenue\` (what the tenants were charged) is null unless the caller holds VIEW_REVENUE_CHART. \`activeUsers\`: distinct users with an audited action (sign-in included) in the organisation. ${SERIES_RANGE} ${ROLLUPS}`,
        querystring: statSeriesQuery,
        response: { 200: dataResponse(statsOverview) },
      },
    },
    async (req) => ({ data: await getOverview(deps.db, orgCaller(req.ctx), req.query, req.ctx.permissions.has('VIEW_REVENUE_CHART')) }),
  );

  app.get(
    '/merchant/stats/tenants',
    {
      config: { access: orgAccess },
      schema: { operationId: 'listTenantStats', summary: 'Messages per tenant with its wallet', tags, description: `${ORG_SCOPE} By total descending. ${LIST_RANGE} ${ROLLUPS}`, querystring: statRangeQuery, response: { 200: dataResponse(z.array(statsTenantRow)) } },
    },
    async (req) => ({ data: await getTenantRows(deps.db, orgCaller(req.ctx), req.query) }),
  );

  app.get(
    '/merchant/stats/low-balances',
    {
      config: { access: orgAccess },
      schema: { operationId: 'listLowTenantBalances', summary: 'Tenants whose prepaid balance is below its threshold', tags, description: ORG_SCOPE, response: { 200: dataResponse(z.array(lowBalanceRow)) } },
    },
    async (req) => ({ data: await getLowBalances(deps.db, orgCaller(req.ctx)) }),
  );

  app.get(
    '/merchant/stats/tenant/:tenantId/oas',
    {
      config: { access: orgAccess },
      schema: {
        operationId: 'listTenantOaStats',
        summary: 'Messages per official account of one tenant',
        tags,
        description: `Drill-down from a tenant (404 for a tenant of another organisation or one the caller may not open). ${LIST_RANGE} ${ROLLUPS}`,
        params: statsTenantParam,
        querystring: statRangeQuery,
        response: { 200: dataResponse(z.array(statsOaRow)) },
      },
    },
    async (req) => ({ data: await getTenantOas(deps.db, orgCaller(req.ctx), req.params.tenantId, req.query) }),
  );

  app.get(
    '/merchant/stats/breakdown',
    {
      config: { access: orgAccess },
      schema: {
        operationId: 'getStatsBreakdown',
        summary: 'Messages per type, template, official account or tenant',
        tags,
        description: `${ORG_SCOPE} \`tenantId\` narrows to one of them (404 otherwise). Template rows are labelled with the template's name when known; \`key\` '' gathers messages without one. ${LIST_RANGE} ${ROLLUPS}`,
        querystring: statsBreakdownQuery,
        response: { 200: dataResponse(z.array(statsBreakdownRow)) },
      },
    },
    async (req) => ({ data: await getBreakdown(deps.db, orgCaller(req.ctx), req.query) }),
  );

  app.get(
    '/merchant/stats/tenant-dashboard',
    {
      config: { access: tenantAccess('VIEW_DASHBOARD_AND_CHART') },
      schema: {
        operationId: 'getTenantDashboard',
        summary: 'Tenant dashboard: sends, delivery, spend, reviews, tickets, followers and mini-app activity',
        tags,
        description: `The tenant of x-tenant-id. \`today\`: today in Asia/Ho_Chi_Minh. \`pendingReviews\` and \`openTickets\` (open or in progress) are the caller's, as on the task counter card. \`followers\` (follows, unfollows, \`total\` = net growth over the range) is null when the OA service is off; \`miniApp\` (spins, wins, code redemptions) null when the mini-app service is off. ${SERIES_RANGE} ${ROLLUPS}`,
        querystring: statSeriesQuery,
        response: { 200: dataResponse(tenantDashboard) },
      },
    },
    async (req) => ({ data: await getTenantDashboard(deps.db, actorOf(req.ctx), tenantScope(req.ctx), req.query) }),
  );
}
