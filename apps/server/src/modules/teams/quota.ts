import { TEAM_QUOTA_TIME_ZONE, type TeamQuotaModule } from '@zc/shared/api/teams';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, RawSql, Tx } from '../../db/client';
import { teamDailyUsage } from '../../db/schema/teams';
import { AppError } from '../../platform/errors';

/**
 * Team daily quotas (issue 11 #6): the messages a team's API keys may send per day, per module.
 * The day is the calendar day in Asia/Ho_Chi_Minh (UTC+7 all year, no daylight saving).
 *
 * Enforcement on the public send path: a message sent under a key that belongs to a team with a cap
 * for its module first RESERVES one unit of the team's counter row (team_daily_usage: one row per
 * team, day and module) with one conditional upsert, which succeeds only while `used < limit`, so
 * concurrent sends can never pass the cap. A message that is then not written (refused by the
 * wallet, a replay of an earlier one, any error) gives its unit back. Keys without a team, or
 * teams without a cap, pay nothing: the cap is read with the key in the send context. A process
 * that dies between the reservation and the write loses that unit for the day (the count errs on
 * the side of the cap, never past it).
 */

const OFFSET_MS = 7 * 3600 * 1000;

/** YYYY-MM-DD of `at` in Asia/Ho_Chi_Minh. */
export function quotaDay(at: Date = new Date()): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Asia/Ho_Chi_Minh day `day` began. */
export function quotaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS);
}

export const QUOTA_TIME_ZONE = TEAM_QUOTA_TIME_ZONE;

export interface TeamQuotaClaim {
  teamId: string;
  tenantId: string;
  module: TeamQuotaModule;
  /** The team's cap for the module (messages per day). */
  limit: number;
  day: string;
}

const RESERVE_SQL = `
  insert into team_daily_usage (team_id, tenant_id, day, module, used) values ($1, $2, $3::date, $4, 1)
  on conflict (team_id, day, module) do update set used = team_daily_usage.used + 1 where team_daily_usage.used < $5
  returning used`;

const RELEASE_SQL = `update team_daily_usage set used = used - 1 where team_id = $1 and day = $2::date and module = $3 and used > 0`;

/** Takes one unit of the team's cap for today, or refuses the message (TEAM_QUOTA_EXCEEDED, 429). */
export async function reserveTeamQuota(raw: RawSql, claim: TeamQuotaClaim): Promise<void> {
  const refused = () =>
    new AppError('TEAM_QUOTA_EXCEEDED', undefined, { teamId: claim.teamId, module: claim.module, limit: claim.limit, day: claim.day });
  if (claim.limit <= 0) throw refused();
  const { rows } = await raw.query<{ used: number }>(RESERVE_SQL, [claim.teamId, claim.tenantId, claim.day, claim.module, claim.limit], { name: 'zc_team_quota_reserve' });
  if (rows.length === 0) throw refused();
}

/** Gives back a unit reserved for a message that was not written. */
export async function releaseTeamQuota(raw: RawSql, claim: TeamQuotaClaim): Promise<void> {
  await raw.query(RELEASE_SQL, [claim.teamId, claim.day, claim.module], { name: 'zc_team_quota_release' });
}

/**
 * Runs `send` under a reservation of the team's cap: no claim (no team, no cap) runs it as is; a
 * refused reservation throws before anything is written; a send that throws or only replays an
 * earlier message gives the unit back.
 */
export async function withTeamQuota<T extends { replayed: boolean }>(raw: RawSql, claim: TeamQuotaClaim | null, send: () => Promise<T>): Promise<T> {
  if (!claim) return send();
  await reserveTeamQuota(raw, claim);
  let result: T;
  try {
    result = await send();
  } catch (err) {
    await releaseTeamQuota(raw, claim);
    throw err;
  }
  if (result.replayed) await releaseTeamQuota(raw, claim);
  return result;
}

/** What is left of the team's cap for `day` (never below 0). */
export async function teamQuotaLeft(db: DbOrTx, claim: TeamQuotaClaim): Promise<number> {
  const [row] = await db.select({ used: teamDailyUsage.used }).from(teamDailyUsage).where(and(eq(teamDailyUsage.teamId, claim.teamId), eq(teamDailyUsage.day, claim.day), eq(teamDailyUsage.module, claim.module)));
  return Math.max(0, claim.limit - (row?.used ?? 0));
}

/**
 * Takes up to `wanted` units of the team's cap for `day` in the caller's transaction (campaign batches:
 * the batch, its messages and its units commit or roll back together) and answers how many it got
 * (0 when the day is used up). The counter row is locked by the upsert, so concurrent batches never pass the cap.
 */
export async function takeTeamQuotaUnits(tx: Tx, claim: TeamQuotaClaim, wanted: number): Promise<number> {
  if (wanted <= 0 || claim.limit <= 0) return 0;
  const r = (await tx.execute(sql`
    insert into team_daily_usage (team_id, tenant_id, day, module, used)
    values (${claim.teamId}::uuid, ${claim.tenantId}::uuid, ${claim.day}::date, ${claim.module}, 0)
    on conflict (team_id, day, module) do update set used = team_daily_usage.used
    returning used`)) as unknown as { rows: Array<{ used: number | string }> };
  const used = Number(r.rows[0]?.used ?? 0);
  const granted = Math.max(0, Math.min(wanted, claim.limit - used));
  if (granted > 0) {
    await tx.update(teamDailyUsage).set({ used: sql`${teamDailyUsage.used} + ${granted}` }).where(and(eq(teamDailyUsage.teamId, claim.teamId), eq(teamDailyUsage.day, claim.day), eq(teamDailyUsage.module, claim.module)));
  }
  return granted;
}

/** Gives back `units` taken by takeTeamQuotaUnits for messages that were not written. */
export async function returnTeamQuotaUnits(tx: Tx, claim: TeamQuotaClaim, units: number): Promise<void> {
  if (units <= 0) return;
  await tx
    .update(teamDailyUsage)
    .set({ used: sql`greatest(0, ${teamDailyUsage.used} - ${units})` })
    .where(and(eq(teamDailyUsage.teamId, claim.teamId), eq(teamDailyUsage.day, claim.day), eq(teamDailyUsage.module, claim.module)));
}
