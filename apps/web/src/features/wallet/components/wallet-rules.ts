import { formatMoney } from '../../../lib/formatters';

/** §5 wallet edit rules and the §2.2 header display, kept pure for tests. */

/** The console's one money formatter (lib/formatters), under the name the wallet pages import. */
export const formatVnd: (value: number) => string = formatMoney;

/** Digits of an InputNumber with comma thousands. */
export function formatThousands(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function parseThousands(value: string | undefined): number {
  const n = Number((value ?? '').replace(/[^\d]/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/** The balance after the edit: derived from the current balance, never typed in (§5). */
export function derivedBalance(balance: number, type: 'ADD' | 'SUB', amount: number): number {
  return type === 'ADD' ? balance + amount : balance - amount;
}

/**
 * The balance the dialog previews, or null while the amount is refused: a preview beside its own
 * error (a negative balance after an oversized SUB) would show a state that cannot be saved.
 */
export function balancePreview(balance: number, type: 'ADD' | 'SUB', amount: number | null | undefined): number | null {
  if (amountProblem(balance, type, amount) !== null) return null;
  return derivedBalance(balance, type, amount ?? 0);
}

/** §5: amount ≥ 0, SUB cannot exceed the balance. Returns the i18n key of the problem or null. */
export function amountProblem(balance: number, type: 'ADD' | 'SUB', amount: number | null | undefined): 'min0' | 'subExceeds' | null {
  if (amount === null || amount === undefined) return null;
  if (amount < 0) return 'min0';
  if (type === 'SUB' && amount > balance) return 'subExceeds';
  return null;
}
