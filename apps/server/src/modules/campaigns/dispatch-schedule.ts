/**
 * Campaign time rules in Vietnam time (UTC+7, REFERENCE §7): the ZNS daily quota refills at local
 * midnight; promotion templates may not be sent 22:00–06:00. Pure functions of instants.
 */

const VN_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 86_400_000;

/** Start of the Vietnam day containing `at` (as a UTC instant). */
export function vnDayStart(at: Date): Date {
  const local = at.getTime() + VN_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - VN_OFFSET_MS);
}

/** The next Vietnam midnight after `at`: when the OA's ZNS daily quota refills. */
export function nextVnMidnight(at: Date): Date {
  return new Date(vnDayStart(at).getTime() + DAY_MS);
}

export function vnHour(at: Date): number {
  return new Date(at.getTime() + VN_OFFSET_MS).getUTCHours();
}

/** Inside the promotion night ban (22:00–05:59 Vietnam time). */
export function isPromotionNight(at: Date): boolean {
  const h = vnHour(at);
  return h >= 22 || h < 6;
}

/** 06:00 Vietnam time ending the night `at` lies in (or `at` itself outside the ban). */
export function nightEnd(at: Date): Date {
  if (!isPromotionNight(at)) return at;
  const start = vnDayStart(at).getTime();
  const six = start + 6 * 3600_000;
  return new Date(vnHour(at) < 6 ? six : six + DAY_MS);
}

/** Zalo's tag (either vocabulary, stored as text: PROMOTION or "3") of a promotion template. */
export function isPromotionTag(tag: string | null | undefined): boolean {
  const t = (tag ?? '').trim().toUpperCase();
  return t === 'PROMOTION' || t === '3';
}

export interface FinishEstimateInput {
  /** Recipients still to send. */
  remaining: number;
  /** What today's quota still allows (Zalo's remainingQuota, minus what is already queued). */
  remainingToday: number;
  /** The OA's daily quota (what every following day allows). */
  dailyQuota: number;
  /** Recipients per second the campaign is paced at (tenant rate, Zalo's OA rate). */
  ratePerSecond: number;
  /** When sending starts (now, or the schedule). */
  startAt: Date;
  promotion: boolean;
}

/**
 * The expected finish of a campaign: today's remaining quota first, then a full daily quota each
 * following Vietnam day, each day's share sent at the paced rate (promotion templates from 06:00).
 * Null when the OA has no daily quota at all (the campaign could never finish).
 */
export function estimateFinish(input: FinishEstimateInput): Date | null {
  const rate = Math.max(0.001, input.ratePerSecond);
  let left = Math.max(0, input.remaining);
  let at = input.promotion ? nightEnd(input.startAt) : input.startAt;
  if (left === 0) return at;
  // Quota left today only applies when the start is still today.
  let today = vnDayStart(at).getTime() === vnDayStart(input.startAt).getTime() ? Math.max(0, input.remainingToday) : input.dailyQuota;
  if (today <= 0 && input.dailyQuota <= 0) return null;
  for (let day = 0; day < 3660; day += 1) {
    const dayEnd = input.promotion ? vnDayStart(at).getTime() + 22 * 3600_000 : nextVnMidnight(at).getTime();
    const byTime = Math.max(0, Math.floor(((dayEnd - at.getTime()) / 1000) * rate));
    const n = Math.min(left, today, byTime);
    if (n >= left) return new Date(at.getTime() + Math.ceil((left / rate) * 1000));
    left -= n;
    const next = nextVnMidnight(at);
    at = input.promotion ? new Date(next.getTime() + 6 * 3600_000) : next;
    today = input.dailyQuota;
    if (today <= 0) return null;
  }
  return null;
}
