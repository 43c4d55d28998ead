import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, type BusinessClock } from './sla';

const VN: BusinessClock = { timezone: 'Asia/Ho_Chi_Minh', hours: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:30' } };
// Asia/Ho_Chi_Minh is UTC+7 all year: 08:00 local = 01:00Z.
const at = (iso: string) => new Date(iso);

describe('addBusinessMinutes', () => {
  it('counts minutes inside business hours on the same day', () => {
    // Wednesday 2026-11-25 10:00 local (03:00Z) + 90 min → 11:30 local.
    expect(addBusinessMinutes(at('2026-11-25T03:00:00Z'), 90, VN).toISOString()).toBe('2026-11-25T04:30:00.000Z');
  });

  it('starts the clock at opening time when raised before hours', () => {
    // Wednesday 06:00 local (Tuesday 23:00Z) + 30 → 08:30 local.
    expect(addBusinessMinutes(at('2026-11-24T23:00:00Z'), 30, VN).toISOString()).toBe('2026-11-25T01:30:00.000Z');
  });

  it('carries the rest over to the next business day after closing', () => {
    // Wednesday 17:00 local (10:00Z) + 60 → 30 min today, 30 min Thursday from 08:00 → Thursday 08:30 local.
    expect(addBusinessMinutes(at('2026-11-25T10:00:00Z'), 60, VN).toISOString()).toBe('2026-11-26T01:30:00.000Z');
  });

  it('skips the weekend', () => {
    // Friday 2026-11-27 17:00 local + 60 → Monday 2026-11-30 08:30 local.
    expect(addBusinessMinutes(at('2026-11-27T10:00:00Z'), 60, VN).toISOString()).toBe('2026-11-30T01:30:00.000Z');
    // Raised on Saturday noon: counting starts Monday 08:00.
    expect(addBusinessMinutes(at('2026-11-28T05:00:00Z'), 15, VN).toISOString()).toBe('2026-11-30T01:15:00.000Z');
  });

  it('spans several days for long targets (570 business minutes a day)', () => {
    // Monday 08:00 local + 3 × 570 → Wednesday 17:30 local exactly.
    expect(addBusinessMinutes(at('2026-11-30T01:00:00Z'), 3 * 570, VN).toISOString()).toBe('2026-12-02T10:30:00.000Z');
  });

  it('uses the tenant time zone, not the server one', () => {
    const utc: BusinessClock = { timezone: 'UTC', hours: VN.hours };
    // Wednesday 03:00Z is before 08:00 in UTC: counting starts at 08:00Z.
    expect(addBusinessMinutes(at('2026-11-25T03:00:00Z'), 10, utc).toISOString()).toBe('2026-11-25T08:10:00.000Z');
  });

  it('follows a daylight-saving change (New York, 2026-03-08)', () => {
    const ny: BusinessClock = { timezone: 'America/New_York', hours: { days: [0, 1, 2, 3, 4, 5, 6], start: '09:00', end: '17:00' } };
    // Saturday 2026-03-07 16:00 EST (21:00Z) + 120 → 60 today, 60 on Sunday from 09:00 EDT (13:00Z) → 14:00Z.
    expect(addBusinessMinutes(at('2026-03-07T21:00:00Z'), 120, ny).toISOString()).toBe('2026-03-08T14:00:00.000Z');
  });

  it('runs round the clock with every day and 00:00–24:00', () => {
    const always: BusinessClock = { timezone: 'Asia/Ho_Chi_Minh', hours: { days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '24:00' } };
    expect(addBusinessMinutes(at('2026-11-28T16:59:00Z'), 1, always).toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(addBusinessMinutes(at('2026-11-28T16:30:00Z'), 2 * 1440, always).toISOString()).toBe('2026-11-30T16:30:00.000Z');
  });

  it('never lands outside business hours or before the start (random starts and targets)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 300; i += 1) {
      const start = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 365 * 86_400_000));
      const minutes = 1 + Math.floor(rnd() * 5000);
      const due = addBusinessMinutes(start, minutes, VN);
      expect(due.getTime()).toBeGreaterThanOrEqual(start.getTime() + minutes * 60_000);
      const local = new Date(due.getTime() + 7 * 3_600_000);
      const mins = local.getUTCHours() * 60 + local.getUTCMinutes() + local.getUTCSeconds() / 60;
      expect([1, 2, 3, 4, 5]).toContain(local.getUTCDay());
      expect(mins).toBeGreaterThan(8 * 60);
      expect(mins).toBeLessThanOrEqual(17.5 * 60);
      // Additivity: a then b equals a + b.
      const a = Math.floor(minutes / 3);
      expect(addBusinessMinutes(addBusinessMinutes(start, a, VN), minutes - a, VN).getTime()).toBe(due.getTime());
    }
  });
});
