import { statRangeProblem, type StatisticPeriod } from '@zc/shared/api/stat-rules';

// The statistics rules come from packages/shared/src/api/stat-rules.ts, which holds no Zod (importing
// the contracts at run time would bring Zod, ≈ 25 KB gzip, into the dashboard chunks).
export { isCalendarDay, STAT_BREAKDOWN_DIMENSIONS, STAT_LIST_RANGE_MAX_DAYS, STAT_RANGE_MAX_DAYS, STATISTIC_PERIODS, statRangeDays } from '@zc/shared/api/stat-rules';

/** Whether the server would refuse the range (422 DATE_RANGE_INVALID). */
export function isRangeRefused(from: string, to: string, period?: StatisticPeriod): boolean {
  return statRangeProblem(from, to, period) !== null;
}
