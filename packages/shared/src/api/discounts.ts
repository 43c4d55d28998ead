import { z } from 'zod';
import { abilities, pageQuery } from './common';

/**
 * A tenant price discount targets either a ZNS template kind (§3: CUSTOM, VERIFIED, PAYMENT, VOUCHER,
 * FEEDBACK) or a ZNS template tag (REFERENCE §4.3), and is a percentage (1–100) or a fixed amount in
 * whole VND taken off the list price per message. Valid over [validFrom, validTo) (validTo null:
 * open-ended); two discounts of the same target may not overlap in time (409 DISCOUNT_OVERLAP).
 */
export const DISCOUNT_TARGETS = ['TEMPLATE_KIND', 'TAG'] as const;
export type DiscountTarget = (typeof DISCOUNT_TARGETS)[number];
export const DISCOUNT_TEMPLATE_KINDS = ['CUSTOM', 'VERIFIED', 'PAYMENT', 'VOUCHER', 'FEEDBACK'] as const;
export const DISCOUNT_TAGS = ['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION'] as const;
export const DISCOUNT_TYPES = ['PERCENT', 'AMOUNT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Largest fixed amount (VND) a discount can take off one message. */
export const MAX_DISCOUNT_AMOUNT = 1_000_000;

/** Shapes only; the cross-field rules (percent ≤ 100, validTo after validFrom, target value of its kind) answer 422 DISCOUNT_INVALID from the server. */
export const discountInput = z.strictObject({
  targetKind: z.enum(DISCOUNT_TARGETS),
  targetValue: z.string().min(1).max(40),
  discountType: z.enum(DISCOUNT_TYPES),
  value: z.number().int().min(1).max(MAX_DISCOUNT_AMOUNT),
  validFrom: z.iso.datetime({ offset: true }),
  validTo: z.iso.datetime({ offset: true }).nullable(),
  note: z.string().max(200).nullable().optional(),
});
export type DiscountInput = z.infer<typeof discountInput>;

export const discount = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  tenantName: z.string().optional(),
  targetKind: z.enum(DISCOUNT_TARGETS),
  targetValue: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  note: z.string().nullable(),
  /** ACTIVE now, SCHEDULED (starts later) or EXPIRED. */
  state: z.enum(['ACTIVE', 'SCHEDULED', 'EXPIRED']),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: abilities(['update', 'delete']),
});
export type Discount = z.infer<typeof discount>;

export const discountListQuery = pageQuery.extend({
  state: z.enum(['ACTIVE', 'SCHEDULED', 'EXPIRED']).optional(),
});
export const merchantDiscountListQuery = discountListQuery.extend({ tenantId: z.uuid().optional() });
