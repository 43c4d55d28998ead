import { useCallback, useEffect, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ChatAssignmentFilter, ChatFilter, ChatMessage, ChatReaction, Conversation, ConversationStatus } from '@zc/shared/api/chat';
import { CHAT_LIMITS } from '@zc/shared/api/chat';
import { ApiError, apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/**
 * The inbox's server state (issue 15): the conversation list (cursor pages), one conversation, its
 * messages (pages going back in time), and the calls the conversation view makes (read, retry,
 * react, delete a note). Every chat query lives under ['chat', …] so one invalidation reaches them all.
 */
export const chatKeys = {
  all: ['chat'] as const,
  lists: (tenantId: string) => ['chat', 'conversations', tenantId] as const,
  conversation: (tenantId: string, id: string | null) => ['chat', 'conversation', tenantId, id] as const,
  messages: (tenantId: string, id: string) => ['chat', 'messages', tenantId, id] as const,
};

export interface ConversationFilters {
  zaloOAId?: string;
  filter: ChatFilter;
  assignment: ChatAssignmentFilter;
  teamId?: string;
  status: ConversationStatus | 'ALL';
  q: string;
}

interface CursorPage<T> {
  data: T[];
  meta: { nextCursor: string | null };
}
export type MessagePage = CursorPage<ChatMessage> & { meta: { nextCursor: string | null; importing: boolean } };

const CONVERSATION_PAGE = 30;
const base = (id: string) => `merchant/chat/conversations/${encodeURIComponent(id)}`;

/** Calls `fn` at most once per `ms` (the first at once, the last of a burst at the end of the window). */
function useThrottled(fn: () => void, ms: number): () => void {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      latest.current();
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      latest.current();
    }, wait);
  }, [ms]);
}

/** GET merchant/chat/conversations: by last activity, cursor pages appended as the list scrolls. */
export function useConversationList(tenantId: string, filters: ConversationFilters) {
  return useInfiniteQuery({
    queryKey: [...chatKeys.lists(tenantId), filters],
    queryFn: ({ pageParam, signal }) =>
      apiGet<CursorPage<Conversation>>(
        'merchant/chat/conversations',
        {
          zaloOAId: filters.zaloOAId,
          filter: filters.filter,
          assignment: filters.assignment,
          teamId: filters.assignment === 'team' ? filters.teamId : undefined,
          status: filters.status,
          q: filters.q.trim() || undefined,
          cursor: pageParam,
          size: CONVERSATION_PAGE,
        },
        { tenantId, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    enabled: Boolean(tenantId) && (filters.assignment !== 'team' || Boolean(filters.teamId)),
  });
}

/** New messages, reads and assignments of this tenant refresh the shown lists (at most once a second). */
export function useLiveConversationList(tenantId: string): void {
  const queryClient = useQueryClient();
  const refresh = useThrottled(() => void queryClient.invalidateQueries({ queryKey: chatKeys.lists(tenantId) }), 1000);
  useRealtimeEvent(['chat.message', 'chat.conversation_changed'], (event) => {
    if (tenantId && event.tenantId === tenantId) refresh();
  });
  useRealtimeResync(() => refresh());
}

/** One conversation (the deep link `conversationId`); null id: none. Follows its changes live. */
export function useConversation(tenantId: string, id: string | null) {
  const queryClient = useQueryClient();
  const key = chatKeys.conversation(tenantId, id);
  const refresh = useThrottled(() => void queryClient.invalidateQueries({ queryKey: key }), 500);
  useRealtimeEvent(['chat.conversation_changed', 'chat.message'], (event) => {
    if (!id || event.tenantId !== tenantId || event.data.conversationId !== id) return;
    // A follower's message moves the customer-service window; the OA's own do not change the header.
    if ('direction' in event.data && event.data.direction !== 'IN') return;
    refresh();
  });
  useRealtimeResync(() => {
    if (id) refresh();
  });
  return useQuery<Conversation | null>({
    queryKey: key,
    queryFn: async ({ signal }) => (id ? (await apiGet<DataResponse<Conversation>>(base(id), undefined, { tenantId, signal })).data : null),
    enabled: Boolean(tenantId && id),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}

/** GET …/messages: the newest page first; `fetchNextPage` reads older messages (scrolling up). */
export function useMessages(tenantId: string, conversationId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(tenantId, conversationId),
    queryFn: ({ pageParam, signal }) => apiGet<MessagePage>(`${base(conversationId)}/messages`, { before: pageParam, size: CHAT_LIMITS.page }, { tenantId, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    enabled: Boolean(tenantId && conversationId),
    // While Zalo's history is being imported the first page says so: look again shortly.
    refetchInterval: (query) => (query.state.data?.pages[0]?.meta.importing ? 2000 : false),
  });
}

/** The loaded pages as one list, oldest first. */
export function flattenMessages(data: InfiniteData<MessagePage> | undefined): ChatMessage[] {
  if (!data) return [];
  const out: ChatMessage[] = [];
  for (const page of [...data.pages].reverse()) out.push(...page.data);
  const seen = new Set<string>();
  return out.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}

/** Replaces one message in the cached pages (an answer to retry or react) without waiting for the refetch. */
function putMessage(queryClient: QueryClient, tenantId: string, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<MessagePage>>(chatKeys.messages(tenantId, message.conversationId), (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((m) => (m.id === message.id ? message : m)) })) } : old,
  );
}

/** This conversation's messages follow `chat.message` live (stored, state changed, reaction), and a deleted note goes away. */
export function useLiveMessages(tenantId: string, conversationId: string, onIncoming: () => void): void {
  const queryClient = useQueryClient();
  const refresh = useThrottled(() => void queryClient.invalidateQueries({ queryKey: chatKeys.messages(tenantId, conversationId) }), 300);
  useRealtimeEvent(['chat.message', 'chat.conversation_changed'], (event) => {
    if (event.tenantId !== tenantId || event.data.conversationId !== conversationId) return;
    // Of the conversation's changes only a note's deletion changes the messages shown (a note written comes as chat.message).
    if ('fields' in event.data) {
      if (event.data.fields.includes('notes')) refresh();
      return;
    }
    refresh();
    if (event.data.direction === 'IN') onIncoming();
  });
  useRealtimeResync(() => refresh());
}

/** POST …/read: unread back to 0 (announced to the other browsers by the server). */
export function useMarkRead(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DataResponse<Conversation>>(`${base(id)}/read`, { method: 'POST', tenantId }),
    onSuccess: (res) => {
      queryClient.setQueryData(chatKeys.conversation(tenantId, res.data.id), res.data);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(tenantId) });
    },
  });
}

/** POST …/messages/{id}/retry: a FAILED OUT message goes back to the outbox. */
export function useRetryMessage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: ChatMessage) => apiRequest<DataResponse<ChatMessage>>(`${base(m.conversationId)}/messages/${encodeURIComponent(m.id)}/retry`, { method: 'POST', tenantId }),
    onSuccess: (res) => putMessage(queryClient, tenantId, res.data),
  });
}

/** POST …/messages/{id}/react with one of the eight codes (`/-remove` takes it back). */
export function useReactMessage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, icon }: { message: ChatMessage; icon: ChatReaction }) =>
      apiRequest<DataResponse<ChatMessage>>(`${base(message.conversationId)}/messages/${encodeURIComponent(message.id)}/react`, { method: 'POST', tenantId, body: { icon } }),
    onSuccess: (res) => putMessage(queryClient, tenantId, res.data),
  });
}

/** DELETE …/notes/{id}: an internal note goes away. */
export function useDeleteNote(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: ChatMessage) => apiRequest<DataResponse<{ ok: true }>>(`${base(m.conversationId)}/notes/${encodeURIComponent(m.id)}`, { method: 'DELETE', tenantId }),
    onSuccess: (_res, m) => {
      queryClient.setQueryData<InfiniteData<MessagePage>>(chatKeys.messages(tenantId, m.conversationId), (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.filter((x) => x.id !== m.id) })) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(tenantId) });
    },
  });
}
