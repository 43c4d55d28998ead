import { useQuery } from '@tanstack/react-query';
import type { AvailableMember } from '@zc/shared/api/teams';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** GET merchant/team-manager/available-members?teamId: people of the tenant not in the team. */
export async function getAvailableMembers(tenantId: string, teamId: string, signal?: AbortSignal): Promise<AvailableMember[]> {
  return (await apiGet<DataResponse<AvailableMember[]>>('merchant/team-manager/available-members', { teamId }, { tenantId, signal })).data;
}

export function useAvailableMembers(tenantId: string, teamId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...teamsKey, 'available', tenantId, teamId],
    queryFn: ({ signal }) => getAvailableMembers(tenantId, teamId ?? '', signal),
    enabled: enabled && Boolean(tenantId && teamId),
  });
}
