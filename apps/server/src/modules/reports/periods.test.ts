import { describe, expect, it } from 'vitest';
import { daysOf, isoWeekLabel, previousMonth, previousWeek, vnToday } from './periods';

describe('report periods (Asia/Ho_Chi_Minh)', () => {
  it('cuts days at midnight in Ho Chi Minh City', () => {
    expect(vnToday(new Date('2026-10-31T16:59:00Z'))).toBe('2026-10-31');
    expect(vnToday(new Date('2026-10-31T17:00:00Z'))).toBe('2026-11-01');
  });
  it('the previous Monday–Sunday week with its ISO label, across a year end', () => {
    expect(previousWeek(new Date('2026-11-26T03:00:00Z'))).toEqual({ label: '2026-W47', from: '2026-11-16', to: '2026-11-22' });
    // Monday 00:30 local is already the new week.
    expect(previousWeek(new Date('2026-11-22T17:30:00Z'))).toEqual({ label: '2026-W47', from: '2026-11-16', to: '2026-11-22' });
    expect(previousWeek(new Date('2027-01-05T03:00:00Z'))).toEqual({ label: '2026-W53', from: '2026-12-28', to: '2027-01-03' });
    expect(isoWeekLabel('2027-01-01')).toBe('2026-W53');
    expect(isoWeekLabel('2026-01-01')).toBe('2026-W01');
  });
  it('the previous calendar month, across a year end and in February', () => {
    expect(previousMonth(new Date('2026-11-26T03:00:00Z'))).toEqual({ label: '2026-10', from: '2026-10-01', to: '2026-10-31' });
    expect(previousMonth(new Date('2027-01-01T00:00:00Z'))).toEqual({ label: '2026-12', from: '2026-12-01', to: '2026-12-31' });
    expect(previousMonth(new Date('2028-03-10T00:00:00Z'))).toEqual({ label: '2028-02', from: '2028-02-01', to: '2028-02-29' });
    // 23:59 local on the last day still belongs to that month.
    expect(previousMonth(new Date('2026-11-30T16:59:00Z')).label).toBe('2026-10');
    expect(previousMonth(new Date('2026-11-30T17:00:00Z')).label).toBe('2026-11');
  });
  it('lists every day of a range', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
