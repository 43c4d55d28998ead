import dayjs, { type Dayjs } from 'dayjs';
import type { StatisticPeriod } from '@zc/shared/api/oa-analytics';
import { isRangeRefused, STAT_LIST_RANGE_MAX_DAYS, STAT_RANGE_MAX_DAYS, STATISTIC_PERIODS, statRangeDays } from './stat-rules';

/** The dashboards' range: days YYYY-MM-DD (Asia/Ho_Chi_Minh, both included) and a period for charts. */
export interface StatRange {
  from: string;
  to: string;
  period: StatisticPeriod;
}

export const ISO_DAY = 'YYYY-MM-DD';

/** Today in Asia/Ho_Chi_Minh (UTC+7 all year), whatever the browser's zone: the statistics' days are Vietnamese days. */
export function vnToday(now = Date.now()): string {
  return new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
}

export function vnTodayDayjs(): Dayjs {
  return dayjs(vnToday());
}

/** The default view: the last 30 days by day. */
export function defaultRange(now = Date.now()): StatRange {
  const to = vnToday(now);
  return { from: dayjs(to).subtract(29, 'day').format(ISO_DAY), to, period: 'DAILY' };
}

/** The longest range a view answers: its period's, or the list maximum for tables without a period. */
export function maxDaysOf(period: StatisticPeriod | null): number {
  return period ? STAT_RANGE_MAX_DAYS[period] : STAT_LIST_RANGE_MAX_DAYS;
}

/**
 * The range of the URL (from, to, period), or the default when a part is missing or refused by the
 * server's rule (statRangeProblem, copied in stat-rules): a link from another page keeps the reader's range; a hand-edited
 * one that the server would answer with 422 falls back instead of showing an error.
 */
export function readRange(params: URLSearchParams, withPeriod: boolean, now = Date.now()): StatRange {
  const fallback = defaultRange(now);
  const from = params.get('from');
  const to = params.get('to');
  const p = params.get('period');
  const period: StatisticPeriod = withPeriod && p && (STATISTIC_PERIODS as readonly string[]).includes(p) ? (p as StatisticPeriod) : 'DAILY';
  if (!from || !to) return { ...fallback, period };
  if (isRangeRefused(from, to, withPeriod ? period : undefined)) return { ...fallback, period };
  return { from, to, period };
}

/**
 * A period change keeps the range when the new period answers it, else keeps its last days up to
 * the period's maximum (an hourly view of a quarter would be refused: it shows the quarter's last 7 days).
 */
export function changePeriod(range: StatRange, period: StatisticPeriod): StatRange {
  if (statRangeDays(range.from, range.to) <= STAT_RANGE_MAX_DAYS[period]) return { ...range, period };
  const keep = period === 'HOURLY' ? 7 : STAT_RANGE_MAX_DAYS[period];
  return { from: dayjs(range.to).subtract(keep - 1, 'day').format(ISO_DAY), to: range.to, period };
}

/** The query string of a range, to carry it along a drill-down link. */
export function rangeQuery(range: StatRange, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...extra, from: range.from, to: range.to, period: range.period }).toString();
}

/** The bucket label of an answer (YYYY-MM-DDTHH:00, YYYY-MM-DD, YYYY-MM) in the §9 display formats. */
export function formatBucket(bucket: string): string {
  const h = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(bucket);
  if (h) return `${h[3]}/${h[2]} ${h[4]}`;
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(bucket);
  if (d) return `${d[3]}/${d[2]}/${d[1]}`;
  const m = /^(\d{4})-(\d{2})$/.exec(bucket);
  return m ? `${m[2]}/${m[1]}` : bucket;
}

/** Whether the range reaches today (its figures still move: the live refresh matters). */
export function includesToday(range: Pick<StatRange, 'to'>, now = Date.now()): boolean {
  return range.to >= vnToday(now);
}

/**
 * The part of a chart's range a table or breakdown answers (at most STAT_LIST_RANGE_MAX_DAYS): the
 * whole range, or its last days when a monthly chart reads further back; `clamped` says which.
 */
export function listRange(range: StatRange): StatRange & { clamped: boolean } {
  if (statRangeDays(range.from, range.to) <= STAT_LIST_RANGE_MAX_DAYS) return { ...range, clamped: false };
  return { from: dayjs(range.to).subtract(STAT_LIST_RANGE_MAX_DAYS - 1, 'day').format(ISO_DAY), to: range.to, period: range.period, clamped: true };
}
