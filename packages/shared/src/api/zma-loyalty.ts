import { z } from 'zod';
import { isoDate } from './common';
import { GIFT_CODE_STATUSES, ZMA_BRANCH_TYPES, ZMA_DISCOUNT_KINDS, ZMA_ITEM_TYPES, ZMA_PRICE_MODES, ZMA_STATUSES } from './zma';

/**
 * Loyalty of a Zalo Mini App (issue 14 #3–#5; /tmp agreement §2; ADR 0023): branches, branch stock and
 * settings, gift inventory and vouchers, gift codes and their lifecycle (§3 Gift code, §4, §5, §7, §8).
 * Every route is `/api/zma/merchant/*` with the `x-zma-id` header.
 */

/** Codes are this many characters of GIFT_CODE_ALPHABET (31 letters → 10 × log2 31 ≈ 49.5 bits). */
export const GIFT_CODE_LENGTH = 10;
/** Digits and upper-case letters without the ambiguous 0/O and 1/I/L: 31 characters. Lookup upper-cases and strips spaces and dashes. */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Largest bulk generation in one request. */
export const GIFT_CODES_MAX_PER_BATCH = 1_000_000;
export const ZMA_PAGE_SIZE_MAX = 100;
/** Gift images: jpg/png up to this size. */
export const ZMA_GIFT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Normalises what staff type or scan: upper case, no spaces or dashes. */
export function normaliseGiftCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** `page` / `pageSize` (max 100) of every mini-app list. */
export const zmaPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ZMA_PAGE_SIZE_MAX).default(20),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be HH:mm' });

// ---------------------------------------------------------------- branches

export const openingHoursEntry = z
  .strictObject({ day: z.number().int().min(0).max(6), open: hhmm, close: hhmm })
  .refine((h) => h.open < h.close, { message: 'close must be after open', path: ['close'] });
export type OpeningHoursEntry = z.infer<typeof openingHoursEntry>;

export const createBranchBody = z.strictObject({
  type: z.enum(ZMA_BRANCH_TYPES).default('BRANCH'),
  name: z.string().trim().min(1).max(120),
  address: z.string().trim().max(500).nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  openingHours: z.array(openingHoursEntry).max(21).default([]),
  status: z.enum(ZMA_STATUSES).optional(),
  staffUserIds: z.array(z.uuid()).max(200).optional(),
});
export type CreateBranchBody = z.infer<typeof createBranchBody>;

export const updateBranchBody = z.strictObject({
  type: z.enum(ZMA_BRANCH_TYPES).optional(),
  name: z.string().trim().min(1).max(120).optional(),
  address: z.string().trim().max(500).nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  openingHours: z.array(openingHoursEntry).max(21).optional(),
  status: z.enum(ZMA_STATUSES).optional(),
  staffUserIds: z.array(z.uuid()).max(200).optional(),
});
export type UpdateBranchBody = z.infer<typeof updateBranchBody>;

export const branchQuery = zmaPageQuery.extend({
  search: z.string().trim().max(120).optional(),
  type: z.enum(ZMA_BRANCH_TYPES).optional(),
  status: z.enum(ZMA_STATUSES).optional(),
});

export const zmaBranch = z.object({
  id: z.uuid(),
  type: z.enum(ZMA_BRANCH_TYPES),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  openingHours: z.array(z.object({ day: z.number().int(), open: z.string(), close: z.string() })),
  status: z.enum(ZMA_STATUSES),
  staff: z.array(z.object({ userId: z.uuid(), displayName: z.string() })),
  games: z.array(z.object({ id: z.uuid(), name: z.string() })),
  createdAt: isoDate,
});
export type ZmaBranch = z.infer<typeof zmaBranch>;

export const zmaBranchOption = z.object({ id: z.uuid(), name: z.string(), type: z.enum(ZMA_BRANCH_TYPES) });
export type ZmaBranchOption = z.infer<typeof zmaBranchOption>;

export const assignGameBody = z.strictObject({ drawIds: z.array(z.uuid()).max(100) });

export const branchStockRow = z.object({
  giftItemId: z.uuid(),
  name: z.string(),
  type: z.enum(ZMA_ITEM_TYPES),
  quantity: z.number().int(),
  lowThreshold: z.number().int(),
});
export type BranchStockRow = z.infer<typeof branchStockRow>;

/** Quantities are checked by the server (negative → 422 ZMA_BRANCH_INVALID naming `items.N.quantity`). */
export const putBranchStockBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        giftItemId: z.uuid(),
        quantity: z.number().int().max(100_000_000),
        lowThreshold: z.number().int().max(100_000_000).optional(),
      }),
    )
    .max(500),
});
export type PutBranchStockBody = z.infer<typeof putBranchStockBody>;

/** `requireStaff`: only the branch's staff may redeem there. (`allowManualCode` was retired: ADR 0023.) */
export const branchSetting = z.strictObject({ requireStaff: z.boolean() });
export type BranchSetting = z.infer<typeof branchSetting>;
export const BRANCH_SETTING_DEFAULTS: BranchSetting = { requireStaff: false };

// ---------------------------------------------------------------- gift items and vouchers

export const codeCounts = z.object({
  NEW: z.number().int(),
  ALLOCATED: z.number().int(),
  USED: z.number().int(),
  EXPIRED: z.number().int(),
  CANCELLED: z.number().int(),
});

export const zmaGiftItem = z.object({
  id: z.uuid(),
  type: z.enum(ZMA_ITEM_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  priceMode: z.enum(ZMA_PRICE_MODES),
  valueMin: z.number().int(),
  valueMax: z.number().int(),
  coefficient: z.number().int().nullable(),
  status: z.enum(ZMA_STATUSES),
  validFrom: isoDate.nullable(),
  validTo: isoDate.nullable(),
  discountKind: z.enum(ZMA_DISCOUNT_KINDS).nullable(),
  discountValue: z.number().int().nullable(),
  minOrderValue: z.number().int().nullable(),
  conditions: z.string().nullable(),
  codeValidityDays: z.number().int().nullable(),
  /** Sum of the item's stock over every branch. */
  stockTotal: z.number().int(),
  codes: codeCounts,
  createdAt: isoDate,
});
export type ZmaGiftItem = z.infer<typeof zmaGiftItem>;

export const giftQuery = zmaPageQuery.extend({
  type: z.enum(ZMA_ITEM_TYPES).optional(),
  search: z.string().trim().max(200).optional(),
  status: z.enum(ZMA_STATUSES).optional(),
});

const money = z.number().int().min(0).max(1_000_000_000_000);

const giftFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  priceMode: z.enum(ZMA_PRICE_MODES).optional(),
  valueMin: money.optional(),
  valueMax: money.optional(),
  coefficient: z.number().int().min(0).max(1_000_000).nullable().optional(),
  status: z.enum(ZMA_STATUSES).optional(),
  validFrom: z.iso.datetime({ offset: true }).nullable().optional(),
  validTo: z.iso.datetime({ offset: true }).nullable().optional(),
  discountKind: z.enum(ZMA_DISCOUNT_KINDS).nullable().optional(),
  discountValue: money.nullable().optional(),
  minOrderValue: money.nullable().optional(),
  conditions: z.string().trim().max(2000).nullable().optional(),
  codeValidityDays: z.number().int().min(1).max(3650).nullable().optional(),
};

/** valueMax < valueMin, validTo ≤ validFrom, PERCENT over 100 → 422 ZMA_GIFT_INVALID naming the field. */
export const createGiftBody = z.strictObject({ type: z.enum(ZMA_ITEM_TYPES), ...giftFields });
export type CreateGiftBody = z.infer<typeof createGiftBody>;
export const updateGiftBody = z.strictObject({ ...giftFields, name: giftFields.name.optional() });
export type UpdateGiftBody = z.infer<typeof updateGiftBody>;

export const uploadResult = z.object({ url: z.string() });

/**
 * CSV import columns (header row required, names case-insensitive): type, name, description,
 * imageUrl, priceMode, valueMin, valueMax, coefficient, status, validFrom, validTo, discountKind,
 * discountValue, minOrderValue, conditions, codeValidityDays. Each row stands alone.
 */
export const GIFT_IMPORT_COLUMNS = [
  'type', 'name', 'description', 'imageUrl', 'priceMode', 'valueMin', 'valueMax', 'coefficient', 'status',
  'validFrom', 'validTo', 'discountKind', 'discountValue', 'minOrderValue', 'conditions', 'codeValidityDays',
] as const;
/** Rows this many at most per import; the rest are rejected with `too_many_rows`. */
export const GIFT_IMPORT_MAX_ROWS = 10_000;
/**
 * Codes of a rejection that is not about one field (`path` null): the header lacks `type` or `name`,
 * the file is over GIFT_IMPORT_MAX_ROWS, or the row could not be stored. A field's rejection carries
 * the field issue code of a 400/422 instead (`errors:fields.<code>`), with `path` the column.
 */
export const GIFT_IMPORT_ROW_CODES = ['header_columns', 'too_many_rows', 'not_stored'] as const;
export const giftImportRejection = z.object({
  /** 1-based line of the file (the header is row 1). */
  row: z.number().int(),
  /** Stable: a field issue code (invalid_type, too_big, value_range, date_range, …), one of GIFT_IMPORT_ROW_CODES, or an API error code. */
  code: z.string(),
  /** The column at fault (`valueMax`, `discountValue`), or null for the whole row. */
  path: z.string().nullable(),
  /** English text for logs and API callers; the console shows its own text for `code`. */
  reason: z.string(),
});
export type GiftImportRejection = z.infer<typeof giftImportRejection>;
export const giftImportResult = z.object({
  created: z.number().int(),
  rejected: z.array(giftImportRejection),
});
export type GiftImportResult = z.infer<typeof giftImportResult>;

export const giftExportQuery = z.strictObject({ type: z.enum(ZMA_ITEM_TYPES).optional(), status: z.enum(ZMA_STATUSES).optional() });

// ---------------------------------------------------------------- gift codes

export const generateCodesBody = z.strictObject({ count: z.number().int().min(1).max(GIFT_CODES_MAX_PER_BATCH) });
export const generateCodesResult = z.object({ batchId: z.uuid() });

export const GIFT_CODE_BATCH_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export const giftCodeBatch = z.object({
  id: z.uuid(),
  giftItemId: z.uuid(),
  requested: z.number().int(),
  generated: z.number().int(),
  status: z.enum(GIFT_CODE_BATCH_STATUSES),
  error: z.string().nullable(),
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
});
export type GiftCodeBatch = z.infer<typeof giftCodeBatch>;

/** The §3 Gift code fields. zmaGiftItem is set for an ITEM, zmaGiftVoucher for a VOUCHER. */
export const giftCode = z.object({
  id: z.uuid(),
  code: z.string(),
  status: z.enum(GIFT_CODE_STATUSES),
  zmaBranch: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  zmaUser: z
    .object({ id: z.uuid(), avatar: z.string().nullable(), email: z.null(), phone: z.string().nullable(), name: z.string() })
    .nullable(),
  createdAt: isoDate,
  assignedAt: isoDate.nullable(),
  usedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  zmaGiftItem: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  zmaGiftVoucher: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type GiftCode = z.infer<typeof giftCode>;

export const giftCodeQuery = zmaPageQuery.extend({
  giftItemId: z.uuid().optional(),
  type: z.enum(ZMA_ITEM_TYPES).optional(),
  status: z.enum(GIFT_CODE_STATUSES).optional(),
  code: z.string().trim().max(40).optional(),
  branchId: z.uuid().optional(),
  customerId: z.uuid().optional(),
});

export const giftCodeExportQuery = giftCodeQuery.omit({ page: true, pageSize: true });

/** §5: code required (400 naming `code`). */
export const giftCodeLookupQuery = z.strictObject({
  code: z.string().trim().min(1).max(40),
  type: z.enum(ZMA_ITEM_TYPES).optional(),
  branchId: z.uuid().optional(),
});

export const redeemGiftCodeBody = z.strictObject({ code: z.string().trim().min(1).max(40), branchId: z.uuid() });

/** `/api/zma/v1/gift-codes/{code}` (the tenant's backend, a mini-app API key): the code in the path. */
export const giftCodeParams = z.strictObject({ code: z.string().trim().min(1).max(40) });
export const apiGiftCodeQuery = z.strictObject({ branchId: z.uuid().optional() });
export const apiRedeemGiftCodeBody = z.strictObject({ branchId: z.uuid() });

/** A transition of a code: who (staff or customer), where (branch), when. toStatus may be RECALLED. */
export const giftCodeEvent = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actor: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  customer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  branch: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  at: isoDate,
});
export type GiftCodeEvent = z.infer<typeof giftCodeEvent>;

export const giftCodeIdsBody = z.strictObject({ ids: z.array(z.uuid()).min(1).max(1000) });

/** Per id: done, or the error code that refused it (GIFT_CODE_NOT_FOUND, GIFT_CODE_TRANSITION_INVALID). */
export const giftCodeBulkResult = z.object({
  done: z.array(z.uuid()),
  refused: z.array(z.object({ id: z.uuid(), code: z.string(), status: z.enum(GIFT_CODE_STATUSES).nullable() })),
});
export type GiftCodeBulkResult = z.infer<typeof giftCodeBulkResult>;

/** A gift as its customer sees it (mini app, customer page); `code` for the QR. */
export const customerGift = z.object({
  codeId: z.uuid(),
  code: z.string(),
  status: z.enum(GIFT_CODE_STATUSES),
  type: z.enum(ZMA_ITEM_TYPES),
  name: z.string(),
  imageUrl: z.string().nullable(),
  discountKind: z.enum(ZMA_DISCOUNT_KINDS).nullable(),
  discountValue: z.number().int().nullable(),
  minOrderValue: z.number().int().nullable(),
  conditions: z.string().nullable(),
  expiresAt: isoDate.nullable(),
  assignedAt: isoDate.nullable(),
  usedAt: isoDate.nullable(),
  branchName: z.string().nullable(),
});
export type CustomerGift = z.infer<typeof customerGift>;
