import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, formatThousands, shortenId } from './formatters';
import { formatCompactVnd } from './number-format';

describe('formatters (§9)', () => {
  it('shows money with comma thousands and the đồng sign', () => {
    expect(formatMoney(1234567)).toBe('1,234,567 ₫');
    expect(formatMoney(0)).toBe('0 ₫');
    expect(formatMoney(999.6)).toBe('1,000 ₫');
    expect(formatMoney(-25000)).toBe('−25,000 ₫');
    expect(currencySymbol()).toBe('₫');
  });

  it('takes the currency sign from the translations (common:currency.symbol) of the language', async () => {
    await i18next.init({ lng: 'en', resources: { en: { common: { currency: { symbol: 'VND' } } } }, defaultNS: 'common' });
    expect(formatMoney(1500)).toBe('1,500 VND');
    expect(formatCompactVnd(12_000)).toBe('12K VND');
    await i18next.changeLanguage('vi');
    expect(currencySymbol()).toBe('₫');
  });

  it('groups thousands with commas', () => {
    expect(formatThousands(1000000)).toBe('1,000,000');
    expect(formatThousands(999)).toBe('999');
  });

  it('shortens ids to the first and last five characters', () => {
    expect(shortenId('0123456789abcdef')).toBe('01234…bcdef');
    expect(shortenId('short')).toBe('short');
  });
});
