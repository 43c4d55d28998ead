// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';

export function ConversationList(_props: { tenantId: string; zaloOAId: string | undefined; selectedId: string | null; onSelect: (c: Conversation) => void }) {
  return null;
}
