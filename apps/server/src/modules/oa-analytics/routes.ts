import { dataResponse } from '@zc/shared/api/common';
import { oaStatsQuery, oaStatsResult, STAT_RANGE_MAX_DAYS } from '@zc/shared/api/oa-analytics';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { tenantAccess } from '../../platform/context';
import { tenantScope } from '../../platform/tenant-scope';
import { getOaStats, statsCsv } from './service';

const tags = ['OA analytics'];
const access = tenantAccess(['VIEW_ZALO_OA_SERVICE', 'VIEW_DASHBOARD_AND_CHART'], 'oaService');
const RANGE_TEXT = `Days \`from\`..\`to\` (YYYY-MM-DD, Asia/Ho_Chi_Minh, both included); at most ${STAT_RANGE_MAX_DAYS.HOURLY} days HOURLY, ${STAT_RANGE_MAX_DAYS.DAILY} DAILY, ${STAT_RANGE_MAX_DAYS.MONTHLY} MONTHLY (422 DATE_RANGE_INVALID naming the field). \`zaloOAId\` one OA of the tenant (404 otherwise) or \`all\`. Computed from the product's own webhook events and sends (ADR 0014): Zalo publishes no statistics API.`;

/** §2.1 /tenant/zalo-oa/analytics: the §3 OA statistics fields per hour, day or month, and their CSV. */
export function registerOaAnalyticsRoutes(app: ZodApp, deps: ModuleDeps): void {
  app.get(
    '/merchant/oa-analytics/statistics',
    { config: { access }, schema: { operationId: 'getOaStatistics', summary: 'Get an official account\'s statistics', tags, description: `Every bucket of the range (empty ones as zeros) and the range totals. ${RANGE_TEXT}`, querystring: oaStatsQuery, response: { 200: dataResponse(oaStatsResult) } } },
    async (req) => ({ data: await getOaStats(deps.db, tenantScope(req.ctx), req.query) }),
  );

  app.get(
    '/merchant/oa-analytics/export',
    { config: { access }, schema: { operationId: 'exportOaStatistics', tags, summary: 'The same statistics as a CSV download', description: RANGE_TEXT, querystring: oaStatsQuery, produces: ['text/csv'] } },
    async (req, reply) => {
      const r = await getOaStats(deps.db, tenantScope(req.ctx), req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="oa-statistics-${r.period.toLowerCase()}-${r.from}-${r.to}.csv"`)
        .send(`\uFEFF${statsCsv(r)}`);
    },
  );
}
