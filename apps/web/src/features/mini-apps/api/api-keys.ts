import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZmaApiKey, ZmaApiKeyWithSecret } from '@zc/shared/api/zma-apps';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';

const base = (appId: string) => `zma/merchant/mini-app/${encodeURIComponent(appId)}/api-keys`;
export const zmaApiKeysKey = (appId: string) => ['zma-api-keys', appId] as const;

/** GET …/mini-app/{id}/api-keys (VIEW_ZMA_SETING). */
export function useZmaApiKeys(tenantId: string, appId: string | null) {
  return useQuery({
    queryKey: zmaApiKeysKey(appId ?? ''),
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ZmaApiKey[]>>(base(appId ?? ''), undefined, { tenantId, signal })).data,
    enabled: Boolean(appId),
  });
}

/** POST …/api-keys `{ name }`: the answer carries the secret once. */
export function useCreateZmaApiKey(tenantId: string, appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await apiRequest<DataResponse<ZmaApiKeyWithSecret>>(base(appId), { method: 'POST', body: { name }, tenantId })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zmaApiKeysKey(appId) }),
  });
}

/** DELETE …/api-keys/{keyId}: revokes the key. */
export function useRevokeZmaApiKey(tenantId: string, appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: string) => {
      await apiRequest<unknown>(`${base(appId)}/${encodeURIComponent(keyId)}`, { method: 'DELETE', tenantId });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zmaApiKeysKey(appId) }),
  });
}
