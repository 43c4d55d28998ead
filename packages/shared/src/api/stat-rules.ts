/**
 * The statistics rules of the contracts (api/oa-analytics.ts, api/stats.ts) without Zod: the console's
 * dashboards, reports and forms import them from here, so their route chunks do not carry Zod
 * (≈ 25 KB gzip) for a few constants. The contracts re-export them.
 */

/** Statistic periods (SPEC §3 enumerations). */
export const STATISTIC_PERIODS = ['HOURLY', 'DAILY', 'MONTHLY'] as const;
export type StatisticPeriod = (typeof STATISTIC_PERIODS)[number];

/**
 * The longest range (days, both ends included) each period answers. Hourly stops at 31 days (744
 * points, already more than a chart can show); longer ranges are read by day or month (ADR 0014).
 */
export const STAT_RANGE_MAX_DAYS: Record<StatisticPeriod, number> = { HOURLY: 31, DAILY: 366, MONTHLY: 1096 };

/** The number of days from `from` to `to`, both included (negative when `to` is before `from`). */
export function statRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether `s` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDay(s: string): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** The longest range (days, both ends included) a query without a period answers (tables and breakdowns). */
export const STAT_LIST_RANGE_MAX_DAYS = STAT_RANGE_MAX_DAYS.DAILY;

/**
 * What is wrong with a range, naming the field (`from` not a day, `to` not a day or before `from`, the
 * range longer than the period allows — STAT_RANGE_MAX_DAYS, or STAT_LIST_RANGE_MAX_DAYS without a
 * period), or null when it is fine. The server answers 422 DATE_RANGE_INVALID with it; forms show it.
 */
export function statRangeProblem(from: string, to: string, period?: StatisticPeriod): { field: 'from' | 'to'; message: string; maxDays: number } | null {
  const maxDays = period ? STAT_RANGE_MAX_DAYS[period] : STAT_LIST_RANGE_MAX_DAYS;
  if (!isCalendarDay(from)) return { field: 'from', message: 'from is not a calendar day', maxDays };
  if (!isCalendarDay(to)) return { field: 'to', message: 'to is not a calendar day', maxDays };
  const days = statRangeDays(from, to);
  if (days < 1) return { field: 'to', message: 'to must not be before from', maxDays };
  if (days > maxDays) return { field: 'to', message: `the range is at most ${maxDays} days${period ? ` for ${period}` : ''}`, maxDays };
  return null;
}

/** What the organisation's messages can be broken down by. */
export const STAT_BREAKDOWN_DIMENSIONS = ['type', 'template', 'oa', 'tenant'] as const;
export type StatBreakdownDimension = (typeof STAT_BREAKDOWN_DIMENSIONS)[number];
