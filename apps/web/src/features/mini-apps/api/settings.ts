import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZmaSettings } from '@zc/shared/api/zma-apps';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';

export const zmaSettingsKey = (appId: string) => ['zma-settings', appId] as const;

/** GET zma/merchant/settings (VIEW_ZMA_SETING) of the app of x-zma-id. */
export function useZmaSettings(appId: string) {
  return useQuery({ queryKey: zmaSettingsKey(appId), queryFn: async ({ signal }) => (await apiGet<DataResponse<ZmaSettings>>('zma/merchant/settings', undefined, { signal })).data });
}

/** PUT zma/merchant/settings (UPDATE_ZMA_SETTING). */
export function useSaveZmaSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ZmaSettings) => (await apiRequest<DataResponse<ZmaSettings>>('zma/merchant/settings', { method: 'PUT', body })).data,
    onSuccess: (data) => queryClient.setQueryData(zmaSettingsKey(appId), data),
  });
}
