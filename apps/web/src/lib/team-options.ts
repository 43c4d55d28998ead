import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ListResponse } from './api-client';

/** A team as filters and selectors offer it (§3 Team). */
export interface TeamOption {
  id: string;
  name: string;
  isDefault: boolean;
}

/** GET merchant/team-manager/list (page 1, size 999 as §7 says): the tenant's teams for filters and selectors. */
export async function listTeamOptions(tenantId: string, signal?: AbortSignal): Promise<TeamOption[]> {
  const res = await apiGet<ListResponse<TeamOption>>('merchant/team-manager/list', { page: 1, size: 999 }, { tenantId, signal });
  return res.data.map(({ id, name, isDefault }) => ({ id, name, isDefault }));
}

/**
 * The tenant's teams, asked only for a multi-team tenant (`enabled`). A refused or failed call is
 * not retried: the caller hides its team filter instead of leaving the page.
 */
export function teamOptionsQueryOptions(tenantId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['teams', 'options', tenantId],
    queryFn: ({ signal }) => listTeamOptions(tenantId, signal),
    enabled: enabled && Boolean(tenantId),
    staleTime: 60_000,
    retry: false,
  });
}

export function useTeamOptions(tenantId: string, enabled: boolean) {
  return useQuery(teamOptionsQueryOptions(tenantId, enabled));
}
