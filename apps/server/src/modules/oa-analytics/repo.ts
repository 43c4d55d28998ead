import { and, eq, sql } from 'drizzle-orm';
import { OA_STAT_FIELDS, STAT_TIME_ZONE, type OaStatField, type StatisticPeriod } from '@zc/shared/api/oa-analytics';
import type { DbOrTx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { oaChatSessions, oaStatsHourly } from '../../db/schema/oa-analytics';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

export type Increments = Partial<Record<OaStatField, number>>;

/** Adds `inc` to the OA's counters of the hour starting at `hour` (one upsert). */
export async function addToHour(db: DbOrTx, key: { tenantId: string; zaloOaId: string; hour: Date }, inc: Increments): Promise<void> {
  const entries = Object.entries(inc).filter(([, n]) => n) as Array<[OaStatField, number]>;
  if (entries.length === 0) return;
  const set = Object.fromEntries(entries.map(([f, n]) => [f, sql`${oaStatsHourly[f]} + ${n}`]));
  await db
    .insert(oaStatsHourly)
    .values({ ...key, ...Object.fromEntries(entries) })
    .onConflictDoUpdate({ target: [oaStatsHourly.tenantId, oaStatsHourly.zaloOaId, oaStatsHourly.hour], set });
}

export type SessionRow = typeof oaChatSessions.$inferSelect;

/** The user's session row with this OA, locked until the end of the transaction. */
export async function lockSession(db: DbOrTx, zaloOaId: string, userId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(oaChatSessions).where(and(eq(oaChatSessions.zaloOaId, zaloOaId), eq(oaChatSessions.userId, userId))).for('update');
  return row;
}

/** Starts a new session (replacing the user's previous one) or extends the open one. */
export async function saveSession(db: DbOrTx, row: SessionRow): Promise<void> {
  await db
    .insert(oaChatSessions)
    .values(row)
    .onConflictDoUpdate({ target: [oaChatSessions.zaloOaId, oaChatSessions.userId], set: { startedAt: row.startedAt, lastUserMessageAt: row.lastUserMessageAt, replied: row.replied } });
}

/** The OA message row a `message.status_changed` event names (its OA, recipient and tenant). */
export async function findOaMessage(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({ tenantId: messageHistory.tenantId, zaloOaId: messageHistory.zaloOaId, uid: messageHistory.uid, module: messageHistory.module })
    .from(messageHistory)
    .where(eq(messageHistory.id, messageId));
  return row;
}

/** Whether the OA belongs to the scope's tenant. */
export async function oaInTenant(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<boolean> {
  const [row] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return Boolean(row);
}

const UNIT: Record<StatisticPeriod, string> = { HOURLY: 'hour', DAILY: 'day', MONTHLY: 'month' };
const LABEL: Record<StatisticPeriod, string> = { HOURLY: 'YYYY-MM-DD"T"HH24:00', DAILY: 'YYYY-MM-DD', MONTHLY: 'YYYY-MM' };

/**
 * Sums of the hourly rows over [start, end) per bucket of `period` (cut in Asia/Ho_Chi_Minh), for one
 * OA or all of the tenant's. Only non-empty buckets are answered; the service fills the gaps.
 */
export async function sumBuckets(db: DbOrTx, scope: TenantScope, q: { zaloOaId?: string; start: Date; end: Date; period: StatisticPeriod }) {
  const local = sql`(${oaStatsHourly.hour} at time zone ${sql.raw(`'${STAT_TIME_ZONE}'`)})`;
  const bucket = sql`to_char(date_trunc(${sql.raw(`'${UNIT[q.period]}'`)}, ${local}), ${sql.raw(`'${LABEL[q.period]}'`)})`;
  const sums = Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, sql<number>`coalesce(sum(${oaStatsHourly[f]}), 0)::int`])) as Record<OaStatField, ReturnType<typeof sql<number>>>;
  const where = inTenant(
    scope,
    oaStatsHourly,
    q.zaloOaId ? eq(oaStatsHourly.zaloOaId, q.zaloOaId) : undefined,
    sql`${oaStatsHourly.hour} >= ${q.start.toISOString()}::timestamptz`,
    sql`${oaStatsHourly.hour} < ${q.end.toISOString()}::timestamptz`,
  );
  return db
    .select({ time: sql<string>`${bucket}`.as('time'), ...sums })
    .from(oaStatsHourly)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

