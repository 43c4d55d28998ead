import { describe, expect, it } from 'vitest';
import { applyRule, discountTag, priceWith, type DiscountRule } from './pricing';

const rule = (id: string, targetKind: DiscountRule['targetKind'], targetValue: string, discountType: DiscountRule['discountType'], value: number): DiscountRule => ({ id, targetKind, targetValue, discountType, value });

describe('discount pricing', () => {
  it('rounds percentages half up to whole VND and floors amounts at 0', () => {
    expect(applyRule(333, { discountType: 'PERCENT', value: 15 })).toBe(283); // 283.05
    expect(applyRule(250, { discountType: 'PERCENT', value: 10 })).toBe(225);
    expect(applyRule(5, { discountType: 'PERCENT', value: 50 })).toBe(3); // 2.5 → 3
    expect(applyRule(300, { discountType: 'AMOUNT', value: 500 })).toBe(0);
  });

  it('reads both Zalo tag vocabularies', () => {
    expect(discountTag('1')).toBe('TRANSACTION');
    expect(discountTag('POST_TRANSACTION')).toBe('CUSTOMER_CARE');
    expect(discountTag('promotion')).toBe('PROMOTION');
    expect(discountTag(null)).toBeNull();
  });

  it('charges the lowest of the wallet discount and the matching rules, naming the rule that won', () => {
    const rules = [rule('k', 'TEMPLATE_KIND', 'VOUCHER', 'AMOUNT', 50), rule('t', 'TAG', 'PROMOTION', 'PERCENT', 30), rule('x', 'TAG', 'TRANSACTION', 'PERCENT', 90)];
    expect(priceWith(300, 10, rules, { tag: '3' })).toEqual({ listPrice: 300, price: 210, discountId: 't' });
    expect(priceWith(300, 10, rules, { tag: 'CUSTOMER_CARE', templateKind: 'VOUCHER' })).toEqual({ listPrice: 300, price: 250, discountId: 'k' });
    expect(priceWith(300, 50, rules, { tag: 'PROMOTION', templateKind: 'VOUCHER' })).toEqual({ listPrice: 300, price: 150, discountId: null });
    expect(priceWith(300, 0, [], { tag: 'PROMOTION' })).toEqual({ listPrice: 300, price: 300, discountId: null });
  });
});
