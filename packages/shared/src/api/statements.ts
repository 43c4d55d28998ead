import { z } from 'zod';
import { STATEMENT_STATUSES } from './statement-rules';
import { abilities, isoDate, pageQuery } from './common';
import { WALLET_MAX_AMOUNT, WALLET_MODES } from './wallet';

/**
 * Monthly statements (issue 16 #3): one per wallet (a tenant's, or the organisation's own with tenantId
 * null) and calendar month, cut at the month's start and end in the tenant's time zone (the organisation's
 * wallet: Asia/Ho_Chi_Minh). Every amount is whole VND and comes from the ledger (wallet_entries) alone.
 */
/*
 * Routes (apps/server/src/modules/statements/routes.ts):
 * - GET /merchant/statements (VIEW_MERCHANT_BILLING_BALANCE), GET /merchant/tenant-statements (tenant, VIEW_TENANT_BILLING_BALANCE)
 * - GET /merchant/statements/:id[/pdf|/csv][?lang=vi|en] — the organisation's (VIEW_MERCHANT_BILLING_BALANCE) or, with
 *   VIEW_TENANT_BILLING_BALANCE only, the one of the tenant named by x-tenant-id
 * - GET /merchant/tenant-statements/:id[/pdf|/csv][?lang=vi|en] — x-tenant-id, VIEW_TENANT_BILLING_BALANCE (group permissions
 *   count here: use these from the tenant's billing page)
 * - POST /merchant/statements/generate, /:id/issue, /:id/pay — UPDATE_TENANT_BILLING_BALANCE; 409 CONFLICT from a wrong status
 */
// The statuses without Zod live in statement-rules.ts, which the console imports.
export { STATEMENT_STATUSES, type StatementStatus } from './statement-rules';

/** The time zone of the organisation's own wallet. */
export const ORGANISATION_STATEMENT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** A statement's month: YYYY-MM. */
export const statementPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month YYYY-MM' });

/** The service a charge line belongs to (message_history.module; extendable as new paid services appear). */
export const STATEMENT_SERVICES = ['ZNS', 'OA'] as const;

/**
 * Charges of the month by service and template, over every message charge of the month whatever paid it
 * (CHARGE from the balance, USAGE of a postpaid wallet, HOLD_CHARGE from a reservation). `listAmount` is the
 * list price before discounts (the message's list price, or its price when none was kept), `discount` =
 * listAmount − amount, `amount` = what was charged. Refunds are not netted here (see `refunds`).
 */
export const statementChargeLine = z.object({
  service: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  count: z.number().int(),
  listAmount: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
});
export type StatementChargeLine = z.infer<typeof statementChargeLine>;

/**
 * A statement. The balance invariant, exact and checked at generation:
 *   openingBalance + topUps − charges + refunds − holdsPlaced + holdsReleased + adjustments = closingBalance
 * where (entries of the month in `timeZone`): topUps = Σ TOPUP; charges = Σ CHARGE (balance-paid messages);
 * refunds = Σ REFUND; holdsPlaced = Σ HOLD; holdsReleased = Σ RELEASE; adjustments = Σ ADJUST signed (ADD +,
 * SUB −); openingBalance = new_balance of the last entry before the month (0 when none); closingBalance =
 * new_balance of the month's last entry (the opening balance when the month has none).
 * Amounts that do not move the balance are given apart: `usage` / `usageRefunds` (postpaid USAGE /
 * USAGE_REFUND) and `holdCharges` / `holdRefunds` (HOLD_CHARGE / HOLD_REFUND, paid from a reservation).
 * Σ chargeLines.amount = charges + usage + holdCharges.
 * amountDue: the postpaid usage of the month (usage − usageRefunds); 0 for a wallet without postpaid usage.
 */
export const statement = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  /** Null: the organisation's own wallet. */
  tenantId: z.uuid().nullable(),
  tenantName: z.string(),
  period: z.string(),
  timeZone: z.string(),
  /** The month's first instant and the next month's first instant (exclusive), ISO. */
  periodStart: isoDate,
  periodEnd: isoDate,
  currency: z.literal('VND'),
  walletMode: z.enum(WALLET_MODES),
  openingBalance: z.number().int(),
  topUps: z.number().int(),
  charges: z.number().int(),
  chargeLines: z.array(statementChargeLine),
  refunds: z.number().int(),
  holdsPlaced: z.number().int(),
  holdsReleased: z.number().int(),
  adjustments: z.number().int(),
  closingBalance: z.number().int(),
  usage: z.number().int(),
  usageRefunds: z.number().int(),
  holdCharges: z.number().int(),
  holdRefunds: z.number().int(),
  amountDue: z.number().int(),
  /** Ledger entries of the month the statement covers. */
  entryCount: z.number().int(),
  status: z.enum(STATEMENT_STATUSES),
  generatedAt: isoDate,
  issuedAt: isoDate.nullable(),
  paidAt: isoDate.nullable(),
  paymentAmount: z.number().int().nullable(),
  paymentNote: z.string().nullable(),
  /** issue: GENERATED and the caller may update billing; pay: ISSUED and the caller may update billing. */
  abilities: abilities(['issue', 'pay']),
});
export type Statement = z.infer<typeof statement>;

/** GET /merchant/statements (organisation: every tenant's and the organisation's own). */
export const statementListQuery = pageQuery.extend({
  period: statementPeriod.optional(),
  /** A tenant id, or 'organisation' for the organisation's own wallet. */
  tenantId: z.union([z.uuid(), z.literal('organisation')]).optional(),
  status: z.enum(STATEMENT_STATUSES).optional(),
});
export type StatementListQuery = z.input<typeof statementListQuery>;

/** GET /merchant/tenant-statements (the tenant's own). */
export const tenantStatementListQuery = pageQuery.extend({
  period: statementPeriod.optional(),
  status: z.enum(STATEMENT_STATUSES).optional(),
});
export type TenantStatementListQuery = z.input<typeof tenantStatementListQuery>;

/** Language of the PDF/CSV labels: `?lang=vi|en`, Vietnamese by default. */
export const STATEMENT_LANGUAGES = ['vi', 'en'] as const;
export const statementDownloadQuery = z.strictObject({ lang: z.enum(STATEMENT_LANGUAGES).default('vi') });

/** POST /merchant/statements/:id/pay — the payment is recorded as a wallet top-up of `amount`. */
export const payStatementBody = z.strictObject({
  amount: z.number().int().min(1).max(WALLET_MAX_AMOUNT),
  note: z.string().trim().max(500).optional(),
});
export type PayStatementBody = z.input<typeof payStatementBody>;

/**
 * POST /merchant/statements/generate — (re)generates the month's statements of every wallet of the
 * organisation; ISSUED and PAID ones are kept as they are. A month not yet ended in a wallet's time zone
 * is refused for that wallet (skipped). `tenantId` narrows to one wallet ('organisation': the org's own).
 */
export const generateStatementsBody = z.strictObject({
  period: statementPeriod,
  tenantId: z.union([z.uuid(), z.literal('organisation')]).optional(),
});
export type GenerateStatementsBody = z.input<typeof generateStatementsBody>;

export const generateStatementsResult = z.object({
  period: z.string(),
  generated: z.number().int(),
  regenerated: z.number().int(),
  /** ISSUED or PAID statements left as they were. */
  kept: z.number().int(),
  /** Wallets whose month has not ended yet in their time zone. */
  notEnded: z.number().int(),
  failed: z.number().int(),
});
export type GenerateStatementsResult = z.infer<typeof generateStatementsResult>;
