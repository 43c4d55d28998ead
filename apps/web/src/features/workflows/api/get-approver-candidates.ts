import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantMember } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';

/** A person who may be named as an approver: a member of the tenant. */
export interface ApproverCandidate {
  id: string;
  displayName: string;
  email: string;
  avatar: string | null;
}

/** The most members the picker loads in one call (the server's page ceiling). */
const CANDIDATES_PAGE = 1000;

/** GET merchant/tenant/list-user-by-tenant: the tenant's members, the people a workflow may name. */
export async function getApproverCandidates(tenantId: string, signal?: AbortSignal): Promise<ApproverCandidate[]> {
  const res = await apiGet<ListResponse<TenantMember>>('merchant/tenant/list-user-by-tenant', { page: 1, size: CANDIDATES_PAGE }, { tenantId, signal });
  return res.data.map(({ id, displayName, email, avatar }) => ({ id, displayName, email, avatar }));
}

/** Not retried: without the members call (VIEW_USER_GROUPS) the editor says so and keeps the current approvers. */
export function useApproverCandidates(tenantId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['approval-workflows', 'candidates', tenantId],
      queryFn: ({ signal }) => getApproverCandidates(tenantId, signal),
      enabled: enabled && Boolean(tenantId),
      retry: false,
      staleTime: 60_000,
    }),
  );
}
