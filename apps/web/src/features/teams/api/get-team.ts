import { useQuery } from '@tanstack/react-query';
import type { TeamDetail } from '@zc/shared/api/teams';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** GET merchant/team-manager/{id}: the team with its members and roles. */
export async function getTeam(tenantId: string, id: string, signal?: AbortSignal): Promise<TeamDetail> {
  return (await apiGet<DataResponse<TeamDetail>>(`merchant/team-manager/${id}`, undefined, { tenantId, signal })).data;
}

export function useTeam(tenantId: string, id: string | null) {
  return useQuery({
    queryKey: [...teamsKey, 'detail', tenantId, id],
    queryFn: ({ signal }) => getTeam(tenantId, id ?? '', signal),
    enabled: Boolean(tenantId && id),
  });
}
