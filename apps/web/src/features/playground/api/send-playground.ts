import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sendAccepted } from '@zc/shared/api/messaging';
import type { playgroundSendBody } from '@zc/shared/api/playground';
import { apiRequest } from '../../../lib/api-client';

export type PlaygroundSendInput = z.input<typeof playgroundSendBody>;
type SendAccepted = z.infer<typeof sendAccepted>;

/** POST uid/send-message-playground {messageData, apiKeyId, uidTypeId, uid}: 202 with the history row. */
export async function sendPlayground(body: PlaygroundSendInput): Promise<SendAccepted['data']> {
  return (await apiRequest<SendAccepted>('uid/send-message-playground', { method: 'POST', body })).data;
}

export function useSendPlayground() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendPlayground, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['history', 'OA'] }) });
}
