import type { OpeningHoursEntry } from '@zc/shared/api/zma-loyalty';

/** Weekdays in the order a Vietnamese week is shown: Monday first, Sunday (0) last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One weekday of the form: open that day or not, and its hours. */
export interface DayHours {
  open: boolean;
  from: string;
  to: string;
}
export type WeekHours = Record<number, DayHours>;

const DEFAULT_DAY: DayHours = { open: false, from: '08:00', to: '22:00' };
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form's week from the branch's entries (days without an entry are closed; the first entry of a day is shown). */
export function toWeekHours(entries: readonly OpeningHoursEntry[]): WeekHours {
  const week: WeekHours = {};
  for (const day of WEEK_ORDER) week[day] = { ...DEFAULT_DAY };
  for (const e of entries) {
    const current = week[e.day];
    if (current && !current.open) week[e.day] = { open: true, from: e.open, to: e.close };
  }
  return week;
}

/** The entries the server takes (`openingHours`), open days only, Monday first. */
export function fromWeekHours(week: WeekHours): OpeningHoursEntry[] {
  const out: OpeningHoursEntry[] = [];
  for (const day of WEEK_ORDER) {
    const d = week[day];
    if (d?.open) out.push({ day, open: d.from, close: d.to });
  }
  return out;
}

/** The problem with one open day, if any: hours missing or malformed, or closing not after opening. */
export function dayHoursError(day: DayHours): 'format' | 'order' | null {
  if (!day.open) return null;
  if (!HHMM.test(day.from) || !HHMM.test(day.to)) return 'format';
  return day.from < day.to ? null : 'order';
}

/** §7 branch stock: a quantity or threshold the form refuses (the server refuses it too). */
export function stockValueError(value: number | null | undefined): 'required' | 'negative' | 'integer' | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  if (!Number.isInteger(value)) return 'integer';
  return value < 0 ? 'negative' : null;
}

/** Opening hours as one line per group of days with the same hours ("1: 08:00–22:00"), Monday first. */
export function summariseHours(entries: readonly OpeningHoursEntry[]): { days: number[]; open: string; close: string }[] {
  const groups: { days: number[]; open: string; close: string }[] = [];
  for (const day of WEEK_ORDER) {
    const e = entries.find((x) => x.day === day);
    if (!e) continue;
    const same = groups.find((g) => g.open === e.open && g.close === e.close);
    if (same) same.days.push(day);
    else groups.push({ days: [day], open: e.open, close: e.close });
  }
  return groups;
}
