import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKey } from './get-api-keys';

/** DELETE merchant/api-key/{id} {service, otp}. */
export async function deleteApiKey({ id, otp }: { id: string; otp: string }): Promise<void> {
  await apiRequest(`merchant/api-key/${encodeURIComponent(id)}`, { method: 'DELETE', body: { service: 'ZNS', otp } });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
