import { sql, type SQL } from 'drizzle-orm';
import type { GiftCodeStatus, ZmaBranchType, ZmaItemType } from '@zc/shared/api/zma';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../platform/sql';
import { rowsOf } from '../../platform/sql';

/** SQL of the loyalty module (branches, stock, gift items, code lists). Every query names the mini app. */

export interface AppScope {
  zmaAppId: string;
  tenantId: string;
}

const uuidList = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

// ---------------------------------------------------------------- branches

export interface BranchRow {
  id: string;
  type: ZmaBranchType;
  name: string;
  address: string | null;
  phone: string | null;
  openingHours: unknown[];
  status: 'ACTIVE' | 'INACTIVE';
  settings: Record<string, unknown>;
  createdAt: Date | string;
  staff: { userId: string; displayName: string }[] | null;
  games: { id: string; name: string }[] | null;
}

const branchSelect = sql`
  select b.id, b.type, b.name, b.address, b.phone, b.opening_hours as "openingHours", b.status, b.settings, b.created_at as "createdAt",
    (select coalesce(json_agg(json_build_object('userId', u.id, 'displayName', u.display_name) order by u.display_name), '[]'::json)
       from zma_branch_staff s join users u on u.id = s.user_id where s.branch_id = b.id) as staff,
    (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name), '[]'::json)
       from zma_branch_games g join zma_draws d on d.id = g.draw_id where g.branch_id = b.id) as games
  from zma_branches b`;

export async function findBranches(db: DbOrTx, zmaAppId: string, q: { search?: string; type?: ZmaBranchType; status?: string; limit: number; offset: number }): Promise<{ rows: BranchRow[]; total: number }> {
  const conds: SQL[] = [sql`b.zma_app_id = ${zmaAppId}`];
  if (q.search) conds.push(sql`(b.name ilike ${containsPattern(q.search)} or b.address ilike ${containsPattern(q.search)})`);
  if (q.type) conds.push(sql`b.type = ${q.type}`);
  if (q.status) conds.push(sql`b.status = ${q.status}`);
  const where = sql.join(conds, sql` and `);
  const rows = rowsOf<BranchRow>(await db.execute(sql`${branchSelect} where ${where} order by b.created_at desc, b.id limit ${q.limit} offset ${q.offset}`));
  const total = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from zma_branches b where ${where}`))[0]?.n ?? 0;
  return { rows, total };
}

export async function findBranch(db: DbOrTx, zmaAppId: string, id: string): Promise<BranchRow | null> {
  return rowsOf<BranchRow>(await db.execute(sql`${branchSelect} where b.zma_app_id = ${zmaAppId} and b.id = ${id}`))[0] ?? null;
}

export async function lockBranch(db: DbOrTx, zmaAppId: string, id: string): Promise<{ id: string; name: string; settings: Record<string, unknown> } | null> {
  return rowsOf<{ id: string; name: string; settings: Record<string, unknown> }>(await db.execute(sql`select id, name, settings from zma_branches where zma_app_id = ${zmaAppId} and id = ${id} for update`))[0] ?? null;
}

export async function branchOptions(db: DbOrTx, zmaAppId: string): Promise<{ id: string; name: string; type: ZmaBranchType }[]> {
  return rowsOf(await db.execute(sql`select id, name, type from zma_branches where zma_app_id = ${zmaAppId} order by name, id limit 1000`));
}

export async function insertBranch(db: DbOrTx, scope: AppScope, v: { type: ZmaBranchType; name: string; address: string | null; phone: string | null; openingHours: unknown[]; status: string }): Promise<string> {
  const r = await db.execute(sql`
    insert into zma_branches (zma_app_id, tenant_id, type, name, address, phone, opening_hours, status)
    values (${scope.zmaAppId}, ${scope.tenantId}, ${v.type}, ${v.name}, ${v.address}, ${v.phone}, ${JSON.stringify(v.openingHours)}::jsonb, ${v.status})
    returning id`);
  return rowsOf<{ id: string }>(r)[0]!.id; // insert … returning answers one row
}

export async function updateBranchRow(db: DbOrTx, zmaAppId: string, id: string, v: { type?: string; name?: string; address?: string | null; phone?: string | null; openingHours?: unknown[]; status?: string; settings?: Record<string, unknown> }): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (v.type !== undefined) sets.push(sql`type = ${v.type}`);
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.address !== undefined) sets.push(sql`address = ${v.address}`);
  if (v.phone !== undefined) sets.push(sql`phone = ${v.phone}`);
  if (v.openingHours !== undefined) sets.push(sql`opening_hours = ${JSON.stringify(v.openingHours)}::jsonb`);
  if (v.status !== undefined) sets.push(sql`status = ${v.status}`);
  if (v.settings !== undefined) sets.push(sql`settings = ${JSON.stringify(v.settings)}::jsonb`);
  await db.execute(sql`update zma_branches set ${sql.join(sets, sql`, `)} where zma_app_id = ${zmaAppId} and id = ${id}`);
}

export async function deleteBranchRow(db: DbOrTx, zmaAppId: string, id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`delete from zma_branches where zma_app_id = ${zmaAppId} and id = ${id} returning id`)).length > 0;
}

/** Users among `ids` who belong to the tenant (a tenant member, or a member of its organisation). */
export async function tenantUsers(db: DbOrTx, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const r = await db.execute(sql`
    select u.id from users u where u.id = any(${uuidList(ids)}) and (
      exists (select 1 from tenant_members m where m.tenant_id = ${tenantId} and m.user_id = u.id)
      or exists (select 1 from merchant_members mm join tenants t on t.merchant_id = mm.merchant_id where t.id = ${tenantId} and mm.user_id = u.id))`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

export async function setBranchStaff(db: DbOrTx, branchId: string, userIds: string[]): Promise<void> {
  await db.execute(sql`delete from zma_branch_staff where branch_id = ${branchId}`);
  if (userIds.length) await db.execute(sql`insert into zma_branch_staff (branch_id, user_id) select ${branchId}, unnest(${uuidList(userIds)}) on conflict do nothing`);
}

export async function isBranchStaff(db: DbOrTx, branchId: string, userId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from zma_branch_staff where branch_id = ${branchId} and user_id = ${userId}`)).length > 0;
}

export async function appDraws(db: DbOrTx, zmaAppId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return rowsOf<{ id: string }>(await db.execute(sql`select id from zma_draws where zma_app_id = ${zmaAppId} and id = any(${uuidList(ids)})`)).map((x) => x.id);
}

export async function setBranchGames(db: DbOrTx, branchId: string, drawIds: string[]): Promise<void> {
  await db.execute(sql`delete from zma_branch_games where branch_id = ${branchId}`);
  if (drawIds.length) await db.execute(sql`insert into zma_branch_games (branch_id, draw_id) select ${branchId}, unnest(${uuidList(drawIds)}) on conflict do nothing`);
}

export interface StockRow {
  giftItemId: string;
  name: string;
  type: ZmaItemType;
  quantity: number;
  lowThreshold: number;
}

export async function branchStock(db: DbOrTx, branchId: string): Promise<StockRow[]> {
  return rowsOf(
    await db.execute(sql`
      select s.gift_item_id as "giftItemId", i.name, i.type, s.quantity, s.low_threshold as "lowThreshold"
      from zma_branch_stock s join zma_gift_items i on i.id = s.gift_item_id where s.branch_id = ${branchId} order by i.name, i.id`),
  );
}

export async function upsertStock(db: DbOrTx, zmaAppId: string, branchId: string, v: { giftItemId: string; quantity: number; lowThreshold?: number }): Promise<{ before: number | null; after: number }> {
  const before = rowsOf<{ quantity: number }>(await db.execute(sql`select quantity from zma_branch_stock where branch_id = ${branchId} and gift_item_id = ${v.giftItemId} for update`))[0]?.quantity ?? null;
  await db.execute(sql`
    insert into zma_branch_stock (branch_id, gift_item_id, zma_app_id, quantity, low_threshold)
    values (${branchId}, ${v.giftItemId}, ${zmaAppId}, ${v.quantity}, ${v.lowThreshold ?? 0})
    on conflict (branch_id, gift_item_id) do update set quantity = excluded.quantity,
      low_threshold = ${v.lowThreshold === undefined ? sql`zma_branch_stock.low_threshold` : sql`excluded.low_threshold`}, updated_at = now()`);
  return { before, after: v.quantity };
}

// ---------------------------------------------------------------- gift items

export interface GiftItemRow {
  id: string;
  type: ZmaItemType;
  name: string;
  description: string | null;
  imageUrl: string | null;
  priceMode: 'RANGE' | 'COEFFICIENT';
  valueMin: number | string;
  valueMax: number | string;
  coefficient: number | null;
  status: 'ACTIVE' | 'INACTIVE';
  validFrom: Date | string | null;
  validTo: Date | string | null;
  discountKind: 'AMOUNT' | 'PERCENT' | null;
  discountValue: number | string | null;
  minOrderValue: number | string | null;
  conditions: string | null;
  codeValidityDays: number | null;
  createdAt: Date | string;
  stockTotal: number;
  codes: Record<GiftCodeStatus, number> | null;
}

const itemSelect = sql`
  select i.id, i.type, i.name, i.description, i.image_url as "imageUrl", i.price_mode as "priceMode", i.value_min as "valueMin", i.value_max as "valueMax",
    i.coefficient, i.status, i.valid_from as "validFrom", i.valid_to as "validTo", i.discount_kind as "discountKind", i.discount_value as "discountValue",
    i.min_order_value as "minOrderValue", i.conditions, i.code_validity_days as "codeValidityDays", i.created_at as "createdAt",
    (select coalesce(sum(s.quantity), 0)::int from zma_branch_stock s where s.gift_item_id = i.id) as "stockTotal",
    (select json_object_agg(c.status, c.n) from (select status, count(*)::int as n from zma_gift_codes where gift_item_id = i.id group by status) c) as codes
  from zma_gift_items i`;

export interface GiftFilter {
  type?: ZmaItemType;
  search?: string;
  status?: string;
}

function giftWhere(zmaAppId: string, q: GiftFilter): SQL {
  const conds: SQL[] = [sql`i.zma_app_id = ${zmaAppId}`];
  if (q.type) conds.push(sql`i.type = ${q.type}`);
  if (q.status) conds.push(sql`i.status = ${q.status}`);
  if (q.search) conds.push(sql`i.name ilike ${containsPattern(q.search)}`);
  return sql.join(conds, sql` and `);
}

export async function findGiftItemRows(db: DbOrTx, zmaAppId: string, q: GiftFilter & { limit: number; offset: number }): Promise<{ rows: GiftItemRow[]; total: number }> {
  const where = giftWhere(zmaAppId, q);
  const rows = rowsOf<GiftItemRow>(await db.execute(sql`${itemSelect} where ${where} order by i.created_at desc, i.id limit ${q.limit} offset ${q.offset}`));
  const total = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from zma_gift_items i where ${where}`))[0]?.n ?? 0;
  return { rows, total };
}

export async function* iterateGiftItems(db: DbOrTx, zmaAppId: string, q: GiftFilter, max: number): AsyncGenerator<GiftItemRow[]> {
  const where = giftWhere(zmaAppId, q);
  for (let offset = 0; offset < max; offset += 500) {
    const rows = rowsOf<GiftItemRow>(await db.execute(sql`${itemSelect} where ${where} order by i.created_at desc, i.id limit ${Math.min(500, max - offset)} offset ${offset}`));
    if (rows.length) yield rows;
    if (rows.length < 500) return;
  }
}

export async function findGiftItemRow(db: DbOrTx, zmaAppId: string, id: string): Promise<GiftItemRow | null> {
  return rowsOf<GiftItemRow>(await db.execute(sql`${itemSelect} where i.zma_app_id = ${zmaAppId} and i.id = ${id}`))[0] ?? null;
}

export interface GiftValues {
  type?: ZmaItemType;
  name?: string;
  description?: string | null;
  imageUrl?: string | null;
  priceMode?: string;
  valueMin?: number;
  valueMax?: number;
  coefficient?: number | null;
  status?: string;
  validFrom?: string | null;
  validTo?: string | null;
  discountKind?: string | null;
  discountValue?: number | null;
  minOrderValue?: number | null;
  conditions?: string | null;
  codeValidityDays?: number | null;
}

const GIFT_COLUMNS: Record<keyof GiftValues, string> = {
  type: 'type', name: 'name', description: 'description', imageUrl: 'image_url', priceMode: 'price_mode', valueMin: 'value_min', valueMax: 'value_max',
  coefficient: 'coefficient', status: 'status', validFrom: 'valid_from', validTo: 'valid_to', discountKind: 'discount_kind', discountValue: 'discount_value',
  minOrderValue: 'min_order_value', conditions: 'conditions', codeValidityDays: 'code_validity_days',
};

function giftCells(v: GiftValues): { cols: SQL[]; vals: SQL[] } {
  const cols: SQL[] = [];
  const vals: SQL[] = [];
  for (const [k, col] of Object.entries(GIFT_COLUMNS) as [keyof GiftValues, string][]) {
    const value = v[k];
    if (value === undefined) continue;
    cols.push(sql.raw(col));
    vals.push(k === 'validFrom' || k === 'validTo' ? sql`${value}::timestamptz` : sql`${value}`);
  }
  return { cols, vals };
}

export async function insertGiftItem(db: DbOrTx, scope: AppScope, v: GiftValues): Promise<string> {
  const { cols, vals } = giftCells(v);
  const r = await db.execute(sql`
    insert into zma_gift_items (zma_app_id, tenant_id, ${sql.join(cols, sql`, `)})
    values (${scope.zmaAppId}, ${scope.tenantId}, ${sql.join(vals, sql`, `)}) returning id`);
  return rowsOf<{ id: string }>(r)[0]!.id; // insert … returning answers one row
}

export async function updateGiftItemRow(db: DbOrTx, zmaAppId: string, id: string, v: GiftValues): Promise<void> {
  const { cols, vals } = giftCells(v);
  const sets = cols.map((c, i) => sql`${c} = ${vals[i]!}`);
  sets.push(sql`updated_at = now()`);
  await db.execute(sql`update zma_gift_items set ${sql.join(sets, sql`, `)} where zma_app_id = ${zmaAppId} and id = ${id}`);
}

/** Why an item cannot be deleted: a draw prize uses it, or codes of it were given out. */
export async function itemUse(db: DbOrTx, id: string): Promise<{ prizes: number; allocated: number }> {
  const r = await db.execute(sql`
    select (select count(*)::int from zma_draw_prizes where gift_item_id = ${id}) as prizes,
           (select count(*)::int from zma_gift_codes where gift_item_id = ${id} and status in ('ALLOCATED', 'USED', 'EXPIRED')) as allocated`);
  return rowsOf<{ prizes: number; allocated: number }>(r)[0] ?? { prizes: 0, allocated: 0 };
}

export async function deleteGiftItemRow(db: DbOrTx, zmaAppId: string, id: string): Promise<void> {
  await db.execute(sql`delete from zma_gift_items where zma_app_id = ${zmaAppId} and id = ${id}`);
}

export async function appItemIds(db: DbOrTx, zmaAppId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set(rowsOf<{ id: string }>(await db.execute(sql`select id from zma_gift_items where zma_app_id = ${zmaAppId} and id = any(${uuidList(ids)})`)).map((x) => x.id));
}

// ---------------------------------------------------------------- code batches

export interface BatchRow {
  id: string;
  zmaAppId: string;
  giftItemId: string;
  requested: number;
  generated: number;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  error: string | null;
  createdAt: Date | string;
  finishedAt: Date | string | null;
}

const batchSelect = sql`select id, zma_app_id as "zmaAppId", gift_item_id as "giftItemId", requested, generated, status, error, created_at as "createdAt", finished_at as "finishedAt" from zma_gift_code_batches`;

export async function insertBatch(db: DbOrTx, v: { zmaAppId: string; giftItemId: string; requested: number; createdBy: string | null }): Promise<BatchRow> {
  return rowsOf<BatchRow>(
    await db.execute(sql`
      insert into zma_gift_code_batches (zma_app_id, gift_item_id, requested, created_by) values (${v.zmaAppId}, ${v.giftItemId}, ${v.requested}, ${v.createdBy})
      returning id, zma_app_id as "zmaAppId", gift_item_id as "giftItemId", requested, generated, status, error, created_at as "createdAt", finished_at as "finishedAt"`),
  )[0]!; // insert … returning answers one row
}

export async function findBatch(db: DbOrTx, id: string, zmaAppId?: string): Promise<BatchRow | null> {
  return rowsOf<BatchRow>(await db.execute(sql`${batchSelect} where id = ${id}${zmaAppId ? sql` and zma_app_id = ${zmaAppId}` : sql``}`))[0] ?? null;
}

export async function setBatchProgress(db: DbOrTx, id: string, v: { generated: number; status?: string; error?: string | null }): Promise<void> {
  await db.execute(sql`
    update zma_gift_code_batches set generated = ${v.generated}, status = coalesce(${v.status ?? null}, status), error = coalesce(${v.error ?? null}, error),
      finished_at = case when ${v.status ?? null}::text in ('DONE', 'FAILED') then now() else finished_at end
    where id = ${id}`);
}

export async function batchCodeCount(db: DbOrTx, batchId: string): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from zma_gift_codes where batch_id = ${batchId}`))[0]?.n ?? 0;
}

export async function runningBatches(db: DbOrTx): Promise<BatchRow[]> {
  return rowsOf<BatchRow>(await db.execute(sql`${batchSelect} where status = 'RUNNING' order by created_at limit 20`));
}

// ---------------------------------------------------------------- gift codes

export interface GiftCodeRow {
  id: string;
  code: string;
  status: GiftCodeStatus;
  createdAt: Date | string;
  assignedAt: Date | string | null;
  usedAt: Date | string | null;
  expiresAt: Date | string | null;
  branchId: string | null;
  branchName: string | null;
  customerId: string | null;
  customerName: string | null;
  customerAvatar: string | null;
  customerPhone: string | null;
  itemId: string;
  itemName: string;
  itemType: ZmaItemType;
}

const codeSelect = sql`
  select c.id, c.code, c.status, c.created_at as "createdAt", c.assigned_at as "assignedAt", c.used_at as "usedAt", c.expires_at as "expiresAt",
    b.id as "branchId", b.name as "branchName", cu.id as "customerId", cu.name as "customerName", cu.avatar as "customerAvatar", cu.phone as "customerPhone",
    i.id as "itemId", i.name as "itemName", i.type as "itemType"
  from zma_gift_codes c
  join zma_gift_items i on i.id = c.gift_item_id
  left join zma_branches b on b.id = c.branch_id
  left join zma_customers cu on cu.id = c.customer_id`;

export interface CodeFilter {
  giftItemId?: string;
  type?: ZmaItemType;
  status?: GiftCodeStatus;
  code?: string;
  branchId?: string;
  customerId?: string;
}

function codeWhere(zmaAppId: string, q: CodeFilter): SQL {
  const conds: SQL[] = [sql`c.zma_app_id = ${zmaAppId}`];
  if (q.giftItemId) conds.push(sql`c.gift_item_id = ${q.giftItemId}`);
  if (q.type) conds.push(sql`i.type = ${q.type}`);
  if (q.status) conds.push(sql`c.status = ${q.status}`);
  if (q.code) conds.push(sql`c.code like ${`${q.code.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
  if (q.branchId) conds.push(sql`c.branch_id = ${q.branchId}`);
  if (q.customerId) conds.push(sql`c.customer_id = ${q.customerId}`);
  return sql.join(conds, sql` and `);
}

/** Codes of the app, newest first; the total is exact up to `cap` (then an estimate flag). */
export async function findGiftCodeRows(db: DbOrTx, zmaAppId: string, q: CodeFilter & { limit: number; offset: number }, cap = 100_000): Promise<{ rows: GiftCodeRow[]; total: number; capped: boolean }> {
  const where = codeWhere(zmaAppId, q);
  const rows = rowsOf<GiftCodeRow>(await db.execute(sql`${codeSelect} where ${where} order by c.created_at desc, c.id limit ${q.limit} offset ${q.offset}`));
  const n = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 from zma_gift_codes c join zma_gift_items i on i.id = c.gift_item_id where ${where} limit ${cap + 1}) x`))[0]?.n ?? 0;
  return { rows, total: Math.min(n, cap), capped: n > cap };
}

export async function* iterateGiftCodes(db: DbOrTx, zmaAppId: string, q: CodeFilter, max: number): AsyncGenerator<GiftCodeRow[]> {
  const where = codeWhere(zmaAppId, q);
  let after: { createdAt: string; id: string } | null = null;
  let sent = 0;
  while (sent < max) {
    const keyset: SQL = after ? sql` and (c.created_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
    const rows: GiftCodeRow[] = rowsOf<GiftCodeRow>(await db.execute(sql`${codeSelect} where ${where}${keyset} order by c.created_at desc, c.id desc limit ${Math.min(2000, max - sent)}`));
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    const last = rows[rows.length - 1]!;
    after = { createdAt: new Date(last.createdAt).toISOString(), id: last.id };
    if (rows.length < 2000) return;
  }
}

/** The §5/§7 lookup: the app's code of that text (the unique index (zma_app_id, code)). */
export async function findCodeByText(db: DbOrTx, zmaAppId: string, code: string, branchId?: string): Promise<GiftCodeRow | null> {
  const atBranch = branchId ? sql` and exists (select 1 from zma_branches xb where xb.id = ${branchId} and xb.zma_app_id = ${zmaAppId})` : sql``;
  return rowsOf<GiftCodeRow>(await db.execute(sql`${codeSelect} where c.zma_app_id = ${zmaAppId} and c.code = ${code}${atBranch}`))[0] ?? null;
}

export async function findCodeById(db: DbOrTx, zmaAppId: string, id: string): Promise<GiftCodeRow | null> {
  return rowsOf<GiftCodeRow>(await db.execute(sql`${codeSelect} where c.zma_app_id = ${zmaAppId} and c.id = ${id}`))[0] ?? null;
}

export interface CodeEventRow {
  fromStatus: string | null;
  toStatus: string;
  actorId: string | null;
  actorName: string | null;
  customerId: string | null;
  customerName: string | null;
  branchId: string | null;
  branchName: string | null;
  note: string | null;
  at: Date | string;
}

export async function codeEvents(db: DbOrTx, zmaAppId: string, codeId: string): Promise<CodeEventRow[]> {
  return rowsOf(
    await db.execute(sql`
      select e.from_status as "fromStatus", e.to_status as "toStatus", u.id as "actorId", u.display_name as "actorName",
        cu.id as "customerId", cu.name as "customerName", b.id as "branchId", b.name as "branchName", e.note, e.created_at as at
      from zma_gift_code_events e
      left join users u on u.id = e.actor_user_id
      left join zma_customers cu on cu.id = e.customer_id
      left join zma_branches b on b.id = e.branch_id
      where e.zma_app_id = ${zmaAppId} and e.code_id = ${codeId}
      order by e.id`),
  );
}
