import type { StatisticPeriod } from '@zc/shared/api/oa-analytics';
import type { StatBreakdownDimension } from '@zc/shared/api/stats';

/**
 * The statistics rules of packages/shared (api/oa-analytics.ts, api/stats.ts), copied without their
 * Zod schemas: importing those modules at run time would bring Zod (≈ 25 KB gzip) into the dashboard
 * chunks. stat-rules.test.ts checks every copy against the shared original.
 */
export const STATISTIC_PERIODS = ['HOURLY', 'DAILY', 'MONTHLY'] as const satisfies readonly StatisticPeriod[];
export const STAT_RANGE_MAX_DAYS: Record<StatisticPeriod, number> = { HOURLY: 31, DAILY: 366, MONTHLY: 1096 };
export const STAT_LIST_RANGE_MAX_DAYS = STAT_RANGE_MAX_DAYS.DAILY;
export const STAT_BREAKDOWN_DIMENSIONS = ['type', 'template', 'oa', 'tenant'] as const satisfies readonly StatBreakdownDimension[];

/** The number of days from `from` to `to`, both included (negative when `to` is before `from`). */
export function statRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether `s` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** Whether the server would refuse the range (422 DATE_RANGE_INVALID): the shared statRangeProblem's verdict. */
export function isRangeRefused(from: string, to: string, period?: StatisticPeriod): boolean {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return true;
  const days = statRangeDays(from, to);
  return days < 1 || days > (period ? STAT_RANGE_MAX_DAYS[period] : STAT_LIST_RANGE_MAX_DAYS);
}
