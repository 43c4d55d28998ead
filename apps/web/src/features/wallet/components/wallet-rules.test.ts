import { describe, expect, it } from 'vitest';
import { walletHeaderDisplay } from '@zc/shared/api/wallet';
import { amountProblem, balancePreview, derivedBalance, formatThousands, formatVnd, parseThousands } from './wallet-rules';

describe('wallet rules (§2.2, §5)', () => {
  it('shows unlimited for postpaid and the balance for prepaid', () => {
    expect(walletHeaderDisplay({ mode: 'POSTPAID', balance: 5 })).toEqual({ kind: 'unlimited' });
    expect(walletHeaderDisplay({ mode: 'PREPAID', balance: 1234567 })).toEqual({ kind: 'balance', balance: 1234567 });
    expect(formatVnd(1234567)).toBe('1,234,567 ₫');
  });

  it('refuses a subtraction above the balance and negative amounts', () => {
    expect(amountProblem(100, 'SUB', 101)).toBe('subExceeds');
    expect(amountProblem(100, 'SUB', 100)).toBeNull();
    expect(amountProblem(100, 'ADD', 1_000_000)).toBeNull();
    expect(amountProblem(100, 'ADD', -1)).toBe('min0');
    expect(derivedBalance(100, 'SUB', 40)).toBe(60);
    expect(derivedBalance(100, 'ADD', 40)).toBe(140);
  });

  it('formats and parses comma thousands', () => {
    expect(formatThousands(1000000)).toBe('1,000,000');
    expect(parseThousands('1,000,000')).toBe(1000000);
  });

  it('previews no balance while the amount is refused (never a negative balance beside its error)', () => {
    expect(balancePreview(100, 'SUB', 101)).toBeNull();
    expect(balancePreview(100, 'ADD', -1)).toBeNull();
    expect(balancePreview(100, 'SUB', 100)).toBe(0);
    expect(balancePreview(100, 'ADD', 50)).toBe(150);
    expect(balancePreview(100, 'ADD', null)).toBe(100);
  });
});
