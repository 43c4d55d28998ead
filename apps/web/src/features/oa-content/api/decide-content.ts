import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { oaContentKey } from './types';

/** PATCH merchant/oa-content/approved/{id} {comment, approval}: the next approver approves or rejects (§4, §5 note required). */
export async function decideContent({ tenantId, id, comment, approval }: { tenantId: string; id: string; comment: string; approval: boolean }): Promise<void> {
  await apiRequest(`merchant/oa-content/approved/${encodeURIComponent(id)}`, { method: 'PATCH', body: { comment, approval }, tenantId });
}

export function useDecideContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideContent, onSuccess: () => queryClient.invalidateQueries({ queryKey: oaContentKey }) });
}
