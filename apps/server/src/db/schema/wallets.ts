import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money, ts } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';

/** One wallet per organisation (tenant_id null) and per tenant. The balance caches the ledger. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().default('PREPAID'),
    balance: money('balance').notNull().default(0),
    threshold: money('threshold').notNull().default(0),
    isNoti: boolean('is_noti').notNull().default(true),
    receiverIds: jsonb('receiver_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** True while the balance is below the threshold: the alert fires once per crossing. */
    belowThreshold: boolean('below_threshold').notNull().default(false),
    /** Postpaid usage accumulated since the last settlement. */
    postpaidUsage: money('postpaid_usage').notNull().default(0),
    /** Tenant ZNS discount in percent (0–100) applied to template prices. */
    discountPercent: integer('discount_percent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallets_tenant_key').on(t.tenantId),
    uniqueIndex('wallets_merchant_key').on(t.merchantId).where(sql`tenant_id is null`),
  ],
);

/** Append-only ledger. One CHARGE and at most one REFUND per message, enforced by a unique index. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id').notNull().references(() => wallets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: money('value').notNull(),
    newBalance: money('new_balance').notNull(),
    reason: text('reason').notNull(),
    messageId: uuid('message_id'),
    /** The hold this entry places, charges against or releases (wallet_holds). */
    holdId: uuid('hold_id').references((): AnyPgColumn => walletHolds.id, { onDelete: 'set null' }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_wallet_idx').on(t.walletId, t.createdAt, t.id),
    uniqueIndex('wallet_entries_message_reason_key').on(t.messageId, t.reason).where(sql`message_id is not null`),
    uniqueIndex('wallet_entries_hold_reason_key').on(t.holdId, t.reason).where(sql`hold_id is not null and message_id is null`),
  ],
);

/**
 * A reserved amount (campaigns, broadcasts): placing it takes `amount` from the balance (ledger HOLD),
 * sends charged against it consume `used` without moving the balance again, and closing it gives
 * the unused rest back (ledger RELEASE). `ref` names what holds it (e.g. `campaign:<id>`), once per wallet.
 */
export const walletHolds = pgTable(
  'wallet_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id').notNull().references(() => wallets.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    amount: money('amount').notNull(),
    used: money('used').notNull().default(0),
    status: text('status', { enum: ['OPEN', 'CLOSED'] }).notNull().default('OPEN'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('wallet_holds_ref_key').on(t.walletId, t.ref),
    check('wallet_holds_amounts_ck', sql`${t.amount} >= 0 and ${t.used} >= 0 and ${t.used} <= ${t.amount}`),
    check('wallet_holds_status_ck', sql`${t.status} in ('OPEN', 'CLOSED')`),
  ],
);
