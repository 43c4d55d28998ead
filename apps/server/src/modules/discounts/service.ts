import { DISCOUNT_TAGS, DISCOUNT_TEMPLATE_KINDS, type Discount, type DiscountInput } from '@zc/shared/api/discounts';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { auditView, presentDiscount } from './presenter';
import { deleteDiscountRow, findDiscount, findOverlap, insertDiscount, listForMerchant, listForTenant, lockTenantDiscounts, updateDiscountRow, type DiscountRow, type DiscountState, type DiscountValues } from './repo';

export { discountedPrice, oaDiscountTag, priceWith, validRules, type Price, type PriceQuery, type DiscountRule } from './pricing';

function invalid(path: string, rule: string, message: string): AppError {
  return new AppError('DISCOUNT_INVALID', `${path}: ${message}`, { rule, fields: [{ path, code: rule, message }] });
}

/** The rules a schema cannot express (422 DISCOUNT_INVALID naming the field). */
function checked(body: DiscountInput): DiscountValues {
  const allowed: readonly string[] = body.targetKind === 'TAG' ? DISCOUNT_TAGS : DISCOUNT_TEMPLATE_KINDS;
  if (!allowed.includes(body.targetValue)) throw invalid('targetValue', 'target_value', `must be one of ${allowed.join(', ')}`);
  if (body.discountType === 'PERCENT' && body.value > 100) throw invalid('value', 'percent_max', 'a percentage is at most 100');
  const validFrom = new Date(body.validFrom);
  const validTo = body.validTo === null ? null : new Date(body.validTo);
  if (validTo && validTo <= validFrom) throw invalid('validTo', 'valid_to_after_from', 'must be after validFrom');
  return { targetKind: body.targetKind, targetValue: body.targetValue, discountType: body.discountType, value: body.value, validFrom, validTo, note: body.note ?? null };
}

async function assertNoOverlap(tx: Tx, scope: TenantScope, v: DiscountValues, exceptId?: string): Promise<void> {
  await lockTenantDiscounts(tx, scope);
  const other = await findOverlap(tx, scope, { targetKind: v.targetKind, targetValue: v.targetValue, from: v.validFrom, to: v.validTo, exceptId });
  if (other) {
    throw new AppError('DISCOUNT_OVERLAP', undefined, {
      conflictId: other.id,
      fields: [{ path: 'validFrom', code: 'overlap', message: `overlaps the discount valid from ${other.validFrom.toISOString()}${other.validTo ? ` to ${other.validTo.toISOString()}` : ''}` }],
    });
  }
}

export async function listTenantDiscounts(db: Db, actor: Actor, scope: TenantScope, q: { state?: DiscountState; limit: number; offset: number }) {
  const now = new Date();
  const r = await listForTenant(db, scope, q, now);
  return { rows: r.rows.map((row) => presentDiscount(actor, row, now)), total: r.total };
}

export async function listMerchantDiscounts(db: Db, actor: Actor, merchantId: string, q: { tenantId?: string; state?: DiscountState; limit: number; offset: number }) {
  const now = new Date();
  const r = await listForMerchant(db, merchantId, q, now);
  return { rows: r.rows.map((row) => presentDiscount(actor, row, now)), total: r.total };
}

async function changed(tx: Tx, scope: TenantScope, discountId: string | null): Promise<void> {
  await emitEvent(tx, { type: 'zns_discount.changed', tenantId: scopedTenantId(scope), data: { discountId } });
}

export async function createDiscount(tx: Tx, actor: Actor, scope: TenantScope, body: DiscountInput): Promise<{ row: DiscountRow; view: Discount; audit: Record<string, unknown> }> {
  const v = checked(body);
  await assertNoOverlap(tx, scope, v);
  const row = await insertDiscount(tx, scope, v, actor.userId);
  await changed(tx, scope, row.id);
  return { row, view: presentDiscount(actor, row), audit: auditView(row) };
}

export async function updateDiscount(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: DiscountInput) {
  const before = await findDiscount(tx, scope, id);
  if (!before) throw notFound();
  const v = checked(body);
  await assertNoOverlap(tx, scope, v, id);
  const row = await updateDiscountRow(tx, scope, id, v);
  if (!row) throw notFound();
  await changed(tx, scope, row.id);
  return { view: presentDiscount(actor, row), before: auditView(before), after: auditView(row) };
}

export async function deleteDiscount(tx: Tx, scope: TenantScope, id: string) {
  const row = await deleteDiscountRow(tx, scope, id);
  if (!row) throw notFound();
  await changed(tx, scope, null);
  return { before: auditView(row) };
}
