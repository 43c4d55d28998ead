import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyWithSecret } from '@zc/shared/api/api-keys';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getApiKeysQueryOptions } from './get-api-keys';

export interface CreateApiKeyInput {
  name: string;
  zaloOAId: string;
}

/** POST merchant/api-key: the answer carries the secret once. */
export async function createApiKey(body: CreateApiKeyInput): Promise<ApiKeyWithSecret> {
  return (await apiRequest<DataResponse<ApiKeyWithSecret>>('merchant/api-key', { method: 'POST', body: { ...body, service: 'ZNS' } })).data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
