import { describe, expect, it } from 'vitest';
import { changePeriod, defaultRange, formatBucket, includesToday, listRange, rangeQuery, readRange, vnToday } from './stat-range';
import { STAT_LIST_RANGE_MAX_DAYS, statRangeDays } from './stat-rules';

// 2026-11-26 20:00 UTC is already 27/11 03:00 in Vietnam.
const LATE_UTC = Date.parse('2026-11-26T20:00:00Z');

describe('dashboard ranges', () => {
  it('counts days in Asia/Ho_Chi_Minh and defaults to the last 30 days by day', () => {
    expect(vnToday(LATE_UTC)).toBe('2026-11-27');
    expect(defaultRange(LATE_UTC)).toEqual({ from: '2026-10-29', to: '2026-11-27', period: 'DAILY' });
  });

  it('reads the range of the URL and falls back when the server would refuse it', () => {
    const ok = new URLSearchParams('from=2026-11-01&to=2026-11-10&period=HOURLY');
    expect(readRange(ok, true, LATE_UTC)).toEqual({ from: '2026-11-01', to: '2026-11-10', period: 'HOURLY' });
    // Tables have no period: it reads as DAILY and is not sent.
    expect(readRange(ok, false, LATE_UTC).period).toBe('DAILY');
    const reversed = new URLSearchParams('from=2026-11-10&to=2026-11-01');
    expect(readRange(reversed, true, LATE_UTC)).toEqual(defaultRange(LATE_UTC));
    const tooLongHourly = new URLSearchParams('from=2026-01-01&to=2026-11-10&period=HOURLY');
    expect(readRange(tooLongHourly, true, LATE_UTC)).toEqual({ ...defaultRange(LATE_UTC), period: 'HOURLY' });
    expect(readRange(new URLSearchParams('period=NOPE'), true, LATE_UTC).period).toBe('DAILY');
  });

  it('keeps the last week when switching a long range to hourly', () => {
    expect(changePeriod({ from: '2026-10-01', to: '2026-11-26', period: 'DAILY' }, 'HOURLY')).toEqual({ from: '2026-11-20', to: '2026-11-26', period: 'HOURLY' });
    expect(changePeriod({ from: '2026-11-01', to: '2026-11-26', period: 'DAILY' }, 'HOURLY')).toEqual({ from: '2026-11-01', to: '2026-11-26', period: 'HOURLY' });
    expect(changePeriod({ from: '2022-01-01', to: '2026-11-26', period: 'MONTHLY' }, 'DAILY')).toEqual({ from: '2025-11-26', to: '2026-11-26', period: 'DAILY' });
  });

  it('writes bucket labels in the §9 display formats', () => {
    expect(formatBucket('2026-11-26T13:00')).toBe('26/11 13:00');
    expect(formatBucket('2026-11-26')).toBe('26/11/2026');
    expect(formatBucket('2026-11')).toBe('11/2026');
  });

  it('carries the range along links and knows when it reaches today', () => {
    expect(rangeQuery({ from: '2026-11-01', to: '2026-11-26', period: 'DAILY' }, { tenantId: 'x' })).toBe('tenantId=x&from=2026-11-01&to=2026-11-26&period=DAILY');
    expect(includesToday({ to: '2026-11-27' }, LATE_UTC)).toBe(true);
    expect(includesToday({ to: '2026-11-26' }, LATE_UTC)).toBe(false);
  });
});

describe('listRange (the breakdown of a chart range)', () => {
  it('keeps a range a table answers whole', () => {
    expect(listRange({ from: '2026-01-01', to: '2026-01-31', period: 'HOURLY' })).toEqual({ from: '2026-01-01', to: '2026-01-31', period: 'HOURLY', clamped: false });
    expect(listRange({ from: '2025-11-27', to: '2026-11-27', period: 'MONTHLY' }).clamped).toBe(false);
  });

  it('takes the last days of a monthly range longer than a table answers', () => {
    const r = listRange({ from: '2024-01-01', to: '2026-11-27', period: 'MONTHLY' });
    expect(r).toMatchObject({ to: '2026-11-27', period: 'MONTHLY', clamped: true });
    expect(statRangeDays(r.from, r.to)).toBe(STAT_LIST_RANGE_MAX_DAYS);
  });
});
