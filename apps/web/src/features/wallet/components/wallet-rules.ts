/** §5 wallet edit rules and the §2.2 header display, kept pure for tests. */

/** VND with comma thousands (the table convention of §9). */
export function formatVnd(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')} VND`;
}

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

/** §5: amount ≥ 0, SUB cannot exceed the balance. Returns the i18n key of the problem or null. */
export function amountProblem(balance: number, type: 'ADD' | 'SUB', amount: number | null | undefined): 'min0' | 'subExceeds' | null {
  if (amount === null || amount === undefined) return null;
  if (amount < 0) return 'min0';
  if (type === 'SUB' && amount > balance) return 'subExceeds';
  return null;
}
