import { describe, expect, it } from 'vitest';
import { GIFT_CODE_STATUSES } from '@zc/shared/api/zma';
import { bulkActions, canCancel, canRecall, CODE_STATUS_COLOR, progressPercent, redeemVerdict } from './code-status';
import { dayHoursError, fromWeekHours, stockValueError, summariseHours, toWeekHours } from './branch-form';
import { codeCountError, giftBody, giftFormIssues, type GiftFormValues } from './gift-form';

describe('gift code statuses (§3, §4)', () => {
  it('has a tag colour for every status', () => {
    for (const s of GIFT_CODE_STATUSES) expect(CODE_STATUS_COLOR[s]).toBeTruthy();
  });

  it('offers cancel only for NEW and recall only for NEW or CANCELLED', () => {
    expect(GIFT_CODE_STATUSES.filter(canCancel)).toEqual(['NEW']);
    expect(GIFT_CODE_STATUSES.filter(canRecall).sort()).toEqual(['CANCELLED', 'NEW']);
  });

  it('counts what each bulk action applies to in a mixed selection', () => {
    expect(bulkActions(['NEW', 'NEW', 'CANCELLED', 'USED', 'ALLOCATED'])).toEqual({ cancel: 2, recall: 3 });
    expect(bulkActions(['USED', 'EXPIRED'])).toEqual({ cancel: 0, recall: 0 });
    expect(bulkActions([])).toEqual({ cancel: 0, recall: 0 });
  });

  it('lets only an allocated, unexpired code be redeemed and names why not otherwise', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(redeemVerdict({ status: 'ALLOCATED', expiresAt: '2026-12-01T00:00:00Z' }, now)).toEqual({ redeemable: true });
    expect(redeemVerdict({ status: 'ALLOCATED', expiresAt: null }, now)).toEqual({ redeemable: true });
    expect(redeemVerdict({ status: 'ALLOCATED', expiresAt: '2026-11-26T09:59:59Z' }, now)).toEqual({ redeemable: false, reason: 'GIFT_CODE_EXPIRED' });
    expect(redeemVerdict({ status: 'NEW', expiresAt: null }, now)).toEqual({ redeemable: false, reason: 'GIFT_CODE_NOT_ALLOCATED' });
    expect(redeemVerdict({ status: 'USED', expiresAt: null }, now)).toEqual({ redeemable: false, reason: 'GIFT_CODE_USED' });
    expect(redeemVerdict({ status: 'EXPIRED', expiresAt: null }, now)).toEqual({ redeemable: false, reason: 'GIFT_CODE_EXPIRED' });
    expect(redeemVerdict({ status: 'CANCELLED', expiresAt: null }, now)).toEqual({ redeemable: false, reason: 'GIFT_CODE_CANCELLED' });
  });

  it('shows generation progress in whole percent, 100 when done', () => {
    expect(progressPercent({ generated: 0, requested: 20, status: 'RUNNING' })).toBe(0);
    expect(progressPercent({ generated: 333_333, requested: 1_000_000, status: 'RUNNING' })).toBe(33);
    expect(progressPercent({ generated: 25, requested: 20, status: 'RUNNING' })).toBe(100);
    expect(progressPercent({ generated: 10, requested: 20, status: 'DONE' })).toBe(100);
    expect(progressPercent({ generated: 0, requested: 0, status: 'RUNNING' })).toBe(0);
  });
});

describe('branch form', () => {
  it('round-trips opening hours through the weekly form, Monday first', () => {
    const entries = [
      { day: 0, open: '09:00', close: '18:00' },
      { day: 1, open: '08:00', close: '22:00' },
    ];
    const week = toWeekHours(entries);
    expect(week[3]).toEqual({ open: false, from: '08:00', to: '22:00' });
    expect(fromWeekHours(week)).toEqual([
      { day: 1, open: '08:00', close: '22:00' },
      { day: 0, open: '09:00', close: '18:00' },
    ]);
  });

  it('refuses an open day that closes before it opens or has no hours; a closed day is never wrong', () => {
    expect(dayHoursError({ open: true, from: '08:00', to: '22:00' })).toBeNull();
    expect(dayHoursError({ open: true, from: '22:00', to: '08:00' })).toBe('order');
    expect(dayHoursError({ open: true, from: '08:00', to: '08:00' })).toBe('order');
    expect(dayHoursError({ open: true, from: '', to: '08:00' })).toBe('format');
    expect(dayHoursError({ open: false, from: '', to: '' })).toBeNull();
  });

  it('refuses negative, fractional and missing stock values', () => {
    expect(stockValueError(0)).toBeNull();
    expect(stockValueError(12)).toBeNull();
    expect(stockValueError(-1)).toBe('negative');
    expect(stockValueError(1.5)).toBe('integer');
    expect(stockValueError(null)).toBe('required');
  });

  it('groups days with the same hours', () => {
    const groups = summariseHours([1, 2, 3, 4, 5].map((day) => ({ day, open: '08:00', close: '22:00' })).concat([{ day: 6, open: '09:00', close: '23:00' }]));
    expect(groups).toEqual([
      { days: [1, 2, 3, 4, 5], open: '08:00', close: '22:00' },
      { days: [6], open: '09:00', close: '23:00' },
    ]);
  });
});

describe('gift and voucher form', () => {
  const base: GiftFormValues = { name: ' Voucher 10% ', status: 'ACTIVE', priceMode: 'RANGE', valueMin: 0, valueMax: 0 };

  it('requires a discount on a voucher and caps a percentage at 100', () => {
    expect(giftFormIssues('VOUCHER', base).map((i) => i.key)).toEqual(['discountKindRequired', 'discountValueRequired']);
    expect(giftFormIssues('VOUCHER', { ...base, discountKind: 'PERCENT', discountValue: 120 })).toEqual([{ field: 'discountValue', key: 'percentOver' }]);
    expect(giftFormIssues('VOUCHER', { ...base, discountKind: 'AMOUNT', discountValue: 120_000 })).toEqual([]);
    expect(giftFormIssues('ITEM', base)).toEqual([]);
  });

  it('refuses a value range upside down, an end before the start and a coefficient of 0', () => {
    expect(giftFormIssues('ITEM', { ...base, valueMin: 50_000, valueMax: 10_000 })).toEqual([{ field: 'valueMax', key: 'valueOrder' }]);
    expect(giftFormIssues('ITEM', { ...base, validFrom: '2026-12-01T00:00:00Z', validTo: '2026-11-01T00:00:00Z' })).toEqual([{ field: 'validTo', key: 'validOrder' }]);
    expect(giftFormIssues('ITEM', { ...base, priceMode: 'COEFFICIENT', coefficient: 0 })).toEqual([{ field: 'coefficient', key: 'coefficientRequired' }]);
    expect(giftFormIssues('ITEM', { ...base, codeValidityDays: 0 })).toEqual([{ field: 'codeValidityDays', key: 'validityDays' }]);
  });

  it('builds the body: trimmed text, voucher fields only on vouchers, range max defaulted', () => {
    const item = giftBody('ITEM', { ...base, valueMin: 5000, valueMax: null, discountKind: 'AMOUNT', discountValue: 10, conditions: 'x' });
    expect(item).toMatchObject({ type: 'ITEM', name: 'Voucher 10%', valueMin: 5000, valueMax: 5000, discountKind: null, discountValue: null, conditions: null, coefficient: null });
    const voucher = giftBody('VOUCHER', { ...base, discountKind: 'PERCENT', discountValue: 10, minOrderValue: 200_000, conditions: '  ' });
    expect(voucher).toMatchObject({ type: 'VOUCHER', discountKind: 'PERCENT', discountValue: 10, minOrderValue: 200_000, conditions: null });
  });

  it('accepts 1 to 1,000,000 codes per generation', () => {
    expect(codeCountError(1)).toBeNull();
    expect(codeCountError(1_000_000)).toBeNull();
    expect(codeCountError(0)).toBe('range');
    expect(codeCountError(1_000_001)).toBe('range');
    expect(codeCountError(2.5)).toBe('range');
    expect(codeCountError(null)).toBe('required');
  });
});
