// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';

export function Composer(_props: { tenantId: string; conversation: Conversation; quote: ChatMessage | null; onClearQuote: () => void }) {
  return null;
}
