import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@zc/shared/api/webhooks';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './types';

/** POST merchant/webhook/{id}/test: one signed webhook.test attempt, answered with its logged delivery. */
export async function testWebhook(id: string): Promise<WebhookDelivery> {
  return (await apiRequest<DataResponse<WebhookDelivery>>(`merchant/webhook/${encodeURIComponent(id)}/test`, { method: 'POST' })).data;
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}
