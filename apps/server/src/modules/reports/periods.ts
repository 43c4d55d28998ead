/**
 * Report periods in Asia/Ho_Chi_Minh (UTC+7, no daylight saving), where the statistics cut their days
 * (ADR 0024): the previous Monday–Sunday week (ISO week label `YYYY-Www`) and the previous calendar
 * month (`YYYY-MM`) of an instant.
 */

const VN_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export interface ReportPeriod {
  label: string;
  from: string;
  to: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today in Asia/Ho_Chi_Minh (YYYY-MM-DD). */
export function vnToday(now: Date): string {
  return dayOf(now.getTime() + VN_OFFSET_MS);
}

/** ISO week label of a day (YYYY-MM-DD): the year of its Thursday, and the week number. */
export function isoWeekLabel(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(d.getTime() + (3 - dow) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday–Sunday week before the one `now` falls in. */
export function previousWeek(now: Date): ReportPeriod {
  const today = Date.parse(`${vnToday(now)}T00:00:00Z`);
  const dow = (new Date(today).getUTCDay() + 6) % 7;
  const from = today - (dow + 7) * DAY_MS;
  return { label: isoWeekLabel(dayOf(from)), from: dayOf(from), to: dayOf(from + 6 * DAY_MS) };
}

/** The calendar month before the one `now` falls in. */
export function previousMonth(now: Date): ReportPeriod {
  const today = new Date(`${vnToday(now)}T00:00:00Z`);
  const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1) - DAY_MS;
  return { label: dayOf(first).slice(0, 7), from: dayOf(first), to: dayOf(last) };
}

export function previousPeriod(now: Date, frequency: 'WEEKLY' | 'MONTHLY'): ReportPeriod {
  return frequency === 'WEEKLY' ? previousWeek(now) : previousMonth(now);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); ms <= end; ms += DAY_MS) out.push(dayOf(ms));
  return out;
}
