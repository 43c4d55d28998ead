import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@zc/shared/api/api-keys';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getApiKeysQueryOptions } from './get-api-keys';

export type ApiKeyAction = 'ACTIVE' | 'INACTIVE' | 'ROTATE';
export type ApiKeyActionResult = ApiKey & { secret?: string };

/** POST merchant/api-key/{id}/{type} {service, otp}: ROTATE answers the new secret once. */
export async function applyApiKeyAction({ id, type, otp }: { id: string; type: ApiKeyAction; otp: string }): Promise<ApiKeyActionResult> {
  return (await apiRequest<DataResponse<ApiKeyActionResult>>(`merchant/api-key/${encodeURIComponent(id)}/${type}`, { method: 'POST', body: { service: 'ZNS', otp } })).data;
}

export function useApiKeyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyApiKeyAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
