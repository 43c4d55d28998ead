import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OaMessage } from '@zc/shared/api/messaging';
import { apiRequest } from '../../../lib/api-client';

export interface PlaygroundSendInput {
  messageData: OaMessage;
  apiKeyId: string;
  uidTypeId: string;
  uid: string;
}

/** POST uid/send-message-playground {messageData, apiKeyId, uidTypeId, uid}: 202 with the history row. */
export async function sendPlayground(body: PlaygroundSendInput): Promise<{ id: string; trackingId: string; status: string }> {
  return (await apiRequest<{ data: { id: string; trackingId: string; status: string } }>('uid/send-message-playground', { method: 'POST', body })).data;
}

export function useSendPlayground() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendPlayground, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['history', 'OA'] }) });
}
