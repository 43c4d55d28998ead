import { z } from 'zod';
import { STAT_BREAKDOWN_DIMENSIONS, STATISTIC_PERIODS } from './stat-rules';

export { STAT_BREAKDOWN_DIMENSIONS, STAT_LIST_RANGE_MAX_DAYS, statRangeProblem, type StatBreakdownDimension } from './stat-rules';
import { WALLET_MODES } from './wallet';

/**
 * Message statistics of the organisation and tenant dashboards (issue 16, ADR 0024). Every figure is
 * read from the rollups (message_stats_*), never by counting messages. Days and months are cut in
 * Asia/Ho_Chi_Minh; `from`/`to` are days YYYY-MM-DD, both included.
 */

/**
 * The counters of a set of messages: `total` every message, `pending` not yet answered by Zalo,
 * `sent` accepted by Zalo, `delivered` received by the user, `failed` refused or errored;
 * `cost` what was charged (VND, after discounts), `listCost` the list price of the charged ones;
 * `deliveryRate` = delivered / sent (0 when nothing was sent), between 0 and 1.
 */
export const statCounters = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  cost: z.number(),
  listCost: z.number(),
  deliveryRate: z.number(),
});
export type StatCounters = z.infer<typeof statCounters>;

/** The raw counters (what a rollup row holds) before the rate is derived. */
export type StatSums = Omit<StatCounters, 'deliveryRate'>;

/** Counters of nothing. */
export const ZERO_STAT_COUNTERS: StatCounters = { total: 0, sent: 0, delivered: 0, failed: 0, pending: 0, cost: 0, listCost: 0, deliveryRate: 0 };

/** delivered / sent, 0 when nothing was sent. */
export function deliveryRate(delivered: number, sent: number): number {
  return sent > 0 ? delivered / sent : 0;
}

/** Adds the rate to raw counters. */
export function withDeliveryRate(s: StatSums): StatCounters {
  return { ...s, deliveryRate: deliveryRate(s.delivered, s.sent) };
}


const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' });

/** A range of days (tables, breakdowns): at most STAT_LIST_RANGE_MAX_DAYS. */
export const statRangeQuery = z.strictObject({ from: day, to: day });
export type StatRangeQuery = z.infer<typeof statRangeQuery>;

/** A range of days read per bucket of `period` (charts): at most STAT_RANGE_MAX_DAYS[period]. */
export const statSeriesQuery = z.strictObject({ from: day, to: day, period: z.enum(STATISTIC_PERIODS).default('DAILY') });
export type StatSeriesQuery = z.infer<typeof statSeriesQuery>;

/**
 * One bucket: `bucket` is its start in Asia/Ho_Chi_Minh — `YYYY-MM-DDTHH:00` (HOURLY), `YYYY-MM-DD`
 * (DAILY), `YYYY-MM` (MONTHLY). Every bucket of the range is answered, empty ones as zeros.
 */
export const statSeriesPoint = statCounters.extend({ bucket: z.string() });
export type StatSeriesPoint = z.infer<typeof statSeriesPoint>;

/** GET /merchant/stats/overview: the organisation's messages, revenue (VIEW_REVENUE_CHART, else null), active users. */
export const statsOverview = z.object({
  period: z.enum(STATISTIC_PERIODS),
  from: z.string(),
  to: z.string(),
  totals: statCounters,
  series: z.array(statSeriesPoint),
  revenue: z.object({ total: z.number(), series: z.array(z.object({ bucket: z.string(), cost: z.number() })) }).nullable(),
  activeUsers: z.object({ count: z.number().int(), series: z.array(z.object({ bucket: z.string(), count: z.number().int() })) }),
  tenantCount: z.number().int(),
});
export type StatsOverview = z.infer<typeof statsOverview>;

/** GET /merchant/stats/tenants: one row per tenant of the organisation, by total descending. */
export const statsTenantRow = statCounters.extend({
  tenantId: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  balance: z.number().nullable(),
  walletMode: z.enum(WALLET_MODES).nullable(),
  lowBalance: z.boolean(),
});
export type StatsTenantRow = z.infer<typeof statsTenantRow>;

/** GET /merchant/stats/low-balances: prepaid tenant wallets below their threshold. */
export const lowBalanceRow = z.object({ tenantId: z.uuid(), name: z.string(), balance: z.number(), threshold: z.number() });
export type LowBalanceRow = z.infer<typeof lowBalanceRow>;

export const statsTenantParam = z.strictObject({ tenantId: z.uuid() });

/** GET /merchant/stats/tenant/:tenantId/oas: one row per OA of the tenant (messages without an OA under `zaloOaId` null). */
export const statsOaRow = statCounters.extend({ zaloOaId: z.string().nullable(), name: z.string(), avatar: z.string().nullable() });
export type StatsOaRow = z.infer<typeof statsOaRow>;


/** GET /merchant/stats/breakdown: `tenantId` narrows to one tenant of the organisation (404 for another's). */
export const statsBreakdownQuery = statRangeQuery.extend({ dimension: z.enum(STAT_BREAKDOWN_DIMENSIONS), tenantId: z.uuid().optional() });
export type StatsBreakdownQuery = z.infer<typeof statsBreakdownQuery>;

/** One row of a breakdown: `key` the type / template id / OA id / tenant id ('' for none), `label` its name. */
export const statsBreakdownRow = statCounters.extend({ key: z.string(), label: z.string() });
export type StatsBreakdownRow = z.infer<typeof statsBreakdownRow>;

/** GET /merchant/stats/tenant-dashboard (x-tenant-id, VIEW_DASHBOARD_AND_CHART). */
export const tenantDashboard = z.object({
  /** Today (Asia/Ho_Chi_Minh). */
  today: statCounters,
  period: z.object({ period: z.enum(STATISTIC_PERIODS), from: z.string(), to: z.string(), totals: statCounters, series: z.array(statSeriesPoint) }),
  /** `cost`: charged over the range; the tenant wallet's balance, mode and threshold (null when it has none). */
  spend: z.object({ cost: z.number(), balance: z.number().nullable(), walletMode: z.enum(WALLET_MODES).nullable(), threshold: z.number().nullable() }),
  pendingReviews: z.number().int(),
  openTickets: z.number().int(),
  /** Null when the OA service is off. */
  followers: z.object({ total: z.number().int(), series: z.array(z.object({ bucket: z.string(), follow: z.number().int(), unfollow: z.number().int() })) }).nullable(),
  /** Null when the mini-app service is off. */
  miniApp: z.object({ series: z.array(z.object({ bucket: z.string(), spins: z.number().int(), wins: z.number().int(), redemptions: z.number().int() })) }).nullable(),
});
export type TenantDashboard = z.infer<typeof tenantDashboard>;
