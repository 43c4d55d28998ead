import { DEFAULT_TEAM_NAME } from '@zc/shared/api/teams';

/**
 * A team's name as shown: the default team keeps the server's DEFAULT_TEAM_NAME until someone renames
 * it, and is shown in the console's language (`defaultName` of the teams namespace) until then.
 */
export function teamDisplayName(team: { name: string; isDefault: boolean }, t: (key: 'defaultName') => string): string {
  return team.isDefault && team.name === DEFAULT_TEAM_NAME ? t('defaultName') : team.name;
}
