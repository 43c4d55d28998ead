// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';

export function ConversationView(_props: { tenantId: string; conversation: Conversation; onQuote: (m: ChatMessage) => void }) {
  return null;
}
