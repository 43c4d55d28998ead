import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { oaContentKey } from './types';

/** DELETE merchant/oa-content/{id}: drafts, or any non-approved item with the delete permission (§6, §8). */
export async function deleteContent({ tenantId, id }: { tenantId: string; id: string }): Promise<void> {
  await apiRequest(`merchant/oa-content/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteContent, onSuccess: () => queryClient.invalidateQueries({ queryKey: oaContentKey }) });
}
