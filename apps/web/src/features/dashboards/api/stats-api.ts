import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LowBalanceRow, StatBreakdownDimension, StatsBreakdownRow, StatsOaRow, StatsOverview, StatsTenantRow, TenantDashboard } from '@zc/shared/api/stats';
import { apiGet, ApiError, type DataResponse } from '../../../lib/api-client';
import type { StatRange } from '../components/stat-range';

/** The prefix of every dashboard query (what live refreshes invalidate). */
export const dashboardsKey = ['dashboards'] as const;
export const orgStatsKey = [...dashboardsKey, 'org'] as const;
export const tenantStatsKey = [...dashboardsKey, 'tenant'] as const;

/** Organisation-level calls: the organisation of the session (x-merchant-id), never a tenant header. */
const ORG = { tenantId: null, oaId: null } as const;

/** A refusal (403) or a missing row (404) will not change on a retry: show it at once. */
function retry(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return count < 2;
}

const common = { placeholderData: keepPreviousData, retry } as const;

/** GET merchant/stats/overview: totals, series, revenue (null without VIEW_REVENUE_CHART), active users. */
export function useStatsOverview(merchantId: string | null, r: StatRange) {
  return useQuery({
    queryKey: [...orgStatsKey, 'overview', merchantId, r.from, r.to, r.period],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<StatsOverview>>('merchant/stats/overview', { from: r.from, to: r.to, period: r.period }, { ...ORG, signal })).data,
    enabled: Boolean(merchantId),
    ...common,
  });
}

/** GET merchant/stats/tenants: one row per tenant the caller sees, by total descending. */
export function useStatsTenants(merchantId: string | null, r: Pick<StatRange, 'from' | 'to'>) {
  return useQuery({
    queryKey: [...orgStatsKey, 'tenants', merchantId, r.from, r.to],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<StatsTenantRow[]>>('merchant/stats/tenants', { from: r.from, to: r.to }, { ...ORG, signal })).data,
    enabled: Boolean(merchantId),
    ...common,
  });
}

/** GET merchant/stats/low-balances: prepaid wallets below their threshold. */
export function useLowBalances(merchantId: string | null) {
  return useQuery({
    queryKey: [...orgStatsKey, 'low-balances', merchantId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<LowBalanceRow[]>>('merchant/stats/low-balances', undefined, { ...ORG, signal })).data,
    enabled: Boolean(merchantId),
    retry,
  });
}

/** GET merchant/stats/tenant/:tenantId/oas: one tenant's official accounts. */
export function useTenantOaStats(merchantId: string | null, tenantId: string, r: Pick<StatRange, 'from' | 'to'>) {
  return useQuery({
    queryKey: [...orgStatsKey, 'oas', merchantId, tenantId, r.from, r.to],
    queryFn: async ({ signal }) =>
      (await apiGet<DataResponse<StatsOaRow[]>>(`merchant/stats/tenant/${encodeURIComponent(tenantId)}/oas`, { from: r.from, to: r.to }, { ...ORG, signal })).data,
    enabled: Boolean(merchantId && tenantId),
    ...common,
  });
}

/** GET merchant/stats/breakdown: by type, template, OA or tenant (optionally one tenant's). */
export function useStatsBreakdown(merchantId: string | null, dimension: StatBreakdownDimension, r: Pick<StatRange, 'from' | 'to'>, tenantId?: string) {
  return useQuery({
    queryKey: [...orgStatsKey, 'breakdown', merchantId, dimension, tenantId ?? '', r.from, r.to],
    queryFn: async ({ signal }) =>
      (await apiGet<DataResponse<StatsBreakdownRow[]>>('merchant/stats/breakdown', { from: r.from, to: r.to, dimension, tenantId }, { ...ORG, signal })).data,
    enabled: Boolean(merchantId),
    ...common,
  });
}

/** GET merchant/stats/tenant-dashboard (x-tenant-id): today, the period, spend, reviews, tickets, followers, mini-app. */
export function useTenantDashboard(tenantId: string, r: StatRange) {
  return useQuery({
    queryKey: [...tenantStatsKey, tenantId, r.from, r.to, r.period],
    queryFn: async ({ signal }) =>
      (await apiGet<DataResponse<TenantDashboard>>('merchant/stats/tenant-dashboard', { from: r.from, to: r.to, period: r.period }, { tenantId, oaId: null, signal })).data,
    enabled: Boolean(tenantId),
    ...common,
  });
}
