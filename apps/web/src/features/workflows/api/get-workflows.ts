import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalWorkflow } from '@zc/shared/api/approvals';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export type { ApprovalWorkflow } from '@zc/shared/api/approvals';

/** What saving or deleting a workflow invalidates: every tenant's and team's workflows. */
export const workflowsKey = ['approval-workflows'] as const;

/** GET merchant/approval-workflow (?teamId=): one entry per reviewable kind, with its ordered approvers. */
export async function getWorkflows(tenantId: string, teamId: string | null, signal?: AbortSignal): Promise<ApprovalWorkflow[]> {
  return (await apiGet<DataResponse<ApprovalWorkflow[]>>('merchant/approval-workflow', { teamId }, { tenantId, signal })).data;
}

export function workflowsQueryOptions(tenantId: string, teamId: string | null) {
  return queryOptions({
    queryKey: [...workflowsKey, tenantId, teamId],
    queryFn: ({ signal }) => getWorkflows(tenantId, teamId, signal),
    enabled: Boolean(tenantId),
  });
}

export function useWorkflows(tenantId: string, teamId: string | null) {
  return useQuery(workflowsQueryOptions(tenantId, teamId));
}
