import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tenantDiscounts } from '../../db/schema/discounts';
import { wallets } from '../../db/schema/wallets';
import type { DiscountTarget, DiscountType } from '@zc/shared/api/discounts';

/**
 * THE charged price of a ZNS message (issue 13 #8), used by the public send API, the playground and
 * campaigns. Rules (docs/adr/0016-tracked-links-and-discounts.md):
 * - the list price is the template price (whole VND);
 * - the wallet's standing `discountPercent` gives one candidate price;
 * - every tenant discount valid at `at` (validFrom ≤ at < validTo) whose target matches the
 *   template's kind (CUSTOM, VERIFIED, …) or tag (TRANSACTION, CUSTOMER_CARE, PROMOTION; Zalo's
 *   numeric tags 1–3 are read as those) gives another: PERCENT → list × (100 − p) / 100, AMOUNT →
 *   list − amount, floored at 0;
 * - the charged price is the LOWEST candidate (a discount never makes a message dearer); ties keep
 *   the wallet discount, then the kind rule before the tag rule. `discountId` names the rule that won.
 * OA messages (public API, playground) have no template: their type's tag (oaDiscountTag) is matched.
 * Rounding: every percentage result is rounded half up to whole VND (Math.round), like the wallet
 * discount always was.
 */
export interface DiscountRule {
  id: string;
  targetKind: DiscountTarget;
  targetValue: string;
  discountType: DiscountType;
  value: number;
}

export interface PriceQuery {
  tenantId: string;
  listPrice: number;
  /** §3 template kind (CUSTOM, VERIFIED, PAYMENT, VOUCHER, FEEDBACK) when known, else null. */
  templateKind?: string | null;
  /** Zalo template tag as stored (name or 1–3). */
  tag?: string | null;
  at?: Date;
}

export interface Price {
  listPrice: number;
  price: number;
  discountId: string | null;
}

const NUMERIC_TAGS: Record<string, string> = { '1': 'TRANSACTION', '2': 'CUSTOMER_CARE', '3': 'PROMOTION' };

/** A Zalo tag in either vocabulary as the discount target name (IN_TRANSACTION → TRANSACTION, …). */
export function discountTag(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const t = tag.toUpperCase();
  if (NUMERIC_TAGS[t]) return NUMERIC_TAGS[t];
  if (t === 'IN_TRANSACTION' || t === 'OTP') return 'TRANSACTION';
  if (t === 'POST_TRANSACTION') return 'CUSTOMER_CARE';
  return t;
}

/**
 * The discount tag of an OA message type: a TAG discount also prices OA messages of the same category
 * (transaction → TRANSACTION, promotion → PROMOTION, consultation CS → CUSTOMER_CARE; GMF: none).
 */
export function oaDiscountTag(type: string): string | null {
  if (type === 'TRANSACTION' || type === 'PROMOTION') return type;
  if (type === 'CS') return 'CUSTOMER_CARE';
  return null;
}

/** Whole-VND price after one rule (percent rounded half up; never below 0). */
export function applyRule(listPrice: number, rule: Pick<DiscountRule, 'discountType' | 'value'>): number {
  if (rule.discountType === 'PERCENT') return Math.round((listPrice * (100 - Math.min(100, Math.max(0, rule.value)))) / 100);
  return Math.max(0, listPrice - rule.value);
}

/**
 * The pure part, for callers that already hold the valid rules (the send-context loader reads them
 * with the key in its one statement): `rules` must be the tenant's rules valid now.
 */
export function priceWith(listPrice: number, walletPercent: number, rules: readonly DiscountRule[], target: { templateKind?: string | null; tag?: string | null }): Price {
  const w = Math.min(100, Math.max(0, walletPercent));
  let best: Price = { listPrice, price: Math.round((listPrice * (100 - w)) / 100), discountId: null };
  const tag = discountTag(target.tag);
  const kind = target.templateKind ? target.templateKind.toUpperCase() : null;
  const ordered = [...rules].sort((a, b) => (a.targetKind === b.targetKind ? 0 : a.targetKind === 'TEMPLATE_KIND' ? -1 : 1));
  for (const r of ordered) {
    const matches = r.targetKind === 'TEMPLATE_KIND' ? kind !== null && r.targetValue === kind : tag !== null && r.targetValue === tag;
    if (!matches) continue;
    const p = applyRule(listPrice, r);
    if (p < best.price) best = { listPrice, price: p, discountId: r.id };
  }
  return best;
}

/** The tenant's discount rules valid at `at`. */
export async function validRules(db: DbOrTx, tenantId: string, at: Date): Promise<DiscountRule[]> {
  return db
    .select({ id: tenantDiscounts.id, targetKind: tenantDiscounts.targetKind, targetValue: tenantDiscounts.targetValue, discountType: tenantDiscounts.discountType, value: tenantDiscounts.value })
    .from(tenantDiscounts)
    .where(and(eq(tenantDiscounts.tenantId, tenantId), lte(tenantDiscounts.validFrom, at), or(isNull(tenantDiscounts.validTo), gt(tenantDiscounts.validTo, at))));
}

/** The charged price of one message of `tenantId` at `at` (default now): see the rules above. */
export async function discountedPrice(db: DbOrTx, q: PriceQuery): Promise<Price> {
  const at = q.at ?? new Date();
  // One after the other: `db` may be a transaction (one connection).
  const [w] = await db.select({ d: wallets.discountPercent }).from(wallets).where(eq(wallets.tenantId, q.tenantId));
  const rules = await validRules(db, q.tenantId, at);
  return priceWith(q.listPrice, w?.d ?? 0, rules, { templateKind: q.templateKind ?? null, tag: q.tag ?? null });
}
