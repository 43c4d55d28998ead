import { sql, type SQL } from 'drizzle-orm';
import type { StatisticPeriod } from '@zc/shared/api/oa-analytics';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../platform/sql';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

/**
 * SQL only (docs/server-guide.md). Message figures come from the rollups of ADR 0024 only
 * (message_stats_hourly / _daily / _tenant_daily), never from message_history; names, avatars and
 * balances from the small tables (tenants, wallets, zalo_oas, zns_templates), the active users from
 * the audit log's organisation index. Every query is confined to a list of tenant ids the service
 * resolved from the caller's organisation (or to one TenantScope).
 */

/** The rollup counters as summed (bigint sums come back as strings from both drivers). */
export interface SumRow {
  total: string | number;
  sent: string | number;
  delivered: string | number;
  failed: string | number;
  pending: string | number;
  cost: string | number;
  list_cost: string | number;
}

const COUNTERS = ['total', 'sent', 'delivered', 'failed', 'pending', 'cost', 'list_cost'];
const SUMS = sql.raw(COUNTERS.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', '));
const COUNTER_COLUMNS = sql.raw(COUNTERS.join(', '));

/** A uuid[] parameter (one bind value whatever the length). */
const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The Vietnam bucket label of a period: hours from the hourly rollup, days and months from a daily one. */
const LABEL_FORMAT: Record<StatisticPeriod, string> = { HOURLY: `'YYYY-MM-DD"T"HH24:00'`, DAILY: `'YYYY-MM-DD'`, MONTHLY: `'YYYY-MM'` };

export interface TenantInfoRow {
  id: string;
  name: string;
  avatar: string | null;
  balance: string | number | null;
  threshold: string | number | null;
  mode: 'PREPAID' | 'POSTPAID' | null;
}

/**
 * The organisation's tenants the user may open (every one for an organisation-wide role, else those
 * they are a member of), with their wallet. `onlyTenantId` narrows to one.
 */
export async function selectVisibleTenants(db: DbOrTx, q: { merchantId: string; userId: string; everyTenant: boolean; onlyTenantId?: string }): Promise<TenantInfoRow[]> {
  const r = await db.execute(sql`
    select t.id, t.name, t.avatar, w.balance, w.threshold, w.mode
    from tenants t
    left join wallets w on w.tenant_id = t.id
    where t.merchant_id = ${q.merchantId}
      ${q.onlyTenantId ? sql`and t.id = ${q.onlyTenantId}` : sql``}
      ${q.everyTenant ? sql`` : sql`and exists (select 1 from tenant_members m where m.tenant_id = t.id and m.user_id = ${q.userId})`}
    order by t.created_at, t.id`);
  return rowsOf<TenantInfoRow>(r);
}

/** The tenant wallet of a scope (null when it has none). */
export async function selectTenantWallet(db: DbOrTx, scope: TenantScope): Promise<{ balance: string | number; threshold: string | number; mode: 'PREPAID' | 'POSTPAID' } | null> {
  const r = await db.execute(sql`select balance, threshold, mode from wallets where tenant_id = ${scopedTenantId(scope)}`);
  return rowsOf<{ balance: string | number; threshold: string | number; mode: 'PREPAID' | 'POSTPAID' }>(r)[0] ?? null;
}

/** Prepaid tenant wallets of the given tenants below their threshold, lowest balance first. */
export async function selectLowBalances(db: DbOrTx, tenantIds: readonly string[]) {
  const r = await db.execute(sql`
    select t.id as "tenantId", t.name, w.balance, w.threshold
    from wallets w join tenants t on t.id = w.tenant_id
    where w.tenant_id = any(${uuidArray(tenantIds)}) and w.mode = 'PREPAID' and w.balance < w.threshold
    order by w.balance, t.name`);
  return rowsOf<{ tenantId: string; name: string; balance: string | number; threshold: string | number }>(r);
}

/** The range a rollup read covers: days (Vietnam, both included) and the UTC instants of their start and end. */
export interface RollupRange {
  fromDay: string;
  toDay: string;
  start: Date;
  end: Date;
}

/**
 * Sums per bucket of `period` over the tenants: HOURLY from message_stats_hourly (its hours in
 * [start, end)), DAILY and MONTHLY from message_stats_tenant_daily (days fromDay..toDay).
 */
export async function selectSeries(db: DbOrTx, tenantIds: readonly string[], range: RollupRange, period: StatisticPeriod): Promise<Array<SumRow & { label: string }>> {
  const fmt = sql.raw(LABEL_FORMAT[period]);
  const r =
    period === 'HOURLY'
      ? await db.execute(sql`
        select to_char(hour at time zone 'Asia/Ho_Chi_Minh', ${fmt}) as label, ${SUMS}
        from message_stats_hourly
        where tenant_id = any(${uuidArray(tenantIds)}) and hour >= ${range.start.toISOString()}::timestamptz and hour < ${range.end.toISOString()}::timestamptz
        group by 1`)
      : await db.execute(sql`
        select to_char(day, ${fmt}) as label, ${SUMS}
        from message_stats_tenant_daily
        where tenant_id = any(${uuidArray(tenantIds)}) and day between ${range.fromDay}::date and ${range.toDay}::date
        group by 1`);
  return rowsOf<SumRow & { label: string }>(r);
}

/**
 * Sums per bucket of `period` over every tenant of the organisation, from its own rollups (one row a
 * bucket and module): message_stats_merchant_hourly for HOURLY, message_stats_merchant_daily otherwise.
 */
export async function selectMerchantSeries(db: DbOrTx, merchantId: string, range: RollupRange, period: StatisticPeriod): Promise<Array<SumRow & { label: string }>> {
  const fmt = sql.raw(LABEL_FORMAT[period]);
  const r =
    period === 'HOURLY'
      ? await db.execute(sql`
        select to_char(hour at time zone 'Asia/Ho_Chi_Minh', ${fmt}) as label, ${SUMS}
        from message_stats_merchant_hourly
        where merchant_id = ${merchantId} and hour >= ${range.start.toISOString()}::timestamptz and hour < ${range.end.toISOString()}::timestamptz
        group by 1`)
      : await db.execute(sql`
        select to_char(day, ${fmt}) as label, ${SUMS}
        from message_stats_merchant_daily
        where merchant_id = ${merchantId} and day between ${range.fromDay}::date and ${range.toDay}::date
        group by 1`);
  return rowsOf<SumRow & { label: string }>(r);
}

/** Sums per tenant over the days (message_stats_tenant_daily). */
export async function selectByTenant(db: DbOrTx, tenantIds: readonly string[], range: RollupRange): Promise<Array<SumRow & { key: string }>> {
  const r = await db.execute(sql`
    select tenant_id as key, ${SUMS}
    from message_stats_tenant_daily
    where tenant_id = any(${uuidArray(tenantIds)}) and day between ${range.fromDay}::date and ${range.toDay}::date
    group by 1`);
  return rowsOf<SumRow & { key: string }>(r);
}

const DETAIL_KEY = { type: 'type', template: 'template_id', oa: 'zalo_oa_id::text' } as const;

/** Sums per message type, template or OA over the days (message_stats_daily). */
export async function selectByDetail(db: DbOrTx, tenantIds: readonly string[], range: RollupRange, key: keyof typeof DETAIL_KEY): Promise<Array<SumRow & { key: string }>> {
  const r = await db.execute(sql`
    select ${sql.raw(DETAIL_KEY[key])} as key, ${SUMS}
    from message_stats_daily
    where tenant_id = any(${uuidArray(tenantIds)}) and day between ${range.fromDay}::date and ${range.toDay}::date
    group by 1`);
  return rowsOf<SumRow & { key: string }>(r);
}

/**
 * Sums per message type, template or OA over every tenant of the organisation: the whole Vietnam months
 * of the range from message_stats_merchant_dim_monthly, the days before and after them from
 * message_stats_merchant_dim_daily.
 */
export async function selectMerchantByDetail(db: DbOrTx, merchantId: string, range: RollupRange, dimension: keyof typeof DETAIL_KEY): Promise<Array<SumRow & { key: string }>> {
  const split = wholeMonths(range.fromDay, range.toDay);
  const daily = (from: string, to: string) => sql`
    select key, ${COUNTER_COLUMNS} from message_stats_merchant_dim_daily
    where merchant_id = ${merchantId} and dimension = ${dimension} and day between ${from}::date and ${to}::date`;
  const parts = split
    ? [
        ...(split.headTo ? [daily(range.fromDay, split.headTo)] : []),
        sql`select key, ${COUNTER_COLUMNS} from message_stats_merchant_dim_monthly
          where merchant_id = ${merchantId} and dimension = ${dimension} and month between ${split.firstMonth}::date and ${split.lastMonth}::date`,
        ...(split.tailFrom ? [daily(split.tailFrom, range.toDay)] : []),
      ]
    : [daily(range.fromDay, range.toDay)];
  const r = await db.execute(sql`select key, ${SUMS} from (${sql.join(parts, sql` union all `)}) as rows group by 1`);
  return rowsOf<SumRow & { key: string }>(r);
}

/**
 * The whole calendar months inside [fromDay, toDay] (first days, inclusive) and the days outside them
 * (`headTo`: the last day before the first month, `tailFrom`: the first day after the last), or null
 * when the range holds no whole month.
 */
export function wholeMonths(fromDay: string, toDay: string): { firstMonth: string; lastMonth: string; headTo: string | null; tailFrom: string | null } | null {
  const day = (s: string) => new Date(`${s}T00:00:00Z`);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const from = day(fromDay);
  const to = day(toDay);
  const first = from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const afterTo = new Date(to.getTime() + 86_400_000);
  const end = afterTo.getUTCDate() === 1 ? afterTo : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1)); // first day after the last whole month
  if (first >= end) return null;
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  return {
    firstMonth: iso(first),
    lastMonth: iso(last),
    headTo: first > from ? iso(new Date(first.getTime() - 86_400_000)) : null,
    tailFrom: end <= to ? iso(end) : null,
  };
}

/** Names and avatars of OAs of the tenants. */
export async function selectOaNames(db: DbOrTx, tenantIds: readonly string[]) {
  const r = await db.execute(sql`select id, name, avatar from zalo_oas where tenant_id = any(${uuidArray(tenantIds)}) order by created_at, id`);
  return rowsOf<{ id: string; name: string; avatar: string | null }>(r);
}

/** Names of ZNS templates (by Zalo's template id) of the tenants. */
export async function selectTemplateNames(db: DbOrTx, tenantIds: readonly string[], templateIds: readonly string[]) {
  if (templateIds.length === 0) return [];
  const r = await db.execute(sql`
    select distinct on (zns_template_id) zns_template_id as id, name
    from zns_templates
    where tenant_id = any(${uuidArray(tenantIds)}) and zns_template_id in (${sql.join(templateIds.map((t) => sql`${t}`), sql`, `)})
    order by zns_template_id, synced_at desc`);
  return rowsOf<{ id: string; name: string }>(r);
}

/**
 * Distinct users with an audited action in the organisation (sign-ins included) per Vietnam bucket
 * of [start, end), and over the whole range (audit_logs_merchant_idx).
 */
export async function selectActiveUsers(db: DbOrTx, merchantId: string, range: RollupRange, period: StatisticPeriod) {
  const fmt = sql.raw(LABEL_FORMAT[period]);
  const r = await db.execute(sql`
    select coalesce(label, '') as label, count(distinct actor_id)::int as count
    from (
      select actor_id, to_char(created_at::timestamptz at time zone 'Asia/Ho_Chi_Minh', ${fmt}) as label
      from audit_logs
      where merchant_id = ${merchantId} and actor_id is not null
        and created_at >= ${range.start.toISOString()}::timestamptz and created_at < ${range.end.toISOString()}::timestamptz
    ) a
    group by grouping sets ((label), ())`);
  return rowsOf<{ label: string; count: number }>(r);
}
