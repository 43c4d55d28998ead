import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskUser } from '@zc/shared/api/approvals';
import { apiGet } from '../../../lib/api-client';

/** A person who may be named as an approver: someone who can open the tenant. */
export type ApproverCandidate = TaskUser;

/** GET merchant/approval-workflow/candidates: the people a workflow may name (VIEW_APPROVAL_WORK_FLOW). */
export async function getApproverCandidates(tenantId: string, signal?: AbortSignal): Promise<ApproverCandidate[]> {
  const res = await apiGet<{ data: ApproverCandidate[] }>('merchant/approval-workflow/candidates', undefined, { tenantId, signal });
  return res.data;
}

/** Not retried: if the call fails the editor says so and keeps the current approvers. */
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
