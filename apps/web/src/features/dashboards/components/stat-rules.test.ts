import { describe, expect, it } from 'vitest';
import * as analytics from '@zc/shared/api/oa-analytics';
import * as stats from '@zc/shared/api/stats';
import { isRangeRefused, STAT_BREAKDOWN_DIMENSIONS, STAT_LIST_RANGE_MAX_DAYS, STAT_RANGE_MAX_DAYS, STATISTIC_PERIODS } from './stat-rules';

describe('the dashboards’ statistics rules', () => {
  it('are the contracts’ own (one definition, without Zod)', () => {
    expect(STATISTIC_PERIODS).toBe(analytics.STATISTIC_PERIODS);
    expect(STAT_RANGE_MAX_DAYS).toBe(analytics.STAT_RANGE_MAX_DAYS);
    expect(STAT_LIST_RANGE_MAX_DAYS).toBe(stats.STAT_LIST_RANGE_MAX_DAYS);
    expect(STAT_BREAKDOWN_DIMENSIONS).toBe(stats.STAT_BREAKDOWN_DIMENSIONS);
  });

  it('refuses exactly the ranges the server refuses', () => {
    const days = ['2026-11-01', '2026-11-26', '2025-11-26', '2025-11-25', '2023-11-26', '2023-11-25', '2026-02-29', '2024-02-29', 'x', '2026-10-27'];
    for (const from of days)
      for (const to of days) {
        expect(isRangeRefused(from, to)).toBe(stats.statRangeProblem(from, to) !== null);
        for (const p of STATISTIC_PERIODS) expect(isRangeRefused(from, to, p)).toBe(stats.statRangeProblem(from, to, p) !== null);
      }
  });
});
