import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FallbackView } from '@zc/shared/api/fallback';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getFallbackQueryOptions } from './get-fallback';
import type { FallbackInput } from './types';

/** PUT merchant/fallback: answers the saved settings with the catalogue. */
export async function updateFallback({ tenantId, ...body }: FallbackInput & { tenantId: string }): Promise<FallbackView> {
  return (await apiRequest<DataResponse<FallbackView>>('merchant/fallback', { method: 'PUT', body, tenantId })).data;
}

export function useUpdateFallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFallback,
    onSuccess: (view, { tenantId }) => queryClient.setQueryData(getFallbackQueryOptions(tenantId).queryKey, view),
  });
}
