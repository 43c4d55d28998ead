import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@zc/shared/api/chat';

/** One conversation (the deep link `conversationId`); null id: none. */
export function useConversation(tenantId: string, id: string | null) {
  return useQuery<Conversation | null>({ queryKey: ['chat', 'conversation', tenantId, id], queryFn: () => Promise.resolve(null), enabled: Boolean(id) });
}
