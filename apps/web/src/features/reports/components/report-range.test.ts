import { describe, expect, it } from 'vitest';
import { readReportFilter, shiftDay, vnToday } from './report-range';

const now = new Date('2026-11-26T20:00:00Z'); // 27 Nov, 03:00 in Vietnam
const groups = ['day', 'type'] as const;

describe('report filter from the address', () => {
  it('cuts today in Vietnam time', () => {
    expect(vnToday(now)).toBe('2026-11-27');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('keeps a valid range and grouping', () => {
    expect(readReportFilter(new URLSearchParams('from=2026-11-01&to=2026-11-20&groupBy=type'), groups, 'day', now)).toEqual({ from: '2026-11-01', to: '2026-11-20', groupBy: 'type' });
  });
  it('falls back to the last 7 days for a reversed, too long, future or malformed range, and to the default grouping', () => {
    const last7 = { from: '2026-11-21', to: '2026-11-27' };
    expect(readReportFilter(new URLSearchParams('from=2026-11-20&to=2026-11-01'), groups, 'day', now)).toEqual({ ...last7, groupBy: 'day' });
    expect(readReportFilter(new URLSearchParams('from=2024-01-01&to=2026-11-01&groupBy=colour'), groups, 'day', now)).toEqual({ ...last7, groupBy: 'day' });
    expect(readReportFilter(new URLSearchParams('from=2026-11-20&to=2026-12-20'), groups, 'day', now)).toEqual({ ...last7, groupBy: 'day' });
    expect(readReportFilter(new URLSearchParams('from=x&to=y&groupBy=type'), groups, 'day', now)).toEqual({ ...last7, groupBy: 'type' });
  });
});
