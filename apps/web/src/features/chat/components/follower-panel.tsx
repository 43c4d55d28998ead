// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';

export function FollowerPanel(_props: { tenantId: string; conversation: Conversation }) {
  return null;
}
