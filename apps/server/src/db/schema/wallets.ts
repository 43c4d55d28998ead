import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { WALLET_ENTRY_REASONS, WALLET_ENTRY_TYPES, WALLET_MODES } from '@zc/shared/api/wallet';
import { createdAt, updatedAt, money, ts, oneOf } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';

/** One wallet per organisation (tenant_id null) and per tenant. The balance caches the ledger. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: WALLET_MODES }).notNull().default('PREPAID'),
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
    check('wallets_mode_ck', oneOf(t.mode, WALLET_MODES)),
  ],
);

/**
 * Append-only ledger (ADR 0010): `reason` says which amount an entry moves (WALLET_ENTRY_REASONS). Per
 * message at most one charge (CHARGE, USAGE or HOLD_CHARGE) and one refund, enforced by unique indexes.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id').notNull().references(() => wallets.id, { onDelete: 'cascade' }),
    type: text('type', { enum: WALLET_ENTRY_TYPES }).notNull(),
    value: money('value').notNull(),
    newBalance: money('new_balance').notNull(),
    reason: text('reason', { enum: WALLET_ENTRY_REASONS }).notNull(),
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
    // One charge and one refund per message across kinds (prepaid, postpaid usage, against a hold).
    uniqueIndex('wallet_entries_message_charge_key').on(t.messageId).where(sql`message_id is not null and reason in ('CHARGE', 'USAGE', 'HOLD_CHARGE')`),
    uniqueIndex('wallet_entries_message_refund_key').on(t.messageId).where(sql`message_id is not null and reason in ('REFUND', 'USAGE_REFUND', 'HOLD_REFUND')`),
    check('wallet_entries_type_ck', oneOf(t.type, WALLET_ENTRY_TYPES)),
    check('wallet_entries_reason_ck', oneOf(t.reason, WALLET_ENTRY_REASONS)),
  ],
);

/** A hold is OPEN while sends may charge against it, CLOSED once settled and released. */
export const WALLET_HOLD_STATUSES = ['OPEN', 'CLOSED'] as const;

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
    status: text('status', { enum: WALLET_HOLD_STATUSES }).notNull().default('OPEN'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('wallet_holds_ref_key').on(t.walletId, t.ref),
    check('wallet_holds_amounts_ck', sql`${t.amount} >= 0 and ${t.used} >= 0 and ${t.used} <= ${t.amount}`),
    check('wallet_holds_status_ck', oneOf(t.status, WALLET_HOLD_STATUSES)),
  ],
);
