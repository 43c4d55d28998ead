import type { BusinessHours } from '../../db/schema/tickets';

/** The business clock of a tenant: its IANA time zone, working days (0 Sunday … 6 Saturday) and hours. */
export interface BusinessClock {
  timezone: string;
  hours: BusinessHours;
}

const MINUTE = 60_000;
const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = partsFormat.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    partsFormat.set(tz, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a time zone. */
function localParts(at: number, tz: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year ?? 0, m: p.month ?? 1, d: p.day ?? 1, h: p.hour ?? 0, min: p.minute ?? 0, s: p.second ?? 0 };
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function offsetAt(at: number, tz: string): number {
  const p = localParts(at, tz);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in a zone (minutes past local midnight, may be 1440 = the next
 * midnight). A time skipped by a DST jump resolves to the instant after the jump.
 */
export function zonedInstant(y: number, m: number, d: number, minutesOfDay: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d) + minutesOfDay * MINUTE;
  let guess = wall - offsetAt(wall, tz);
  // Twice: the offset at the guess may differ from the offset at the wall time near a DST change.
  guess = wall - offsetAt(guess, tz);
  return guess;
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * The instant `minutes` business minutes after `start`: only minutes inside the working hours of a
 * working day (in the clock's time zone) count; nights, weekends and other days off are skipped.
 * With 0 minutes it is the first business moment at or after `start`.
 */
export function addBusinessMinutes(start: Date, minutes: number, clock: BusinessClock): Date {
  const { timezone: tz, hours } = clock;
  const open = minutesOf(hours.start);
  const close = minutesOf(hours.end);
  const days = new Set(hours.days);
  if (days.size === 0 || close <= open) throw new Error('business hours need a working day and an end after the start');
  let remaining = minutes * MINUTE;
  let cursor = start.getTime();
  // A working day comes at least weekly, so a target of a year needs at most ~53 weeks of days.
  for (let guard = 0; guard < 3700 + (minutes / Math.max(1, close - open)) * 7; guard += 1) {
    const local = localParts(cursor, tz);
    const weekday = new Date(Date.UTC(local.y, local.m - 1, local.d)).getUTCDay();
    if (days.has(weekday)) {
      const winStart = zonedInstant(local.y, local.m, local.d, open, tz);
      const winEnd = zonedInstant(local.y, local.m, local.d, close, tz);
      const from = Math.max(cursor, winStart);
      if (from < winEnd) {
        const available = winEnd - from;
        if (remaining <= available) return new Date(from + remaining);
        remaining -= available;
      }
    }
    // The next local midnight.
    const next = new Date(Date.UTC(local.y, local.m - 1, local.d + 1));
    cursor = zonedInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, tz);
  }
  throw new Error('business minutes did not fit in the search window');
}
