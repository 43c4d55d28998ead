import type { ZmaFrequency } from '@zc/shared/api/zma';

/** Vietnam time (Asia/Ho_Chi_Minh) is UTC+7 all year: no daylight saving. */
const VN_OFFSET_MS = 7 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

function vnShifted(at: Date): Date {
  return new Date(at.getTime() + VN_OFFSET_MS);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** 0 = Sunday … 6 = Saturday, in Vietnam time. */
export function vnWeekday(at: Date): number {
  return vnShifted(at).getUTCDay();
}

/** The start (UTC instant) of the Vietnam-time day or ISO week (Monday) that contains `at`. */
export function periodStart(frequency: ZmaFrequency, at: Date): Date {
  const shifted = vnShifted(at);
  const midnight = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
  const back = frequency === 'WEEKLY' ? (shifted.getUTCDay() + 6) % 7 : 0;
  return new Date(midnight - back * DAY_MS - VN_OFFSET_MS);
}

/** The start of the next period: when turns come back. */
export function periodEnd(frequency: ZmaFrequency, at: Date): Date {
  return new Date(periodStart(frequency, at).getTime() + (frequency === 'WEEKLY' ? 7 : 1) * DAY_MS);
}

/** `D2026-11-26` (a Vietnam-time day) or `W2026-11-23` (the week starting that Monday). */
export function periodKey(frequency: ZmaFrequency, at: Date): string {
  const start = vnShifted(periodStart(frequency, at));
  return `${frequency === 'WEEKLY' ? 'W' : 'D'}${ymd(start)}`;
}
