import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '@zc/shared/api/webhooks';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY, type WebhookPatch } from './types';

/** PUT merchant/webhook/{id}. */
export async function updateWebhook({ id, ...body }: WebhookPatch & { id: string }): Promise<Webhook> {
  return (await apiRequest<DataResponse<Webhook>>(`merchant/webhook/${encodeURIComponent(id)}`, { method: 'PUT', body })).data;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}
