import { eq } from 'drizzle-orm';
import type { ZaloClient } from '@zc/zalo/client';
import { ZaloApiError } from '@zc/zalo/errors';
import { getConversation, type ConversationMessage } from '@zc/zalo/oa-media';
import type { ChatMessageKind } from '@zc/shared/api/chat';
import type { Db } from '../../db/client';
import { chatConversations } from '../../db/schema/chat';
import { emitEvents } from '../../platform/events';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { cleanJson, touchesOf } from './ingest';
import { insertMessages, touchConversations, type NewMessage } from './ingest-repo';

/** Messages read from Zalo's conversation API on the first open (REFERENCE §3.7: count ≤ 10 per call). */
export const HISTORY_IMPORT_MAX = 50;
const PAGE = 10;

/** Zalo's conversation `type` (REFERENCE §3.7) → the stored kind. */
const HISTORY_KINDS: Readonly<Record<string, ChatMessageKind>> = {
  text: 'text', photo: 'image', image: 'image', gif: 'gif', link: 'link', links: 'link', sticker: 'sticker', voice: 'audio', audio: 'audio',
  location: 'location', file: 'file', video: 'video', business_card: 'business_card', contact: 'business_card', template: 'template',
};
export function historyKind(type: string): ChatMessageKind {
  return HISTORY_KINDS[type] ?? HISTORY_KINDS[type.toLowerCase()] ?? 'unknown';
}

/** One message of Zalo's conversation API as a stored row's fields (the webhook's attachment shape, so one renderer serves both). */
export function historyMessage(m: ConversationMessage): Omit<NewMessage, 'tenantId' | 'conversationId' | 'zaloOaId'> {
  const kind = historyKind(String(m.type ?? ''));
  const raw = m as unknown as Record<string, unknown>;
  const attType = kind === 'image' ? 'image' : kind;
  const payload: Record<string, unknown> = {};
  if (m.url || m.thumb || raw.location || raw.links) {
    payload.attachments = [{ type: attType, payload: cleanJson({ url: m.url, thumbnail: m.thumb, ...(raw.location ? { coordinates: raw.location } : {}), ...(raw.links ? { links: raw.links } : {}) }) }];
  }
  const message = typeof m.message === 'string' ? (cleanJson(m.message) as string) : null;
  return {
    zaloMsgId: String(m.message_id),
    direction: Number(m.src) === 1 ? 'IN' : 'OUT',
    kind,
    text: kind === 'text' || kind === 'link' ? message : null,
    payload: { ...payload, ...(message && kind !== 'text' ? { message } : {}), imported: true },
    status: Number(m.src) === 1 ? null : 'SENT',
    sentAt: Number.isFinite(Number(m.time)) && Number(m.time) > 0 ? new Date(Number(m.time)) : new Date(),
  };
}

export interface HistoryImportResult {
  /** The history is (now or already) imported: history_imported_at is set. */
  imported: boolean;
  /** Messages newly stored by this call (those already stored from webhooks are not counted). */
  stored: number;
  /** Zalo could not be read (the conversation answers what is stored; the next open tries again). */
  failed: boolean;
}

/**
 * Imports Zalo's conversation history (GET /v2.0/oa/conversation, up to HISTORY_IMPORT_MAX messages,
 * 10 per call) the first time a conversation is opened: stored with the webhooks' dedupe (one row per
 * OA and msg id; src 1 → IN, 0 → OUT), without counting as unread, then history_imported_at is set.
 * Never throws for Zalo's or the network's failure — the caller answers what is stored and
 * history_imported_at stays null so the next open retries; logs the failure without secrets. Answers
 * `imported: false, failed: false` for a conversation that is not the scope's (the caller's 404 is its own).
 * Helper of GET /merchant/chat/conversations/{id}/messages (modules/chat inbox).
 */
export async function ensureHistoryImported(deps: { db: Db; zalo: ZaloClient }, scope: TenantScope, conversationId: string): Promise<HistoryImportResult> {
  const { db, zalo } = deps;
  const [conv] = await db
    .select({ id: chatConversations.id, zaloOaId: chatConversations.zaloOaId, userId: chatConversations.userId, isGroup: chatConversations.isGroup, status: chatConversations.status, historyImportedAt: chatConversations.historyImportedAt })
    .from(chatConversations)
    .where(inTenant(scope, chatConversations, eq(chatConversations.id, conversationId)));
  if (!conv) return { imported: false, stored: 0, failed: false };
  if (conv.historyImportedAt) return { imported: true, stored: 0, failed: false };

  const read: ConversationMessage[] = [];
  if (!conv.isGroup) {
    try {
      for (let offset = 0; offset < HISTORY_IMPORT_MAX; offset += PAGE) {
        const page = await getConversation(zalo, conv.zaloOaId, { userId: conv.userId, offset, count: PAGE });
        const list = Array.isArray(page) ? page : [];
        read.push(...list);
        if (list.length < PAGE) break;
      }
    } catch (err) {
      const why = err instanceof ZaloApiError ? `Zalo error ${err.code}` : err instanceof Error ? err.name : 'unknown error';
      console.warn(`[chat] history import of conversation ${conv.id} failed (${why}); the next open retries`);
      return { imported: false, stored: 0, failed: true };
    }
  }

  const tenantId = scopedTenantId(scope);
  const rows: NewMessage[] = [];
  const seen = new Set<string>();
  for (const m of read) {
    if (!m || m.message_id === undefined || m.message_id === null || String(m.message_id) === '') continue;
    const r = historyMessage(m);
    if (seen.has(r.zaloMsgId)) continue;
    seen.add(r.zaloMsgId);
    rows.push({ ...r, tenantId, zaloOaId: conv.zaloOaId, conversationId: conv.id });
  }
  const stored = await db.transaction(async (tx) => {
    const inserted = await insertMessages(tx, rows);
    const payloadOf = new Map(rows.map((r) => [r.zaloMsgId, r.payload]));
    const touches = touchesOf(inserted, (m) => payloadOf.get(m.zaloMsgId) ?? null, { countUnread: false, historyImported: true });
    // history_imported_at is set even when nothing new was stored.
    if (touches.length === 0) {
      await tx.update(chatConversations).set({ historyImportedAt: new Date() }).where(inTenant(scope, chatConversations, eq(chatConversations.id, conv.id)));
    } else {
      const [c] = await touchConversations(tx, touches);
      if (c) {
        await emitEvents(tx, [{ type: 'chat.conversation_changed', tenantId, data: { conversationId: c.id, zaloOaId: c.zaloOaId, fields: ['history', 'lastMessage'], assigneeUserId: c.assigneeUserId, teamId: c.teamId, actorId: null } }]);
      }
    }
    return inserted.length;
  });
  return { imported: true, stored, failed: false };
}
