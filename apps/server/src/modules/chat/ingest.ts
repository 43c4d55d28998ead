import type { ZaloAttachment, ZaloWebhookEvent } from '@zc/zalo/webhook-events';
import { CHAT_INTERACTIONS, type ChatMessageKind } from '@zc/shared/api/chat';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import type { Tx } from '../../db/client';
import { emitEvents, type EventInput } from '../../platform/events';
import {
  applyReceipts, createConversations, insertMessages, linkEchoes, lockReactions, setReactions, STATUS_RANK, touchConversations,
  type ConversationKey, type ConversationTouch, type InsertedMessage, type NewMessage, type Reaction, type TouchedMessage,
} from './ingest-repo';

/** One stored webhook event of a known OA and tenant, in arrival order. */
export interface ChatEventItem {
  tenantId: string;
  zaloOaId: string;
  event: ZaloWebhookEvent;
}

/** The reaction code that takes a side's reaction back (REFERENCE §3.4). */
export const REMOVE_REACTION = '/-remove';
const PREVIEW_MAX = 200;

// ---------------------------------------------------------------------------------------------------
// Mapping Zalo's events to messages (pure)

/** Text the database can keep: no NUL, no lone surrogate (Zalo's text is not ours to refuse). */
function cleanText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
/** A JSON value with every string (keys too) made storable. */
export function cleanJson(v: unknown): unknown {
  if (typeof v === 'string') return cleanText(v);
  if (Array.isArray(v)) return v.map(cleanJson);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [cleanText(k), cleanJson(x)]));
  return v;
}

const USER_KINDS: Readonly<Record<string, ChatMessageKind>> = {
  text: 'text', image: 'image', gif: 'gif', link: 'link', audio: 'audio', video: 'video', sticker: 'sticker',
  location: 'location', file: 'file', business_card: 'business_card', contact: 'business_card',
};
const OA_KINDS: Readonly<Record<string, ChatMessageKind>> = { ...USER_KINDS, list: 'link', template: 'template' };

/** The kind of a follower's message from its event name (user_send_<kind>). */
export function userMessageKind(eventName: string): ChatMessageKind {
  return USER_KINDS[eventName.replace(/^user_send_/, '')] ?? 'unknown';
}

/** The kind of an OA echo (oa_send_<kind>); a template attachment says which template it is. */
export function oaMessageKind(eventName: string, attachments: readonly ZaloAttachment[]): ChatMessageKind {
  const kind = OA_KINDS[eventName.replace(/^oa_send_/, '')] ?? 'unknown';
  const template = attachments.find((a) => a.type === 'template')?.payload.template_type;
  if (typeof template === 'string') {
    if (template === 'request_user_info') return 'request';
    if (template.startsWith('transaction')) return 'transaction';
    if (template === 'promotion') return 'promotion';
    return 'template';
  }
  return kind;
}

/** The inbox's one-line preview of a message: its text, a file's name, or nothing (the kind says the rest). */
export function previewOf(text: string | null | undefined, payload: Record<string, unknown> | null): string {
  if (text && text.trim()) return text.trim().slice(0, PREVIEW_MAX);
  const first = Array.isArray(payload?.attachments) ? (payload.attachments[0] as { payload?: Record<string, unknown> } | undefined) : undefined;
  const name = first?.payload?.name ?? first?.payload?.description;
  return typeof name === 'string' ? name.slice(0, PREVIEW_MAX) : '';
}

const timeOf = (ts: string): Date => {
  const n = Number(ts);
  return Number.isFinite(n) && n > 0 ? new Date(n) : new Date();
};

/** Zalo's user_submit_info carries no msg id: one answer per user and event time keeps a retry stored once. */
export const submitInfoMsgId = (userId: string, timestamp: string) => `user_submit_info:${userId}:${timestamp}`;

const attachmentsPayload = (attachments: readonly ZaloAttachment[]): Record<string, unknown> => cleanJson({ attachments }) as Record<string, unknown>;

/** The quoted msg id of a quote-reply, when Zalo sends one (message.quote_msg_id). */
const quoteOf = (raw: Record<string, unknown>): string | null => {
  const m = raw.message && typeof raw.message === 'object' ? (raw.message as Record<string, unknown>) : {};
  const q = m.quote_msg_id ?? (m.quote && typeof m.quote === 'object' ? (m.quote as Record<string, unknown>).msg_id : undefined);
  return typeof q === 'string' && q ? q : null;
};

// ---------------------------------------------------------------------------------------------------
// Applying a run

interface PlannedMessage extends Omit<NewMessage, 'conversationId'> {
  userId: string;
}


/**
 * Applies a run of webhook events to the chat inbox in the consumer's transaction (ADR 0019, 0021),
 * in a fixed number of statements whatever the run's length: conversations created (one upsert), echoes
 * of our own sends linked to the composer's rows, new messages stored once per Zalo msg_id (ON CONFLICT
 * DO NOTHING: only what was inserted counts), the conversations' counters kept, receipts and reactions
 * applied, and chat.* events announced (one insert). Anonymous messages are left out (ADR 0021).
 * Throws on a real error: the consumer isolates the failing event (settleIsolated).
 */
export async function applyChatEvents(tx: Tx, items: readonly ChatEventItem[]): Promise<void> {
  const convKeys = new Map<string, ConversationKey>();
  const planned: PlannedMessage[] = [];
  const echoes = new Map<string, { zaloOaId: string; msgId: string }>();
  const receipts = new Map<string, { zaloOaId: string; msgId: string; status: 'RECEIVED' | 'SEEN' }>();
  const reactions: Array<{ zaloOaId: string; msgId: string; icon: string; by: 'USER' | 'OA' }> = [];
  const want = (tenantId: string, zaloOaId: string, userId: string, extra: Partial<ConversationKey> & { fallbackName?: string } = {}) => {
    const k = `${zaloOaId}|${userId}`;
    const prev = convKeys.get(k);
    convKeys.set(k, { tenantId, zaloOaId, userId, name: extra.name ?? prev?.name ?? extra.fallbackName, avatar: extra.avatar ?? prev?.avatar, phone: extra.phone ?? prev?.phone, isGroup: extra.isGroup ?? prev?.isGroup });
  };
  const senderFields = (raw: Record<string, unknown>) => {
    const s = raw.sender && typeof raw.sender === 'object' ? (raw.sender as Record<string, unknown>) : {};
    const name = typeof s.display_name === 'string' ? cleanText(s.display_name).slice(0, 200) : undefined;
    const avatar = typeof s.avatar === 'string' ? cleanText(s.avatar).slice(0, 1000) : undefined;
    return { name, avatar };
  };

  for (const { tenantId, zaloOaId, event: e } of items) {
    switch (e.type) {
      case 'user_message': {
        if (!e.userId || !e.msgId) break;
        want(tenantId, zaloOaId, e.userId, senderFields(e.raw));
        const payload = attachmentsPayload(e.attachments);
        planned.push({
          tenantId, zaloOaId, userId: e.userId, zaloMsgId: e.msgId, direction: 'IN', kind: userMessageKind(e.eventName),
          text: e.text !== undefined ? cleanText(e.text) : null, payload, quoteZaloMsgId: quoteOf(e.raw), status: null, sentAt: timeOf(e.timestamp),
        });
        break;
      }
      case 'oa_message': {
        if (!e.userId || !e.msgId) break;
        want(tenantId, zaloOaId, e.userId);
        echoes.set(`${zaloOaId}|${e.msgId}`, { zaloOaId, msgId: e.msgId });
        planned.push({
          tenantId, zaloOaId, userId: e.userId, zaloMsgId: e.msgId, direction: 'OUT', kind: oaMessageKind(e.eventName, e.attachments),
          text: e.text !== undefined ? cleanText(e.text) : null, payload: { ...attachmentsPayload(e.attachments), ...(e.adminId ? { adminId: cleanText(e.adminId) } : {}) },
          quoteZaloMsgId: quoteOf(e.raw), status: 'SENT', sentAt: timeOf(e.timestamp),
        });
        break;
      }
      case 'user_submit_info': {
        if (!e.userId) break;
        const info = cleanJson(e.info) as Record<string, unknown>;
        const name = typeof info.name === 'string' ? info.name.slice(0, 200) : undefined;
        const phone = typeof info.phone === 'string' ? (normalizeVietnamPhone(info.phone) ?? undefined) : undefined;
        want(tenantId, zaloOaId, e.userId, { name, phone });
        planned.push({
          tenantId, zaloOaId, userId: e.userId, zaloMsgId: submitInfoMsgId(e.userId, e.timestamp), direction: 'IN', kind: 'user_info',
          text: null, payload: { info }, status: null, sentAt: timeOf(e.timestamp),
        });
        break;
      }
      case 'message_received':
      case 'message_seen': {
        const status = e.type === 'message_seen' ? 'SEEN' : 'RECEIVED';
        for (const msgId of e.msgIds) {
          if (!msgId) continue;
          const k = `${zaloOaId}|${msgId}`;
          const prev = receipts.get(k);
          if (!prev || STATUS_RANK[status]! > STATUS_RANK[prev.status]!) receipts.set(k, { zaloOaId, msgId, status });
        }
        break;
      }
      case 'interaction': {
        // "Chat now" lets the OA speak first (REFERENCE §13.4), a call is an interaction too: a line in the
        // conversation from the follower, which opens the reply window like a message.
        if (!e.userId || !(CHAT_INTERACTIONS as readonly string[]).includes(e.eventName)) break;
        want(tenantId, zaloOaId, e.userId, senderFields(e.raw));
        planned.push({
          tenantId, zaloOaId, userId: e.userId, zaloMsgId: `${e.eventName}:${e.userId}:${e.timestamp}`, direction: 'IN', kind: 'interaction',
          text: null, payload: { event: e.eventName }, status: null, sentAt: timeOf(e.timestamp),
        });
        break;
      }
      case 'group': {
        // A message in a Zalo group the OA is in: the group's conversation (read-only in the inbox, ADR 0021),
        // each member's message with who wrote it (payload.groupSender); the OA's own as OUT.
        if (!e.groupId || !e.msgId || !/^(user|oa)_send_group_/.test(e.eventName)) break;
        const groupKey = `group:${cleanText(e.groupId).slice(0, 200)}`;
        want(tenantId, zaloOaId, groupKey, { name: e.groupName ? cleanText(e.groupName).slice(0, 200) : undefined, fallbackName: `#${cleanText(e.groupId).slice(0, 200)}`, isGroup: true });
        const suffix = e.eventName.replace(/^(user|oa)_send_group_/, '');
        const attachments = e.attachments ?? [];
        const member = senderFields(e.raw);
        planned.push({
          tenantId, zaloOaId, userId: groupKey, zaloMsgId: e.msgId,
          direction: e.fromOa ? 'OUT' : 'IN',
          kind: e.fromOa ? oaMessageKind(`oa_send_${suffix}`, attachments) : userMessageKind(`user_send_${suffix}`),
          text: e.text !== undefined ? cleanText(e.text) : null,
          payload: { ...attachmentsPayload(attachments), ...(e.fromOa ? {} : { groupSender: { id: cleanText(e.userId ?? ''), name: member.name ?? null } }) },
          quoteZaloMsgId: quoteOf(e.raw), status: e.fromOa ? 'SENT' : null, sentAt: timeOf(e.timestamp),
        });
        break;
      }
      case 'reaction':
        if (e.msgId && e.reactIcon) reactions.push({ zaloOaId, msgId: e.msgId, icon: cleanText(e.reactIcon).slice(0, 40), by: e.fromOa ? 'OA' : 'USER' });
        break;
      default:
        // anonymous_message: conversations with anonymous users are left out of the inbox (ADR 0021).
        break;
    }
  }
  if (planned.length === 0 && receipts.size === 0 && reactions.length === 0) return;

  // 1. Conversations created on their first event (existing ones are updated once, in 4).
  const created = new Set((await createConversations(tx, [...convKeys.values()])).map((c) => c.id));

  // 2. Echoes of our own sends: the composer's SENDING row takes Zalo's msg id instead of a second row.
  const linked = await linkEchoes(tx, [...echoes.values()]);

  // 3. New messages, once per (OA, msg id) — a retry, a linked echo or an imported message conflicts and is skipped.
  const seen = new Set<string>();
  const rows: NewMessage[] = [];
  for (const p of planned) {
    const k = `${p.zaloOaId}|${p.zaloMsgId}`;
    if (seen.has(k)) continue;
    seen.add(k);
    rows.push(p);
  }
  const inserted = await insertMessages(tx, rows);

  // 4. The conversations' last message, timestamps, unread counts; a follower's message reopens a closed one.
  const payloadOf = new Map(rows.map((r) => [`${r.zaloOaId}|${r.zaloMsgId}`, r.payload]));
  const convs = new Map((await touchConversations(tx, touchesOf(inserted, (m) => payloadOf.get(`${m.zaloOaId}|${m.zaloMsgId}`) ?? null))).map((c) => [c.id, c]));

  // 5. Receipts (forward only) and reactions, after the run's own messages exist.
  const receipted = await applyReceipts(tx, [...receipts.values()]);
  const reacted = await applyReactions(tx, reactions);

  // 6. Announce (one statement): a chat.message per stored or changed message; chat.conversation_changed
  // for a conversation created or reopened (a new message's effect on the inbox row — last message,
  // unread count — is implied by its chat.message).
  const events: EventInput[] = [];
  const messageEvent = (m: { id: string; tenantId: string; zaloOaId: string; conversationId: string; direction: 'IN' | 'OUT' | 'NOTE'; status: string | null }, assigneeUserId: string | null) =>
    events.push({ type: 'chat.message', tenantId: m.tenantId, data: { conversationId: m.conversationId, zaloOaId: m.zaloOaId, messageId: m.id, direction: m.direction, status: m.status, assigneeUserId } });
  for (const m of inserted) messageEvent(m, convs.get(m.conversationId)?.assigneeUserId ?? null);
  const announced = new Set(inserted.map((m) => `${m.id}|${m.status}`));
  for (const m of [...linked, ...receipted, ...reacted] as TouchedMessage[]) {
    if (announced.has(`${m.id}|${m.status}`)) continue;
    announced.add(`${m.id}|${m.status}`);
    messageEvent(m, m.assigneeUserId);
  }
  for (const c of convs.values()) {
    const fields = [...(created.has(c.id) ? ['created'] : []), ...(c.reopened ? ['status'] : [])];
    if (fields.length === 0) continue;
    events.push({ type: 'chat.conversation_changed', tenantId: c.tenantId, data: { conversationId: c.id, zaloOaId: c.zaloOaId, fields, assigneeUserId: c.assigneeUserId, teamId: c.teamId, actorId: null } });
  }
  await emitEvents(tx, events);
}

/** Per conversation: the newest inserted message, the unread increment and whether a follower's message reopens it (when CLOSED). */
export function touchesOf(
  inserted: readonly InsertedMessage[],
  payloadOf: (m: InsertedMessage) => Record<string, unknown> | null,
  opts: { countUnread?: boolean; historyImported?: boolean } = {},
): ConversationTouch[] {
  const out = new Map<string, ConversationTouch>();
  const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
  for (const m of inserted) {
    const t = out.get(m.conversationId) ?? {
      conversationId: m.conversationId, unread: 0, lastAt: m.sentAt, lastKind: m.kind, lastDirection: m.direction, lastPreview: previewOf(m.text, payloadOf(m)),
      lastUserAt: null, lastOaAt: null, reopen: false, historyImported: opts.historyImported,
    };
    if (m.sentAt >= t.lastAt) Object.assign(t, { lastAt: m.sentAt, lastKind: m.kind, lastDirection: m.direction, lastPreview: previewOf(m.text, payloadOf(m)) });
    if (m.direction === 'IN') {
      if (opts.countUnread !== false) t.unread += 1;
      t.lastUserAt = later(t.lastUserAt, m.sentAt);
      if (opts.countUnread !== false) t.reopen = true;
    } else {
      t.lastOaAt = later(t.lastOaAt, m.sentAt);
    }
    out.set(m.conversationId, t);
  }
  return [...out.values()];
}

/**
 * Reactions in arrival order per message: a code is added for its side ({icon, by}; the same code twice
 * is kept once), '/-remove' takes that side's reactions away. Messages not stored are skipped.
 */
async function applyReactions(tx: Tx, list: ReadonlyArray<{ zaloOaId: string; msgId: string; icon: string; by: 'USER' | 'OA' }>): Promise<TouchedMessage[]> {
  if (list.length === 0) return [];
  const keys = new Map(list.map((r) => [`${r.zaloOaId}|${r.msgId}`, { zaloOaId: r.zaloOaId, msgId: r.msgId }]));
  const current = new Map((await lockReactions(tx, [...keys.values()])).map((m) => [`${m.zaloOaId}|${m.msgId}`, { id: m.id, before: JSON.stringify(m.reactions), reactions: m.reactions }]));
  for (const r of list) {
    const m = current.get(`${r.zaloOaId}|${r.msgId}`);
    if (!m) continue;
    m.reactions = reactionsAfter(m.reactions, r.icon, r.by);
  }
  const changed = [...current.values()].filter((m) => JSON.stringify(m.reactions) !== m.before);
  return setReactions(tx, changed.map((m) => ({ id: m.id, reactions: m.reactions })));
}

/** One reaction applied to a message's list. */
export function reactionsAfter(list: readonly Reaction[], icon: string, by: 'USER' | 'OA'): Reaction[] {
  if (icon === REMOVE_REACTION) return list.filter((x) => x.by !== by);
  if (list.some((x) => x.by === by && x.icon === icon)) return [...list];
  return [...list, { icon, by }];
}
