/** §6 Team roles. */
export const TEAM_ROLES = ['MEMBER', 'LEADER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
