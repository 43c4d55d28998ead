import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { apiKeyActionParams, apiKeyActionResult } from '@zc/shared/api/api-keys';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { apiKeysKey } from './get-api-keys';

export type ApiKeyAction = z.infer<typeof apiKeyActionParams>['type'];
export type ApiKeyActionResult = z.infer<typeof apiKeyActionResult>;

/** POST merchant/api-key/{id}/{type} {service, otp}: ROTATE answers the new secret once. */
export async function applyApiKeyAction({ id, type, otp }: { id: string; type: ApiKeyAction; otp: string }): Promise<ApiKeyActionResult> {
  return (await apiRequest<DataResponse<ApiKeyActionResult>>(`merchant/api-key/${encodeURIComponent(id)}/${type}`, { method: 'POST', body: { service: 'ZNS', otp } })).data;
}

export function useApiKeyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyApiKeyAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
