import { BROADCAST_MODERATION_MINUTES, BROADCAST_WINDOW } from '@zc/shared/api/broadcasts';

/**
 * Broadcast timing in Vietnam time (UTC+7, no daylight saving): Zalo delivers 06:00–21:59 after a
 * moderation of about 30 minutes (REFERENCE §3.6, §13.3), and counts an OA's broadcasts per month.
 */
const HOUR = 3_600_000;
const OFFSET = BROADCAST_WINDOW.utcOffsetHours * HOUR;
const MODERATION = BROADCAST_MODERATION_MINUTES * 60_000;

const local = (at: Date) => new Date(at.getTime() + OFFSET);
/** 00:00 Vietnam time of the day `at` falls on, as a UTC instant. */
function dayStart(at: Date): number {
  const l = local(at);
  return Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate()) - OFFSET;
}

/** Inside 06:00–21:59 Vietnam time. */
export function inDeliveryWindow(at: Date): boolean {
  const h = local(at).getUTCHours();
  return h >= BROADCAST_WINDOW.startHour && h < BROADCAST_WINDOW.endHour;
}

/** The first moment at or after `at` inside the window. */
export function nextWindowOpening(at: Date): Date {
  if (inDeliveryWindow(at)) return at;
  const opening = dayStart(at) + BROADCAST_WINDOW.startHour * HOUR;
  return new Date(at.getTime() < opening ? opening : opening + 24 * HOUR);
}

/**
 * Whether a broadcast handed to Zalo at `at` is delivered inside the window once moderated: the
 * hand-over itself is in the window and its moderation ends before 22:00.
 */
export function canHandOver(at: Date): boolean {
  return inDeliveryWindow(at) && inDeliveryWindow(new Date(at.getTime() + MODERATION)) && dayStart(new Date(at.getTime() + MODERATION)) === dayStart(at);
}

/** The next moment a hand-over fits (the next 06:00 when it does not fit today). */
export function nextHandOver(at: Date): Date {
  if (canHandOver(at)) return at;
  const opening = dayStart(at) + BROADCAST_WINDOW.startHour * HOUR;
  return new Date(at.getTime() < opening ? opening : opening + 24 * HOUR);
}

/** 00:00 of the 1st of the Vietnam month of `at`, and of the next month. */
export function monthStart(at: Date): Date {
  const l = local(at);
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), 1) - OFFSET);
}
export function nextMonthOpening(at: Date): Date {
  const l = local(at);
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() + 1, 1) - OFFSET + BROADCAST_WINDOW.startHour * HOUR);
}
