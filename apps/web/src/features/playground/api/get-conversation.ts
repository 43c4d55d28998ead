import { useQuery } from '@tanstack/react-query';
import type { PlaygroundConversationMessage } from '@zc/shared/api/playground';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET uid/conversation-playground {apiKeyId, uid}: the latest messages between the key's OA and the follower, newest first. */
export async function getPlaygroundConversation(tenantId: string, apiKeyId: string, uid: string): Promise<PlaygroundConversationMessage[]> {
  return (await apiGet<DataResponse<PlaygroundConversationMessage[]>>('uid/conversation-playground', { apiKeyId, uid }, { tenantId })).data;
}

/** The messages a quote can refer to; asked only with a key and a well-formed user id. */
export function usePlaygroundConversation(tenantId: string, apiKeyId: string | undefined, uid: string) {
  return useQuery({
    queryKey: ['playground', 'conversation', tenantId, apiKeyId ?? '', uid],
    queryFn: () => getPlaygroundConversation(tenantId, apiKeyId ?? '', uid),
    enabled: Boolean(tenantId && apiKeyId && /^\d{1,32}$/.test(uid)),
    staleTime: 10_000,
  });
}
