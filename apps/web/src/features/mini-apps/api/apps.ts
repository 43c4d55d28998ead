import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMiniAppBody, MiniApp, UpdateMiniAppBody } from '@zc/shared/api/zma-apps';
import { apiRequest, type DataResponse } from '../../../lib/api-client';

/** Every mini-app list and `me` query (a change of an app refreshes both). */
const refreshKeys = [['zma-apps'], ['zma-me']] as const;

function useRefreshing<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(refreshKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST zma/merchant/mini-app (UPDATE_ZMA_SETTING): 409 ZMA_APP_ID_TAKEN names zaloAppId. */
export function useCreateMiniApp(tenantId: string) {
  return useRefreshing(async (body: CreateMiniAppBody) => (await apiRequest<DataResponse<MiniApp>>('zma/merchant/mini-app', { method: 'POST', body, tenantId })).data);
}

/** PATCH zma/merchant/mini-app/{id}: name, logo, OA, status, or `appSecret` to rotate the secret. */
export function useUpdateMiniApp(tenantId: string) {
  return useRefreshing(
    async ({ id, body }: { id: string; body: UpdateMiniAppBody }) =>
      (await apiRequest<DataResponse<MiniApp>>(`zma/merchant/mini-app/${encodeURIComponent(id)}`, { method: 'PATCH', body, tenantId })).data,
  );
}

export function useDeleteMiniApp(tenantId: string) {
  return useRefreshing(async (id: string) => {
    await apiRequest<unknown>(`zma/merchant/mini-app/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
  });
}

/** POST zma/merchant/mini-app/logo (multipart `file`, jpg/png ≤ 2 MB) → the stored logo's address. */
export async function uploadMiniAppLogo(file: File, tenantId: string): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiRequest<DataResponse<{ url: string }>>('zma/merchant/mini-app/logo', { method: 'POST', body: form, tenantId })).data.url;
}
