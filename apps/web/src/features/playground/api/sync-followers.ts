import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';

/** POST merchant/oa-user/sync {zaloOAId}: pulls the OA's followers from Zalo. */
export async function syncFollowers(zaloOAId: string): Promise<{ synced: number; total: number }> {
  return (await apiRequest<DataResponse<{ synced: number; total: number }>>('merchant/oa-user/sync', { method: 'POST', body: { zaloOAId } })).data;
}

export function useSyncFollowers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: syncFollowers, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['followers'] }) });
}
