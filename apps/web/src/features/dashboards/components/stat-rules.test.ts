import { describe, expect, it } from 'vitest';
import * as analytics from '@zc/shared/api/oa-analytics';
import * as stats from '@zc/shared/api/stats';
import { isCalendarDay, isRangeRefused, STAT_BREAKDOWN_DIMENSIONS, STAT_LIST_RANGE_MAX_DAYS, STAT_RANGE_MAX_DAYS, STATISTIC_PERIODS, statRangeDays } from './stat-rules';

describe('the dashboards’ copy of the shared statistics rules', () => {
  it('holds the same constants', () => {
    expect(STATISTIC_PERIODS).toEqual(analytics.STATISTIC_PERIODS);
    expect(STAT_RANGE_MAX_DAYS).toEqual(analytics.STAT_RANGE_MAX_DAYS);
    expect(STAT_LIST_RANGE_MAX_DAYS).toBe(stats.STAT_LIST_RANGE_MAX_DAYS);
    expect(STAT_BREAKDOWN_DIMENSIONS).toEqual(stats.STAT_BREAKDOWN_DIMENSIONS);
  });

  it('refuses exactly the ranges the server refuses', () => {
    const days = ['2026-11-01', '2026-11-26', '2025-11-26', '2025-11-25', '2023-11-26', '2023-11-25', '2026-02-29', '2024-02-29', 'x', '2026-10-27'];
    for (const from of days)
      for (const to of days) {
        expect(statRangeDays(from, to)).toEqual(analytics.statRangeDays(from, to));
        expect(isCalendarDay(from)).toBe(analytics.isCalendarDay(from));
        expect(isRangeRefused(from, to)).toBe(stats.statRangeProblem(from, to) !== null);
        for (const p of STATISTIC_PERIODS) expect(isRangeRefused(from, to, p)).toBe(stats.statRangeProblem(from, to, p) !== null);
      }
  });
});
