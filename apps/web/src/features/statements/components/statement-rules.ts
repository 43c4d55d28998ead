import type { Statement, StatementStatus } from '@zc/shared/api/statements';

/** The statements pages' pure rules (month arithmetic, totals, the payment's suggestion), kept apart for tests. */

/** 'YYYY-MM' of a calendar month. */
function monthKey(year: number, monthIndex: number): string {
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}`;
}

/** The month before `now`'s (the /billing page's default month: the last one that has ended). */
export function previousMonth(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = now.getMonth();
  return m === 0 ? monthKey(y - 1, 11) : monthKey(y, m - 1);
}

/** The month of `now`. */
export function currentMonth(now: Date = new Date()): string {
  return monthKey(now.getFullYear(), now.getMonth());
}

/**
 * The ledger identity every statement satisfies (the server checks it when generating):
 * opening + top-ups − charges + refunds − holds placed + holds released + adjustments = closing.
 */
export function reconciles(s: Pick<Statement, 'openingBalance' | 'topUps' | 'charges' | 'refunds' | 'holdsPlaced' | 'holdsReleased' | 'adjustments' | 'closingBalance'>): boolean {
  return s.openingBalance + s.topUps - s.charges + s.refunds - s.holdsPlaced + s.holdsReleased + s.adjustments === s.closingBalance;
}

/** What the month view totals over the tenants' statements. */
export interface MonthTotals {
  count: number;
  topUps: number;
  charges: number;
  /** Σ of the charge lines: every message charge, whatever paid it (balance, postpaid usage, a hold). */
  billed: number;
  discounts: number;
  refunds: number;
  closingBalance: number;
  amountDue: number;
  byStatus: Record<StatementStatus, number>;
}

export function monthTotals(statements: readonly Statement[]): MonthTotals {
  const totals: MonthTotals = { count: 0, topUps: 0, charges: 0, billed: 0, discounts: 0, refunds: 0, closingBalance: 0, amountDue: 0, byStatus: { GENERATED: 0, ISSUED: 0, PAID: 0 } };
  for (const s of statements) {
    totals.count += 1;
    totals.topUps += s.topUps;
    totals.charges += s.charges;
    totals.refunds += s.refunds;
    totals.closingBalance += s.closingBalance;
    totals.amountDue += s.amountDue;
    totals.byStatus[s.status] += 1;
    for (const line of s.chargeLines) {
      totals.billed += line.amount;
      totals.discounts += line.discount;
    }
  }
  return totals;
}

/**
 * The amount the payment dialog starts with: the amount due of a postpaid month, else what the
 * wallet's closing balance is short of zero, else the month's charges; null when none applies
 * (the user types it).
 */
export function suggestedPayment(s: Pick<Statement, 'amountDue' | 'closingBalance' | 'charges' | 'usage' | 'holdCharges'>): number | null {
  if (s.amountDue > 0) return s.amountDue;
  if (s.closingBalance < 0) return -s.closingBalance;
  const charged = s.charges + s.usage + s.holdCharges;
  return charged > 0 ? charged : null;
}

/** The status tag's colour: generated (not yet sent to the customer), issued (awaiting payment), paid. */
export const STATUS_COLORS: Record<StatementStatus, string> = { GENERATED: 'default', ISSUED: 'gold', PAID: 'green' };

/** Joins the organisation's own statement apart from the tenants' ones, tenants by name. */
export function splitMonth(statements: readonly Statement[]): { organisation: Statement | null; tenants: Statement[] } {
  const organisation = statements.find((s) => s.tenantId === null) ?? null;
  const tenants = statements.filter((s) => s.tenantId !== null).sort((a, b) => a.tenantName.localeCompare(b.tenantName));
  return { organisation, tenants };
}

/** The payment input's display: comma thousands of the digits typed ('' while empty). */
export function amountDigits(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The payment input's value: its digits (commas and anything else dropped). */
export function parseAmount(value: string | undefined): number {
  const n = Number((value ?? '').replace(/[^\d]/g, ''));
  return Number.isFinite(n) ? n : 0;
}
