import { useQuery } from '@tanstack/react-query';
import type { TeamQuota } from '@zc/shared/api/teams';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** GET merchant/team-manager/quota/{id}: the team's share today and the tenant's totals. */
export async function getTeamQuota(tenantId: string, id: string, signal?: AbortSignal): Promise<TeamQuota> {
  return (await apiGet<DataResponse<TeamQuota>>(`merchant/team-manager/quota/${id}`, undefined, { tenantId, signal })).data;
}

export function useTeamQuota(tenantId: string, id: string | null) {
  return useQuery({
    queryKey: [...teamsKey, 'quota', tenantId, id],
    queryFn: ({ signal }) => getTeamQuota(tenantId, id ?? '', signal),
    enabled: Boolean(tenantId && id),
  });
}
