import { and, eq, sql } from 'drizzle-orm';
import { OA_STAT_FIELDS, type OaStatField, type StatisticPeriod } from '@zc/shared/api/oa-analytics';
import type { DbOrTx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { oaChatSessions, oaStatsDaily, oaStatsHourly } from '../../db/schema/oa-analytics';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

export type Increments = Partial<Record<OaStatField, number>>;

/** Asia/Ho_Chi_Minh is UTC+7 all year (no DST). */
const VN_OFFSET_MS = 7 * 3_600_000;

/** Adds `inc` to the OA's counters of the hour starting at `hour` and of its day in Asia/Ho_Chi_Minh (two upserts). */
export async function addToHour(db: DbOrTx, key: { tenantId: string; zaloOaId: string; hour: Date }, inc: Increments): Promise<void> {
  const entries = Object.entries(inc).filter(([, n]) => n) as Array<[OaStatField, number]>;
  if (entries.length === 0) return;
  const values = Object.fromEntries(entries);
  await db
    .insert(oaStatsHourly)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [oaStatsHourly.tenantId, oaStatsHourly.zaloOaId, oaStatsHourly.hour], set: Object.fromEntries(entries.map(([f, n]) => [f, sql`${oaStatsHourly[f]} + ${n}`])) });
  const day = new Date(key.hour.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
  await db
    .insert(oaStatsDaily)
    .values({ tenantId: key.tenantId, zaloOaId: key.zaloOaId, day, ...values })
    .onConflictDoUpdate({ target: [oaStatsDaily.tenantId, oaStatsDaily.zaloOaId, oaStatsDaily.day], set: Object.fromEntries(entries.map(([f, n]) => [f, sql`${oaStatsDaily[f]} + ${n}`])) });
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

/**
 * Sums per bucket of `period` over the days [fromDay, toDay] (Asia/Ho_Chi_Minh), for one OA or all of
 * the tenant's: HOURLY from the hourly rows (index-only), DAILY and MONTHLY from the daily rows. Only
 * non-empty buckets are answered; the service fills the gaps. Labels: YYYY-MM-DDTHH:00, YYYY-MM-DD, YYYY-MM.
 */
export async function sumBuckets(db: DbOrTx, scope: TenantScope, q: { zaloOaId?: string; fromDay: string; toDay: string; start: Date; end: Date; period: StatisticPeriod }) {
  if (q.period === 'HOURLY') {
    const t = oaStatsHourly;
    const sums = Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, sql<number>`sum(${t[f]})::int`])) as Record<OaStatField, ReturnType<typeof sql<number>>>;
    const label = sql<string>`to_char(${t.hour} + interval '7 hours', 'YYYY-MM-DD"T"HH24:00')`;
    return db
      .select({ time: label.as('time'), ...sums })
      .from(t)
      .where(inTenant(scope, t, sql`${t.hour} >= ${q.start.toISOString()}::timestamptz`, sql`${t.hour} < ${q.end.toISOString()}::timestamptz`, q.zaloOaId ? eq(t.zaloOaId, q.zaloOaId) : undefined))
      .groupBy(t.hour)
      .orderBy(t.hour);
  }
  const t = oaStatsDaily;
  const sums = Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, sql<number>`sum(${t[f]})::int`])) as Record<OaStatField, ReturnType<typeof sql<number>>>;
  const label = q.period === 'DAILY' ? sql<string>`to_char(${t.day}, 'YYYY-MM-DD')` : sql<string>`to_char(${t.day}, 'YYYY-MM')`;
  return db
    .select({ time: label.as('time'), ...sums })
    .from(t)
    .where(inTenant(scope, t, sql`${t.day} >= ${q.fromDay}::date`, sql`${t.day} <= ${q.toDay}::date`, q.zaloOaId ? eq(t.zaloOaId, q.zaloOaId) : undefined))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}
