import type { Statement, StatementChargeLine } from '@zc/shared/api/statements';
import type { StatementLineRow, StatementRow } from './repo';
import type { StatementAbilities } from './policy';

export function presentLine(l: StatementLineRow): StatementChargeLine {
  return { service: l.service, templateId: l.templateId, templateName: l.templateName, count: l.count, listAmount: l.listAmount, discount: l.discount, amount: l.amount };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentStatement(s: StatementRow, lines: readonly StatementLineRow[], abilities: StatementAbilities): Statement {
  return {
    id: s.id,
    merchantId: s.merchantId,
    tenantId: s.tenantId,
    tenantName: s.walletName,
    period: s.period,
    timeZone: s.timeZone,
    periodStart: s.periodStart.toISOString(),
    periodEnd: s.periodEnd.toISOString(),
    currency: 'VND',
    walletMode: s.walletMode,
    openingBalance: s.openingBalance,
    topUps: s.topUps,
    charges: s.charges,
    chargeLines: lines.map(presentLine),
    refunds: s.refunds,
    holdsPlaced: s.holdsPlaced,
    holdsReleased: s.holdsReleased,
    adjustments: s.adjustments,
    closingBalance: s.closingBalance,
    usage: s.usage,
    usageRefunds: s.usageRefunds,
    holdCharges: s.holdCharges,
    holdRefunds: s.holdRefunds,
    amountDue: s.amountDue,
    entryCount: s.entryCount,
    status: s.status,
    generatedAt: s.generatedAt.toISOString(),
    issuedAt: iso(s.issuedAt),
    paidAt: iso(s.paidAt),
    paymentAmount: s.paymentAmount,
    paymentNote: s.paymentNote,
    abilities,
  };
}

/** What the audit log keeps of a statement (amounts and status, no lines). */
export function statementAuditView(s: StatementRow) {
  return {
    id: s.id,
    tenantId: s.tenantId,
    period: s.period,
    status: s.status,
    openingBalance: s.openingBalance,
    closingBalance: s.closingBalance,
    amountDue: s.amountDue,
    paymentAmount: s.paymentAmount,
    paymentNote: s.paymentNote,
  };
}
