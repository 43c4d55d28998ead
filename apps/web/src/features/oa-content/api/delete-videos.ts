import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { oaVideosKey } from './types';

/** PATCH merchant/oa-content/video/update {ids}: removes these uploads (keys) from the picker (§2.9 delete with confirmation). */
export async function deleteVideos({ tenantId, ids }: { tenantId: string; ids: string[] }): Promise<void> {
  await apiRequest('merchant/oa-content/video/update', { method: 'PATCH', body: { ids }, tenantId });
}

export function useDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVideos, onSuccess: () => queryClient.invalidateQueries({ queryKey: oaVideosKey }) });
}
