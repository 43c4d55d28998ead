import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKeyWithSecret, createApiKeyBody } from '@zc/shared/api/api-keys';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { apiKeysKey } from './get-api-keys';

export type CreateApiKeyInput = z.input<typeof createApiKeyBody>;

/** POST merchant/api-key: the answer carries the secret once. */
export async function createApiKey(body: CreateApiKeyInput): Promise<ApiKeyWithSecret> {
  return (await apiRequest<DataResponse<ApiKeyWithSecret>>('merchant/api-key', { method: 'POST', body: { service: 'ZNS', ...body } })).data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
