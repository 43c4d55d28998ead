import { describe, expect, it } from 'vitest';
import { formatBucket, formatCompact } from './format';

describe('OA analytics number and bucket formats (§9)', () => {
  it('uses the K suffix above 1,000 and M above a million', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1000');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(12_345)).toBe('12K');
    expect(formatCompact(2_500_000)).toBe('2.5M');
  });
  it('shows buckets as DD/MM HH:mm, DD/MM/YYYY and MM/YYYY', () => {
    expect(formatBucket('2026-11-20T22:00')).toBe('20/11 22:00');
    expect(formatBucket('2026-11-20')).toBe('20/11/2026');
    expect(formatBucket('2026-11')).toBe('11/2026');
  });
});
