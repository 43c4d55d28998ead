import type { GiftCode, GiftCodeBatch, GiftCodeEvent, ZmaBranch, ZmaGiftItem } from '@zc/shared/api/zma-loyalty';
import type { OpeningHoursEntry } from '@zc/shared/api/zma-loyalty';
import { iso } from './codes';
import type { BatchRow, BranchRow, CodeEventRow, GiftCodeRow, GiftItemRow } from './repo';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function presentBranch(r: BranchRow): ZmaBranch {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    address: r.address,
    phone: r.phone,
    openingHours: (Array.isArray(r.openingHours) ? r.openingHours : []) as OpeningHoursEntry[],
    status: r.status,
    staff: r.staff ?? [],
    games: r.games ?? [],
    createdAt: iso(r.createdAt)!,
  };
}

export function presentGiftItem(r: GiftItemRow): ZmaGiftItem {
  const c: Partial<Record<string, number>> = r.codes ?? {};
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    description: r.description,
    imageUrl: r.imageUrl,
    priceMode: r.priceMode,
    valueMin: Number(r.valueMin),
    valueMax: Number(r.valueMax),
    coefficient: r.coefficient,
    status: r.status,
    validFrom: iso(r.validFrom),
    validTo: iso(r.validTo),
    discountKind: r.discountKind,
    discountValue: num(r.discountValue),
    minOrderValue: num(r.minOrderValue),
    conditions: r.conditions,
    codeValidityDays: r.codeValidityDays,
    stockTotal: Number(r.stockTotal),
    codes: { NEW: c.NEW ?? 0, ALLOCATED: c.ALLOCATED ?? 0, USED: c.USED ?? 0, EXPIRED: c.EXPIRED ?? 0, CANCELLED: c.CANCELLED ?? 0 },
    createdAt: iso(r.createdAt)!,
  };
}

/** The §3 Gift code fields (zmaUser.email is always null: Zalo shares no e-mail with a mini app). */
export function presentGiftCode(r: GiftCodeRow): GiftCode {
  const ref = { id: r.itemId, name: r.itemName };
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    zmaBranch: r.branchId ? { id: r.branchId, name: r.branchName ?? '' } : null,
    zmaUser: r.customerId ? { id: r.customerId, avatar: r.customerAvatar, email: null, phone: r.customerPhone, name: r.customerName ?? '' } : null,
    createdAt: iso(r.createdAt)!,
    assignedAt: iso(r.assignedAt),
    usedAt: iso(r.usedAt),
    expiresAt: iso(r.expiresAt),
    zmaGiftItem: r.itemType === 'ITEM' ? ref : null,
    zmaGiftVoucher: r.itemType === 'VOUCHER' ? ref : null,
  };
}

export function presentCodeEvent(e: CodeEventRow): GiftCodeEvent {
  return {
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actor: e.actorId ? { id: e.actorId, displayName: e.actorName ?? '' } : null,
    customer: e.customerId ? { id: e.customerId, name: e.customerName ?? '' } : null,
    branch: e.branchId ? { id: e.branchId, name: e.branchName ?? '' } : null,
    note: e.note,
    at: iso(e.at)!,
  };
}

export function presentBatch(b: BatchRow): GiftCodeBatch {
  return { id: b.id, giftItemId: b.giftItemId, requested: b.requested, generated: b.generated, status: b.status, error: b.error, createdAt: iso(b.createdAt)!, finishedAt: iso(b.finishedAt) };
}

export const GIFT_CSV_HEADER = ['id', 'type', 'name', 'description', 'imageUrl', 'priceMode', 'valueMin', 'valueMax', 'coefficient', 'status', 'validFrom', 'validTo', 'discountKind', 'discountValue', 'minOrderValue', 'conditions', 'codeValidityDays', 'stockTotal', 'codesNew', 'codesAllocated', 'codesUsed', 'codesExpired', 'codesCancelled', 'createdAt'];

export function giftCsvCells(g: ZmaGiftItem): unknown[] {
  return [g.id, g.type, g.name, g.description, g.imageUrl, g.priceMode, g.valueMin, g.valueMax, g.coefficient, g.status, g.validFrom, g.validTo, g.discountKind, g.discountValue, g.minOrderValue, g.conditions, g.codeValidityDays, g.stockTotal, g.codes.NEW, g.codes.ALLOCATED, g.codes.USED, g.codes.EXPIRED, g.codes.CANCELLED, g.createdAt];
}

export const CODE_CSV_HEADER = ['id', 'code', 'status', 'giftType', 'giftName', 'branch', 'customerName', 'customerPhone', 'createdAt', 'assignedAt', 'usedAt', 'expiresAt'];

export function codeCsvCells(c: GiftCode): unknown[] {
  const gift = c.zmaGiftItem ?? c.zmaGiftVoucher;
  return [c.id, c.code, c.status, c.zmaGiftItem ? 'ITEM' : 'VOUCHER', gift?.name, c.zmaBranch?.name, c.zmaUser?.name, c.zmaUser?.phone, c.createdAt, c.assignedAt, c.usedAt, c.expiresAt];
}
