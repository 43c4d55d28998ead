import { describe, expect, it } from 'vitest';
import { deliveryRatio, formatCompactCount, formatCompactVnd, formatCount, formatPercent, formatVnd } from './number-format';

describe('number-format (§9)', () => {
  it('groups thousands with commas in tables', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('uses a K suffix above 1,000 and M above a million on cards and axes', () => {
    expect(formatCompactCount(1000)).toBe('1000');
    expect(formatCompactCount(1001)).toBe('1K');
    expect(formatCompactCount(1234)).toBe('1.2K');
    expect(formatCompactCount(12_345)).toBe('12K');
    expect(formatCompactCount(3_400_000)).toBe('3.4M');
    expect(formatCompactCount(-2500)).toBe('−2.5K');
  });

  it('shows money with the đồng sign, whole and compact', () => {
    expect(formatVnd(1234567)).toBe('1,234,567 ₫');
    expect(formatCompactVnd(1_250_000)).toBe('1.3M ₫');
    expect(formatCompactVnd(950)).toBe('950 ₫');
  });

  it('shows rates as percentages with at most one decimal', () => {
    expect(formatPercent(0.975)).toBe('97.5%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.1236, 2)).toBe('12.36%');
    expect(formatPercent(0.5, 2)).toBe('50%');
    expect(formatPercent(Number.NaN)).toBe('—');
  });

  it('counts the delivery rate over sent messages, 0 when nothing was sent', () => {
    expect(deliveryRatio(0, 0)).toBe(0);
    expect(deliveryRatio(9, 10)).toBe(0.9);
  });
});
