import { describe, expect, it } from 'vitest';
import { evenSplit, fillRemainder, formatPercent, percentToPpm, ppmToPercent, prizeIssues, probabilityTotal, type PrizeDraft } from './probability';

const prize = (probability: number, extra: Partial<PrizeDraft> = {}): PrizeDraft => ({ giftItemId: null, label: 'P', probability, stock: null, color: '#000000', ...extra });

describe('percent ↔ parts per million', () => {
  it('keeps four decimals both ways', () => {
    expect(percentToPpm(12.3456)).toBe(123_456);
    expect(percentToPpm(0.0001)).toBe(1);
    expect(percentToPpm(100)).toBe(1_000_000);
    expect(ppmToPercent(123_456)).toBeCloseTo(12.3456, 10);
  });
  it('treats empty input as 0 and rounds float noise (0.1 + 0.2)', () => {
    expect(percentToPpm(null)).toBe(0);
    expect(percentToPpm(undefined)).toBe(0);
    expect(percentToPpm(Number.NaN)).toBe(0);
    expect(percentToPpm(0.1 + 0.2)).toBe(3_000);
  });
  it('formats with exactly four decimals', () => {
    expect(formatPercent(1_000_000)).toBe('100.0000');
    expect(formatPercent(123_456)).toBe('12.3456');
    expect(formatPercent(5)).toBe('0.0005');
    expect(formatPercent(0)).toBe('0.0000');
    expect(formatPercent(-100_000)).toBe('-10.0000');
  });
});

describe('probability total', () => {
  it('is ok only at exactly 100 %', () => {
    expect(probabilityTotal([prize(500_000), prize(500_000)])).toEqual({ total: 1_000_000, remaining: 0, ok: true });
    expect(probabilityTotal([prize(100_000), prize(800_000)])).toEqual({ total: 900_000, remaining: 100_000, ok: false });
    expect(probabilityTotal([prize(600_000), prize(400_001)]).ok).toBe(false);
  });
  it('an even split of 3, 7 and 12 rows sums to exactly 100 %', () => {
    for (const n of [2, 3, 7, 12]) {
      const split = evenSplit(n);
      expect(split).toHaveLength(n);
      expect(split.reduce((a, b) => a + b, 0)).toBe(1_000_000);
      expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
    }
    expect(evenSplit(0)).toEqual([]);
  });
  it('fillRemainder gives one row what the others leave, never below 0', () => {
    expect(fillRemainder([prize(200_000), prize(0), prize(300_000)], 1).map((p) => p.probability)).toEqual([200_000, 500_000, 300_000]);
    expect(fillRemainder([prize(700_000), prize(0), prize(400_000)], 1).map((p) => p.probability)).toEqual([700_000, 0, 400_000]);
  });
});

describe('prize issues (what blocks saving)', () => {
  it('a valid list has none', () => {
    expect(prizeIssues([prize(20_000, { stock: 2 }), prize(980_000)])).toEqual([]);
  });
  it('90 % is refused on the list, like the server (body.prizes)', () => {
    expect(prizeIssues([prize(100_000, { stock: 2 }), prize(800_000)])).toEqual([{ path: 'prizes', code: 'TOTAL' }]);
  });
  it('counts 2–12 rows', () => {
    expect(prizeIssues([prize(1_000_000)]).map((i) => i.code)).toContain('COUNT');
    const thirteen = Array.from({ length: 13 }, (_, i) => prize(i === 0 ? 1_000_000 - 12 : 1));
    expect(prizeIssues(thirteen)).toEqual([{ path: 'prizes', code: 'COUNT' }]);
  });
  it('names the row of a negative or fractional stock, a stock below what was won, an empty label', () => {
    const issues = prizeIssues([prize(500_000, { stock: -1 }), prize(250_000, { stock: 1.5 }), prize(125_000, { stock: 1, won: 3 }), prize(125_000, { label: '  ' })]);
    expect(issues).toEqual([
      { path: 'prizes.0.stock', code: 'STOCK' },
      { path: 'prizes.1.stock', code: 'STOCK' },
      { path: 'prizes.2.stock', code: 'STOCK_BELOW_WON' },
      { path: 'prizes.3.label', code: 'LABEL' },
    ]);
  });
  it('refuses a probability out of range', () => {
    expect(prizeIssues([prize(-1), prize(1_000_001)]).map((i) => i.path)).toEqual(['prizes.0.probability', 'prizes.1.probability']);
  });
});
