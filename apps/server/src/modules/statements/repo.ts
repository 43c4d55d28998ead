import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ORGANISATION_STATEMENT_TIME_ZONE, type StatementStatus } from '@zc/shared/api/statements';
import type { DbOrTx, Tx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { merchants, tenants } from '../../db/schema/organisation';
import { statementLines, statements } from '../../db/schema/statements';
import { walletEntries, wallets } from '../../db/schema/wallets';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import { rowsOf } from '../../platform/sql';

/**
 * The statements module's SQL. Statements are computed from the ledger (wallet_entries, read only) in one
 * set-based statement per batch of wallets; only this module writes statements and statement_lines.
 */

export type StatementRow = typeof statements.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;


const ORG_TZ = sql.raw(`'${ORGANISATION_STATEMENT_TIME_ZONE}'`);

/** Signed by the reason's natural direction: TOPUP/REFUND/RELEASE/… count ADD as +, the charges count SUB as +. */
const plus = sql.raw(`case when e.type = 'ADD' then e.value else -e.value end`);
const minus = sql.raw(`case when e.type = 'SUB' then e.value else -e.value end`);
const BALANCE_REASONS = sql.raw(`('TOPUP', 'ADJUST', 'CHARGE', 'REFUND', 'HOLD', 'RELEASE')`);

/** The month before `period` (YYYY-MM). */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export interface GeneratedWallet {
  wallet_id: string;
  merchant_id: string;
  tenant_id: string | null;
  ended: boolean;
  closing_ok: boolean | null;
  opening_ok: boolean | null;
  existing_status: StatementStatus | null;
  statement_id: string | null;
  inserted: boolean | null;
}

/**
 * (Re)generates the statements of `period` for the given wallets in ONE statement: per wallet the month is
 * [first instant, next month's first instant) in its time zone (the tenant's, the organisation's wallet
 * Asia/Ho_Chi_Minh); the opening balance is the previous month's statement's closing balance when that one
 * ends where this month starts, else Σ of the balance entries before the month (= the new_balance of the last
 * of them); the movements are Σ of the month's entries by reason; closing = opening + movements, which must
 * equal the new_balance of the month's last entry (entries written by one transaction share a timestamp: one
 * of that last group), and the opening must equal the new_balance of the last entry before the month — a
 * wallet failing either check is not written (`closing_ok`/`opening_ok` false). Statements ISSUED or PAID are
 * left as they are; a month not yet ended in the wallet's zone is not written (`ended` false). Charge lines:
 * every message charge of the month (CHARGE, USAGE, HOLD_CHARGE) by service (message module) and template,
 * with the message's list price (its charge when none was kept).
 */
export async function generateForWallets(tx: DbOrTx, period: string, walletIds: readonly string[]): Promise<GeneratedWallet[]> {
  if (walletIds.length === 0) return [];
  const ids = sql`array[${sql.join(walletIds.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  const prev = previousPeriod(period);
  const result = await tx.execute(sql`
    with b as (
      select w.id as wallet_id, w.merchant_id, w.tenant_id, w.mode,
             coalesce(t.name, m.name) as wallet_name, z.tz,
             (${period} || '-01')::timestamp at time zone z.tz as start_at,
             ((${period} || '-01')::date + interval '1 month')::timestamp at time zone z.tz as end_at
      from ${wallets} w
      join ${merchants} m on m.id = w.merchant_id
      left join ${tenants} t on t.id = w.tenant_id
      cross join lateral (select case when w.tenant_id is null then ${ORG_TZ} else t.time_zone end as tz) z
      where w.id = any(${ids})
    ),
    pv as (
      select b.wallet_id, p.closing_balance
      from b join ${statements} p on p.wallet_id = b.wallet_id and p.period = ${prev} and p.period_end = b.start_at
    ),
    op as (
      select b.wallet_id, (pv.wallet_id is not null) as from_previous,
             case when pv.wallet_id is not null then pv.closing_balance else coalesce(s.total, 0) end::bigint as opening,
             s.last_at as last_before
      from b
      left join pv on pv.wallet_id = b.wallet_id
      left join lateral (
        select sum(${plus}) filter (where e.reason in ${BALANCE_REASONS}) as total, max(e.created_at) as last_at
        from ${walletEntries} e
        where pv.wallet_id is null and e.wallet_id = b.wallet_id and e.created_at < b.start_at
      ) s on true
    ),
    mv as (
      select e.wallet_id,
             count(*)::int as entry_count,
             coalesce(sum(${plus}) filter (where e.reason = 'TOPUP'), 0)::bigint as top_ups,
             coalesce(sum(${minus}) filter (where e.reason = 'CHARGE'), 0)::bigint as charges,
             coalesce(sum(${plus}) filter (where e.reason = 'REFUND'), 0)::bigint as refunds,
             coalesce(sum(${minus}) filter (where e.reason = 'HOLD'), 0)::bigint as holds_placed,
             coalesce(sum(${plus}) filter (where e.reason = 'RELEASE'), 0)::bigint as holds_released,
             coalesce(sum(${plus}) filter (where e.reason = 'ADJUST'), 0)::bigint as adjustments,
             coalesce(sum(${minus}) filter (where e.reason = 'USAGE'), 0)::bigint as usage,
             coalesce(sum(${plus}) filter (where e.reason = 'USAGE_REFUND'), 0)::bigint as usage_refunds,
             coalesce(sum(${minus}) filter (where e.reason = 'HOLD_CHARGE'), 0)::bigint as hold_charges,
             coalesce(sum(${plus}) filter (where e.reason = 'HOLD_REFUND'), 0)::bigint as hold_refunds,
             max(e.created_at) as last_at
      from b join ${walletEntries} e on e.wallet_id = b.wallet_id and e.created_at >= b.start_at and e.created_at < b.end_at
      group by e.wallet_id
    ),
    tot as (
      select b.*, op.opening, op.from_previous, op.last_before, mv.last_at,
             coalesce(mv.entry_count, 0) as entry_count,
             coalesce(mv.top_ups, 0) as top_ups, coalesce(mv.charges, 0) as charges, coalesce(mv.refunds, 0) as refunds,
             coalesce(mv.holds_placed, 0) as holds_placed, coalesce(mv.holds_released, 0) as holds_released,
             coalesce(mv.adjustments, 0) as adjustments, coalesce(mv.usage, 0) as usage, coalesce(mv.usage_refunds, 0) as usage_refunds,
             coalesce(mv.hold_charges, 0) as hold_charges, coalesce(mv.hold_refunds, 0) as hold_refunds,
             (op.opening + coalesce(mv.top_ups, 0) - coalesce(mv.charges, 0) + coalesce(mv.refunds, 0) - coalesce(mv.holds_placed, 0)
               + coalesce(mv.holds_released, 0) + coalesce(mv.adjustments, 0))::bigint as closing
      from b join op on op.wallet_id = b.wallet_id left join mv on mv.wallet_id = b.wallet_id
    ),
    chk as (
      select t.*,
             (t.last_at is null or exists (select 1 from ${walletEntries} e where e.wallet_id = t.wallet_id and e.created_at = t.last_at and e.new_balance = t.closing)) as closing_ok,
             (t.from_previous or t.last_before is null
               or exists (select 1 from ${walletEntries} e where e.wallet_id = t.wallet_id and e.created_at = t.last_before and e.new_balance = t.opening)) as opening_ok,
             (t.end_at <= now()) as ended
      from tot t
    ),
    ex as (
      select s.wallet_id, s.status from ${statements} s join b on s.wallet_id = b.wallet_id and s.period = ${period}
    ),
    up as (
      insert into ${statements} as s (
        merchant_id, wallet_id, tenant_id, wallet_name, period, time_zone, period_start, period_end, wallet_mode,
        opening_balance, top_ups, charges, refunds, holds_placed, holds_released, adjustments, closing_balance,
        usage, usage_refunds, hold_charges, hold_refunds, amount_due, entry_count, status, generated_at, updated_at)
      select c.merchant_id, c.wallet_id, c.tenant_id, c.wallet_name, ${period}, c.tz, c.start_at, c.end_at, c.mode,
             c.opening, c.top_ups, c.charges, c.refunds, c.holds_placed, c.holds_released, c.adjustments, c.closing,
             c.usage, c.usage_refunds, c.hold_charges, c.hold_refunds, greatest(c.usage - c.usage_refunds, 0), c.entry_count,
             'GENERATED', now(), now()
      from chk c
      where c.ended and c.closing_ok and c.opening_ok
      on conflict (wallet_id, period) do update set
        wallet_name = excluded.wallet_name, time_zone = excluded.time_zone, period_start = excluded.period_start,
        period_end = excluded.period_end, wallet_mode = excluded.wallet_mode, opening_balance = excluded.opening_balance,
        top_ups = excluded.top_ups, charges = excluded.charges, refunds = excluded.refunds, holds_placed = excluded.holds_placed,
        holds_released = excluded.holds_released, adjustments = excluded.adjustments, closing_balance = excluded.closing_balance,
        usage = excluded.usage, usage_refunds = excluded.usage_refunds, hold_charges = excluded.hold_charges,
        hold_refunds = excluded.hold_refunds, amount_due = excluded.amount_due, entry_count = excluded.entry_count,
        generated_at = now(), updated_at = now()
      where s.status = 'GENERATED'
      returning s.id, s.wallet_id, (s.xmax = 0) as inserted
    ),
    ln as (
      select e.wallet_id, coalesce(h.module, 'OTHER') as service, h.zns_template_id as template_id, max(h.template_name) as template_name,
             count(*)::int as cnt, sum(coalesce(h.list_price, e.value))::bigint as list_amount, sum(e.value)::bigint as amount
      from b
      join ${walletEntries} e on e.wallet_id = b.wallet_id and e.created_at >= b.start_at and e.created_at < b.end_at
        and e.reason in ('CHARGE', 'USAGE', 'HOLD_CHARGE')
      left join ${messageHistory} h on h.id = e.message_id
      where b.wallet_id in (select wallet_id from up)
      group by e.wallet_id, coalesce(h.module, 'OTHER'), h.zns_template_id
    ),
    del as (
      delete from ${statementLines} l using up where l.statement_id = up.id and not up.inserted
    ),
    ins as (
      insert into ${statementLines} (statement_id, service, template_id, template_name, count, list_amount, discount, amount)
      select up.id, ln.service, ln.template_id, ln.template_name, ln.cnt, ln.list_amount, ln.list_amount - ln.amount, ln.amount
      from up join ln on ln.wallet_id = up.wallet_id
    )
    select c.wallet_id, c.merchant_id, c.tenant_id, c.ended, c.closing_ok, c.opening_ok, ex.status as existing_status,
           up.id as statement_id, up.inserted
    from chk c left join ex on ex.wallet_id = c.wallet_id left join up on up.wallet_id = c.wallet_id`);
  return rowsOf<GeneratedWallet>(result);
}

/** The wallets of an organisation (its own and its tenants'), optionally one. */
export async function findMerchantWalletIds(db: DbOrTx, merchantId: string, tenant?: string | 'organisation'): Promise<string[]> {
  const where: SQL[] = [eq(wallets.merchantId, merchantId)];
  if (tenant === 'organisation') where.push(isNull(wallets.tenantId));
  else if (tenant) where.push(eq(wallets.tenantId, tenant));
  const rows = await db.select({ id: wallets.id }).from(wallets).where(and(...where));
  return rows.map((r) => r.id);
}

export interface DueWallet {
  wallet_id: string;
  period: string;
}

/**
 * Wallets whose previous month (in their time zone) has ended, has no statement yet, and which had ledger
 * entries before that month ended (a wallet never used gets no statement). Zones PostgreSQL does not know
 * are left out (`unknownZones`).
 */
export async function findDueWallets(db: DbOrTx): Promise<{ due: DueWallet[]; unknownZones: string[] }> {
  const result = await db.execute(sql`
    with z as (
      select w.id as wallet_id, case when w.tenant_id is null then ${ORG_TZ} else t.time_zone end as tz
      from ${wallets} w left join ${tenants} t on t.id = w.tenant_id
    ),
    known as (select name from pg_timezone_names),
    p as (
      select z.wallet_id, (z.tz in (select name from known)) as known_zone, z.tz,
             case when z.tz in (select name from known) then to_char(date_trunc('month', now() at time zone z.tz) - interval '1 month', 'YYYY-MM') end as period,
             case when z.tz in (select name from known) then date_trunc('month', now() at time zone z.tz) at time zone z.tz end as period_end
      from z
    )
    select p.wallet_id, p.period, p.known_zone, p.tz
    from p
    where not p.known_zone
       or (not exists (select 1 from ${statements} s where s.wallet_id = p.wallet_id and s.period = p.period)
           and exists (select 1 from ${walletEntries} e where e.wallet_id = p.wallet_id and e.created_at < p.period_end))`);
  const rows = rowsOf<DueWallet & { known_zone: boolean; tz: string }>(result);
  return { due: rows.filter((r) => r.known_zone).map((r) => ({ wallet_id: r.wallet_id, period: r.period })), unknownZones: [...new Set(rows.filter((r) => !r.known_zone).map((r) => r.tz))] };
}

export interface ListFilter {
  period?: string;
  status?: StatementStatus;
  limit: number;
  offset: number;
}

function listWhere(base: SQL, f: ListFilter): SQL {
  const where: SQL[] = [base];
  if (f.period) where.push(eq(statements.period, f.period));
  if (f.status) where.push(eq(statements.status, f.status));
  return and(...where) as SQL;
}

async function list(db: DbOrTx, where: SQL, f: ListFilter) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(statements)
      .where(where)
      .orderBy(desc(statements.period), sql`${statements.tenantId} is not null`, asc(statements.walletName), asc(statements.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(statements).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The organisation's statements (its own and every tenant's); `tenant` narrows to one wallet. */
export async function listMerchantStatements(db: DbOrTx, merchantId: string, f: ListFilter & { tenant?: string | 'organisation' }) {
  const base: SQL[] = [eq(statements.merchantId, merchantId)];
  if (f.tenant === 'organisation') base.push(isNull(statements.tenantId));
  else if (f.tenant) base.push(eq(statements.tenantId, f.tenant));
  return list(db, listWhere(and(...base) as SQL, f), f);
}

/** The tenant's own statements. */
export async function listTenantStatements(db: DbOrTx, scope: TenantScope, f: ListFilter) {
  return list(db, listWhere(inTenant(scope, statements), f), f);
}

export async function findLines(db: DbOrTx, statementIds: readonly string[]): Promise<StatementLineRow[]> {
  if (statementIds.length === 0) return [];
  return db
    .select()
    .from(statementLines)
    .where(inArray(statementLines.statementId, [...statementIds]))
    .orderBy(asc(statementLines.service), desc(statementLines.amount), asc(statementLines.templateId));
}

/** A statement of the organisation, or null. */
export async function findMerchantStatement(db: DbOrTx, merchantId: string, id: string): Promise<StatementRow | null> {
  const [row] = await db.select().from(statements).where(and(eq(statements.id, id), eq(statements.merchantId, merchantId)));
  return row ?? null;
}

/** A statement of the tenant, or null. */
export async function findTenantStatement(db: DbOrTx, scope: TenantScope, id: string): Promise<StatementRow | null> {
  const [row] = await db.select().from(statements).where(inTenant(scope, statements, eq(statements.id, id)));
  return row ?? null;
}

/** Locks a statement of the organisation for a status change. */
export async function lockMerchantStatement(tx: Tx, merchantId: string, id: string): Promise<StatementRow | null> {
  const [row] = await tx.select().from(statements).where(and(eq(statements.id, id), eq(statements.merchantId, merchantId))).for('update');
  return row ?? null;
}

export async function markIssued(tx: Tx, id: string, userId: string): Promise<StatementRow> {
  const [row] = await tx
    .update(statements)
    .set({ status: 'ISSUED', issuedAt: new Date(), issuedBy: userId, updatedAt: new Date() })
    .where(and(eq(statements.id, id), eq(statements.status, 'GENERATED')))
    .returning();
  if (!row) throw new Error('statement was not GENERATED');
  return row;
}

export async function markPaid(tx: Tx, id: string, input: { userId: string; amount: number; note: string | null }): Promise<StatementRow> {
  const [row] = await tx
    .update(statements)
    .set({ status: 'PAID', paidAt: new Date(), paidBy: input.userId, paymentAmount: input.amount, paymentNote: input.note, updatedAt: new Date() })
    .where(and(eq(statements.id, id), eq(statements.status, 'ISSUED')))
    .returning();
  if (!row) throw new Error('statement was not ISSUED');
  return row;
}

/** Statements by id (for events and answers after a generation). */
export async function findStatementsByIds(db: DbOrTx, ids: readonly string[]): Promise<StatementRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(statements).where(inArray(statements.id, [...ids]));
}
