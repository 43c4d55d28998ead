import { z } from 'zod';

/** Statistic periods (SPEC §3 enumerations). */
export const STATISTIC_PERIODS = ['HOURLY', 'DAILY', 'MONTHLY'] as const;
export type StatisticPeriod = (typeof STATISTIC_PERIODS)[number];

/** The OA statistics fields (SPEC §3), in display order. */
export const OA_STAT_FIELDS = [
  'followCount',
  'unFollowCount',
  'userSeenMessageCount',
  'userClickChatNowCount',
  'userReceivedMessageCount',
  'userMessageCount',
  'oaMessageCount',
  'chatSessionCount',
  'repliedChatSessionCount',
] as const;
export type OaStatField = (typeof OA_STAT_FIELDS)[number];

/**
 * The longest range (days, both ends included) each period answers. Hourly stops at 31 days (744
 * points, already more than a chart can show); longer ranges are read by day or month (ADR 0014).
 */
export const STAT_RANGE_MAX_DAYS: Record<StatisticPeriod, number> = { HOURLY: 31, DAILY: 366, MONTHLY: 1096 };

/** The time zone days and months are cut in. */
export const STAT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' });

/** `zaloOAId` omitted or `all`: every OA of the tenant. `from`/`to` are days in Asia/Ho_Chi_Minh, both included. */
export const oaStatsQuery = z.strictObject({
  zaloOAId: z.union([z.uuid(), z.literal('all')]).default('all'),
  from: day,
  to: day,
  period: z.enum(STATISTIC_PERIODS).default('DAILY'),
});
export type OaStatsQuery = z.infer<typeof oaStatsQuery>;

const counters = Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, z.number().int()])) as Record<OaStatField, z.ZodNumber>;

/** One bucket: `time` is its start in Asia/Ho_Chi_Minh (`YYYY-MM-DDTHH:00` hourly, `YYYY-MM-DD` daily, `YYYY-MM` monthly). */
export const oaStatsPoint = z.object({ time: z.string(), ...counters });
export type OaStatsPoint = z.infer<typeof oaStatsPoint>;

/** Every bucket of the range (empty ones as zeros) and the totals over the range. */
export const oaStatsResult = z.object({
  period: z.enum(STATISTIC_PERIODS),
  from: z.string(),
  to: z.string(),
  zaloOAId: z.string(),
  points: z.array(oaStatsPoint),
  totals: z.object(counters),
});
export type OaStatsResult = z.infer<typeof oaStatsResult>;

/** The number of days from `from` to `to`, both included (negative when `to` is before `from`). */
export function statRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether `s` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDay(s: string): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}
