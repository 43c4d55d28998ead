import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { tenants } from '../../db/schema/organisation';
import { reportExports, reportSchedules } from '../../db/schema/reports';
import { messageErrorStatsDaily, messageStatsDaily, messageStatsTenantDaily } from '../../db/schema/stats';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

/**
 * Reports read ONLY the message statistics rollups (ADR 0024), never message_history: per tenant and
 * day (`message_stats_tenant_daily`) for days, statuses and the organisation; per day and detail key
 * (`message_stats_daily`) for type, template, API key and campaign; errors from `message_error_stats_daily`.
 */

export interface Sums {
  total: number;
  pending: number;
  sent: number;
  delivered: number;
  failed: number;
  cost: number;
  listCost: number;
}

type CounterTable = typeof messageStatsDaily | typeof messageStatsTenantDaily;

/** Summed counters (float8: a number on both drivers; counts stay exact far beyond any real volume). */
function sums(t: CounterTable) {
  return {
    total: sql<number>`coalesce(sum(${t.total}), 0)::float8`,
    pending: sql<number>`coalesce(sum(${t.pending}), 0)::float8`,
    sent: sql<number>`coalesce(sum(${t.sent}), 0)::float8`,
    delivered: sql<number>`coalesce(sum(${t.delivered}), 0)::float8`,
    failed: sql<number>`coalesce(sum(${t.failed}), 0)::float8`,
    cost: sql<number>`coalesce(sum(${t.cost}), 0)::float8`,
    listCost: sql<number>`coalesce(sum(${t.listCost}), 0)::float8`,
  };
}

const num = <T extends Sums>(r: T): T => ({
  ...r,
  total: Number(r.total),
  pending: Number(r.pending),
  sent: Number(r.sent),
  delivered: Number(r.delivered),
  failed: Number(r.failed),
  cost: Number(r.cost),
  listCost: Number(r.listCost),
});

export interface Range {
  from: string;
  to: string;
}

/** The tenant's counters per day (days without messages are absent). */
export async function sumTenantByDay(db: DbOrTx, scope: TenantScope, r: Range): Promise<Array<Sums & { key: string }>> {
  const t = messageStatsTenantDaily;
  const rows = await db
    .select({ key: sql<string>`${t.day}::text`, ...sums(t) })
    .from(t)
    .where(inTenant(scope, t, between(t.day, r.from, r.to)))
    .groupBy(t.day)
    .orderBy(asc(t.day));
  return rows.map(num);
}

/** The tenant's counters over the range. */
export async function sumTenant(db: DbOrTx, scope: TenantScope, r: Range): Promise<Sums> {
  const t = messageStatsTenantDaily;
  const [row] = await db.select(sums(t)).from(t).where(inTenant(scope, t, between(t.day, r.from, r.to)));
  return num(row ?? { total: 0, pending: 0, sent: 0, delivered: 0, failed: 0, cost: 0, listCost: 0 });
}

export type DetailKey = 'type' | 'templateId' | 'apiKeyId' | 'campaignId';

/** The tenant's counters per value of one detail key of the daily rollup. */
export async function sumTenantByKey(db: DbOrTx, scope: TenantScope, r: Range, key: DetailKey): Promise<Array<Sums & { key: string }>> {
  const t = messageStatsDaily;
  const col = t[key];
  const rows = await db
    .select({ key: sql<string>`${col}::text`, ...sums(t) })
    .from(t)
    .where(inTenant(scope, t, between(t.day, r.from, r.to)))
    .groupBy(col);
  return rows.map(num);
}

/** The tenant's counters per (API key, campaign): the team grouping resolves each pair's team. */
export async function sumTenantByKeyAndCampaign(db: DbOrTx, scope: TenantScope, r: Range): Promise<Array<Sums & { apiKeyId: string; campaignId: string }>> {
  const t = messageStatsDaily;
  const rows = await db
    .select({ apiKeyId: sql<string>`${t.apiKeyId}::text`, campaignId: sql<string>`${t.campaignId}::text`, ...sums(t) })
    .from(t)
    .where(inTenant(scope, t, between(t.day, r.from, r.to)))
    .groupBy(t.apiKeyId, t.campaignId);
  return rows.map(num);
}

/** The tenant's failed messages per module and Zalo error code, most first. */
export async function sumFailures(db: DbOrTx, scope: TenantScope, r: Range): Promise<Array<{ module: 'ZNS' | 'OA'; errorCode: number; count: number }>> {
  const t = messageErrorStatsDaily;
  const count = sql<number>`coalesce(sum(${t.failed}), 0)::float8`;
  const rows = await db
    .select({ module: t.module, errorCode: t.errorCode, count })
    .from(t)
    .where(inTenant(scope, t, between(t.day, r.from, r.to)))
    .groupBy(t.module, t.errorCode)
    .having(sql`sum(${t.failed}) > 0`)
    .orderBy(desc(count), asc(t.errorCode));
  return rows.map((x) => ({ ...x, count: Number(x.count) }));
}

/** The organisation's tenants (id, name), by name. */
export async function findTenantsOfMerchant(db: DbOrTx, merchantId: string): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.merchantId, merchantId)).orderBy(asc(tenants.name));
}

/** The tenant's name and organisation. */
export async function findTenantRef(db: DbOrTx, scope: TenantScope): Promise<{ name: string; merchantId: string }> {
  const [row] = await db.select({ name: tenants.name, merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, scopedTenantId(scope)));
  if (!row) throw new Error('tenant is gone');
  return row;
}

const ofMerchant = (merchantId: string, tenantCol: AnyPgColumn) =>
  sql`${tenantCol} in (select ${tenants.id} from ${tenants} where ${tenants.merchantId} = ${merchantId})`;

/** The organisation's counters per tenant (its tenants' daily rollup). */
export async function sumOrganisationByTenant(db: DbOrTx, merchantId: string, r: Range): Promise<Array<Sums & { key: string }>> {
  const t = messageStatsTenantDaily;
  const rows = await db
    .select({ key: sql<string>`${t.tenantId}::text`, ...sums(t) })
    .from(t)
    .where(and(between(t.day, r.from, r.to), ofMerchant(merchantId, t.tenantId)))
    .groupBy(t.tenantId)
    .orderBy(asc(t.tenantId));
  return rows.map(num);
}

/* ─── Exports ─── */

export type ReportExportRow = typeof reportExports.$inferSelect;
export type NewReportExport = typeof reportExports.$inferInsert;

export async function insertExport(db: DbOrTx, values: NewReportExport): Promise<ReportExportRow> {
  const [row] = await db.insert(reportExports).values(values).returning();
  if (!row) throw new Error('report export insert returned nothing');
  return row;
}

/** An export of the organisation (any tenant's or its own), or null. */
export async function findExport(db: DbOrTx, merchantId: string, id: string): Promise<ReportExportRow | null> {
  const [row] = await db.select().from(reportExports).where(and(eq(reportExports.id, id), eq(reportExports.merchantId, merchantId)));
  return row ?? null;
}

/** An export by id alone (the job, and the signed link of a report mail, which carries no session). */
export async function findExportById(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<ReportExportRow | null> {
  const q = db.select().from(reportExports).where(eq(reportExports.id, id));
  const [row] = opts.lock ? await q.for('update', { skipLocked: true }) : await q;
  return row ?? null;
}

export async function finishExport(db: DbOrTx, id: string, values: Pick<NewReportExport, 'status' | 'rows' | 'content' | 'error'>): Promise<void> {
  await db.update(reportExports).set({ ...values, finishedAt: new Date() }).where(eq(reportExports.id, id));
}

/** PENDING exports older than `before` (a job lost before it ran), oldest first. */
export async function findStalePendingExports(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: reportExports.id })
    .from(reportExports)
    .where(and(eq(reportExports.status, 'PENDING'), sql`${reportExports.createdAt} < ${before.toISOString()}`))
    .orderBy(asc(reportExports.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Drops files past their expiry. */
export async function deleteExpiredExports(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(reportExports).where(sql`${reportExports.expiresAt} < ${now.toISOString()}`).returning({ id: reportExports.id });
  return rows.length;
}

/* ─── Schedules ─── */

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

export async function listSchedules(db: DbOrTx, scope: TenantScope): Promise<ReportScheduleRow[]> {
  return db.select().from(reportSchedules).where(inTenant(scope, reportSchedules)).orderBy(asc(reportSchedules.createdAt));
}

export async function countSchedules(db: DbOrTx, scope: TenantScope): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reportSchedules).where(inTenant(scope, reportSchedules));
  return Number(row?.n ?? 0);
}

export async function findSchedule(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<ReportScheduleRow | null> {
  const q = db.select().from(reportSchedules).where(inTenant(scope, reportSchedules, eq(reportSchedules.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertSchedule(db: DbOrTx, values: typeof reportSchedules.$inferInsert): Promise<ReportScheduleRow> {
  const [row] = await db.insert(reportSchedules).values(values).returning();
  if (!row) throw new Error('report schedule insert returned nothing');
  return row;
}

export async function updateSchedule(db: DbOrTx, scope: TenantScope, id: string, values: Partial<typeof reportSchedules.$inferInsert>): Promise<ReportScheduleRow> {
  const [row] = await db
    .update(reportSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(scope, reportSchedules, eq(reportSchedules.id, id)))
    .returning();
  if (!row) throw new Error('report schedule update returned nothing');
  return row;
}

export async function deleteSchedule(db: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await db.delete(reportSchedules).where(inTenant(scope, reportSchedules, eq(reportSchedules.id, id)));
}

/** Ids of every schedule not yet mailed for its period (`lastPeriod` differs), oldest first. */
export async function findDueScheduleIds(db: DbOrTx, periods: { WEEKLY: string; MONTHLY: string }): Promise<Array<{ id: string; tenantId: string }>> {
  return db
    .select({ id: reportSchedules.id, tenantId: reportSchedules.tenantId })
    .from(reportSchedules)
    .where(
      sql`(${reportSchedules.frequency} = 'WEEKLY' and ${reportSchedules.lastPeriod} is distinct from ${periods.WEEKLY}) or (${reportSchedules.frequency} = 'MONTHLY' and ${reportSchedules.lastPeriod} is distinct from ${periods.MONTHLY})`,
    )
    .orderBy(asc(reportSchedules.createdAt));
}

/** The schedule, locked and skipped when another worker holds it. */
export async function lockScheduleForSend(db: DbOrTx, scope: TenantScope, id: string): Promise<ReportScheduleRow | null> {
  const [row] = await db.select().from(reportSchedules).where(inTenant(scope, reportSchedules, eq(reportSchedules.id, id))).for('update', { skipLocked: true });
  return row ?? null;
}

/** Records a schedule's failure (outside the failed transaction). */
export async function recordScheduleError(db: DbOrTx, scope: TenantScope, id: string, message: string): Promise<void> {
  await db.update(reportSchedules).set({ lastError: message.slice(0, 500) }).where(inTenant(scope, reportSchedules, eq(reportSchedules.id, id)));
}
