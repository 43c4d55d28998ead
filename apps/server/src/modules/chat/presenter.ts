import type { CannedReply, ChatDirection, ChatMessage, ChatMessageKind, ChatMessageStatus, Conversation, ConversationStatus } from '@zc/shared/api/chat';
import { CHAT_WINDOW } from '@zc/shared/api/chat';
import type { chatCannedReplies, chatConversations, chatMessages } from '../../db/schema/chat';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type CannedReplyRow = typeof chatCannedReplies.$inferSelect;

/** A user as a conversation's assignee or a message's author. */
export interface ChatPerson {
  id: string;
  displayName: string;
  avatar: string | null;
}

/** What a conversation row needs from other tables to be shown. */
export interface ConversationJoins {
  oa: { id: string; name: string; avatar: string | null };
  assignee: ChatPerson | null;
  team: { id: string; name: string } | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const HOUR = 3_600_000;

/** The customer-service window from the follower's last message (REFERENCE §3.4): free 48 h, closed after 7 days. */
export function chatWindow(lastUserMessageAt: Date | null): Conversation['window'] {
  if (!lastUserMessageAt) return null;
  const t = lastUserMessageAt.getTime();
  return {
    freeUntil: new Date(t + CHAT_WINDOW.freeHours * HOUR).toISOString(),
    closesAt: new Date(t + CHAT_WINDOW.closeDays * 24 * HOUR).toISOString(),
  };
}

/** Conversation row → the inbox's conversation (last message, counters, window, assignee and team). */
export function presentConversation(row: ConversationRow, joins: ConversationJoins): Conversation {
  const lastMessage =
    row.lastMessageAt && row.lastMessageKind && row.lastMessageDirection
      ? {
          kind: row.lastMessageKind as ChatMessageKind,
          direction: row.lastMessageDirection as ChatDirection,
          preview: row.lastMessagePreview ?? '',
          at: row.lastMessageAt.toISOString(),
        }
      : null;
  const replied = row.lastUserMessageAt === null || (row.lastOaMessageAt !== null && row.lastOaMessageAt.getTime() >= row.lastUserMessageAt.getTime());
  return {
    id: row.id,
    zaloOAId: row.zaloOaId,
    zaloOA: joins.oa,
    userId: row.userId,
    followerId: row.followerId,
    displayName: row.displayName,
    avatar: row.avatar,
    phone: row.phone,
    lastMessage,
    lastMessageAt: iso(row.lastMessageAt),
    unreadCount: row.unreadCount,
    lastUserMessageAt: iso(row.lastUserMessageAt),
    replied,
    spam: row.spam,
    isGroup: row.isGroup,
    status: row.status as ConversationStatus,
    assignee: joins.assignee,
    team: joins.team,
    window: chatWindow(row.lastUserMessageAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Message row → the conversation's message; `author` is the agent of an OUT message or a NOTE (null otherwise). */
export function presentChatMessage(row: ChatMessageRow, author: ChatPerson | null): ChatMessage {
  const error =
    row.errorMessage !== null || row.errorCode !== null
      ? { code: row.errorCode, message: row.errorMessage ?? '', messageVi: row.errorMessageVi }
      : null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    zaloMsgId: row.zaloMsgId,
    direction: row.direction as ChatDirection,
    kind: row.kind as ChatMessageKind,
    text: row.text,
    payload: row.payload ?? null,
    quote: row.quoteZaloMsgId ? { zaloMsgId: row.quoteZaloMsgId, text: row.quoteText } : null,
    status: (row.status as ChatMessageStatus | null) ?? null,
    error,
    reactions: row.reactions ?? [],
    author,
    sentAt: row.sentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCannedReply(row: CannedReplyRow): CannedReply {
  return { id: row.id, shortcut: row.shortcut, text: row.text, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
