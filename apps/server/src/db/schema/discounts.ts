import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DISCOUNT_TARGETS, DISCOUNT_TYPES } from '@zc/shared/api/discounts';
import { ts, createdAt, updatedAt, oneOf } from './columns';
import { users } from './auth';
import { tenants } from './organisation';

/**
 * Per-tenant ZNS price discounts (issue 13 #8) by template kind or tag, percent or fixed VND, valid
 * over [valid_from, valid_to) (valid_to null: open-ended). Same-target periods never overlap: the
 * service checks it under a per-tenant advisory lock (PGlite has no btree_gist for an exclusion
 * constraint). Read on every send with the send context (modules/messaging/send-context-loader.ts).
 */
export const tenantDiscounts = pgTable(
  'tenant_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: DISCOUNT_TARGETS }).notNull(),
    targetValue: text('target_value').notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
    /** Percent 1–100, or VND taken off per message. */
    value: integer('value').notNull(),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to'),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tenant_discounts_tenant_idx').on(t.tenantId, t.validFrom),
    check('tenant_discounts_target_ck', oneOf(t.targetKind, DISCOUNT_TARGETS)),
    check('tenant_discounts_type_ck', oneOf(t.discountType, DISCOUNT_TYPES)),
    check('tenant_discounts_value_ck', sql`${t.value} > 0`),
  ],
);
