import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';

/**
 * Service packages (issue 16 #6, ADR 0025): the unit prices an organisation sells to its tenants.
 * A null price keeps the standard list price of that kind (the template's ZNS price, the OA list
 * price of REFERENCE §3.4); a set one replaces it as the message's LIST price, and the tenant's
 * wallet percent and discounts still apply on top (discounts/pricing.ts).
 */
export const servicePackages = pgTable(
  'service_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** VND per ZNS message, whatever the template's own price (null: the template price). */
    znsPrice: integer('zns_price'),
    /** VND per OA message by §3 type (null: the OA list price). */
    oaCsPrice: integer('oa_cs_price'),
    oaTransactionPrice: integer('oa_transaction_price'),
    oaPromotionPrice: integer('oa_promotion_price'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_packages_merchant_name_uq').on(t.merchantId, sql`lower(${t.name})`),
    check('service_packages_prices_ck', sql`coalesce(${t.znsPrice}, 0) >= 0 and coalesce(${t.oaCsPrice}, 0) >= 0 and coalesce(${t.oaTransactionPrice}, 0) >= 0 and coalesce(${t.oaPromotionPrice}, 0) >= 0`),
  ],
);

/** The one package of a tenant (none: standard prices). A package in use cannot be deleted (restrict). */
export const tenantPackages = pgTable(
  'tenant_packages',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => servicePackages.id, { onDelete: 'restrict' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
  },
  (t) => [index('tenant_packages_package_idx').on(t.packageId)],
);

/**
 * Files a tenant uploaded (issue 16 #6, tools › file stand): recorded by every tenant-scoped upload
 * route through modules/tenant-files `recordTenantFile`. The bytes stay in the content-addressed
 * file store (platform/files.ts); the same content uploaded twice by a tenant is one row.
 */
export const tenantFiles = pgTable(
  'tenant_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes; null for a file found by the backfill of migration time, filled from the store when first listed. */
    size: bigint('size', { mode: 'number' }),
    /** Where it was uploaded from (e.g. 'oa-content', 'templates'; 'backfill' for files found at migration time). */
    source: text('source').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tenant_files_tenant_key_uq').on(t.tenantId, t.key), index('tenant_files_tenant_created_idx').on(t.tenantId, t.createdAt), check('tenant_files_size_ck', sql`${t.size} >= 0`)],
);

