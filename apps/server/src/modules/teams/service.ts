import { DEFAULT_TEAM_NAME, type MyTeam, type TeamQuota, type TeamRole } from '@zc/shared/api/teams';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError, notFound, uniqueConflict } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { RecordAudit } from '../../platform/mutation';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { clearTeamOfKeys } from '../api-keys/service';
import { canCreateTeam, canDeleteTeam, canManageTeamMembers, canUpdateTeam, canUploadTeamAvatar } from './policy';
import { presentTeam, presentTeamDetail, teamAuditView } from './presenter';
import { quotaDay, quotaDayStart } from './quota';
import {
  countPendingReviews,
  countTeamMembers,
  deleteMembers,
  deleteTeamRow,
  ensureDefaultTeamRow,
  findDefaultTeam,
  findMemberRole,
  findTeam,
  findTeamMembers,
  findTeamNames,
  findTeamUsage,
  findTenantTotals,
  findUserTeams,
  insertMembers,
  insertTeam,
  listTeams,
  peopleOutsideTeam,
  setMemberRole,
  teamNameTaken,
  tenantPeopleIds,
  updateTeamRow,
  type TeamRow,
} from './repo';

export { quotaDay, withTeamQuota, returnTeamQuotaUnits, takeTeamQuotaUnits, teamQuotaLeft, type TeamQuotaClaim } from './quota';

const nameTaken = () => new AppError('TEAM_NAME_TAKEN', undefined, { fields: [{ path: 'name', code: 'taken', message: 'A team with this name already exists' }] });

async function announce(tx: Tx, scope: TenantScope, teamId: string): Promise<void> {
  await emitEvent(tx, { type: 'team.changed', tenantId: scopedTenantId(scope), data: { teamId } });
}

async function lockedTeam(tx: Tx, scope: TenantScope, id: string): Promise<TeamRow> {
  const team = await findTeam(tx, scope, id, true);
  if (!team) throw notFound();
  return team;
}

/** A unique violation on the name index answers TEAM_NAME_TAKEN (two creates racing past the check). */
async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueConflict(err)?.constraint === 'teams_tenant_name_key') throw nameTaken();
    throw err;
  }
}

/** The tenant's teams as answered (GET list; the web asks page 1 size 999, §7). */
export async function findTeams(db: DbOrTx, actor: Actor, scope: TenantScope, q: { name?: string; limit: number; offset: number }) {
  const r = await listTeams(db, scope, q);
  return { total: r.total, rows: r.rows.map((x) => presentTeam(actor, x.team, x.memberCount)) };
}

export async function getTeam(db: DbOrTx, actor: Actor, scope: TenantScope, id: string) {
  const team = await findTeam(db, scope, id);
  if (!team) throw notFound();
  return presentTeamDetail(actor, team, await findTeamMembers(db, scope, team.id));
}

/**
 * Creates a team. A tenant's default team is created with its first team (in the same transaction,
 * named DEFAULT_TEAM_NAME, shown by its isDefault tag): until a tenant creates a team it works as
 * one team, and every member without a team belongs to the default one from then on.
 */
export async function createTeam(
  tx: Tx,
  actor: Actor,
  scope: TenantScope,
  input: { name: string; avatar?: string | null; znsDailyQuota?: number | null; oaDailyQuota?: number | null },
  record: RecordAudit,
) {
  if (!canCreateTeam(actor)) throw new AppError('FORBIDDEN');
  const fallback = await ensureDefaultTeamRow(tx, scope, DEFAULT_TEAM_NAME, actor.userId);
  if (fallback.created) await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: fallback.team.id, after: teamAuditView(fallback.team) });
  if (await teamNameTaken(tx, scope, input.name)) throw nameTaken();
  const row = await guardName(() =>
    insertTeam(tx, scope, { name: input.name, avatar: input.avatar ?? null, znsDailyQuota: input.znsDailyQuota ?? null, oaDailyQuota: input.oaDailyQuota ?? null, createdBy: actor.userId }),
  );
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: row.id, after: teamAuditView(row) });
  await announce(tx, scope, row.id);
  return presentTeam(actor, row, 0);
}

/** Renames the team, changes its avatar or its daily quotas (null: no cap). */
export async function updateTeam(
  tx: Tx,
  actor: Actor,
  scope: TenantScope,
  id: string,
  input: { name?: string; avatar?: string | null; znsDailyQuota?: number | null; oaDailyQuota?: number | null },
  record: RecordAudit,
) {
  const before = await lockedTeam(tx, scope, id);
  if (!canUpdateTeam(actor)) throw new AppError('FORBIDDEN');
  if (input.name !== undefined && (await teamNameTaken(tx, scope, input.name, before.id))) throw nameTaken();
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const after = await guardName(() => updateTeamRow(tx, scope, before.id, patch));
  if (!after) throw notFound();
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: after.id, before: teamAuditView(before), after: teamAuditView(after) });
  await announce(tx, scope, after.id);
  return presentTeam(actor, after, await countTeamMembers(tx, scope, after.id));
}

/** Deletes a team: never the default one (409 TEAM_DEFAULT), nor one with reviews pending (409). Its keys lose their team. */
export async function deleteTeam(tx: Tx, actor: Actor, scope: TenantScope, id: string, record: RecordAudit) {
  const team = await lockedTeam(tx, scope, id);
  if (team.isDefault) throw new AppError('TEAM_DEFAULT');
  if (!canDeleteTeam(actor, team)) throw new AppError('FORBIDDEN');
  const pending = await countPendingReviews(tx, scope, team.id);
  if (pending > 0) throw new AppError('TEAM_HAS_PENDING_REVIEWS', undefined, { pending });
  const members = await findTeamMembers(tx, scope, team.id);
  await clearTeamOfKeys(tx, scope, team.id);
  await deleteTeamRow(tx, scope, team.id);
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: team.id, before: { ...teamAuditView(team), memberIds: members.map((m) => m.userId) } });
  await announce(tx, scope, team.id);
}

/** Adds people of the tenant to the team (422 when one is not; those already in keep their role). */
export async function addTeamMembers(tx: Tx, actor: Actor, scope: TenantScope, input: { teamId: string; userIds: string[]; role: TeamRole }, record: RecordAudit) {
  const team = await lockedTeam(tx, scope, input.teamId);
  if (!canManageTeamMembers(actor)) throw new AppError('FORBIDDEN');
  const wanted = [...new Set(input.userIds)];
  const people = new Set(await tenantPeopleIds(tx, scope, wanted));
  const outsiders = wanted.filter((u) => !people.has(u));
  if (outsiders.length > 0) {
    throw new AppError('TEAM_MEMBER_NOT_IN_TENANT', undefined, { fields: [{ path: 'userIds', code: 'not_in_tenant', message: `not members of the tenant: ${outsiders.join(', ')}` }] });
  }
  const added = await insertMembers(tx, scope, team.id, wanted, input.role);
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: team.id, after: { userIds: added, role: input.role } });
  await announce(tx, scope, team.id);
  return presentTeamDetail(actor, team, await findTeamMembers(tx, scope, team.id));
}

export async function removeTeamMembers(tx: Tx, actor: Actor, scope: TenantScope, input: { teamId: string; userIds: string[] }, record: RecordAudit) {
  const team = await lockedTeam(tx, scope, input.teamId);
  if (!canManageTeamMembers(actor)) throw new AppError('FORBIDDEN');
  const removed = await deleteMembers(tx, scope, team.id, [...new Set(input.userIds)]);
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: team.id, before: { userIds: removed } });
  await announce(tx, scope, team.id);
  return presentTeamDetail(actor, team, await findTeamMembers(tx, scope, team.id));
}

export async function updateTeamMemberRole(tx: Tx, actor: Actor, scope: TenantScope, input: { teamId: string; userId: string; role: TeamRole }, record: RecordAudit) {
  const team = await lockedTeam(tx, scope, input.teamId);
  if (!canManageTeamMembers(actor)) throw new AppError('FORBIDDEN');
  const before = await findMemberRole(tx, scope, team.id, input.userId);
  if (!before) throw fieldError('userId', 'Not a member of this team', 'not_found');
  await setMemberRole(tx, scope, team.id, input.userId, input.role);
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: team.id, before: { userId: input.userId, role: before }, after: { userId: input.userId, role: input.role } });
  await announce(tx, scope, team.id);
  return presentTeamDetail(actor, team, await findTeamMembers(tx, scope, team.id));
}

/** People of the tenant who are not in the team (404 for another tenant's team). */
export async function availableTeamMembers(db: DbOrTx, scope: TenantScope, teamId: string) {
  const team = await findTeam(db, scope, teamId);
  if (!team) throw notFound();
  return peopleOutsideTeam(db, scope, team.id);
}

/** §3 My team: the caller's teams with their role; a member of no team belongs to the default team (as MEMBER). */
export async function myTeams(db: DbOrTx, scope: TenantScope, userId: string): Promise<MyTeam[]> {
  const mine = await findUserTeams(db, scope, userId);
  if (mine.length > 0) return mine;
  const fallback = await findDefaultTeam(db, scope);
  return fallback ? [{ team: { id: fallback.id, name: fallback.name, avatar: fallback.avatar, isDefault: true }, role: 'MEMBER' }] : [];
}

/**
 * Records an uploaded avatar: with `teamId` it becomes that team's avatar (update permission);
 * without, it is kept for a team about to be created (the create dialog sends it as `avatar`).
 */
export async function recordTeamAvatar(tx: Tx, actor: Actor, scope: TenantScope, input: { teamId: string | null; avatar: string }, record: RecordAudit) {
  if (!canUploadTeamAvatar(actor)) throw new AppError('FORBIDDEN');
  if (!input.teamId) {
    await record({ tenantId: scopedTenantId(scope), targetType: 'team_avatar', targetId: input.avatar, after: { avatar: input.avatar } });
    return { avatar: input.avatar, team: null };
  }
  const before = await lockedTeam(tx, scope, input.teamId);
  if (!canUpdateTeam(actor)) throw new AppError('FORBIDDEN');
  const after = await updateTeamRow(tx, scope, before.id, { avatar: input.avatar });
  if (!after) throw notFound();
  await record({ tenantId: scopedTenantId(scope), targetType: 'team', targetId: after.id, before: { avatar: before.avatar }, after: { avatar: after.avatar } });
  await announce(tx, scope, after.id);
  return { avatar: input.avatar, team: presentTeam(actor, after, await countTeamMembers(tx, scope, after.id)) };
}

/** GET quota/{id}: the team's caps, what it used today (Asia/Ho_Chi_Minh) and what is left, with the tenant's totals. */
export async function teamQuota(db: DbOrTx, scope: TenantScope, id: string, now = new Date()): Promise<TeamQuota> {
  const team = await findTeam(db, scope, id);
  if (!team) throw notFound();
  const day = quotaDay(now);
  const used = await findTeamUsage(db, scope, team.id, day);
  const share = (limit: number | null, n: number) => ({ limit, used: n, remain: limit === null ? null : Math.max(0, limit - n) });
  return {
    teamId: team.id,
    day,
    zns: share(team.znsDailyQuota, used.ZNS),
    oa: share(team.oaDailyQuota, used.OA),
    tenant: await findTenantTotals(db, scope, quotaDayStart(day)),
  };
}

/** The name of each of the tenant's teams among `ids` (the reports' labels). */
export async function teamNames(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await findTeamNames(db, scope, ids)).map((r) => [r.id, r.name]));
}
