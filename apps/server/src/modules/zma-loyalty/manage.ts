import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  BRANCH_SETTING_DEFAULTS,
  createGiftBody,
  GIFT_IMPORT_COLUMNS,
  normaliseGiftCode,
  type BranchSetting,
  type CreateBranchBody,
  type CreateGiftBody,
  type GiftCode,
  GIFT_IMPORT_MAX_ROWS,
  type GiftImportRejection,
  type GiftImportResult,
  type PutBranchStockBody,
  type UpdateBranchBody,
  type UpdateGiftBody,
  type ZmaBranch,
  type ZmaGiftItem,
} from '@zc/shared/api/zma-loyalty';
import type { ZmaItemType } from '@zc/shared/api/zma';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import { recordZmaActivity } from '../mini-apps/service';
import { rowsOf } from '../../platform/sql';
import { generateCodes, redeemGiftCode } from './codes';
import { presentBranch, presentGiftCode, presentGiftItem } from './presenter';
import * as repo from './repo';
import type { AppScope } from './repo';

/** Branch, stock, gift and code-batch rules of the loyalty console (routes call these inside runMutation). */

const invalid = (code: 'ZMA_BRANCH_INVALID' | 'ZMA_GIFT_INVALID', path: string, message: string, fieldCode = 'invalid') =>
  new AppError(code, undefined, { fields: [{ path, code: fieldCode, message }] });

// ---------------------------------------------------------------- branches

export async function requireBranch(db: DbOrTx, zmaAppId: string, id: string): Promise<ZmaBranch> {
  const row = await repo.findBranch(db, zmaAppId, id);
  if (!row) throw notFound();
  return presentBranch(row);
}

async function checkStaff(tx: Tx, scope: AppScope, ids: string[] | undefined): Promise<string[] | undefined> {
  if (!ids) return undefined;
  const unique = [...new Set(ids)];
  const known = new Set(await repo.tenantUsers(tx, scope.tenantId, unique));
  const stranger = unique.findIndex((id) => !known.has(id));
  if (stranger >= 0) throw invalid('ZMA_BRANCH_INVALID', `body.staffUserIds.${ids.indexOf(unique[stranger]!)}`, 'This user is not a member of the tenant');
  return unique;
}

export async function createBranch(tx: Tx, scope: AppScope, body: CreateBranchBody): Promise<ZmaBranch> {
  const staff = await checkStaff(tx, scope, body.staffUserIds);
  const id = await repo.insertBranch(tx, scope, { type: body.type, name: body.name, address: body.address ?? null, phone: body.phone ?? null, openingHours: body.openingHours, status: body.status ?? 'ACTIVE' });
  if (staff) await repo.setBranchStaff(tx, id, staff);
  return requireBranch(tx, scope.zmaAppId, id);
}

export async function updateBranch(tx: Tx, scope: AppScope, id: string, body: UpdateBranchBody): Promise<{ before: ZmaBranch; after: ZmaBranch }> {
  if (!(await repo.lockBranch(tx, scope.zmaAppId, id))) throw notFound();
  const before = await requireBranch(tx, scope.zmaAppId, id);
  const staff = await checkStaff(tx, scope, body.staffUserIds);
  await repo.updateBranchRow(tx, scope.zmaAppId, id, { type: body.type, name: body.name, address: body.address, phone: body.phone, openingHours: body.openingHours, status: body.status });
  if (staff) await repo.setBranchStaff(tx, id, staff);
  return { before, after: await requireBranch(tx, scope.zmaAppId, id) };
}

export async function deleteBranch(tx: Tx, scope: AppScope, id: string): Promise<ZmaBranch> {
  const before = await requireBranch(tx, scope.zmaAppId, id);
  await repo.deleteBranchRow(tx, scope.zmaAppId, id);
  return before;
}

/** The draws a branch offers; every id must be a draw of this mini app (422 naming drawIds.N). */
export async function assignGames(tx: Tx, scope: AppScope, id: string, drawIds: string[]): Promise<{ before: ZmaBranch; after: ZmaBranch }> {
  if (!(await repo.lockBranch(tx, scope.zmaAppId, id))) throw notFound();
  const before = await requireBranch(tx, scope.zmaAppId, id);
  const unique = [...new Set(drawIds)];
  const known = new Set(await repo.appDraws(tx, scope.zmaAppId, unique));
  const foreign = drawIds.findIndex((d) => !known.has(d));
  if (foreign >= 0) throw invalid('ZMA_BRANCH_INVALID', `body.drawIds.${foreign}`, 'This lucky draw is not one of this mini app');
  await repo.setBranchGames(tx, id, unique);
  return { before, after: await requireBranch(tx, scope.zmaAppId, id) };
}

export async function getStock(db: DbOrTx, zmaAppId: string, id: string): Promise<repo.StockRow[]> {
  await requireBranch(db, zmaAppId, id);
  return repo.branchStock(db, id);
}

/** Sets quantities (never negative: 422 naming body.items.N.quantity); one STOCK_CHANGED row per changed item. */
export async function putStock(tx: Tx, scope: AppScope, id: string, body: PutBranchStockBody, actorUserId: string | null): Promise<{ before: repo.StockRow[]; after: repo.StockRow[] }> {
  if (!(await repo.lockBranch(tx, scope.zmaAppId, id))) throw notFound();
  body.items.forEach((item, i) => {
    if (item.quantity < 0) throw invalid('ZMA_BRANCH_INVALID', `body.items.${i}.quantity`, 'Stock cannot be negative');
    if (item.lowThreshold !== undefined && item.lowThreshold < 0) throw invalid('ZMA_BRANCH_INVALID', `body.items.${i}.lowThreshold`, 'The threshold cannot be negative');
  });
  const known = await repo.appItemIds(tx, scope.zmaAppId, body.items.map((x) => x.giftItemId));
  const unknown = body.items.findIndex((x) => !known.has(x.giftItemId));
  if (unknown >= 0) throw invalid('ZMA_BRANCH_INVALID', `body.items.${unknown}.giftItemId`, 'This gift is not one of this mini app');
  const before = await repo.branchStock(tx, id);
  const activity = [];
  for (const item of body.items) {
    const r = await repo.upsertStock(tx, scope.zmaAppId, id, item);
    if (r.before !== r.after) {
      activity.push({ zmaAppId: scope.zmaAppId, tenantId: scope.tenantId, kind: 'STOCK_CHANGED' as const, branchId: id, giftItemId: item.giftItemId, actorUserId, detail: { before: r.before ?? 0, after: r.after } });
    }
  }
  await recordZmaActivity(tx, activity);
  return { before, after: await repo.branchStock(tx, id) };
}

export function settingOf(settings: Record<string, unknown>): BranchSetting {
  return {
    requireStaff: typeof settings.requireStaff === 'boolean' ? settings.requireStaff : BRANCH_SETTING_DEFAULTS.requireStaff,
  };
}

export async function getBranchSetting(db: DbOrTx, zmaAppId: string, id: string): Promise<BranchSetting> {
  const b = await repo.lockBranch(db, zmaAppId, id);
  if (!b) throw notFound();
  return settingOf(b.settings);
}

export async function putBranchSetting(tx: Tx, zmaAppId: string, id: string, body: BranchSetting): Promise<{ before: BranchSetting; after: BranchSetting }> {
  const b = await repo.lockBranch(tx, zmaAppId, id);
  if (!b) throw notFound();
  const before = settingOf(b.settings);
  // A branch saved before allowManualCode was retired (ADR 0023) loses the key on its next save.
  const { allowManualCode: _retired, ...kept } = b.settings;
  await repo.updateBranchRow(tx, zmaAppId, id, { settings: { ...kept, ...body } });
  return { before, after: body };
}

// ---------------------------------------------------------------- lookup and redemption

/** §5/§7: the app's code of that text; `type` and `branchId` narrow it (another app's branch: 404 GIFT_CODE_NOT_FOUND). */
export async function lookupGiftCode(db: DbOrTx, zmaAppId: string, q: { code: string; type?: ZmaItemType; branchId?: string }): Promise<GiftCode> {
  // One round trip: the code of this app, and (when named) the branch must be this app's too.
  const row = await repo.findCodeByText(db, zmaAppId, normaliseGiftCode(q.code), q.branchId);
  if (!row || (q.type && row.itemType !== q.type)) throw new AppError('GIFT_CODE_NOT_FOUND');
  return presentGiftCode(row);
}

/** ALLOCATED → USED at the branch by the caller; with `requireStaff` only the branch's staff may redeem. */
export async function redeemAtBranch(tx: Tx, scope: AppScope, body: { code: string; branchId: string }, actorUserId: string | null): Promise<GiftCode> {
  const branch = await repo.lockBranch(tx, scope.zmaAppId, body.branchId);
  if (!branch) throw notFound();
  if (settingOf(branch.settings).requireStaff && (!actorUserId || !(await repo.isBranchStaff(tx, body.branchId, actorUserId)))) {
    throw new AppError('FORBIDDEN', 'Only the staff of this branch may redeem codes here');
  }
  const r = await redeemGiftCode(tx, { zmaAppId: scope.zmaAppId, tenantId: scope.tenantId, code: normaliseGiftCode(body.code), branchId: body.branchId, actorUserId });
  const row = await repo.findCodeById(tx, scope.zmaAppId, r.codeId);
  if (!row) throw new AppError('GIFT_CODE_NOT_FOUND');
  return presentGiftCode(row);
}

// ---------------------------------------------------------------- gift items

export async function requireGiftItem(db: DbOrTx, zmaAppId: string, id: string): Promise<ZmaGiftItem> {
  const row = await repo.findGiftItemRow(db, zmaAppId, id);
  if (!row) throw notFound();
  return presentGiftItem(row);
}

/** Rules a schema cannot express (422 ZMA_GIFT_INVALID naming the field). */
export function checkGift(v: { valueMin?: number; valueMax?: number; validFrom?: string | null; validTo?: string | null; discountKind?: string | null; discountValue?: number | null }, prefix = 'body'): void {
  if (v.valueMin !== undefined && v.valueMax !== undefined && v.valueMax < v.valueMin) throw invalid('ZMA_GIFT_INVALID', `${prefix}.valueMax`, 'The highest value is below the lowest', 'value_range');
  if (v.validFrom && v.validTo && new Date(v.validTo) <= new Date(v.validFrom)) throw invalid('ZMA_GIFT_INVALID', `${prefix}.validTo`, 'The end of validity must be after its start', 'date_range');
  if (v.discountKind === 'PERCENT' && v.discountValue !== null && v.discountValue !== undefined && v.discountValue > 100) throw invalid('ZMA_GIFT_INVALID', `${prefix}.discountValue`, 'A percentage discount is at most 100', 'too_big');
}

function giftValues(body: CreateGiftBody | UpdateGiftBody): repo.GiftValues {
  const { ...v } = body as repo.GiftValues;
  return v;
}

export async function createGift(tx: Tx, scope: AppScope, body: CreateGiftBody): Promise<ZmaGiftItem> {
  const values = { ...giftValues(body), valueMin: body.valueMin ?? 0, valueMax: body.valueMax ?? Math.max(body.valueMin ?? 0, 0) };
  checkGift(values);
  const id = await repo.insertGiftItem(tx, scope, values);
  return requireGiftItem(tx, scope.zmaAppId, id);
}

export async function updateGift(tx: Tx, scope: AppScope, id: string, body: UpdateGiftBody): Promise<{ before: ZmaGiftItem; after: ZmaGiftItem }> {
  const before = await requireGiftItem(tx, scope.zmaAppId, id);
  const merged = { valueMin: body.valueMin ?? before.valueMin, valueMax: body.valueMax ?? before.valueMax, validFrom: body.validFrom !== undefined ? body.validFrom : before.validFrom, validTo: body.validTo !== undefined ? body.validTo : before.validTo, discountKind: body.discountKind !== undefined ? body.discountKind : before.discountKind, discountValue: body.discountValue !== undefined ? body.discountValue : before.discountValue };
  checkGift(merged);
  await repo.updateGiftItemRow(tx, scope.zmaAppId, id, giftValues(body));
  return { before, after: await requireGiftItem(tx, scope.zmaAppId, id) };
}

/** 409 ZMA_ITEM_IN_USE while a draw prize uses it or codes of it were given out; else its NEW/CANCELLED codes go with it. */
export async function deleteGift(tx: Tx, scope: AppScope, id: string): Promise<ZmaGiftItem> {
  const before = await requireGiftItem(tx, scope.zmaAppId, id);
  await tx.execute(sql`select id from zma_gift_items where id = ${id} for update`);
  const use = await repo.itemUse(tx, id);
  if (use.prizes > 0 || use.allocated > 0) throw new AppError('ZMA_ITEM_IN_USE', undefined, { prizes: use.prizes, allocated: use.allocated });
  await repo.deleteGiftItemRow(tx, scope.zmaAppId, id);
  return before;
}

/** Splits one CSV record on commas outside double quotes ("" is a quote inside a quoted cell). */
export function splitCsvRecord(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

const openQuotes = (s: string): boolean => ((s.match(/"/g) ?? []).length % 2) === 1;

/** CSV records of a stream (a quoted cell may span lines), numbered from 1 for the header. */
export async function* csvRecords(input: Readable): AsyncGenerator<{ row: number; cells: string[] }> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let pending: string | null = null;
  let row = 0;
  for await (const raw of lines) {
    const line: string = pending === null ? raw : `${pending}\n${raw}`;
    if (openQuotes(line)) {
      pending = line;
      continue;
    }
    pending = null;
    row += 1;
    if (line.trim() === '') continue;
    yield { row, cells: splitCsvRecord(row === 1 ? line.replace(/^\uFEFF/, '') : line) };
  }
  if (pending !== null) yield { row: row + 1, cells: splitCsvRecord(pending) };
}

const NUMERIC = new Set(['valueMin', 'valueMax', 'coefficient', 'discountValue', 'minOrderValue', 'codeValidityDays']);

/** Imports gifts from a CSV stream; each row is validated and inserted on its own (a savepoint), rejections carry their reason. */
export async function importGifts(tx: Tx, scope: AppScope, input: Readable): Promise<GiftImportResult> {
  const result: GiftImportResult = { created: 0, rejected: [] };
  let columns: string[] | null = null;
  for await (const { row, cells } of csvRecords(input)) {
    if (!columns) {
      const wanted = new Map(GIFT_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
      columns = cells.map((c) => wanted.get(c.trim().toLowerCase()) ?? '');
      if (!columns.includes('name') || !columns.includes('type')) {
        result.rejected.push({ row, code: 'header_columns', path: null, reason: 'The header row must name at least the columns type and name' });
        input.resume();
        return result;
      }
      continue;
    }
    if (row - 1 > GIFT_IMPORT_MAX_ROWS) {
      result.rejected.push({ row, code: 'too_many_rows', path: null, reason: `At most ${GIFT_IMPORT_MAX_ROWS} rows are imported at once` });
      input.resume();
      break;
    }
    const obj: Record<string, unknown> = {};
    columns.forEach((col, i) => {
      const v = (cells[i] ?? '').trim();
      if (!col || v === '') return;
      obj[col] = NUMERIC.has(col) && /^-?\d+$/.test(v) ? Number(v) : col === 'type' || col === 'status' || col === 'priceMode' || col === 'discountKind' ? v.toUpperCase() : v;
    });
    const parsed = createGiftBody.safeParse(obj);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') || null;
      result.rejected.push({ row, code: issue?.code ?? 'invalid', path, reason: `${path ?? 'row'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    try {
      await tx.transaction(async (sp) => {
        await createGift(sp, scope, parsed.data);
      });
      result.created += 1;
    } catch (err) {
      result.rejected.push({ row, ...rejectionOf(err) });
    }
  }
  return result;
}

/** Why createGift refused a row: its first field issue (code and column), else the error's code. */
function rejectionOf(err: unknown): Omit<GiftImportRejection, 'row'> {
  if (!(err instanceof AppError)) return { code: 'not_stored', path: null, reason: 'The row could not be stored' };
  const field = (err.details?.fields as { path: string; code?: string; message: string }[] | undefined)?.[0];
  if (!field) return { code: err.code, path: null, reason: err.message };
  const path = field.path.replace(/^body\./, '');
  return { code: field.code ?? 'invalid', path, reason: `${path}: ${field.message}` };
}

// ---------------------------------------------------------------- code batches

async function tenantOfApp(db: DbOrTx, zmaAppId: string): Promise<string | null> {
  return rowsOf<{ tenantId: string }>(await db.execute(sql`select tenant_id as "tenantId" from zma_apps where id = ${zmaAppId}`))[0]?.tenantId ?? null;
}

async function announceBatch(db: Db, tenantId: string, b: { id: string; zmaAppId: string; giftItemId: string; requested: number }, generated: number, status: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.setBatchProgress(tx, b.id, { generated, status });
    await emitEvent(tx, { type: 'zma.codes_progress', tenantId, data: { zmaAppId: b.zmaAppId, batchId: b.id, giftItemId: b.giftItemId, generated, requested: b.requested, status } });
  });
}

/**
 * Runs (or resumes) a code batch to its end: codes in statements of `chunk` rows, each committed on
 * its own with a `zma.codes_progress` event; at the end one CODES_GENERATED activity row.
 */
export async function runCodeBatch(db: Db, batchId: string, opts: { chunk?: number } = {}): Promise<void> {
  const batch = await repo.findBatch(db, batchId);
  if (!batch || batch.status !== 'RUNNING') return;
  const tenantId = await tenantOfApp(db, batch.zmaAppId);
  if (!tenantId) return;
  const createdBy = rowsOf<{ createdBy: string | null }>(await db.execute(sql`select created_by as "createdBy" from zma_gift_code_batches where id = ${batchId}`))[0]?.createdBy ?? null;
  const already = await repo.batchCodeCount(db, batchId);
  try {
    const chunk = opts.chunk ?? 50_000;
    let lastAnnounced = already;
    const made = await generateCodes(
      db,
      { zmaAppId: batch.zmaAppId, tenantId, giftItemId: batch.giftItemId, batchId, count: batch.requested - already },
      {
        chunk,
        parallel: 2,
        onChunk: async (generated) => {
          // Progress at most every ~100,000 codes (and at the end below): events stay few.
          if (already + generated - lastAnnounced >= 100_000) {
            lastAnnounced = already + generated;
            await announceBatch(db, tenantId, batch, lastAnnounced, 'RUNNING');
          }
        },
      },
    );
    await db.transaction(async (tx) => {
      await repo.setBatchProgress(tx, batchId, { generated: already + made, status: 'DONE' });
      await emitEvent(tx, { type: 'zma.codes_progress', tenantId, data: { zmaAppId: batch.zmaAppId, batchId, giftItemId: batch.giftItemId, generated: already + made, requested: batch.requested, status: 'DONE' } });
      await recordZmaActivity(tx, { zmaAppId: batch.zmaAppId, tenantId, kind: 'CODES_GENERATED', giftItemId: batch.giftItemId, actorUserId: createdBy, detail: { batchId, count: already + made } });
    });
  } catch (err) {
    const generated = await repo.batchCodeCount(db, batchId);
    await db.transaction(async (tx) => {
      await repo.setBatchProgress(tx, batchId, { generated, status: 'FAILED', error: err instanceof Error ? err.message.slice(0, 500) : 'failed' });
      await emitEvent(tx, { type: 'zma.codes_progress', tenantId, data: { zmaAppId: batch.zmaAppId, batchId, giftItemId: batch.giftItemId, generated, requested: batch.requested, status: 'FAILED' } });
    });
  }
}

/** Opens a batch for an item of the app (404 otherwise); the caller starts runCodeBatch after commit. */
export async function openCodeBatch(tx: Tx, scope: AppScope, giftItemId: string, count: number, createdBy: string | null): Promise<repo.BatchRow> {
  await requireGiftItem(tx, scope.zmaAppId, giftItemId);
  return repo.insertBatch(tx, { zmaAppId: scope.zmaAppId, giftItemId, requested: count, createdBy });
}
