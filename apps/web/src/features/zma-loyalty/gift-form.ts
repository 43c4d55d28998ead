import type { ZmaDiscountKind, ZmaItemType, ZmaPriceMode, ZmaStatus } from '@zc/shared/api/zma';
import { GIFT_CODES_MAX_PER_BATCH, type CreateGiftBody, type ZmaGiftItem } from '@zc/shared/api/zma-loyalty';

/** The gift / voucher form's values (dates as ISO strings; the dialog converts its pickers). */
export interface GiftFormValues {
  name: string;
  description?: string | null;
  imageUrl?: string | null;
  status: ZmaStatus;
  priceMode: ZmaPriceMode;
  valueMin?: number | null;
  valueMax?: number | null;
  coefficient?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
  discountKind?: ZmaDiscountKind | null;
  discountValue?: number | null;
  minOrderValue?: number | null;
  conditions?: string | null;
  codeValidityDays?: number | null;
}

/** One refused field: the form field and the key of its message (zma-loyalty:gift.errors.*). */
export interface GiftFormIssue {
  field: keyof GiftFormValues;
  key: 'valueOrder' | 'coefficientRequired' | 'validOrder' | 'discountKindRequired' | 'discountValueRequired' | 'percentOver' | 'validityDays';
}

/** The rules the server also checks (422 ZMA_GIFT_INVALID), checked before sending so the field is named at once. */
export function giftFormIssues(type: ZmaItemType, v: GiftFormValues): GiftFormIssue[] {
  const issues: GiftFormIssue[] = [];
  if (v.priceMode === 'RANGE' && v.valueMin != null && v.valueMax != null && v.valueMax < v.valueMin) issues.push({ field: 'valueMax', key: 'valueOrder' });
  if (v.priceMode === 'COEFFICIENT' && (v.coefficient == null || v.coefficient <= 0)) issues.push({ field: 'coefficient', key: 'coefficientRequired' });
  if (v.validFrom && v.validTo && new Date(v.validTo).getTime() <= new Date(v.validFrom).getTime()) issues.push({ field: 'validTo', key: 'validOrder' });
  if (type === 'VOUCHER') {
    if (!v.discountKind) issues.push({ field: 'discountKind', key: 'discountKindRequired' });
    if (v.discountValue == null || v.discountValue <= 0) issues.push({ field: 'discountValue', key: 'discountValueRequired' });
    else if (v.discountKind === 'PERCENT' && v.discountValue > 100) issues.push({ field: 'discountValue', key: 'percentOver' });
  }
  if (v.codeValidityDays != null && (!Number.isInteger(v.codeValidityDays) || v.codeValidityDays < 1 || v.codeValidityDays > 3650)) issues.push({ field: 'codeValidityDays', key: 'validityDays' });
  return issues;
}

const blank = (s: string | null | undefined): string | null => {
  const t = s?.trim() ?? '';
  return t === '' ? null : t;
};

/** The request body of the form (create; the update sends the same fields without `type`). */
export function giftBody(type: ZmaItemType, v: GiftFormValues): CreateGiftBody {
  const voucher = type === 'VOUCHER';
  return {
    type,
    name: v.name.trim(),
    description: blank(v.description),
    imageUrl: v.imageUrl ?? null,
    status: v.status,
    priceMode: v.priceMode,
    valueMin: v.valueMin ?? 0,
    valueMax: v.priceMode === 'RANGE' ? (v.valueMax ?? v.valueMin ?? 0) : (v.valueMin ?? 0),
    coefficient: v.priceMode === 'COEFFICIENT' ? (v.coefficient ?? null) : null,
    validFrom: v.validFrom ?? null,
    validTo: v.validTo ?? null,
    discountKind: voucher ? (v.discountKind ?? null) : null,
    discountValue: voucher ? (v.discountValue ?? null) : null,
    minOrderValue: voucher ? (v.minOrderValue ?? null) : null,
    conditions: voucher ? blank(v.conditions) : null,
    codeValidityDays: v.codeValidityDays ?? null,
  };
}

/** The form's values of an existing item (edit). */
export function giftFormValues(item: ZmaGiftItem): GiftFormValues {
  return {
    name: item.name,
    description: item.description,
    imageUrl: item.imageUrl,
    status: item.status,
    priceMode: item.priceMode,
    valueMin: item.valueMin,
    valueMax: item.valueMax,
    coefficient: item.coefficient,
    validFrom: item.validFrom,
    validTo: item.validTo,
    discountKind: item.discountKind,
    discountValue: item.discountValue,
    minOrderValue: item.minOrderValue,
    conditions: item.conditions,
    codeValidityDays: item.codeValidityDays,
  };
}

/** Codes to generate: a whole number from 1 to 1,000,000. */
export function codeCountError(count: number | null | undefined): 'required' | 'range' | null {
  if (count == null || Number.isNaN(count)) return 'required';
  if (!Number.isInteger(count) || count < 1 || count > GIFT_CODES_MAX_PER_BATCH) return 'range';
  return null;
}
