import { and, asc, desc, eq, ilike, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ORGANISATION_WIDE_ROLES } from '@zc/shared/permissions';
import type { TeamQuotaModule, TeamRole } from '@zc/shared/api/teams';
import type { DbOrTx } from '../../db/client';
import { reviewTasks } from '../../db/schema/approvals';
import { users } from '../../db/schema/auth';
import { messageHistory } from '../../db/schema/messaging';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { teamDailyUsage, teamMembers, teams } from '../../db/schema/teams';
import { tenantMembers } from '../../db/schema/user-groups';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TeamRow = typeof teams.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the tenant's teams (default first, then by name) with member counts, and the total. */
export async function listTeams(db: DbOrTx, scope: TenantScope, q: { name?: string; limit: number; offset: number }) {
  const where = inTenant(scope, teams, q.name ? ilike(teams.name, `%${escapeLike(q.name)}%`) : undefined);
  const rows = await db
    .select({ team: teams, memberCount })
    .from(teams)
    .where(where)
    .orderBy(desc(teams.isDefault), asc(sql`lower(${teams.name})`), asc(teams.id))
    .limit(q.limit)
    .offset(q.offset);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(teams).where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function countTeams(db: DbOrTx, scope: TenantScope): Promise<number> {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(teams).where(inTenant(scope, teams));
  return c?.n ?? 0;
}

/** One team of the tenant (null for another tenant's id), locked when `lock`. */
export async function findTeam(db: DbOrTx, scope: TenantScope, id: string, lock = false): Promise<TeamRow | null> {
  const q = db.select().from(teams).where(inTenant(scope, teams, eq(teams.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findDefaultTeam(db: DbOrTx, scope: TenantScope): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(inTenant(scope, teams, eq(teams.isDefault, true)));
  return row ?? null;
}

/** Whether another team of the tenant has this name (names are unique per tenant, case-insensitively). */
export async function teamNameTaken(db: DbOrTx, scope: TenantScope, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(inTenant(scope, teams, sql`lower(${teams.name}) = lower(${name})`, exceptId ? sql`${teams.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

export async function insertTeam(db: DbOrTx, scope: TenantScope, values: Omit<typeof teams.$inferInsert, 'tenantId'>): Promise<TeamRow> {
  const [row] = await db.insert(teams).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

/** The tenant's default team, created when it has none (concurrent callers end with the same one). */
export async function ensureDefaultTeamRow(db: DbOrTx, scope: TenantScope, name: string, createdBy: string): Promise<{ team: TeamRow; created: boolean }> {
  const [row] = await db
    .insert(teams)
    .values({ tenantId: scopedTenantId(scope), name, isDefault: true, createdBy })
    .onConflictDoNothing({ target: teams.tenantId, where: sql`is_default` })
    .returning();
  if (row) return { team: row, created: true };
  const existing = await findDefaultTeam(db, scope);
  if (!existing) throw new Error('default team neither inserted nor found');
  return { team: existing, created: false };
}

export async function updateTeamRow(db: DbOrTx, scope: TenantScope, id: string, patch: Partial<Pick<TeamRow, 'name' | 'avatar' | 'znsDailyQuota' | 'oaDailyQuota'>>): Promise<TeamRow | null> {
  const [row] = await db.update(teams).set({ ...patch, updatedAt: new Date() }).where(inTenant(scope, teams, eq(teams.id, id))).returning();
  return row ?? null;
}

export async function deleteTeamRow(db: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await db.delete(teams).where(inTenant(scope, teams, eq(teams.id, id)));
}

/** Reviews still waiting for a decision that belong to the team (approvals owns them; read only). */
export async function countPendingReviews(db: DbOrTx, scope: TenantScope, teamId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewTasks)
    .where(inTenant(scope, reviewTasks, eq(reviewTasks.teamId, teamId), eq(reviewTasks.status, 'PENDING')));
  return c?.n ?? 0;
}

export async function findTeamMembers(db: DbOrTx, scope: TenantScope, teamId: string) {
  const rows = await db
    .select({ userId: users.id, email: users.email, displayName: users.displayName, avatar: users.avatar, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inTenant(scope, teamMembers, eq(teamMembers.teamId, teamId)))
    .orderBy(desc(teamMembers.role), asc(users.email));
  return rows.map((r) => ({ ...r, role: r.role as TeamRole }));
}

export async function countTeamMembers(db: DbOrTx, scope: TenantScope, teamId: string): Promise<number> {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(teamMembers).where(inTenant(scope, teamMembers, eq(teamMembers.teamId, teamId)));
  return c?.n ?? 0;
}

/**
 * The tenant's people (who may open it, as the access hook decides): members of its organisation
 * with an organisation-wide role, and its tenant members. Optionally limited to `userIds` or
 * leaving out a team's members.
 */
async function tenantPeople(db: DbOrTx, scope: TenantScope, opts: { userIds?: string[]; notInTeam?: string }) {
  const tenantId = scopedTenantId(scope);
  const conds: Array<SQL | undefined> = [
    sql`${merchantMembers.merchantId} = (select ${tenants.merchantId} from ${tenants} where ${tenants.id} = ${tenantId})`,
    or(inArray(merchantMembers.role, [...ORGANISATION_WIDE_ROLES]), isNotNull(tenantMembers.userId)),
    opts.userIds ? inArray(users.id, opts.userIds) : undefined,
    opts.notInTeam
      ? notInArray(users.id, db.select({ id: teamMembers.userId }).from(teamMembers).where(inTenant(scope, teamMembers, eq(teamMembers.teamId, opts.notInTeam))))
      : undefined,
  ];
  return db
    .select({ id: users.id, email: users.email, displayName: users.displayName, avatar: users.avatar })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, inTenant(scope, tenantMembers, eq(tenantMembers.userId, merchantMembers.userId)))
    .where(and(...conds))
    .orderBy(asc(users.email))
    .limit(2000);
}

/** Which of `userIds` are people of the tenant. */
export async function tenantPeopleIds(db: DbOrTx, scope: TenantScope, userIds: string[]): Promise<string[]> {
  return (await tenantPeople(db, scope, { userIds })).map((r) => r.id);
}

/** People of the tenant who are not in the team. */
export async function peopleOutsideTeam(db: DbOrTx, scope: TenantScope, teamId: string) {
  return tenantPeople(db, scope, { notInTeam: teamId });
}

export async function insertMembers(db: DbOrTx, scope: TenantScope, teamId: string, userIds: string[], role: TeamRole): Promise<string[]> {
  const rows = await db
    .insert(teamMembers)
    .values(userIds.map((userId) => ({ teamId, userId, role, tenantId: scopedTenantId(scope) })))
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return rows.map((r) => r.userId);
}

export async function deleteMembers(db: DbOrTx, scope: TenantScope, teamId: string, userIds: string[]): Promise<string[]> {
  const rows = await db
    .delete(teamMembers)
    .where(inTenant(scope, teamMembers, eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)))
    .returning({ userId: teamMembers.userId });
  return rows.map((r) => r.userId);
}

export async function findMemberRole(db: DbOrTx, scope: TenantScope, teamId: string, userId: string): Promise<TeamRole | null> {
  const [row] = await db.select({ role: teamMembers.role }).from(teamMembers).where(inTenant(scope, teamMembers, eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return (row?.role as TeamRole | undefined) ?? null;
}

export async function setMemberRole(db: DbOrTx, scope: TenantScope, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.update(teamMembers).set({ role }).where(inTenant(scope, teamMembers, eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** The user's teams in the tenant with their role. */
export async function findUserTeams(db: DbOrTx, scope: TenantScope, userId: string) {
  const rows = await db
    .select({ team: { id: teams.id, name: teams.name, avatar: teams.avatar, isDefault: teams.isDefault }, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inTenant(scope, teamMembers, eq(teamMembers.userId, userId)))
    .orderBy(desc(teams.isDefault), asc(sql`lower(${teams.name})`));
  return rows.map((r) => ({ team: r.team, role: r.role as TeamRole }));
}

/** What a team used on a day, per module. */
export async function findTeamUsage(db: DbOrTx, scope: TenantScope, teamId: string, day: string): Promise<Record<TeamQuotaModule, number>> {
  const rows = await db
    .select({ module: teamDailyUsage.module, used: teamDailyUsage.used })
    .from(teamDailyUsage)
    .where(inTenant(scope, teamDailyUsage, eq(teamDailyUsage.teamId, teamId), eq(teamDailyUsage.day, day)));
  const out: Record<TeamQuotaModule, number> = { ZNS: 0, OA: 0 };
  for (const r of rows) out[r.module as TeamQuotaModule] = r.used;
  return out;
}

/** Messages the tenant sent since `since` per module (message_history_list_idx), and the sum of its teams' caps. */
export async function findTenantTotals(db: DbOrTx, scope: TenantScope, since: Date) {
  const sent = await db
    .select({ module: messageHistory.module, n: sql<number>`count(*)::int` })
    .from(messageHistory)
    .where(inTenant(scope, messageHistory, inArray(messageHistory.module, ['ZNS', 'OA']), sql`${messageHistory.createdAt} >= ${since.toISOString()}::timestamptz`))
    .groupBy(messageHistory.module);
  const [caps] = await db
    .select({ zns: sql<number>`coalesce(sum(${teams.znsDailyQuota}), 0)::int`, oa: sql<number>`coalesce(sum(${teams.oaDailyQuota}), 0)::int` })
    .from(teams)
    .where(inTenant(scope, teams));
  const used = (m: string) => sent.find((s) => s.module === m)?.n ?? 0;
  return { zns: { used: used('ZNS'), allocated: caps?.zns ?? 0 }, oa: { used: used('OA'), allocated: caps?.oa ?? 0 } };
}

/** Names of the tenant's teams among `ids`. */
export async function findTeamNames(db: DbOrTx, scope: TenantScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: teams.id, name: teams.name }).from(teams).where(inTenant(scope, teams, inArray(teams.id, [...ids])));
}
