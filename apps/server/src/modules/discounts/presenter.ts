import type { Discount } from '@zc/shared/api/discounts';
import type { Actor } from '../../platform/policy';
import { discountAbilities } from './policy';
import type { DiscountRow } from './repo';

export function discountState(row: Pick<DiscountRow, 'validFrom' | 'validTo'>, now: Date): Discount['state'] {
  if (row.validFrom > now) return 'SCHEDULED';
  if (row.validTo !== null && row.validTo <= now) return 'EXPIRED';
  return 'ACTIVE';
}

export function presentDiscount(actor: Actor, row: DiscountRow & { tenantName?: string }, now = new Date()): Discount {
  return {
    id: row.id,
    tenantId: row.tenantId,
    ...(row.tenantName !== undefined ? { tenantName: row.tenantName } : {}),
    targetKind: row.targetKind,
    targetValue: row.targetValue,
    discountType: row.discountType,
    value: row.value,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo ? row.validTo.toISOString() : null,
    note: row.note,
    state: discountState(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: discountAbilities(actor),
  };
}

/** What the audit log keeps of a discount. */
export function auditView(row: DiscountRow): Record<string, unknown> {
  return { targetKind: row.targetKind, targetValue: row.targetValue, discountType: row.discountType, value: row.value, validFrom: row.validFrom.toISOString(), validTo: row.validTo?.toISOString() ?? null, note: row.note };
}
