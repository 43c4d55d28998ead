import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind, PutWorkflowBody } from '@zc/shared/api/approvals';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './get-workflows';

/** PUT merchant/approval-workflow {kind, teamId|null, approverIds in order}: replaces one kind's approvers. */
export async function saveWorkflow({ tenantId, body }: { tenantId: string; body: PutWorkflowBody }): Promise<void> {
  await apiRequest('merchant/approval-workflow', { method: 'PUT', body, tenantId });
}

/** DELETE merchant/approval-workflow/{kind} (?teamId=): the kind goes back to approved on submission. */
export async function deleteWorkflow({ tenantId, kind, teamId }: { tenantId: string; kind: ContentKind; teamId: string | null }): Promise<void> {
  await apiRequest(`merchant/approval-workflow/${encodeURIComponent(kind)}${teamId ? `?teamId=${encodeURIComponent(teamId)}` : ''}`, { method: 'DELETE', tenantId });
}

export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWorkflow, onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey }) });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWorkflow, onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey }) });
}
