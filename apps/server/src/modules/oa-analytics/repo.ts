import { eq, sql } from 'drizzle-orm';
import { OA_STAT_FIELDS, type OaStatField, type StatisticPeriod } from '@zc/shared/api/oa-analytics';
import type { DbOrTx } from '../../db/client';
import { messageHistory } from '../../db/schema/messaging';
import { oaStatsDaily, oaStatsHourly } from '../../db/schema/oa-analytics';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';

export type Increments = Partial<Record<OaStatField, number>>;

/** Asia/Ho_Chi_Minh is UTC+7 all year (no DST). */
const VN_OFFSET_MS = 7 * 3_600_000;

/**
 * Adds `inc` to the OA's counters of the hour starting at `hour` and of its day in Asia/Ho_Chi_Minh:
 * both upserts in one statement (one round trip on the ingest path).
 */
export async function addToHour(db: DbOrTx, key: { tenantId: string; zaloOaId: string; hour: Date }, inc: Increments): Promise<void> {
  const entries = Object.entries(inc).filter(([, n]) => n) as Array<[OaStatField, number]>;
  if (entries.length === 0) return;
  const day = new Date(key.hour.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
  const cols = sql.raw(entries.map(([f]) => `"${COLUMN[f]}"`).join(', '));
  const vals = sql.join(entries.map(([, n]) => sql`${n}::int`), sql`, `);
  const hourSet = sql.raw(entries.map(([f]) => `"${COLUMN[f]}" = oa_stats_hourly."${COLUMN[f]}" + excluded."${COLUMN[f]}"`).join(', '));
  const daySet = sql.raw(entries.map(([f]) => `"${COLUMN[f]}" = oa_stats_daily."${COLUMN[f]}" + excluded."${COLUMN[f]}"`).join(', '));
  await db.execute(sql`
    with h as (
      insert into oa_stats_hourly (tenant_id, zalo_oa_id, hour, ${cols}) values (${key.tenantId}::uuid, ${key.zaloOaId}::uuid, ${key.hour.toISOString()}::timestamptz, ${vals})
      on conflict (tenant_id, zalo_oa_id, hour) do update set ${hourSet}
    )
    insert into oa_stats_daily (tenant_id, zalo_oa_id, day, ${cols}) values (${key.tenantId}::uuid, ${key.zaloOaId}::uuid, ${day}::date, ${vals})
    on conflict (tenant_id, zalo_oa_id, day) do update set ${daySet}`);
}

/** SQL column of each counter (the same in both rollups). */
const COLUMN = Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, oaStatsHourly[f].name])) as Record<OaStatField, string>;

/**
 * A user message at `at`: opens a new session when the user's previous message is `gapMs` or more
 * before it (or there is none), else extends the open one (a late retry changes nothing). One
 * statement; answers whether a session was opened.
 */
export async function touchSession(db: DbOrTx, zaloOaId: string, userId: string, at: Date, gapMs: number): Promise<boolean> {
  const gap = sql.raw(`interval '${Math.round(gapMs / 1000)} seconds'`);
  const res = (await db.execute(sql`
    insert into oa_chat_sessions as s (zalo_oa_id, user_id, started_at, last_user_message_at, replied)
    values (${zaloOaId}::uuid, ${userId}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, false)
    on conflict (zalo_oa_id, user_id) do update set
      started_at = case when excluded.started_at - s.last_user_message_at >= ${gap} then excluded.started_at else s.started_at end,
      replied = case when excluded.started_at - s.last_user_message_at >= ${gap} then false else s.replied end,
      last_user_message_at = greatest(s.last_user_message_at, excluded.last_user_message_at)
    returning (s.started_at = ${at.toISOString()}::timestamptz) as opened`)) as unknown as { rows: Array<{ opened: boolean }> };
  return Boolean(res.rows[0]?.opened);
}

/** The OA wrote to the user at `at`: marks the open, unreplied session replied; answers when it started (null: none). */
export async function replySession(db: DbOrTx, zaloOaId: string, userId: string, at: Date, gapMs: number): Promise<Date | null> {
  const gap = sql.raw(`interval '${Math.round(gapMs / 1000)} seconds'`);
  const res = (await db.execute(sql`
    update oa_chat_sessions set replied = true
    where zalo_oa_id = ${zaloOaId}::uuid and user_id = ${userId} and not replied
      and started_at <= ${at.toISOString()}::timestamptz and ${at.toISOString()}::timestamptz < last_user_message_at + ${gap}
    returning started_at::text as started_at`)) as unknown as { rows: Array<{ started_at: string }> };
  const s = res.rows[0]?.started_at;
  return s ? new Date(s) : null;
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

/** One row of a batched rollup write: an OA's counters of one hour (already summed per hour). */
export interface HourIncrements {
  tenantId: string;
  zaloOaId: string;
  hour: Date;
  inc: Increments;
}

/**
 * The batched form of `addToHour`: every hour's increments and their days in Asia/Ho_Chi_Minh in ONE
 * statement (rows summed per key first: one upsert cannot touch a row twice; sorted so concurrent
 * writers lock rows in the same order).
 */
export async function addToHours(db: DbOrTx, rows: readonly HourIncrements[]): Promise<void> {
  const hours = new Map<string, { tenantId: string; zaloOaId: string; at: string; inc: Record<OaStatField, number> }>();
  const days = new Map<string, { tenantId: string; zaloOaId: string; at: string; inc: Record<OaStatField, number> }>();
  const add = (m: typeof hours, tenantId: string, zaloOaId: string, at: string, inc: Increments) => {
    const k = `${tenantId}|${zaloOaId}|${at}`;
    const r = m.get(k) ?? { tenantId, zaloOaId, at, inc: Object.fromEntries(OA_STAT_FIELDS.map((f) => [f, 0])) as Record<OaStatField, number> };
    for (const f of OA_STAT_FIELDS) r.inc[f] += inc[f] ?? 0;
    m.set(k, r);
  };
  for (const r of rows) {
    if (!OA_STAT_FIELDS.some((f) => inc(r.inc, f))) continue;
    add(hours, r.tenantId, r.zaloOaId, r.hour.toISOString(), r.inc);
    add(days, r.tenantId, r.zaloOaId, new Date(r.hour.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10), r.inc);
  }
  if (hours.size === 0) return;
  const sorted = (m: typeof hours) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const cols = sql.raw(OA_STAT_FIELDS.map((f) => `"${COLUMN[f]}"`).join(', '));
  const values = (m: typeof hours, cast: string) =>
    sql.join(
      sorted(m).map((r) => sql`(${r.tenantId}::uuid, ${r.zaloOaId}::uuid, ${sql.raw(`'${r.at}'::${cast}`)}, ${sql.join(OA_STAT_FIELDS.map((f) => sql`${r.inc[f]}::int`), sql`, `)})`),
      sql`, `,
    );
  const set = (table: string) => sql.raw(OA_STAT_FIELDS.map((f) => `"${COLUMN[f]}" = ${table}."${COLUMN[f]}" + excluded."${COLUMN[f]}"`).join(', '));
  await db.execute(sql`
    with h as (
      insert into oa_stats_hourly (tenant_id, zalo_oa_id, hour, ${cols}) values ${values(hours, 'timestamptz')}
      on conflict (tenant_id, zalo_oa_id, hour) do update set ${set('oa_stats_hourly')}
    )
    insert into oa_stats_daily (tenant_id, zalo_oa_id, day, ${cols}) values ${values(days, 'date')}
    on conflict (tenant_id, zalo_oa_id, day) do update set ${set('oa_stats_daily')}`);
}

const inc = (i: Increments, f: OaStatField): number => i[f] ?? 0;

/** A user's chat session row (`oa_chat_sessions`), as the batched rollup reads and writes it. */
export interface ChatSessionRow {
  zaloOaId: string;
  userId: string;
  startedAt: number;
  lastUserMessageAt: number;
  replied: boolean;
}

/** Reads and locks (for update) the chat sessions of the given (OA, user) pairs. */
export async function lockSessions(db: DbOrTx, pairs: ReadonlyArray<{ zaloOaId: string; userId: string }>): Promise<ChatSessionRow[]> {
  if (pairs.length === 0) return [];
  const list = sql.join(
    pairs.map((p) => sql`(${p.zaloOaId}::uuid, ${p.userId}::text)`),
    sql`, `,
  );
  const res = (await db.execute(sql`
    select zalo_oa_id::text as zalo_oa_id, user_id, (extract(epoch from started_at) * 1000)::float8 as started_at,
      (extract(epoch from last_user_message_at) * 1000)::float8 as last_at, replied
    from oa_chat_sessions where (zalo_oa_id, user_id) in (${list})
    order by zalo_oa_id, user_id for update`)) as unknown as { rows: Array<{ zalo_oa_id: string; user_id: string; started_at: number | string; last_at: number | string; replied: boolean }> };
  return res.rows.map((r) => ({ zaloOaId: r.zalo_oa_id, userId: r.user_id, startedAt: Math.round(Number(r.started_at)), lastUserMessageAt: Math.round(Number(r.last_at)), replied: r.replied }));
}

/** Writes the chat sessions back (one upsert; rows locked by `lockSessions` or new). */
export async function saveSessions(db: DbOrTx, rows: readonly ChatSessionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.zaloOaId}::uuid, ${r.userId}::text, ${new Date(r.startedAt).toISOString()}::timestamptz, ${new Date(r.lastUserMessageAt).toISOString()}::timestamptz, ${r.replied}::boolean)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into oa_chat_sessions (zalo_oa_id, user_id, started_at, last_user_message_at, replied) values ${values}
    on conflict (zalo_oa_id, user_id) do update set started_at = excluded.started_at, last_user_message_at = excluded.last_user_message_at, replied = excluded.replied`);
}
