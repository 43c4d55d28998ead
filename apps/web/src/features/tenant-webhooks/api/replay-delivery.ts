import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@zc/shared/api/webhooks';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './types';

/** POST merchant/webhook/deliveries/{id}/replay: queues a finished delivery again. */
export async function replayDelivery(id: string): Promise<WebhookDelivery> {
  return (await apiRequest<DataResponse<WebhookDelivery>>(`merchant/webhook/deliveries/${encodeURIComponent(id)}/replay`, { method: 'POST' })).data;
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replayDelivery, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}
