import { z } from 'zod';
import { abilities, isoDate, pageQuery, safeText } from './common';

/** §6 Team roles. */
export const TEAM_ROLES = ['MEMBER', 'LEADER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The modules a team's daily quota counts (messages per Asia/Ho_Chi_Minh day). */
export const TEAM_QUOTA_MODULES = ['ZNS', 'OA'] as const;
export type TeamQuotaModule = (typeof TEAM_QUOTA_MODULES)[number];

/** The time zone whose calendar day a team's daily quota counts. */
export const TEAM_QUOTA_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** §7 "List and my-team fetches use page 1 size 999". */
export const TEAM_LIST_SIZE = 999;

/** Name given to the default team a tenant gets with its first team (shown translated by its isDefault tag). */
export const DEFAULT_TEAM_NAME = 'Default';

/** An uploaded avatar as `upload-avatar` answers it: a file URL of this server. */
export const teamAvatarUrl = z.string().regex(/^\/api\/files\/[a-f0-9]{40}\.(jpg|png)$/, 'must be a URL answered by upload-avatar');

const teamName = safeText(z.string().trim().min(1).max(100));
/** Messages per day; null: no cap of the team's own. */
const dailyQuota = z.number().int().min(0).max(100_000_000).nullable();

export const teamListQuery = pageQuery.extend({
  name: safeText(z.string().trim().max(100)).optional(),
});

export const createTeamBody = z.strictObject({
  name: teamName,
  avatar: teamAvatarUrl.nullable().optional(),
  znsDailyQuota: dailyQuota.optional(),
  oaDailyQuota: dailyQuota.optional(),
});
export type CreateTeamBody = z.infer<typeof createTeamBody>;

export const updateTeamBody = z.strictObject({
  name: teamName.optional(),
  avatar: teamAvatarUrl.nullable().optional(),
  znsDailyQuota: dailyQuota.optional(),
  oaDailyQuota: dailyQuota.optional(),
});
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

export const addTeamMembersBody = z.strictObject({
  teamId: z.uuid(),
  userIds: z.array(z.uuid()).min(1).max(500),
  role: z.enum(TEAM_ROLES).default('MEMBER'),
});
export const removeTeamMembersBody = z.strictObject({
  teamId: z.uuid(),
  userIds: z.array(z.uuid()).min(1).max(500),
});
export const updateTeamMemberRoleBody = z.strictObject({
  teamId: z.uuid(),
  userId: z.uuid(),
  role: z.enum(TEAM_ROLES),
});
export const availableMembersQuery = z.strictObject({ teamId: z.uuid() });

/** §3 Team with its member count and what the caller may do with it. */
export const team = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  isDefault: z.boolean(),
  znsDailyQuota: z.number().int().nullable(),
  oaDailyQuota: z.number().int().nullable(),
  memberCount: z.number().int(),
  createdAt: isoDate,
  /** update (name, avatar, quota), delete (never the default team), manageMembers (§6 UPDATE_TEAM_MEMBER). */
  abilities: abilities(['update', 'delete', 'manageMembers']),
});
export type Team = z.infer<typeof team>;

export const teamMember = z.object({
  userId: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamDetail = team.extend({ members: z.array(teamMember) });
export type TeamDetail = z.infer<typeof teamDetail>;

/** §3 My team: the team plus the caller's role in it. */
export const myTeam = z.object({
  team: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable(), isDefault: z.boolean() }),
  role: z.enum(TEAM_ROLES),
});
export type MyTeam = z.infer<typeof myTeam>;

export const availableMember = z.object({ id: z.uuid(), email: z.string(), displayName: z.string(), avatar: z.string().nullable() });
export type AvailableMember = z.infer<typeof availableMember>;

export const uploadedTeamAvatar = z.object({ avatar: z.string(), team: team.nullable() });

const share = z.object({
  /** null: no cap of the team's own. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  /** null when there is no cap. */
  remain: z.number().int().nullable(),
});
const tenantTotal = z.object({
  /** Messages the whole tenant sent today. */
  used: z.number().int(),
  /** Sum of the tenant's teams' caps (teams without a cap are not counted). */
  allocated: z.number().int(),
});

/** GET quota/{id}: the team's share today (Asia/Ho_Chi_Minh) and the tenant's totals. */
export const teamQuota = z.object({
  teamId: z.uuid(),
  day: z.string().describe('YYYY-MM-DD in Asia/Ho_Chi_Minh'),
  zns: share,
  oa: share,
  tenant: z.object({ zns: tenantTotal, oa: tenantTotal }),
});
export type TeamQuota = z.infer<typeof teamQuota>;
