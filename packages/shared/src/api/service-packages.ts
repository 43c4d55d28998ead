import { z } from 'zod';
import { abilities } from './common';

/**
 * Service packages (issue 16 #6, ADR 0025): unit prices an organisation sells to its tenants. Each
 * price is whole VND per message; null keeps the standard list price (the ZNS template's price, the
 * OA list price). A tenant with a package is charged its prices as the LIST price; the wallet
 * percent and the tenant's discounts still apply on top.
 */
export const SERVICE_PACKAGE_MAX_PRICE = 1_000_000;
const price = z.number().int().min(0).max(SERVICE_PACKAGE_MAX_PRICE).nullable();

export const servicePackagePrices = z.strictObject({
  /** VND per ZNS message whatever the template (null: the template's price). */
  zns: price,
  /** VND per OA message by type (null: the OA list price). */
  oaCs: price,
  oaTransaction: price,
  oaPromotion: price,
});
export type ServicePackagePrices = z.infer<typeof servicePackagePrices>;

export const servicePackageInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(500).nullable().optional(),
  prices: servicePackagePrices,
});
export type ServicePackageInput = z.infer<typeof servicePackageInput>;

/** The standard list prices that apply where a package leaves a price empty (OA: REFERENCE §3.4). */
export const STANDARD_OA_PRICES = { oaCs: 55, oaTransaction: 165, oaPromotion: 165 } as const;

export const servicePackage = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  prices: z.object({ zns: z.number().int().nullable(), oaCs: z.number().int().nullable(), oaTransaction: z.number().int().nullable(), oaPromotion: z.number().int().nullable() }),
  /** Tenants of the organisation on this package. */
  tenants: z.array(z.object({ id: z.uuid(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: abilities(['update', 'delete']),
});
export type ServicePackage = z.infer<typeof servicePackage>;

export const tenantPackageAssignment = z.strictObject({
  tenantId: z.uuid(),
  /** null: back to the standard prices. */
  packageId: z.uuid().nullable(),
});
export type TenantPackageAssignment = z.infer<typeof tenantPackageAssignment>;

/** The tenant's own view (settings › packageManage): its package, if any, and the unit prices it pays before discounts. */
export const tenantPackage = z.object({
  package: z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable(), assignedAt: z.string() }).nullable(),
  /** The list prices that apply (the package's where set, otherwise standard; zns null: each template's own price). */
  prices: z.object({ zns: z.number().int().nullable(), oaCs: z.number().int(), oaTransaction: z.number().int(), oaPromotion: z.number().int() }),
  /** The wallet's standing discount percent (discount rules come on top, see settings › discount). */
  discountPercent: z.number(),
});
export type TenantPackage = z.infer<typeof tenantPackage>;
