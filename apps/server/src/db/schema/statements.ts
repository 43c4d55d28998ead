import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STATEMENT_STATUSES } from '@zc/shared/api/statements';
import { WALLET_MODES } from '@zc/shared/api/wallet';
import { createdAt, updatedAt, money, ts, oneOf } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';
import { wallets } from './wallets';

/**
 * Monthly statements (issue 16 #3): one per wallet and month (`period` YYYY-MM), cut at the month's start and
 * end in `time_zone` (the tenant's; Asia/Ho_Chi_Minh for the organisation's own wallet, tenant_id null).
 * Every amount is computed from wallet_entries of [period_start, period_end) by modules/statements and
 * reconciles exactly: opening + top_ups − charges + refunds − holds_placed + holds_released + adjustments =
 * closing. GENERATED ones may be regenerated; ISSUED and PAID ones never change their amounts.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id').notNull().references(() => wallets.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** The tenant's (or organisation's) name when generated: a statement is a document of its month. */
    walletName: text('wallet_name').notNull(),
    period: text('period').notNull(),
    timeZone: text('time_zone').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    walletMode: text('wallet_mode', { enum: WALLET_MODES }).notNull(),
    openingBalance: money('opening_balance').notNull(),
    topUps: money('top_ups').notNull(),
    charges: money('charges').notNull(),
    refunds: money('refunds').notNull(),
    holdsPlaced: money('holds_placed').notNull(),
    holdsReleased: money('holds_released').notNull(),
    adjustments: money('adjustments').notNull(),
    closingBalance: money('closing_balance').notNull(),
    usage: money('usage').notNull(),
    usageRefunds: money('usage_refunds').notNull(),
    holdCharges: money('hold_charges').notNull(),
    holdRefunds: money('hold_refunds').notNull(),
    amountDue: money('amount_due').notNull(),
    entryCount: integer('entry_count').notNull(),
    status: text('status', { enum: STATEMENT_STATUSES }).notNull().default('GENERATED'),
    generatedAt: ts('generated_at').notNull().defaultNow(),
    issuedAt: ts('issued_at'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: ts('paid_at'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paymentAmount: money('payment_amount'),
    paymentNote: text('payment_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('statements_wallet_period_key').on(t.walletId, t.period),
    index('statements_merchant_period_idx').on(t.merchantId, t.period),
    index('statements_tenant_period_idx').on(t.tenantId, t.period),
    check('statements_status_ck', oneOf(t.status, STATEMENT_STATUSES)),
    check('statements_wallet_mode_ck', oneOf(t.walletMode, WALLET_MODES)),
  ],
);

/** A statement's charges by service and template (message charges of every kind: CHARGE, USAGE, HOLD_CHARGE). */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id').notNull().references(() => statements.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    templateId: text('template_id'),
    templateName: text('template_name'),
    count: integer('count').notNull(),
    listAmount: money('list_amount').notNull(),
    discount: money('discount').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('statement_lines_statement_idx').on(t.statementId)],
);
