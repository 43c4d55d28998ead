import type { Team, TeamDetail, TeamMember } from '@zc/shared/api/teams';
import type { Actor } from '../../platform/policy';
import { teamAbilities } from './policy';
import type { TeamRow } from './repo';

/** Team row → the fields recorded in audit entries (no abilities). */
export function teamAuditView(t: TeamRow) {
  return { id: t.id, name: t.name, avatar: t.avatar, isDefault: t.isDefault, znsDailyQuota: t.znsDailyQuota, oaDailyQuota: t.oaDailyQuota };
}

/** Team row → §3 Team as answered, with its member count and what the actor may do with it. */
export function presentTeam(actor: Actor, t: TeamRow, memberCount: number): Team {
  return { ...teamAuditView(t), memberCount, createdAt: t.createdAt.toISOString(), abilities: teamAbilities(actor, t) };
}

export function presentTeamDetail(actor: Actor, t: TeamRow, members: TeamMember[]): TeamDetail {
  return { ...presentTeam(actor, t, members.length), members };
}
