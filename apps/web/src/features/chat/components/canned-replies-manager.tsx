// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';

export function CannedRepliesManager(_props: { tenantId: string }) {
  return null;
}
