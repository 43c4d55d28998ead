import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY, type WebhookWithSecret } from './types';

/** POST merchant/webhook/{id}/rotate-secret: the new secret is answered once. */
export async function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return (await apiRequest<DataResponse<WebhookWithSecret>>(`merchant/webhook/${encodeURIComponent(id)}/rotate-secret`, { method: 'POST' })).data;
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}
