import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { syncResult } from '@zc/shared/api/templates';
import { apiRequest, type DataResponse } from '../../../lib/api-client';

export type SyncResult = z.infer<typeof syncResult>;

/** POST merchant/template/sync (same as GET merchant/zalo-oa/sync-zns-templates): pulls every OA's templates from Zalo. */
export async function syncTemplates(): Promise<SyncResult> {
  return (await apiRequest<DataResponse<SyncResult>>('merchant/template/sync', { method: 'POST' })).data;
}

export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTemplates,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['templates'] }),
  });
}
