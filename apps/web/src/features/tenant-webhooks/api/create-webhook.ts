import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY, type WebhookInput, type WebhookWithSecret } from './types';

/** POST merchant/webhook: the signing secret is answered once. */
export async function createWebhook(body: WebhookInput): Promise<WebhookWithSecret> {
  return (await apiRequest<DataResponse<WebhookWithSecret>>('merchant/webhook', { method: 'POST', body })).data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}
