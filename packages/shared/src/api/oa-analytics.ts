import { z } from 'zod';
import { STATISTIC_PERIODS } from './stat-rules';

// The rules without Zod (periods, range bounds, calendar days) live in stat-rules.ts, which the console imports.
export { isCalendarDay, STAT_RANGE_MAX_DAYS, statRangeDays, STATISTIC_PERIODS, type StatisticPeriod } from './stat-rules';


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

