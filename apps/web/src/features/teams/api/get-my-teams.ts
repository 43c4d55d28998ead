import { useQuery } from '@tanstack/react-query';
import { type MyTeam } from '@zc/shared/api/teams';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** GET merchant/team-manager/user-teams (§3 My team): the caller's teams with their role. */
export async function getMyTeams(tenantId: string, signal?: AbortSignal): Promise<MyTeam[]> {
  return (await apiGet<DataResponse<MyTeam[]>>('merchant/team-manager/user-teams', undefined, { tenantId, signal })).data;
}

export function useMyTeams(tenantId: string) {
  return useQuery({ queryKey: [...teamsKey, 'mine', tenantId], queryFn: ({ signal }) => getMyTeams(tenantId, signal), enabled: Boolean(tenantId), staleTime: 60_000 });
}
