import { STAT_LIST_RANGE_MAX_DAYS, statRangeProblem } from '@zc/shared/api/stat-rules';

/** Days of the reports: YYYY-MM-DD in Asia/Ho_Chi_Minh (UTC+7, no daylight saving), as the server cuts them. */
const VN_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export const REPORT_MAX_DAYS = STAT_LIST_RANGE_MAX_DAYS;

export function vnToday(now = new Date()): string {
  return new Date(now.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
}

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The report filter read from the address (from, to, groupBy): a range the server would refuse
 * (reversed, not days, longer than REPORT_MAX_DAYS) or a grouping this page does not offer falls back
 * to the last 7 days and the page's default grouping, so a hand-edited link never shows an error page.
 */
export function readReportFilter<G extends string>(params: URLSearchParams, groups: readonly G[], fallback: G, now = new Date()): { from: string; to: string; groupBy: G } {
  const today = vnToday(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const g = params.get('groupBy') ?? '';
  const groupBy = (groups as readonly string[]).includes(g) ? (g as G) : fallback;
  if (statRangeProblem(from, to) === null && to <= today) return { from, to, groupBy };
  return { from: shiftDay(today, -6), to: today, groupBy };
}
