import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { zmaApps, zmaCustomers } from '../../db/schema/zma';
import { rowsOf } from '../../platform/sql';

/** SQL of mini-app customers (the one writer of zma_customers: scripts/check-writers.mjs). */

export type ZmaCustomerRow = typeof zmaCustomers.$inferSelect;

/** What other modules read of a customer (the draw's rules, the loyalty's allocation). */
export interface CustomerRef {
  id: string;
  zmaAppId: string;
  tenantId: string;
  gender: 'none' | 'male' | 'female';
  phone: string | null;
  isFollower: boolean;
  bonusTurns: number;
  name: string;
  avatar: string | null;
}

const refColumns = {
  id: zmaCustomers.id,
  zmaAppId: zmaCustomers.zmaAppId,
  tenantId: zmaCustomers.tenantId,
  gender: zmaCustomers.gender,
  phone: zmaCustomers.phone,
  isFollower: zmaCustomers.isFollower,
  bonusTurns: zmaCustomers.bonusTurns,
  name: zmaCustomers.name,
  avatar: zmaCustomers.avatar,
};

/** The customer of this mini app, or null (another app's id is "not found"). */
export async function selectCustomerRef(db: DbOrTx, zmaAppId: string, id: string): Promise<CustomerRef | null> {
  const [row] = await db.select(refColumns).from(zmaCustomers).where(and(eq(zmaCustomers.id, id), eq(zmaCustomers.zmaAppId, zmaAppId)));
  return row ?? null;
}

export async function selectCustomerRefByZaloUser(db: DbOrTx, zmaAppId: string, zaloUserId: string): Promise<CustomerRef | null> {
  const [row] = await db.select(refColumns).from(zmaCustomers).where(and(eq(zmaCustomers.zaloUserId, zaloUserId), eq(zmaCustomers.zmaAppId, zmaAppId)));
  return row ?? null;
}

/** Zalo's id of the mini app (its public link `zalo.me/s/<id>`). */
export async function selectZaloAppId(db: DbOrTx, zmaAppId: string): Promise<string | null> {
  const [row] = await db.select({ zaloAppId: zmaApps.zaloAppId }).from(zmaApps).where(eq(zmaApps.id, zmaAppId));
  return row?.zaloAppId ?? null;
}

export async function selectCustomerRow(db: DbOrTx, zmaAppId: string, id: string): Promise<ZmaCustomerRow | null> {
  const [row] = await db.select().from(zmaCustomers).where(and(eq(zmaCustomers.id, id), eq(zmaCustomers.zmaAppId, zmaAppId)));
  return row ?? null;
}

/** Adds n bonus turns; false when the customer does not exist. */
export async function addBonusTurns(tx: DbOrTx, customerId: string, n: number): Promise<boolean> {
  const rows = await tx
    .update(zmaCustomers)
    .set({ bonusTurns: sql`${zmaCustomers.bonusTurns} + ${n}` })
    .where(eq(zmaCustomers.id, customerId))
    .returning({ id: zmaCustomers.id });
  return rows.length > 0;
}

/** Takes one bonus turn if one is left: a conditional UPDATE, so concurrent spins never overspend. */
export async function takeBonusTurn(tx: DbOrTx, customerId: string): Promise<boolean> {
  const rows = await tx
    .update(zmaCustomers)
    .set({ bonusTurns: sql`${zmaCustomers.bonusTurns} - 1` })
    .where(and(eq(zmaCustomers.id, customerId), gt(zmaCustomers.bonusTurns, 0)))
    .returning({ id: zmaCustomers.id });
  return rows.length > 0;
}


// ---------------------------------------------------------------------------- sign-in and the end-user API

/** Inserts the Zalo user as a customer of the app, or refreshes name/avatar/last seen; `inserted` on the first sign-in. */
export async function upsertCustomer(
  tx: DbOrTx,
  v: { zmaAppId: string; tenantId: string; zaloUserId: string; name: string; avatar: string | null; now: Date },
): Promise<{ row: ZmaCustomerRow; inserted: boolean }> {
  const [row] = await tx
    .insert(zmaCustomers)
    .values({ zmaAppId: v.zmaAppId, tenantId: v.tenantId, zaloUserId: v.zaloUserId, name: v.name, avatar: v.avatar, lastSeenAt: v.now })
    .onConflictDoUpdate({
      target: [zmaCustomers.zmaAppId, zmaCustomers.zaloUserId],
      // An empty name from Zalo (a private profile) keeps the one we had.
      set: { name: sql`case when excluded.name <> '' then excluded.name else ${zmaCustomers.name} end`, avatar: sql`coalesce(excluded.avatar, ${zmaCustomers.avatar})`, lastSeenAt: v.now },
    })
    // xmax = 0 on the row version this statement wrote: an insert, not the conflict's update.
    .returning({ ...getTableColumns(zmaCustomers), inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('customer upsert returned nothing');
  const { inserted, ...customer } = row;
  return { row: customer, inserted: inserted === true };
}

export async function setReferredBy(tx: DbOrTx, customerId: string, referrerId: string): Promise<void> {
  await tx.update(zmaCustomers).set({ referredBy: referrerId }).where(and(eq(zmaCustomers.id, customerId), sql`${zmaCustomers.referredBy} is null`));
}

export async function setPhone(tx: DbOrTx, customerId: string, phone: string, now: Date): Promise<void> {
  await tx.update(zmaCustomers).set({ phone, phoneSharedAt: now }).where(eq(zmaCustomers.id, customerId));
}

export async function setFollower(tx: DbOrTx, customerId: string, isFollower: boolean): Promise<boolean> {
  const rows = await tx
    .update(zmaCustomers)
    .set({ isFollower })
    .where(and(eq(zmaCustomers.id, customerId), sql`${zmaCustomers.isFollower} is distinct from ${isFollower}`))
    .returning({ id: zmaCustomers.id });
  return rows.length > 0;
}

/** The customer of a customer token, if their app is still ACTIVE and its tenant still runs the mini-app service. */
export async function selectActiveCustomer(db: DbOrTx, zmaAppId: string, customerId: string): Promise<ZmaCustomerRow | null> {
  const [row] = await db
    .select()
    .from(zmaCustomers)
    .where(
      and(
        eq(zmaCustomers.id, customerId),
        eq(zmaCustomers.zmaAppId, zmaAppId),
        sql`exists (select 1 from zma_apps a join tenants t on t.id = a.tenant_id
                    where a.id = ${zmaCustomers.zmaAppId} and a.status = 'ACTIVE' and t.is_mini_app_enabled)`,
      ),
    );
  return row ?? null;
}

/** Whether the tenant runs the mini-app service (the sign-in refuses apps of a tenant that switched it off). */
export async function tenantRunsMiniApps(db: DbOrTx, tenantId: string): Promise<boolean> {
  const r = await db.execute(sql`select is_mini_app_enabled as on from tenants where id = ${tenantId}`);
  return rowsOf<{ on: boolean }>(r)[0]?.on === true;
}

// ---------------------------------------------------------------------------- console: customers

export interface CustomerFilter {
  zmaAppId: string;
  search?: string;
  isFollower?: boolean;
  hasPhone?: boolean;
  gender?: 'none' | 'male' | 'female';
}

/**
 * A search is a phone when it is digits (a leading 0 is Vietnam's 84): a range on the phone index;
 * else a case-insensitive name prefix on lower(name) in byte order (zma_customers_lname_idx).
 */
function searchCondition(search: string | undefined) {
  const s = search?.trim();
  if (!s) return undefined;
  const digits = s.replace(/[\s.+-]/g, '');
  if (/^\d{3,15}$/.test(digits)) {
    const from = digits.startsWith('0') ? `84${digits.slice(1)}` : digits;
    // [prefix, prefix + 1): every number that starts with the prefix (no LIKE: the index is in the database's collation).
    const to = (BigInt(from) + 1n).toString().padStart(from.length, '0');
    return sql`${zmaCustomers.phone} >= ${from} and ${zmaCustomers.phone} < ${to}`;
  }
  const escaped = s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(${zmaCustomers.name}) collate "C" like lower(${`${escaped}%`}) collate "C"`;
}

function customerWhere(f: CustomerFilter) {
  return and(
    eq(zmaCustomers.zmaAppId, f.zmaAppId),
    searchCondition(f.search),
    f.isFollower === undefined ? undefined : eq(zmaCustomers.isFollower, f.isFollower),
    f.hasPhone === undefined ? undefined : f.hasPhone ? sql`${zmaCustomers.phone} is not null` : sql`${zmaCustomers.phone} is null`,
    f.gender === undefined ? undefined : eq(zmaCustomers.gender, f.gender),
  );
}

export interface CustomerCounts {
  spins: number;
  gifts: number;
  redeemed: number;
}

export async function countCustomers(db: DbOrTx, f: CustomerFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(zmaCustomers).where(customerWhere(f));
  return row?.n ?? 0;
}

export async function selectCustomers(db: DbOrTx, f: CustomerFilter, page: { page: number; pageSize: number }): Promise<ZmaCustomerRow[]> {
  return db
    .select()
    .from(zmaCustomers)
    .where(customerWhere(f))
    .orderBy(sql`${zmaCustomers.createdAt} desc`, sql`${zmaCustomers.id} desc`)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

/** Spins, gifts (codes given) and redeemed codes of each customer, on the per-customer indexes. */
export async function selectCustomerCounts(db: DbOrTx, zmaAppId: string, ids: string[]): Promise<Map<string, CustomerCounts>> {
  const out = new Map<string, CustomerCounts>();
  if (ids.length === 0) return out;
  const r = await db.execute(sql`
    select c.id,
      (select count(*)::int from zma_spins s where s.customer_id = c.id) as spins,
      (select count(*)::int from zma_gift_codes g where g.customer_id = c.id) as gifts,
      (select count(*)::int from zma_gift_codes g where g.customer_id = c.id and g.status = 'USED') as redeemed
    from zma_customers c
    where c.zma_app_id = ${zmaAppId} and c.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  for (const row of rowsOf<{ id: string } & CustomerCounts>(r)) out.set(row.id, { spins: row.spins, gifts: row.gifts, redeemed: row.redeemed });
  return out;
}

export async function selectCustomerActivity(db: DbOrTx, zmaAppId: string, customerId: string, limit: number) {
  const r = await db.execute(sql`
    select id, kind, detail, created_at as "createdAt" from zma_activity
    where customer_id = ${customerId} and zma_app_id = ${zmaAppId}
    order by created_at desc, id desc limit ${limit}`);
  return rowsOf<{ id: number | string; kind: string; detail: Record<string, unknown>; createdAt: Date | string }>(r);
}

// ---------------------------------------------------------------------------- console: dashboard

export interface DashboardRange {
  zmaAppId: string;
  from: Date;
  to: Date;
  /** 'day' or 'month' buckets in Asia/Ho_Chi_Minh (UTC+7 all year). */
  unit: 'day' | 'month';
}

/** The Vietnam-time bucket start of a timestamptz column, as a timestamptz (UTC+7, no DST). */
const bucket = (col: ReturnType<typeof sql.raw>, unit: 'day' | 'month') =>
  sql`((date_trunc(${unit}, (${col} at time zone 'UTC') + interval '7 hours') - interval '7 hours') at time zone 'UTC')`;

export async function selectDashboardTotals(db: DbOrTx, q: DashboardRange) {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const r = await db.execute(sql`
    select
      (select count(distinct customer_id)::int from zma_spins where zma_app_id = ${q.zmaAppId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as players,
      (select count(*)::int from zma_customers where zma_app_id = ${q.zmaAppId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as "newPlayers",
      (select count(*)::int from zma_spins where zma_app_id = ${q.zmaAppId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as spins,
      (select count(*)::int from zma_spins where zma_app_id = ${q.zmaAppId} and outcome = 'WIN' and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as wins,
      (select count(*)::int from zma_spins where zma_app_id = ${q.zmaAppId} and gift_code_id is not null and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as "giftsWon",
      (select count(*)::int from zma_spins s join zma_gift_codes g on g.id = s.gift_code_id
        where s.zma_app_id = ${q.zmaAppId} and s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz and g.status = 'USED') as "wonAndUsed",
      (select count(*)::int from zma_gift_codes where zma_app_id = ${q.zmaAppId} and status = 'USED' and used_at >= ${from}::timestamptz and used_at < ${to}::timestamptz) as redeemed`);
  const row = rowsOf<{ players: number; newPlayers: number; spins: number; wins: number; giftsWon: number; wonAndUsed: number; redeemed: number }>(r)[0];
  return row ?? { players: 0, newPlayers: 0, spins: 0, wins: 0, giftsWon: 0, wonAndUsed: 0, redeemed: 0 };
}

export async function selectDashboardSeries(db: DbOrTx, q: DashboardRange) {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const spinBucket = bucket(sql.raw('created_at'), q.unit);
  const usedBucket = bucket(sql.raw('used_at'), q.unit);
  const spins = await db.execute(sql`
    select ${spinBucket} as at, count(distinct customer_id)::int as players, count(*)::int as spins, count(*) filter (where outcome = 'WIN')::int as wins
    from zma_spins where zma_app_id = ${q.zmaAppId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
    group by 1`);
  const used = await db.execute(sql`
    select ${usedBucket} as at, count(*)::int as redeemed
    from zma_gift_codes where zma_app_id = ${q.zmaAppId} and status = 'USED' and used_at >= ${from}::timestamptz and used_at < ${to}::timestamptz
    group by 1`);
  return {
    spins: rowsOf<{ at: Date | string; players: number; spins: number; wins: number }>(spins),
    used: rowsOf<{ at: Date | string; redeemed: number }>(used),
  };
}

export async function selectRedemptionsByBranch(db: DbOrTx, q: DashboardRange) {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const r = await db.execute(sql`
    select b.id as "branchId", b.name,
      (select count(*)::int from zma_gift_codes g where g.zma_app_id = ${q.zmaAppId} and g.status = 'USED' and g.branch_id = b.id
         and g.used_at >= ${from}::timestamptz and g.used_at < ${to}::timestamptz) as redeemed,
      (select count(*)::int from zma_spins s join zma_gift_codes g on g.id = s.gift_code_id
         where s.zma_app_id = ${q.zmaAppId} and s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz
           and g.status = 'USED' and g.branch_id = b.id) as "wonAndUsedHere"
    from zma_branches b where b.zma_app_id = ${q.zmaAppId}
    order by redeemed desc, b.name, b.id`);
  return rowsOf<{ branchId: string; name: string; redeemed: number; wonAndUsedHere: number }>(r);
}

export async function selectLowStock(db: DbOrTx, zmaAppId: string, limit = 50) {
  const r = await db.execute(sql`
    select s.branch_id as "branchId", b.name as "branchName", s.gift_item_id as "giftItemId", i.name as "giftName", s.quantity, s.low_threshold as "lowThreshold"
    from zma_branches b
    join zma_branch_stock s on s.branch_id = b.id
    join zma_gift_items i on i.id = s.gift_item_id
    where b.zma_app_id = ${zmaAppId} and s.quantity <= s.low_threshold
    order by s.quantity, b.name, i.name limit ${limit}`);
  return rowsOf<{ branchId: string; branchName: string; giftItemId: string; giftName: string; quantity: number; lowThreshold: number }>(r);
}

export async function selectTopPrizes(db: DbOrTx, zmaAppId: string, limit = 10) {
  const r = await db.execute(sql`
    select p.id as "prizeId", d.id as "drawId", d.name as "drawName", p.label, p.won, p.stock
    from zma_draws d join zma_draw_prizes p on p.draw_id = d.id
    where d.zma_app_id = ${zmaAppId} and p.gift_item_id is not null
    order by p.won desc, p.label, p.id limit ${limit}`);
  return rowsOf<{ prizeId: string; drawId: string; drawName: string; label: string; won: number; stock: number | null }>(r);
}
