import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CannedReply,
  ChatMessage,
  Conversation,
  chatPresence,
  chatUploadResult,
  followerTimelineItem,
  stickerCollection,
} from '@zc/shared/api/chat';
import type { OaMessage } from '@zc/shared/api/messaging';
import type { Follower, FollowerTagBody, FollowerTagOutcome, FollowerTagResult, ZaloCallResult, ZaloCallState } from '@zc/shared/api/followers';
import { apiGet, apiRequest, apiUpload, type DataResponse } from '../../../lib/api-client';
import { listTeamOptions, type TeamOption } from '../../../lib/team-options';
import { CHAT_LIMITS } from '@zc/shared/api/chat';
import { uploadProblem, uploadTypeOf, type UploadProblem } from '../components/composer-model';

export type ChatPresence = z.infer<typeof chatPresence>;
export type ChatUploadResult = z.infer<typeof chatUploadResult>;
export type FollowerTimelineItem = z.infer<typeof followerTimelineItem>;
export type StickerCollection = z.infer<typeof stickerCollection>;

/** Everything of the chat feature starts with 'chat': a mutation refreshes the conversation, its messages and the list. */
export const chatKey = ['chat'] as const;
const cannedKey = (tenantId: string) => [...chatKey, 'canned', tenantId] as const;
const conv = (id: string) => `merchant/chat/conversations/${id}`;

function useRefreshChat() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: chatKey });
}

/** Writes the answered conversation into the open one's cache at once, then refreshes the rest. */
function useConversationDone(tenantId: string) {
  const qc = useQueryClient();
  return (c: Conversation) => {
    qc.setQueryData(['chat', 'conversation', tenantId, c.id], c);
    void qc.invalidateQueries({ queryKey: chatKey });
  };
}

/** POST …/messages: one OA message; the browser's clientMessageId makes a repeat (double click, retry) answer the same message. */
export function useSendMessage(tenantId: string, conversationId: string) {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: async (body: { clientMessageId: string; message: OaMessage }) =>
      (await apiRequest<DataResponse<ChatMessage>>(`${conv(conversationId)}/messages`, { method: 'POST', body, tenantId })).data,
    onSuccess: refresh,
  });
}

/** POST …/notes: an internal note (followers never see it). */
export function useSendNote(tenantId: string, conversationId: string) {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: async (text: string) => (await apiRequest<DataResponse<ChatMessage>>(`${conv(conversationId)}/notes`, { method: 'POST', body: { text }, tenantId })).data,
    onSuccess: refresh,
  });
}

/** A file the browser refused before sending anything (the reason is translated by the caller). */
export class UploadRefused extends Error {
  readonly problem: UploadProblem;
  constructor(problem: UploadProblem) {
    super(problem);
    this.name = 'UploadRefused';
    this.problem = problem;
  }
}

/**
 * POST merchant/chat/upload (multipart file, zaloOAId, type) with progress. The type and size rules
 * are checked first: a refused file never leaves the browser. `send` is the transport (tests replace it).
 */
export async function uploadChatFile(
  tenantId: string,
  zaloOAId: string,
  file: File,
  onProgress: (percent: number) => void,
  send: typeof apiUpload = apiUpload,
  signal?: AbortSignal,
): Promise<ChatUploadResult> {
  const problem = uploadProblem(file);
  if (problem) throw new UploadRefused(problem);
  const type = uploadTypeOf(file);
  const form = new FormData();
  form.set('zaloOAId', zaloOAId);
  form.set('type', type ?? 'file');
  form.set('file', file);
  return (await send<DataResponse<ChatUploadResult>>('merchant/chat/upload', form, onProgress, { tenantId, signal })).data;
}

/** GET merchant/chat/sticker (§7: page 1, size 9999): asked when the picker first opens. */
export function useStickers(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...chatKey, 'stickers', tenantId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<StickerCollection[]>>('merchant/chat/sticker', { page: 1, size: 9999 }, { tenantId, signal })).data,
    enabled: enabled && Boolean(tenantId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCannedReplies(tenantId: string, enabled = true) {
  return useQuery({
    queryKey: cannedKey(tenantId),
    queryFn: async ({ signal }) => (await apiGet<DataResponse<CannedReply[]>>('merchant/chat/canned-replies', undefined, { tenantId, signal })).data,
    enabled: enabled && Boolean(tenantId),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSaveCannedReply(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: { shortcut: string; text: string } }) =>
      (await apiRequest<DataResponse<CannedReply>>(id ? `merchant/chat/canned-replies/${id}` : 'merchant/chat/canned-replies', { method: id ? 'PATCH' : 'POST', body, tenantId })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: cannedKey(tenantId) }),
  });
}

export function useDeleteCannedReply(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest<unknown>(`merchant/chat/canned-replies/${id}`, { method: 'DELETE', tenantId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: cannedKey(tenantId) }),
  });
}

export function useAssign(tenantId: string, conversationId: string) {
  const done = useConversationDone(tenantId);
  return useMutation({
    mutationFn: async (body: { assigneeUserId: string | null; teamId: string | null }) =>
      (await apiRequest<DataResponse<Conversation>>(`${conv(conversationId)}/assign`, { method: 'POST', body, tenantId })).data,
    onSuccess: done,
  });
}

export function useSetSpam(tenantId: string, conversationId: string) {
  const done = useConversationDone(tenantId);
  return useMutation({
    mutationFn: async (spam: boolean) => (await apiRequest<DataResponse<Conversation>>(`${conv(conversationId)}/spam`, { method: 'POST', body: { spam }, tenantId })).data,
    onSuccess: done,
  });
}

export function useSetStatus(tenantId: string, conversationId: string) {
  const done = useConversationDone(tenantId);
  return useMutation({
    mutationFn: async (status: 'OPEN' | 'CLOSED') => (await apiRequest<DataResponse<Conversation>>(`${conv(conversationId)}/status`, { method: 'POST', body: { status }, tenantId })).data,
    onSuccess: done,
  });
}

/** POST …/presence: answers the OTHER agents present now. Failures are quiet (the marker is a hint). */
export async function postPresence(tenantId: string, conversationId: string, state: 'VIEWING' | 'TYPING' | 'LEFT'): Promise<ChatPresence[]> {
  try {
    return (await apiRequest<DataResponse<ChatPresence[]>>(`${conv(conversationId)}/presence`, { method: 'POST', body: { state }, tenantId })).data;
  } catch {
    return [];
  }
}

/** The follower's timeline (ZNS, OA messages, broadcasts); a refusal shows the part as unavailable. */
export function useTimeline(tenantId: string, conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...chatKey, 'timeline', tenantId, conversationId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<FollowerTimelineItem[]>>(`${conv(conversationId)}/timeline`, undefined, { tenantId, signal })).data,
    enabled: enabled && Boolean(tenantId),
    retry: false,
  });
}

export interface ChatAssignee {
  id: string;
  displayName: string;
  avatar: string | null;
}

/**
 * Who a conversation can go to: the tenant members who may view the chat (GET merchant/chat/assignees,
 * the assign route's own rule) and the tenant's teams. Each part is asked once and not retried: a
 * refusal (403) only takes that part out of the select.
 */
export function useChatAssignees(tenantId: string, enabled: boolean) {
  const people = useQuery({
    queryKey: [...chatKey, 'assignees', tenantId],
    queryFn: async ({ signal }): Promise<ChatAssignee[]> => {
      return (await apiGet<DataResponse<ChatAssignee[]>>('merchant/chat/assignees', undefined, { tenantId, signal })).data;
    },
    enabled: enabled && Boolean(tenantId),
    staleTime: 60_000,
    retry: false,
  });
  const teams = useQuery({
    queryKey: [...chatKey, 'teams', tenantId],
    queryFn: ({ signal }): Promise<TeamOption[]> => listTeamOptions(tenantId, signal),
    enabled: enabled && Boolean(tenantId),
    staleTime: 60_000,
    retry: false,
  });
  return { people, teams };
}

/**
 * The presence marker of one conversation: VIEWING on open and every 20 s while the page is visible,
 * TYPING when `typing()` is called (at most every 5 s), LEFT when the page is hidden (another tab, a
 * minimised window: the agent is not looking, so new messages notify them), on unmount or conversation
 * change. Calls `onOthers` with the other agents each answer names.
 */
export function usePresenceBeacon(tenantId: string, conversationId: string, onOthers: (list: ChatPresence[]) => void): { typing: () => void } {
  const latest = useRef(onOthers);
  const lastTyping = useRef(0);
  useEffect(() => {
    latest.current = onOthers;
  });
  useEffect(() => {
    if (!tenantId) return;
    let alive = true;
    let timer: number | undefined;
    const ping = () => void postPresence(tenantId, conversationId, 'VIEWING').then((list) => alive && latest.current(list));
    const look = () => {
      if (timer !== undefined) return;
      ping();
      timer = window.setInterval(ping, 20_000);
    };
    const away = () => {
      if (timer === undefined) return;
      window.clearInterval(timer);
      timer = undefined;
      void postPresence(tenantId, conversationId, 'LEFT');
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? away() : look());
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      alive = false;
      document.removeEventListener('visibilitychange', onVisibility);
      away();
    };
  }, [tenantId, conversationId]);
  return {
    typing: () => {
      const now = Date.now();
      if (now - lastTyping.current < 5_000) return;
      lastTyping.current = now;
      void postPresence(tenantId, conversationId, 'TYPING').then((list) => latest.current(list));
    },
  };
}

const typingBus = new EventTarget();
/** The composer says the agent is typing in this conversation; the header's beacon tells the others. */
export function announceTyping(conversationId: string): void {
  typingBus.dispatchEvent(new CustomEvent('typing', { detail: conversationId }));
}
/** Subscribes to announceTyping for one conversation. */
export function useTypingAnnouncements(conversationId: string, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (e: Event) => {
      if (e instanceof CustomEvent && e.detail === conversationId) latest.current();
    };
    typingBus.addEventListener('typing', listener);
    return () => typingBus.removeEventListener('typing', listener);
  }, [conversationId]);
}

/** How long a presence mark lasts without renewal. */
export const PRESENCE_TTL_MS = CHAT_LIMITS.presenceTtlSeconds * 1000;

/*
 * The follower panel calls the followers API itself (a web feature never imports another feature):
 * the same endpoints and rules as features/followers.
 */
/** The followers API's answers (contract in packages/shared). */
export type CallState = ZaloCallState;
export type TagOutcome = FollowerTagOutcome;
const followerKey = (tenantId: string, id: string | null) => [...chatKey, 'follower', tenantId, id] as const;

/** GET merchant/oa-user/{id}: the synced follower (VIEW_ZALO_OA_USER). */
export function useChatFollower(tenantId: string, id: string | null) {
  return useQuery({
    queryKey: followerKey(tenantId, id),
    queryFn: async ({ signal }) => (await apiGet<DataResponse<Follower>>(`merchant/oa-user/${id}`, undefined, { tenantId, signal })).data,
    enabled: Boolean(tenantId && id),
    retry: false,
  });
}

/** GET merchant/oa-user/getTag: the OA's labels (the label editor's choices). */
export function useOaLabels(tenantId: string, zaloOAId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...chatKey, 'labels', tenantId, zaloOAId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<string[]>>('merchant/oa-user/getTag', { zaloOAId }, { tenantId, signal })).data,
    enabled: enabled && Boolean(tenantId),
    retry: false,
  });
}

/** PATCH merchant/oa-user/updateTag/{id}: ADD and SUB in one call; each label's outcome comes back. */
export function useUpdateLabels(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: FollowerTagBody }) =>
      (await apiRequest<DataResponse<FollowerTagResult>>(`merchant/oa-user/updateTag/${id}`, { method: 'PATCH', body, tenantId })).data,
    onSuccess: (r) => {
      qc.setQueryData(followerKey(tenantId, r.follower.id), r.follower);
      void qc.invalidateQueries({ queryKey: ['oa-followers'] });
    },
  });
}

/** GET merchant/oa-user/zalo-call: the call-consent state (REFERENCE §13.4). */
export function useCallConsent(tenantId: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...chatKey, 'call', tenantId, id],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<CallState>>('merchant/oa-user/zalo-call', { id }, { tenantId, signal })).data,
    enabled: enabled && Boolean(tenantId),
    retry: false,
  });
}

/** POST merchant/oa-user/zalo-call: asks the follower's consent, or starts the call once given. */
export function useRequestCall(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { id: string; callType: 'audio' | 'video' | 'audio_and_video' }) =>
      (await apiRequest<DataResponse<ZaloCallResult>>('merchant/oa-user/zalo-call', { method: 'POST', body, tenantId })).data,
    onSuccess: (r, v) => qc.setQueryData([...chatKey, 'call', tenantId, v.id], r.state),
  });
}
