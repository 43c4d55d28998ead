// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';

export function ConversationHeader(_props: { tenantId: string; conversation: Conversation; onBack?: () => void; onTogglePanel: () => void }) {
  return null;
}
