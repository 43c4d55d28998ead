import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH } from '@zc/shared/api/zma-loyalty';
import type { GiftCodeStatus } from '@zc/shared/api/zma';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, uniqueConflict } from '../../platform/errors';
import { recordZmaActivity, zmaActivityInsertFromSql } from '../mini-apps/service';
import { executePrepared, rowsOf } from '../../platform/sql';

/**
 * The gift-code lifecycle (§4, ADR 0023): the only code that changes zma_gift_codes and writes
 * zma_gift_code_events. Every transition is one conditional UPDATE (or DELETE) whose WHERE names
 * the status it leaves, so two concurrent attempts cannot both succeed.
 */


export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}

const ALPHABET_SIZE = GIFT_CODE_ALPHABET.length; // 31
/** Largest multiple of the alphabet size within a byte: bytes at or above it are dropped (no modulo bias). */
const BYTE_LIMIT = Math.floor(256 / ALPHABET_SIZE) * ALPHABET_SIZE;

const ALPHABET_BYTES = Buffer.from(GIFT_CODE_ALPHABET, 'latin1');

/**
 * `n` codes of GIFT_CODE_LENGTH characters drawn uniformly from the alphabet with crypto randomness
 * (bytes ≥ BYTE_LIMIT are dropped, so no modulo bias), joined by commas: written byte by byte into one
 * buffer, the form the insert statement takes.
 */
export function randomCodeList(n: number): string {
  const out = Buffer.allocUnsafe(n * (GIFT_CODE_LENGTH + 1));
  let pool = randomBytes(Math.ceil(n * GIFT_CODE_LENGTH * 1.05) + 64);
  let p = 0;
  let o = 0;
  for (let i = 0; i < n; i += 1) {
    if (i > 0) out[o++] = 44; // ','
    for (let j = 0; j < GIFT_CODE_LENGTH; ) {
      if (p >= pool.length) {
        pool = randomBytes(4096);
        p = 0;
      }
      const b = pool[p++]!;
      if (b < BYTE_LIMIT) {
        out[o++] = ALPHABET_BYTES[b % ALPHABET_SIZE]!;
        j += 1;
      }
    }
  }
  return out.toString('latin1', 0, o);
}

/**
 * `n` time-ordered UUIDs (the version 7 layout of `zc_uuid7()`, migration 0051: 48-bit milliseconds, then a
 * 12-bit sequence and 62 random bits), ascending within the list, comma-joined: the ids of a bulk insert,
 * made here rather than by the database (one `zc_uuid7()` call costs it ≈ 1.6 µs a row).
 */
export function uuid7List(n: number, nowMs = Date.now()): string {
  if (n === 0) return '';
  const random = randomBytes(n * 8);
  const out = Buffer.allocUnsafe(n * 37 - 1);
  let o = 0;
  const hex = (v: number, digits: number) => {
    for (let d = digits - 1; d >= 0; d -= 1) out[o + d] = HEX[(v >>> ((digits - 1 - d) * 4)) & 15]!;
    o += digits;
  };
  for (let i = 0; i < n; i += 1) {
    if (i > 0) out[o++] = 44; // ','
    const ms = nowMs + Math.floor(i / 4096);
    hex(Math.floor(ms / 2 ** 16), 8); // the top 32 of 48 bits
    out[o++] = 45;
    hex(ms % 2 ** 16, 4);
    out[o++] = 45;
    hex(0x7000 | (i % 4096), 4);
    out[o++] = 45;
    const r = i * 8;
    hex(0x8000 | (((random[r]! << 8) | random[r + 1]!) & 0x3fff), 4);
    out[o++] = 45;
    hex((random[r + 2]! << 8) | random[r + 3]!, 4);
    hex(random.readUInt32BE(r + 4), 8);
  }
  return out.toString('latin1', 0, o);
}
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** `n` random codes as an array. */
export function randomCodes(n: number): string[] {
  return n === 0 ? [] : randomCodeList(n).split(',');
}

export interface CodeEventInput {
  codeId: string;
  zmaAppId: string;
  code: string;
  fromStatus: GiftCodeStatus | null;
  toStatus: GiftCodeStatus | 'RECALLED';
  actorUserId?: string | null;
  customerId?: string | null;
  branchId?: string | null;
  note?: string | null;
}

/** Inserts transition rows (one statement). */
export async function writeCodeEvents(tx: DbOrTx, events: CodeEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const values = sql.join(
    events.map(
      (e) =>
        sql`(${e.codeId}::uuid, ${e.zmaAppId}::uuid, ${e.code}, ${e.fromStatus}, ${e.toStatus}, ${e.actorUserId ?? null}::uuid, ${e.customerId ?? null}::uuid, ${e.branchId ?? null}::uuid, ${e.note ?? null})`,
    ),
    sql`, `,
  );
  await executePrepared(tx, sql`insert into zma_gift_code_events (code_id, zma_app_id, code, from_status, to_status, actor_user_id, customer_id, branch_id, note) values ${values}`);
}

/**
 * Inserts `codes` as NEW codes of the item in one multi-row statement (the codes travel as one
 * text parameter split by the server); collisions with existing codes of the app (or a repeat in the
 * same list) are skipped.
 * Answers how many rows were inserted.
 */
export async function insertCodes(tx: DbOrTx, input: { zmaAppId: string; tenantId: string; giftItemId: string; batchId: string | null; codes: string[] | string }): Promise<number> {
  const list = typeof input.codes === 'string' ? input.codes : input.codes.join(',');
  if (list === '') return 0;
  const r = await tx.execute(sql`
    with ins as (
      insert into zma_gift_codes (zma_app_id, tenant_id, gift_item_id, batch_id, code)
      select ${input.zmaAppId}::uuid, ${input.tenantId}::uuid, ${input.giftItemId}::uuid, ${input.batchId}::uuid, c
      from unnest(string_to_array(${list}, ',')) as c
      on conflict (zma_app_id, code) do nothing
      returning 1
    )
    select count(*)::int as n from ins`);
  return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
}

/**
 * Bulk generation's insert (ADR 0023): a plain multi-row INSERT, which the unique `(zma_app_id, code)`
 * index still guards, is a third cheaper than the ON CONFLICT form (no speculative insertion per row).
 * A collision — with an existing code of the app or a repeat inside the list, ≈ 10⁻⁴ per 50,000-row
 * statement at 1 M codes — fails the whole statement (nothing written), and the same list is then
 * inserted by `insertCodes`, which skips the colliding codes. Answers how many rows were inserted.
 * Not for use inside a transaction (the failed statement would abort it).
 */
async function insertNewCodes(db: Db, input: { zmaAppId: string; tenantId: string; giftItemId: string; batchId: string | null; codes: string; count: number }): Promise<number> {
  try {
    // Codes in ascending order and ascending time-ordered ids: both unique indexes are written page after page.
    const sorted = input.codes.split(',').sort().join(',');
    await db.execute(sql`
      insert into zma_gift_codes (id, zma_app_id, tenant_id, gift_item_id, batch_id, code)
      select i::uuid, ${input.zmaAppId}::uuid, ${input.tenantId}::uuid, ${input.giftItemId}::uuid, ${input.batchId}::uuid, c
      from unnest(string_to_array(${uuid7List(input.count)}, ','), string_to_array(${sorted}, ',')) as u(i, c)`);
    // A plain INSERT writes every row or none.
    return input.count;
  } catch (e) {
    if (!uniqueConflict(e)) throw e;
    return insertCodes(db, input);
  }
}

/**
 * Generates exactly `count` new unique codes (topping up after collisions), in statements of `chunk`
 * rows; `parallel` statements run at once on a pool (PGlite runs them one by one).
 */
export async function generateCodes(
  db: Db,
  input: { zmaAppId: string; tenantId: string; giftItemId: string; batchId: string | null; count: number },
  opts: { chunk?: number; parallel?: number; onChunk?: (generated: number) => Promise<void>; /** Tests: where the code lists come from. */ source?: (n: number) => string } = {},
): Promise<number> {
  const chunk = opts.chunk ?? 50_000;
  let generated = 0;
  let claimed = 0;
  let emptyRuns = 0;
  const worker = async (): Promise<void> => {
    while (claimed < input.count) {
      const want = Math.min(chunk, input.count - claimed);
      claimed += want;
      const n = await insertNewCodes(db, { ...input, codes: (opts.source ?? randomCodeList)(want), count: want });
      generated += n;
      // Collisions (rare at ~49.5 bits) are topped up by claiming the shortfall again.
      claimed -= want - n;
      emptyRuns = n === 0 ? emptyRuns + 1 : 0;
      if (emptyRuns > 20) throw new Error('gift code space exhausted');
      if (opts.onChunk) await opts.onChunk(generated);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 1) }, () => worker()));
  return generated;
}

/** When a code allocated `now` expires: item days, else the app's default days, capped by the item's validTo. */
export function expiryFor(item: { codeValidityDays: number | null; validTo: Date | string | null; appValidityDays: number | null }, now: Date): Date | null {
  const days = item.codeValidityDays ?? item.appValidityDays;
  const byDays = days ? new Date(now.getTime() + days * 86_400_000) : null;
  const validTo = item.validTo ? new Date(item.validTo) : null;
  if (byDays && validTo) return byDays < validTo ? byDays : validTo;
  return byDays ?? validTo;
}

export interface AllocateInput {
  zmaAppId: string;
  tenantId: string;
  giftItemId: string;
  customerId: string;
  spinId?: string | null;
  now?: Date;
  /** Who allocated it (staff), when not the customer's own spin. */
  actorUserId?: string | null;
}

/**
 * NEW → ALLOCATED as data-modifying CTEs for the caller's statement (ADR 0026): takes a NEW code of the
 * item (FOR UPDATE SKIP LOCKED, so concurrent spins take different codes), or mints `mint` already
 * ALLOCATED when none is left; sets customer, assignedAt and expiresAt (`expiryFor`, in SQL), and writes
 * the transition rows and the quiet CODE_ALLOCATED activity row (a spin's own row announces). Only when
 * `when` holds. The code taken is the one row of `alloc_got` (id, code, expires_at, minted); `alloc_item`
 * has a row when the gift exists in the app.
 */
export function allocationCtes(input: AllocateInput & { now: Date; mint: string }, when: SQL): SQL {
  const now = input.now.toISOString();
  const note = input.spinId ? `spin ${input.spinId}` : null;
  return sql`alloc_item as (
      select i.id, least(${now}::timestamptz + nullif(coalesce(i.code_validity_days,
          case when (a.settings->>'codeValidityDays') ~ '^[0-9]{1,6}$' then (a.settings->>'codeValidityDays')::int end), 0) * interval '24 hours', i.valid_to) as expires_at
      from zma_gift_items i join zma_apps a on a.id = i.zma_app_id
      where i.id = ${input.giftItemId}::uuid and i.zma_app_id = ${input.zmaAppId}::uuid
    ), alloc_picked as (
      select c.id from zma_gift_codes c
      where c.gift_item_id = ${input.giftItemId}::uuid and c.zma_app_id = ${input.zmaAppId}::uuid and c.status = 'NEW' and exists (select 1 from alloc_item) and ${when}
      limit 1 for update skip locked
    ), alloc_taken as (
      update zma_gift_codes c set status = 'ALLOCATED', customer_id = ${input.customerId}::uuid, assigned_at = ${now}::timestamptz,
        expires_at = (select expires_at from alloc_item), spin_id = ${input.spinId ?? null}::uuid
      from alloc_picked where c.id = alloc_picked.id and c.status = 'NEW'
      returning c.id, c.code, c.expires_at, false as minted
    ), alloc_minted as (
      insert into zma_gift_codes (zma_app_id, tenant_id, gift_item_id, code, status, customer_id, assigned_at, expires_at, spin_id)
      select ${input.zmaAppId}::uuid, ${input.tenantId}::uuid, alloc_item.id, ${input.mint}, 'ALLOCATED', ${input.customerId}::uuid, ${now}::timestamptz, alloc_item.expires_at, ${input.spinId ?? null}::uuid
      from alloc_item where not exists (select 1 from alloc_picked) and ${when}
      on conflict (zma_app_id, code) do nothing
      returning id, code, expires_at, true as minted
    ), alloc_got as (
      select * from alloc_taken union all select * from alloc_minted
    ), alloc_events as (
      insert into zma_gift_code_events (code_id, zma_app_id, code, from_status, to_status, actor_user_id, customer_id, branch_id, note)
      select g.id, ${input.zmaAppId}::uuid, g.code, e.from_status, e.to_status, e.actor_user_id, e.customer_id, null, e.note
      from alloc_got g cross join lateral (values
        (1, null::text, 'NEW'::text, null::uuid, null::uuid, 'minted at allocation'::text),
        (2, 'NEW', 'ALLOCATED', ${input.actorUserId ?? null}::uuid, ${input.customerId}::uuid, ${note}::text)
      ) as e(ord, from_status, to_status, actor_user_id, customer_id, note)
      where g.minted or e.ord = 2
      order by e.ord
    ), alloc_activity as (${zmaActivityInsertFromSql(
      { zmaAppId: input.zmaAppId, tenantId: input.tenantId, kind: 'CODE_ALLOCATED', customerId: input.customerId, giftItemId: input.giftItemId, actorUserId: input.actorUserId ?? null },
      { from: sql`alloc_got`, giftCodeId: sql`alloc_got.id`, detail: sql`jsonb_build_object('code', alloc_got.code, 'spinId', ${input.spinId ?? null}::text)` },
    )})`;
}

/** NEW → ALLOCATED in one statement (`allocationCtes`); a minted code that collided with one of the app's is tried again. */
export async function allocateGiftCode(tx: Tx, input: AllocateInput): Promise<{ codeId: string; code: string; expiresAt: string | null }> {
  const now = input.now ?? new Date();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [mint] = randomCodes(1) as [string];
    const row = rowsOf<{ item: boolean; id: string | null; code: string | null; expiresAt: Date | string | null }>(
      await executePrepared(
        tx,
        sql`with ${allocationCtes({ ...input, now, mint }, sql`true`)}
        select exists (select 1 from alloc_item) as item, g.id, g.code, g.expires_at as "expiresAt" from (select 1) as one left join alloc_got g on true`,
      ),
    )[0]!;
    if (!row.item) throw new AppError('NOT_FOUND', 'Gift not found');
    if (row.id && row.code) return { codeId: row.id, code: row.code, expiresAt: iso(row.expiresAt) };
    // Nothing taken and nothing minted: the random code collided with one of the app's codes — another try.
  }
  throw new Error('could not mint a gift code');
}

interface CodeStateRow {
  id: string;
  code: string;
  status: GiftCodeStatus;
  expiresAt: Date | string | null;
  giftItemId: string;
  customerId: string | null;
  itemType: string;
  tenantId: string;
}

async function codeByText(tx: DbOrTx, zmaAppId: string, code: string): Promise<CodeStateRow | null> {
  const r = await tx.execute(sql`
    select c.id, c.code, c.status, c.expires_at as "expiresAt", c.gift_item_id as "giftItemId", c.customer_id as "customerId", i.type as "itemType", c.tenant_id as "tenantId"
    from zma_gift_codes c join zma_gift_items i on i.id = c.gift_item_id
    where c.zma_app_id = ${zmaAppId} and c.code = ${code}`);
  return rowsOf<CodeStateRow>(r)[0] ?? null;
}

/** Why a code that is not ALLOCATED-and-valid cannot be redeemed. */
export function redeemRefusal(row: { status: GiftCodeStatus; expiresAt: Date | string | null } | null, now: Date): AppError | null {
  if (!row) return new AppError('GIFT_CODE_NOT_FOUND');
  switch (row.status) {
    case 'USED':
      return new AppError('GIFT_CODE_USED');
    case 'CANCELLED':
      return new AppError('GIFT_CODE_CANCELLED');
    case 'EXPIRED':
      return new AppError('GIFT_CODE_EXPIRED');
    case 'NEW':
      return new AppError('GIFT_CODE_NOT_ALLOCATED');
    case 'ALLOCATED':
      return row.expiresAt && new Date(row.expiresAt) <= now ? new AppError('GIFT_CODE_EXPIRED') : null;
  }
}

export interface RedeemInput {
  zmaAppId: string;
  tenantId: string;
  code: string;
  branchId: string;
  actorUserId: string | null;
  now?: Date;
}

/**
 * ALLOCATED → USED at a branch by a staff member: one conditional UPDATE (status still ALLOCATED and
 * not past expiry), so of two concurrent redemptions exactly one wins. A physical ITEM takes one
 * from the branch's stock when the branch keeps stock rows for it (none left → ZMA_STOCK_INSUFFICIENT,
 * the whole redemption rolls back).
 */
export async function redeemGiftCode(tx: Tx, input: RedeemInput): Promise<{ codeId: string; giftItemId: string; stockLeft: number | null }> {
  const now = input.now ?? new Date();
  const used = rowsOf<{ id: string; giftItemId: string; customerId: string | null; tenantId: string }>(
    await tx.execute(sql`
      update zma_gift_codes set status = 'USED', used_at = ${now.toISOString()}::timestamptz, branch_id = ${input.branchId}
      where zma_app_id = ${input.zmaAppId} and code = ${input.code} and status = 'ALLOCATED'
        and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)
      returning id, gift_item_id as "giftItemId", customer_id as "customerId", tenant_id as "tenantId"`),
  )[0];
  if (!used) {
    const refusal = redeemRefusal(await codeByText(tx, input.zmaAppId, input.code), now);
    throw refusal ?? new AppError('GIFT_CODE_TRANSITION_INVALID');
  }
  let stockLeft: number | null = null;
  const stock = rowsOf<{ quantity: number; type: string }>(
    await tx.execute(sql`
      select s.quantity, i.type from zma_branch_stock s join zma_gift_items i on i.id = s.gift_item_id
      where s.branch_id = ${input.branchId} and s.gift_item_id = ${used.giftItemId} for update of s`),
  )[0];
  if (stock && stock.type === 'ITEM') {
    const taken = rowsOf<{ quantity: number }>(
      await tx.execute(sql`
        update zma_branch_stock set quantity = quantity - 1, updated_at = now()
        where branch_id = ${input.branchId} and gift_item_id = ${used.giftItemId} and quantity > 0 returning quantity`),
    )[0];
    if (!taken) throw new AppError('ZMA_STOCK_INSUFFICIENT');
    stockLeft = taken.quantity;
  }
  await writeCodeEvents(tx, [
    { codeId: used.id, zmaAppId: input.zmaAppId, code: input.code, fromStatus: 'ALLOCATED', toStatus: 'USED', actorUserId: input.actorUserId, customerId: used.customerId, branchId: input.branchId },
  ]);
  await recordZmaActivity(tx, {
    zmaAppId: input.zmaAppId,
    tenantId: used.tenantId,
    kind: 'CODE_USED',
    customerId: used.customerId,
    branchId: input.branchId,
    giftItemId: used.giftItemId,
    giftCodeId: used.id,
    actorUserId: input.actorUserId,
    detail: { code: input.code, stockLeft },
  });
  return { codeId: used.id, giftItemId: used.giftItemId, stockLeft };
}

export interface BulkOutcome {
  done: string[];
  refused: { id: string; code: 'GIFT_CODE_NOT_FOUND' | 'GIFT_CODE_TRANSITION_INVALID'; status: GiftCodeStatus | null }[];
}

async function statusesOf(tx: DbOrTx, zmaAppId: string, ids: string[]): Promise<Map<string, GiftCodeStatus>> {
  if (ids.length === 0) return new Map();
  const r = await tx.execute(sql`select id, status from zma_gift_codes where zma_app_id = ${zmaAppId} and id = any(string_to_array(${ids.join(',')}, ',')::uuid[])`);
  return new Map(rowsOf<{ id: string; status: GiftCodeStatus }>(r).map((x) => [x.id, x.status]));
}

function refusalsOf(ids: string[], done: Set<string>, states: Map<string, GiftCodeStatus>): BulkOutcome['refused'] {
  return ids
    .filter((id) => !done.has(id))
    .map((id) => {
      const status = states.get(id) ?? null;
      return { id, code: status ? ('GIFT_CODE_TRANSITION_INVALID' as const) : ('GIFT_CODE_NOT_FOUND' as const), status };
    });
}

/** NEW → CANCELLED for each id of the app; other ids are reported with the reason. */
export async function cancelGiftCodes(tx: Tx, input: { zmaAppId: string; tenantId: string; ids: string[]; actorUserId: string | null; now?: Date }): Promise<BulkOutcome> {
  const ids = [...new Set(input.ids)];
  const now = input.now ?? new Date();
  const rows = rowsOf<{ id: string; code: string; giftItemId: string }>(
    await tx.execute(sql`
      update zma_gift_codes set status = 'CANCELLED', cancelled_at = ${now.toISOString()}::timestamptz
      where zma_app_id = ${input.zmaAppId} and id = any(string_to_array(${ids.join(',')}, ',')::uuid[]) and status = 'NEW'
      returning id, code, gift_item_id as "giftItemId"`),
  );
  const done = new Set(rows.map((r) => r.id));
  await writeCodeEvents(tx, rows.map((r) => ({ codeId: r.id, zmaAppId: input.zmaAppId, code: r.code, fromStatus: 'NEW' as const, toStatus: 'CANCELLED' as const, actorUserId: input.actorUserId })));
  await recordZmaActivity(tx, rows.map((r) => ({ zmaAppId: input.zmaAppId, tenantId: input.tenantId, kind: 'CODE_CANCELLED' as const, giftItemId: r.giftItemId, giftCodeId: r.id, actorUserId: input.actorUserId, detail: { code: r.code } })));
  return { done: [...done], refused: refusalsOf(ids, done, await statusesOf(tx, input.zmaAppId, ids.filter((id) => !done.has(id)))) };
}

/** Recall: a NEW or CANCELLED code's row is removed (its events stay, with a RECALLED one). */
export async function recallGiftCodes(tx: Tx, input: { zmaAppId: string; tenantId: string; ids: string[]; actorUserId: string | null }): Promise<BulkOutcome> {
  const ids = [...new Set(input.ids)];
  const rows = rowsOf<{ id: string; code: string; status: GiftCodeStatus; giftItemId: string }>(
    await tx.execute(sql`
      delete from zma_gift_codes
      where zma_app_id = ${input.zmaAppId} and id = any(string_to_array(${ids.join(',')}, ',')::uuid[]) and status in ('NEW', 'CANCELLED')
      returning id, code, status, gift_item_id as "giftItemId"`),
  );
  const done = new Set(rows.map((r) => r.id));
  await writeCodeEvents(tx, rows.map((r) => ({ codeId: r.id, zmaAppId: input.zmaAppId, code: r.code, fromStatus: r.status, toStatus: 'RECALLED' as const, actorUserId: input.actorUserId })));
  await recordZmaActivity(tx, rows.map((r) => ({ zmaAppId: input.zmaAppId, tenantId: input.tenantId, kind: 'CODE_RECALLED' as const, giftItemId: r.giftItemId, giftCodeId: r.id, actorUserId: input.actorUserId, detail: { code: r.code, from: r.status } })));
  return { done: [...done], refused: refusalsOf(ids, done, await statusesOf(tx, input.zmaAppId, ids.filter((id) => !done.has(id)))) };
}

/**
 * ALLOCATED past expires_at → EXPIRED, in batches (SKIP LOCKED: a redemption in flight keeps its
 * row). Answers how many codes expired. The periodic job calls it.
 */
export async function expireDueCodes(db: { transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> }, now: Date = new Date(), batch = 2000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string; code: string; zmaAppId: string; tenantId: string; customerId: string | null; giftItemId: string }>(
        await tx.execute(sql`
          update zma_gift_codes c set status = 'EXPIRED'
          from (select id from zma_gift_codes where status = 'ALLOCATED' and expires_at is not null and expires_at <= ${now.toISOString()}::timestamptz
                limit ${batch} for update skip locked) due
          where c.id = due.id and c.status = 'ALLOCATED'
          returning c.id, c.code, c.zma_app_id as "zmaAppId", c.tenant_id as "tenantId", c.customer_id as "customerId", c.gift_item_id as "giftItemId"`),
      );
      await writeCodeEvents(tx, rows.map((r) => ({ codeId: r.id, zmaAppId: r.zmaAppId, code: r.code, fromStatus: 'ALLOCATED' as const, toStatus: 'EXPIRED' as const, customerId: r.customerId, note: 'expired' })));
      await recordZmaActivity(
        tx,
        rows.map((r) => ({ zmaAppId: r.zmaAppId, tenantId: r.tenantId, kind: 'CODE_EXPIRED' as const, customerId: r.customerId, giftItemId: r.giftItemId, giftCodeId: r.id, detail: { code: r.code } })),
        { announce: false },
      );
      return rows.length;
    });
    total += n;
    if (n < batch) return total;
  }
}
