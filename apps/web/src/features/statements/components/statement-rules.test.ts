import { describe, expect, it } from 'vitest';
import type { Statement } from '@zc/shared/api/statements';
import { amountDigits, currentMonth, parseAmount, monthTotals, previousMonth, reconciles, splitMonth, suggestedPayment } from './statement-rules';

function statement(over: Partial<Statement> = {}): Statement {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    merchantId: '00000000-0000-4000-8000-0000000000aa',
    tenantId: '00000000-0000-4000-8000-0000000000bb',
    tenantName: 'Shop',
    period: '2026-10',
    timeZone: 'Asia/Ho_Chi_Minh',
    periodStart: '2026-09-30T17:00:00.000Z',
    periodEnd: '2026-10-31T17:00:00.000Z',
    currency: 'VND',
    walletMode: 'PREPAID',
    openingBalance: 100_000,
    topUps: 50_000,
    charges: 3_000,
    chargeLines: [{ service: 'ZNS', templateId: 't1', templateName: 'OTP', count: 10, listAmount: 3_300, discount: 300, amount: 3_000 }],
    refunds: 300,
    holdsPlaced: 2_000,
    holdsReleased: 500,
    adjustments: -1_000,
    closingBalance: 144_800,
    usage: 0,
    usageRefunds: 0,
    holdCharges: 0,
    holdRefunds: 0,
    amountDue: 0,
    entryCount: 7,
    status: 'GENERATED',
    generatedAt: '2026-11-01T00:00:00.000Z',
    issuedAt: null,
    paidAt: null,
    paymentAmount: null,
    paymentNote: null,
    abilities: { issue: true, pay: false },
    ...over,
  };
}

describe('statement rules', () => {
  it('the default month is the one before, across a year end', () => {
    expect(previousMonth(new Date(2026, 10, 26))).toBe('2026-10');
    expect(previousMonth(new Date(2026, 0, 1))).toBe('2025-12');
    expect(currentMonth(new Date(2026, 0, 31))).toBe('2026-01');
  });

  it('checks the ledger identity', () => {
    expect(reconciles(statement())).toBe(true);
    expect(reconciles(statement({ closingBalance: 144_801 }))).toBe(false);
  });

  it('totals the month over every statement and counts the statuses', () => {
    const t = monthTotals([statement(), statement({ status: 'PAID', topUps: 1, amountDue: 5, closingBalance: 10, chargeLines: [] })]);
    expect(t).toMatchObject({ count: 2, topUps: 50_001, charges: 6_000, billed: 3_000, discounts: 300, closingBalance: 144_810, amountDue: 5 });
    expect(t.byStatus).toEqual({ GENERATED: 1, ISSUED: 0, PAID: 1 });
  });

  it('suggests the amount due, a negative closing balance, else the charges', () => {
    expect(suggestedPayment(statement({ amountDue: 12_000, walletMode: 'POSTPAID' }))).toBe(12_000);
    expect(suggestedPayment(statement({ closingBalance: -700 }))).toBe(700);
    expect(suggestedPayment(statement())).toBe(3_000);
    expect(suggestedPayment(statement({ charges: 0 }))).toBeNull();
  });

  it('puts the organisation apart and orders the tenants by name', () => {
    const org = statement({ tenantId: null, tenantName: 'Org' });
    const { organisation, tenants } = splitMonth([statement({ tenantName: 'B' }), org, statement({ tenantName: 'A' })]);
    expect(organisation).toBe(org);
    expect(tenants.map((s) => s.tenantName)).toEqual(['A', 'B']);
  });

  it('formats and parses the payment amount', () => {
    expect(amountDigits(1234567)).toBe('1,234,567');
    expect(amountDigits('')).toBe('');
    expect(parseAmount('1,234,567')).toBe(1_234_567);
  });
});
