import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEAM_LIST_SIZE, type Team } from '@zc/shared/api/teams';
import { apiGet, type ListResponse } from '../../../lib/api-client';

/** What team mutations invalidate: lists, details, quotas, members, my teams (and other features' team options). */
export const teamsKey = ['teams'] as const;

/** GET merchant/team-manager/list with page 1 size 999 (§7): the tenant's teams, default first, with abilities. */
export async function getTeams(tenantId: string, signal?: AbortSignal): Promise<ListResponse<Team>> {
  return apiGet<ListResponse<Team>>('merchant/team-manager/list', { page: 1, size: TEAM_LIST_SIZE }, { tenantId, signal });
}

export function teamsQueryOptions(tenantId: string, enabled = true) {
  return queryOptions({
    queryKey: [...teamsKey, 'list', tenantId],
    queryFn: ({ signal }) => getTeams(tenantId, signal),
    enabled: enabled && Boolean(tenantId),
    staleTime: 30_000,
  });
}

export function useTeams(tenantId: string, enabled = true) {
  return useQuery(teamsQueryOptions(tenantId, enabled));
}
