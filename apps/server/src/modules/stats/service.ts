import type { StatisticPeriod } from '@zc/shared/api/oa-analytics';
import {
  statRangeProblem,
  type LowBalanceRow,
  type StatCounters,
  type StatRangeQuery,
  type StatsBreakdownQuery,
  type StatsBreakdownRow,
  type StatSeriesPoint,
  type StatSeriesQuery,
  type StatsOaRow,
  type StatsOverview,
  type StatsTenantRow,
  type TenantDashboard,
} from '@zc/shared/api/stats';
import type { DbOrTx } from '../../db/client';
import { STATS_NONE_UUID } from '../../db/schema/stats';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { taskCard } from '../approvals/service';
import { zmaActivityCountsByBucket } from '../mini-apps/service';
import { bucketLabels, getOaStats } from '../oa-analytics/service';
import { getTenantServices } from '../organisation/service';
import { addCounters, countersOf, numOrNull } from './presenter';
import {
  selectActiveUsers,
  selectByDetail,
  selectByTenant,
  selectLowBalances,
  selectMerchantByDetail,
  selectMerchantSeries,
  selectOaNames,
  selectSeries,
  selectTemplateNames,
  selectTenantWallet,
  selectVisibleTenants,
  type RollupRange,
  type SumRow,
  type TenantInfoRow,
} from './repo';

export { foldAllMessageStats, foldMessageStats, startStatsFoldLoop } from './fold';

const HOUR_MS = 3_600_000;
/** Asia/Ho_Chi_Minh is UTC+7 all year (no DST). */
const VN_OFFSET_MS = 7 * HOUR_MS;

/** Who asks an organisation-wide question: the organisation, the user, and whether their role sees every tenant. */
export interface OrgCaller {
  merchantId: string;
  userId: string;
  everyTenant: boolean;
}

/** 422 DATE_RANGE_INVALID naming the field, when the range is not real days, reversed or too long. */
export function assertStatRange(from: string, to: string, period?: StatisticPeriod): void {
  const p = statRangeProblem(from, to, period);
  if (p) throw new AppError('DATE_RANGE_INVALID', p.message, { fields: [{ path: `querystring.${p.field}`, code: 'date_range', message: p.message }] });
}

/** The UTC instants a range of Vietnam days starts and ends (end exclusive). */
export function rollupRange(fromDay: string, toDay: string): RollupRange {
  const start = new Date(Date.parse(`${fromDay}T00:00:00Z`) - VN_OFFSET_MS);
  const end = new Date(Date.parse(`${toDay}T00:00:00Z`) - VN_OFFSET_MS + 24 * HOUR_MS);
  return { fromDay, toDay, start, end };
}

/** Today's date in Asia/Ho_Chi_Minh. */
export const vnToday = (now: Date): string => new Date(now.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);

/** Every bucket of the range with its counters (zeros for empty ones), from rows labelled by bucket. */
function fillSeries(labels: readonly string[], rows: ReadonlyArray<SumRow & { label: string }>): StatSeriesPoint[] {
  const byLabel = new Map(rows.map((r) => [r.label, r]));
  return labels.map((bucket) => ({ bucket, ...countersOf(byLabel.get(bucket)) }));
}

async function visibleTenants(db: DbOrTx, caller: OrgCaller, onlyTenantId?: string): Promise<TenantInfoRow[]> {
  return selectVisibleTenants(db, { ...caller, ...(onlyTenantId ? { onlyTenantId } : {}) });
}

/** One tenant of the caller's organisation that the caller may open; 404 otherwise (another organisation's included). */
async function requireVisibleTenant(db: DbOrTx, caller: OrgCaller, tenantId: string): Promise<TenantInfoRow> {
  const [t] = await visibleTenants(db, caller, tenantId);
  if (!t) throw notFound();
  return t;
}

const isLow = (t: TenantInfoRow): boolean => t.mode === 'PREPAID' && t.balance !== null && t.threshold !== null && Number(t.balance) < Number(t.threshold);

/**
 * The organisation's messages per bucket and in total over its tenants the caller may see, the
 * revenue (what the tenants were charged) only for a caller holding VIEW_REVENUE_CHART, and the
 * distinct users active in the organisation per bucket.
 */
export async function getOverview(db: DbOrTx, caller: OrgCaller, q: StatSeriesQuery, seesRevenue: boolean): Promise<StatsOverview> {
  assertStatRange(q.from, q.to, q.period);
  const range = rollupRange(q.from, q.to);
  const tenants = await visibleTenants(db, caller);
  const ids = tenants.map((t) => t.id);
  // A caller who sees every tenant reads the organisation's own rollup (one row a bucket), others sum their tenants'.
  const series$ = caller.everyTenant ? selectMerchantSeries(db, caller.merchantId, range, q.period) : selectSeries(db, ids, range, q.period);
  const [rows, active] = await Promise.all([series$, selectActiveUsers(db, caller.merchantId, range, q.period)]);
  const labels = bucketLabels(q.from, q.to, q.period);
  const series = fillSeries(labels, rows);
  const totals = addCounters(series);
  const activeBy = new Map(active.map((a) => [a.label, a.count]));
  return {
    period: q.period,
    from: q.from,
    to: q.to,
    totals,
    series,
    revenue: seesRevenue ? { total: totals.cost, series: series.map((p) => ({ bucket: p.bucket, cost: p.cost })) } : null,
    activeUsers: { count: activeBy.get('') ?? 0, series: labels.map((bucket) => ({ bucket, count: activeBy.get(bucket) ?? 0 })) },
    tenantCount: tenants.length,
  };
}

/** Each tenant the caller may see with its counters over the range and its wallet, by total descending. */
export async function getTenantRows(db: DbOrTx, caller: OrgCaller, q: StatRangeQuery): Promise<StatsTenantRow[]> {
  assertStatRange(q.from, q.to);
  const tenants = await visibleTenants(db, caller);
  const sums = new Map((await selectByTenant(db, tenants.map((t) => t.id), rollupRange(q.from, q.to))).map((r) => [r.key, r]));
  return tenants
    .map((t) => ({
      tenantId: t.id,
      name: t.name,
      avatar: t.avatar,
      ...countersOf(sums.get(t.id)),
      balance: numOrNull(t.balance),
      walletMode: t.mode,
      lowBalance: isLow(t),
    }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** Prepaid tenant wallets (of tenants the caller may see) below their threshold. */
export async function getLowBalances(db: DbOrTx, caller: OrgCaller): Promise<LowBalanceRow[]> {
  const tenants = await visibleTenants(db, caller);
  const rows = await selectLowBalances(db, tenants.map((t) => t.id));
  return rows.map((r) => ({ tenantId: r.tenantId, name: r.name, balance: Number(r.balance), threshold: Number(r.threshold) }));
}

/** One tenant's OAs with their counters (drill-down); messages without an OA as a last row when there are any. */
export async function getTenantOas(db: DbOrTx, caller: OrgCaller, tenantId: string, q: StatRangeQuery): Promise<StatsOaRow[]> {
  assertStatRange(q.from, q.to);
  const t = await requireVisibleTenant(db, caller, tenantId);
  const [sums, oas] = await Promise.all([selectByDetail(db, [t.id], rollupRange(q.from, q.to), 'oa'), selectOaNames(db, [t.id])]);
  const byOa = new Map(sums.map((r) => [r.key, r]));
  const rows: StatsOaRow[] = oas.map((o) => ({ zaloOaId: o.id, name: o.name, avatar: o.avatar, ...countersOf(byOa.get(o.id)) }));
  // An OA deleted since keeps its messages in the rollups: counted under no OA rather than dropped.
  const known = new Set(oas.map((o) => o.id));
  const orphan = sums.filter((r) => !known.has(r.key)).map((r) => countersOf(r));
  if (orphan.length > 0) rows.push({ zaloOaId: null, name: '', avatar: null, ...addCounters(orphan) });
  return rows.sort((a, b) => b.total - a.total);
}

/**
 * The counters per message type, template, OA or tenant over the organisation's tenants the caller
 * may see, or one of them (`tenantId`; 404 for a tenant the caller may not open).
 */
export async function getBreakdown(db: DbOrTx, caller: OrgCaller, q: StatsBreakdownQuery): Promise<StatsBreakdownRow[]> {
  assertStatRange(q.from, q.to);
  const tenants = q.tenantId ? [await requireVisibleTenant(db, caller, q.tenantId)] : await visibleTenants(db, caller);
  const ids = tenants.map((t) => t.id);
  const range = rollupRange(q.from, q.to);
  let rows: StatsBreakdownRow[];
  if (q.dimension === 'tenant') {
    const sums = new Map((await selectByTenant(db, ids, range)).map((r) => [r.key, r]));
    rows = tenants.map((t) => ({ key: t.id, label: t.name, ...countersOf(sums.get(t.id)) }));
  } else {
    // Every tenant of the organisation: its own breakdown rollup (no tenant, module, key or campaign detail to add up).
    const sums = caller.everyTenant && !q.tenantId ? await selectMerchantByDetail(db, caller.merchantId, range, q.dimension) : await selectByDetail(db, ids, range, q.dimension);
    const labels = new Map<string, string>();
    if (q.dimension === 'template') for (const n of await selectTemplateNames(db, ids, sums.map((r) => r.key).filter(Boolean))) labels.set(n.id, n.name);
    if (q.dimension === 'oa') for (const o of await selectOaNames(db, ids)) labels.set(o.id, o.name);
    rows = sums.map((r) => {
      const none = r.key === '' || r.key === STATS_NONE_UUID;
      const key = none ? '' : r.key;
      return { key, label: none ? '' : (labels.get(r.key) ?? r.key), ...countersOf(r) };
    });
  }
  return rows.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

/**
 * The organisation's counters per message type or per Vietnam day over [from, to] from its own rollups
 * (a few rows a day, whole months by month): the reports module's organisation report.
 */
export async function organisationSums(db: DbOrTx, merchantId: string, from: string, to: string, by: 'type' | 'day'): Promise<Array<StatCounters & { key: string }>> {
  const range = rollupRange(from, to);
  const rows = by === 'type' ? await selectMerchantByDetail(db, merchantId, range, 'type') : (await selectMerchantSeries(db, merchantId, range, 'DAILY')).map((r) => ({ ...r, key: r.label }));
  return rows.map((r) => ({ key: r.key, ...countersOf(r) }));
}

/**
 * The tenant's own dashboard: today's and the period's counters, spend against the wallet, the
 * caller's pending reviews and open tickets, the OA follower growth (null when the OA service is off)
 * and mini-app activity (null when the mini-app service is off).
 */
export async function getTenantDashboard(db: DbOrTx, actor: Actor, scope: TenantScope, q: StatSeriesQuery, now = new Date()): Promise<TenantDashboard> {
  assertStatRange(q.from, q.to, q.period);
  const range = rollupRange(q.from, q.to);
  const today = vnToday(now);
  const tenantId = scopedTenantId(scope);
  const labels = bucketLabels(q.from, q.to, q.period);
  const unit = ({ HOURLY: 'hour', DAILY: 'day', MONTHLY: 'month' } as const)[q.period];
  const services = await getTenantServices(db, scope);
  const [rows, todayRows, wallet, card, followers, activity] = await Promise.all([
    selectSeries(db, [tenantId], range, q.period),
    selectByTenant(db, [tenantId], rollupRange(today, today)),
    selectTenantWallet(db, scope),
    taskCard(db, actor, scope),
    services.oaService ? getOaStats(db, scope, { zaloOAId: 'all', from: q.from, to: q.to, period: q.period }) : Promise.resolve(null),
    services.isMiniAppEnabled ? zmaActivityCountsByBucket(db, scope, { start: range.start, end: range.end, unit }) : Promise.resolve(null),
  ]);
  const series = fillSeries(labels, rows);
  const totals: StatCounters = addCounters(series);
  const act = activity ? new Map(activity.map((a) => [a.label, a])) : null;
  return {
    today: countersOf(todayRows[0]),
    period: { period: q.period, from: q.from, to: q.to, totals, series },
    spend: { cost: totals.cost, balance: numOrNull(wallet?.balance), walletMode: wallet?.mode ?? null, threshold: numOrNull(wallet?.threshold) },
    pendingReviews: card.totalPending,
    openTickets: card.totalOpen + card.totalInprogress,
    followers: followers
      ? {
          total: followers.totals.followCount - followers.totals.unFollowCount,
          series: followers.points.map((p) => ({ bucket: p.time, follow: p.followCount, unfollow: p.unFollowCount })),
        }
      : null,
    miniApp: act
      ? {
          series: labels.map((bucket) => {
            const a = act.get(bucket);
            return { bucket, spins: Number(a?.spins ?? 0), wins: Number(a?.wins ?? 0), redemptions: Number(a?.redemptions ?? 0) };
          }),
        }
      : null,
  };
}
