import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrgChart, OrgChartMember } from '@zc/shared/api/user-groups';
import { MERCHANT_ROLE_PERMISSIONS, ORGANISATION_WIDE_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { TeamRole } from '@zc/shared/api/teams';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers, merchants, tenants } from '../../db/schema/organisation';
import { teamMembers, teams } from '../../db/schema/teams';
import { tenantMembers, userGroups } from '../../db/schema/user-groups';
import { findMerchantRole } from '../../platform/access';
import { AppError, notFound } from '../../platform/errors';

const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

/** Whether an organisation role may read the chart: VIEW_TENANT or VIEW_USER (§6). */
export function canViewOrgChart(role: MerchantRole): boolean {
  const held = MERCHANT_ROLE_PERMISSIONS[role];
  return held.includes('VIEW_TENANT') || held.includes('VIEW_USER');
}

/**
 * GET merchant/merchant/get-org-chart/{id}: the organisation → its tenants → their teams → members,
 * each member with their merchant role, tenant group and team role. A tenant without teams lists
 * its members directly; in a tenant with teams, members in no team are listed under the tenant.
 * OWNER and ADMIN see every tenant; other roles the tenants they are members of (as everywhere).
 * Not a member of the organisation → 404; a member whose role holds neither permission → 403.
 */
export async function getOrgChart(db: DbOrTx, userId: string, merchantId: string): Promise<OrgChart> {
  const role = await findMerchantRole(db, userId, merchantId);
  if (!role) throw notFound();
  if (!canViewOrgChart(role)) throw new AppError('FORBIDDEN');
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound();

  const people = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName, avatar: users.avatar, role: merchantMembers.role })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .where(eq(merchantMembers.merchantId, merchantId))
    .orderBy(asc(users.displayName), asc(users.email));
  const byId = new Map(people.map((p) => [p.id, p]));

  const wide = ORGANISATION_WIDE_ROLES.includes(role);
  let tenantRows = await db.select().from(tenants).where(eq(tenants.merchantId, merchantId)).orderBy(asc(tenants.createdAt), asc(tenants.id));
  if (!wide) {
    const mine = new Set(
      (await db.select({ id: tenantMembers.tenantId }).from(tenantMembers).where(eq(tenantMembers.userId, userId))).map((r) => r.id),
    );
    tenantRows = tenantRows.filter((t) => mine.has(t.id));
  }
  const tenantIds = tenantRows.map((t) => t.id);
  const memberships = tenantIds.length
    ? await db
        .select({ tenantId: tenantMembers.tenantId, userId: tenantMembers.userId, groupId: userGroups.id, groupName: userGroups.name })
        .from(tenantMembers)
        .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
        .where(inArray(tenantMembers.tenantId, tenantIds))
    : [];
  const teamRows = tenantIds.length ? await db.select().from(teams).where(inArray(teams.tenantId, tenantIds)).orderBy(asc(teams.createdAt), asc(teams.name)) : [];
  const teamMemberRows = teamRows.length
    ? await db
        .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, role: teamMembers.role })
        .from(teamMembers)
        .where(and(inArray(teamMembers.teamId, teamRows.map((t) => t.id)), inArray(teamMembers.tenantId, tenantIds)))
    : [];

  const groupOf = new Map(memberships.map((m) => [`${m.tenantId}:${m.userId}`, m.groupId && m.groupName ? { id: m.groupId, name: m.groupName } : null]));
  const member = (userId: string, tenantId: string | null, teamRole: TeamRole | null): OrgChartMember | null => {
    const p = byId.get(userId);
    if (!p) return null;
    return {
      id: p.id,
      email: p.email,
      displayName: p.displayName,
      avatar: fileUrl(p.avatar),
      roleMerchant: p.role as MerchantRole,
      userGroup: tenantId ? (groupOf.get(`${tenantId}:${userId}`) ?? null) : null,
      teamRole,
    };
  };
  const present = (list: Array<OrgChartMember | null>) => list.filter((m): m is OrgChartMember => m !== null);
  const leaderRank = (m: { teamRole: TeamRole | null }) => (m.teamRole === 'LEADER' ? 0 : 1);

  return {
    id: merchant.id,
    name: merchant.name,
    avatar: fileUrl(merchant.avatar),
    leaders: present(people.filter((p) => ORGANISATION_WIDE_ROLES.includes(p.role as MerchantRole)).map((p) => member(p.id, null, null))),
    tenants: tenantRows.map((t) => {
      const tenantTeams = teamRows.filter((team) => team.tenantId === t.id);
      const inTeam = new Set(teamMemberRows.filter((tm) => tenantTeams.some((team) => team.id === tm.teamId)).map((tm) => tm.userId));
      return {
        id: t.id,
        name: t.name,
        avatar: fileUrl(t.avatar),
        teams: tenantTeams.map((team) => ({
          id: team.id,
          name: team.name,
          avatar: fileUrl(team.avatar),
          isDefault: team.isDefault,
          members: present(teamMemberRows.filter((tm) => tm.teamId === team.id).map((tm) => member(tm.userId, t.id, tm.role))).sort((a, b) => leaderRank(a) - leaderRank(b)),
        })),
        members: present(memberships.filter((m) => m.tenantId === t.id && !inTeam.has(m.userId)).map((m) => member(m.userId, t.id, null))),
      };
    }),
  };
}
