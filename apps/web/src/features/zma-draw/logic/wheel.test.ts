import { describe, expect, it } from 'vitest';
import { fitLabel, labelRotation, polar, sliceAtPointer, slicePath, slices, stopRotation, textColorOn } from './wheel';

describe('wheel geometry', () => {
  it('polar: 0° is the top, 90° the right (clockwise)', () => {
    expect(polar(100, 100, 50, 0)).toEqual({ x: 100, y: 50 });
    expect(polar(100, 100, 50, 90)).toEqual({ x: 150, y: 100 });
    expect(polar(100, 100, 50, 180)).toEqual({ x: 100, y: 150 });
    expect(polar(100, 100, 50, 270)).toEqual({ x: 50, y: 100 });
  });
  it('n equal slices cover the circle without gap or overlap', () => {
    for (const n of [2, 3, 5, 8, 12]) {
      const s = slices(n);
      expect(s).toHaveLength(n);
      expect(s[0]?.start).toBe(0);
      expect(s[n - 1]?.end).toBeCloseTo(360, 9);
      for (let i = 1; i < n; i += 1) expect(s[i]?.start).toBeCloseTo(s[i - 1]?.end ?? -1, 9);
      for (const slice of s) expect(slice.mid).toBeCloseTo((slice.start + slice.end) / 2, 9);
    }
    expect(slices(0)).toEqual([]);
  });
  it('slice paths: small arcs below 180°, the large-arc flag above, a whole disc for one slice', () => {
    expect(slicePath(100, 100, 50, 0, 90)).toBe('M 100 100 L 100 50 A 50 50 0 0 1 150 100 Z');
    expect(slicePath(100, 100, 50, 0, 270)).toContain(' 0 1 1 ');
    expect(slicePath(100, 100, 50, 0, 360)).toBe('M 100 50 A 50 50 0 1 1 100 150 A 50 50 0 1 1 100 50 Z');
  });
  it('the stop rotation brings the chosen slice under the pointer', () => {
    for (const n of [2, 6, 12]) {
      for (let i = 0; i < n; i += 1) {
        const rotation = stopRotation(i, n, 4);
        expect(rotation).toBeGreaterThanOrEqual(4 * 360);
        expect(rotation).toBeLessThan(5 * 360);
        expect(sliceAtPointer(rotation, n)).toBe(i);
      }
    }
  });
  it('reads which slice is under the pointer for any rotation', () => {
    expect(sliceAtPointer(0, 4)).toBe(0);
    expect(sliceAtPointer(-10, 4)).toBe(0);
    expect(sliceAtPointer(10, 4)).toBe(3);
    expect(sliceAtPointer(360 + 100, 4)).toBe(2);
    expect(sliceAtPointer(0, 0)).toBe(-1);
  });
  it('labels read along the radius and never upside down (within ±90°)', () => {
    expect(labelRotation(90)).toBe(0);
    expect(labelRotation(45)).toBe(-45);
    expect(labelRotation(270)).toBe(0);
    expect(labelRotation(225)).toBe(-45);
    expect(labelRotation(315)).toBe(45);
    for (let mid = 0; mid < 360; mid += 7.5) {
      const r = labelRotation(mid);
      expect(r).toBeGreaterThanOrEqual(-90);
      expect(r).toBeLessThanOrEqual(90);
    }
  });
  it('label colour contrasts with the slice, labels are cut to fit', () => {
    expect(textColorOn('#FFFFFF')).toBe('#000000');
    expect(textColorOn('#FADB14')).toBe('#000000');
    expect(textColorOn('#000000')).toBe('#FFFFFF');
    expect(textColorOn('#722ED1')).toBe('#FFFFFF');
    expect(textColorOn('nonsense')).toBe('#000000');
    expect(fitLabel('Voucher 50.000đ cho đơn', 12)).toBe('Voucher…');
    expect(fitLabel('Quà', 12)).toBe('Quà');
  });
});
