import { explainZaloError } from '@zc/zalo/error-catalog';
import { uploadFile, uploadGif, uploadImage } from '@zc/zalo/oa-media';
import { sendReaction } from '@zc/zalo/oa-messages';
import type { ZaloClient } from '@zc/zalo/client';
import { CHAT_LIMITS, CHAT_WINDOW, type ChatMessage, type ChatMessageKind, type ChatMessageStatus, type ChatReaction } from '@zc/shared/api/chat';
import { oaMessage, type OaMessage } from '@zc/shared/api/messaging';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { canonicalJson } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { emitEvent, type DomainEvent } from '../../platform/events';
import { detectDocumentType, detectImageType, type FileStore, type StoredType } from '../../platform/files';
import type { TenantScope } from '../../platform/tenant-scope';
import { oaDiscountTag, priceWith, validRules } from '../discounts/service';
import { findMessage as findHistoryMessage, OA_PRICES, oaMessageType, writeOutbox, type OutgoingMessage } from '../messaging/service';
import { zaloFailure } from '../zalo-oa/service';
import {
  conversationById,
  findByClientId,
  findByZaloMsgId,
  findMessage,
  findPerson,
  findSendTerms,
  findTenantOa,
  insertOutMessage,
  deleteMessageRow,
  lockByHistoryId,
  lockEarlyEcho,
  lockMessage,
  noteOutMessage,
  updateMessage,
  zaloMsgIdTaken,
} from './composer-repo';
import { findConversationRow } from './inbox-repo';
import { presentChatMessage, type ChatMessageRow, type ConversationRow } from './presenter';
import { stickerUrl } from './stickers';
import { tenantListPrice } from '../service-packages/service';

/**
 * The composer (issue 15, ADR 0021): an agent's reply is a chat message (OUT, SENDING) and an outbox row
 * written in ONE transaction (ADR 0009: the delivery worker sends it to Zalo); its delivery status follows
 * the outbox row (`applyChatDeliveryStatus`); reactions and uploads are direct Zalo calls (not messages).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The §3 kind a sent OA message is stored and rendered as. */
function chatKindOf(m: OaMessage): ChatMessageKind {
  return m.kind === 'quote' ? 'text' : m.kind;
}

/** The searchable text and the inbox preview of a sent OA message. */
function textOf(m: OaMessage): string | null {
  switch (m.kind) {
    case 'text':
    case 'quote':
      return m.text;
    case 'image':
      return m.caption ?? null;
    case 'request':
      return m.title;
    case 'transaction':
    case 'promotion':
      return m.elements.header;
    default:
      return null;
  }
}

/** What the conversation renders of a sent message: the message itself, a catalogue sticker with its image. */
function chatPayloadOf(m: OaMessage): Record<string, unknown> {
  const url = m.kind === 'sticker' ? stickerUrl(m.attachmentId) : null;
  return url ? { ...m, url } : { ...m };
}

/** The OA message a stored OUT payload was sent as (a retry sends it again). */
function sentMessageOf(payload: Record<string, unknown>): OaMessage {
  const { url: _image, ...withoutImage } = payload;
  const parsed = oaMessage.safeParse(payload.kind === 'sticker' ? withoutImage : payload);
  if (!parsed.success) throw new AppError('CHAT_NOT_RETRYABLE', 'The stored message can no longer be sent');
  return parsed.data;
}

/**
 * The customer-service window (REFERENCE §3.4) at `now`: refused (422 CHAT_WINDOW_CLOSED) when the
 * follower never wrote or last wrote more than 7 days ago; `free` within 48 h of their last message.
 */
export function replyWindow(conv: Pick<ConversationRow, 'lastUserMessageAt'>, now: Date): { free: boolean } {
  const last = conv.lastUserMessageAt?.getTime();
  if (last === undefined || now.getTime() - last > CHAT_WINDOW.closeDays * DAY) {
    throw new AppError('CHAT_WINDOW_CLOSED', undefined, { closedAt: last === undefined ? null : new Date(last + CHAT_WINDOW.closeDays * DAY).toISOString() });
  }
  return { free: now.getTime() - last <= CHAT_WINDOW.freeHours * HOUR };
}

/** Refusals that hold before anything is written or Zalo is called. */
function checkSendable(conv: ConversationRow, now: Date): { free: boolean } {
  if (conv.isGroup) throw new AppError('CHAT_GROUP_NOT_SUPPORTED');
  return replyWindow(conv, now);
}

/**
 * The outbox row of a chat message: module OA, type from the message; the price is the send API's
 * (OA_PRICES with the wallet discount and the tenant's discounts) except a consultation message inside
 * the 48-h free window, which costs nothing. The wallet rules (402 on a short prepaid balance) are the outbox's.
 */
async function outgoing(db: DbOrTx, conv: ConversationRow, message: OaMessage, free: boolean, trackingId: string, now: Date): Promise<OutgoingMessage> {
  const terms = await findSendTerms(db, conv.tenantId);
  if (!terms?.oaService) throw new AppError('MODULE_NOT_ENABLED', 'Zalo OA module not enabled. Please contact administrator');
  const type = oaMessageType(message);
  const charged = !(free && type === 'CS');
  const rules = charged ? await validRules(db, conv.tenantId, now) : [];
  // The list price is the tenant's service package price of the type when it has one (ADR 0025).
  const listPrice = charged ? await tenantListPrice(db, conv.tenantId, 'OA', type, OA_PRICES[type]) : 0;
  const price = charged ? priceWith(listPrice, terms.discountPercent, rules, { tag: oaDiscountTag(type) }).price : 0;
  return {
    tenantId: conv.tenantId,
    apiKeyId: null,
    zaloOaId: conv.zaloOaId,
    module: 'OA',
    trackingId,
    idempotencyKey: null,
    requestHash: sha256(canonicalJson({ kind: 'chat', uid: conv.userId, message, trackingId })),
    type,
    price,
    values: { uid: conv.userId, messageData: message, templateName: message.kind, mode: 'production', listPrice },
  };
}

/** Writes the outbox row in the caller's transaction; its own error (402 …) undoes the transaction. */
async function enqueue(tx: Tx, m: OutgoingMessage): Promise<string> {
  const [outcome] = await writeOutbox({ tx }, [m], { batch: false });
  if (!outcome) throw new Error('no outbox answer');
  if (!outcome.ok) throw outcome.error;
  return outcome.result.id;
}

async function announce(tx: Tx, conv: Pick<ConversationRow, 'id' | 'tenantId' | 'zaloOaId' | 'assigneeUserId'>, row: ChatMessageRow): Promise<void> {
  await emitEvent(tx, {
    type: 'chat.message',
    tenantId: conv.tenantId,
    data: { conversationId: conv.id, zaloOaId: conv.zaloOaId, messageId: row.id, direction: row.direction as 'IN' | 'OUT' | 'NOTE', status: row.status, assigneeUserId: conv.assigneeUserId },
  });
}

async function present(db: DbOrTx, row: ChatMessageRow): Promise<ChatMessage> {
  return presentChatMessage(row, await findPerson(db, row.authorUserId));
}

/**
 * Sends `message` in the tenant's conversation as agent `userId`. A repeat of `clientMessageId` answers
 * the message it created (created: false). Refused before anything is written or Zalo is called: another
 * tenant's conversation (404), a group chat, a closed customer-service window (422), the OA module off.
 */
export async function sendChatMessage(
  db: Db,
  scope: TenantScope,
  userId: string,
  conversationId: string,
  body: { clientMessageId: string; message: OaMessage },
  now = new Date(),
): Promise<{ message: ChatMessage; created: boolean }> {
  const conv = await findConversationRow(db, scope, conversationId);
  if (!conv) throw notFound();
  const earlier = await findByClientId(db, conv.id, body.clientMessageId);
  if (earlier) return { message: await present(db, earlier), created: false };
  const { free } = checkSendable(conv, now);
  const message = body.message;
  if (message.kind === 'image' && !message.url && !message.attachmentId) {
    throw new AppError('VALIDATION_FAILED', 'An image needs url or attachmentId', { fields: [{ path: 'body.message.url', code: 'required', message: 'url or attachmentId is required' }] });
  }
  const quoted = message.kind === 'quote' ? await findByZaloMsgId(db, conv.id, message.quoteMessageId) : null;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertOutMessage(tx, {
      tenantId: conv.tenantId,
      conversationId: conv.id,
      zaloOaId: conv.zaloOaId,
      direction: 'OUT',
      kind: chatKindOf(message),
      text: textOf(message),
      payload: chatPayloadOf(message),
      quoteZaloMsgId: message.kind === 'quote' ? message.quoteMessageId : null,
      quoteText: quoted?.text ?? null,
      status: 'SENDING',
      authorUserId: userId,
      clientMessageId: body.clientMessageId,
      sentAt: now,
    });
    // A concurrent identical send took the client id first: its message is the answer.
    if (!inserted) return null;
    const historyId = await enqueue(tx, await outgoing(tx, conv, message, free, `chat-${inserted.id}`, now));
    const linked = await updateMessage(tx, inserted.id, { messageHistoryId: historyId });
    await noteOutMessage(tx, conv.id, { at: now, kind: linked.kind, preview: (linked.text ?? '').slice(0, 200) });
    await announce(tx, conv, linked);
    return linked;
  });
  if (!row) {
    const winner = await findByClientId(db, conv.id, body.clientMessageId);
    if (!winner) throw new AppError('CONFLICT');
    return { message: await present(db, winner), created: false };
  }
  return { message: await present(db, row), created: true };
}

/** Sends a FAILED OUT message again: a new outbox row (priced as now), the message SENDING again. */
export async function retryChatMessage(db: Db, scope: TenantScope, conversationId: string, messageId: string, now = new Date()): Promise<ChatMessage> {
  const conv = await findConversationRow(db, scope, conversationId);
  if (!conv) throw notFound();
  const found = await findMessage(db, scope, conv.id, messageId);
  if (!found) throw notFound();
  if (found.direction !== 'OUT' || found.status !== 'FAILED' || !found.payload) throw new AppError('CHAT_NOT_RETRYABLE');
  const { free } = checkSendable(conv, now);
  const row = await db.transaction(async (tx) => {
    const locked = await lockMessage(tx, found.id);
    if (!locked || locked.status !== 'FAILED') throw new AppError('CHAT_NOT_RETRYABLE');
    const message = sentMessageOf(locked.payload ?? {});
    const historyId = await enqueue(tx, await outgoing(tx, conv, message, free, `chat-${locked.id}-${now.getTime()}`, now));
    const updated = await updateMessage(tx, locked.id, { messageHistoryId: historyId, status: 'SENDING', errorCode: null, errorMessage: null, errorMessageVi: null });
    await announce(tx, conv, updated);
    return updated;
  });
  return present(db, row);
}

/**
 * The OA reacts to a message (Zalo's `sender_action`, REFERENCE §3.4; not a priced message, so not the
 * outbox). The message must be on Zalo (409 otherwise); `/-remove` takes the OA's reaction back.
 */
export async function reactToChatMessage(db: Db, zalo: ZaloClient, scope: TenantScope, conversationId: string, messageId: string, icon: ChatReaction): Promise<ChatMessage> {
  const conv = await findConversationRow(db, scope, conversationId);
  if (!conv) throw notFound();
  const found = await findMessage(db, scope, conv.id, messageId);
  if (!found) throw notFound();
  if (!found.zaloMsgId || found.direction === 'NOTE') throw new AppError('CHAT_NOT_ON_ZALO');
  await sendReaction(zalo, conv.zaloOaId, { userId: conv.userId, messageId: found.zaloMsgId, icon }).catch((err: unknown) => {
    throw zaloFailure(err);
  });
  const row = await db.transaction(async (tx) => {
    const locked = await lockMessage(tx, found.id);
    if (!locked) throw notFound();
    const others = (locked.reactions ?? []).filter((r) => r.by !== 'OA');
    const updated = await updateMessage(tx, locked.id, { reactions: icon === '/-remove' ? others : [...others, { icon, by: 'OA' }] });
    await announce(tx, conv, updated);
    return updated;
  });
  return present(db, row);
}

/** §3.5 upload rules by the composer's type: accepted content types (by magic bytes) and the size limit. */
export const CHAT_UPLOAD_RULES = {
  image: { types: ['image/jpeg', 'image/png'] as StoredType[], maxBytes: CHAT_LIMITS.imageBytes, typeMessage: 'Vui lòng chọn file ảnh (jpg, jpeg, png)' },
  gif: { types: ['image/gif'] as StoredType[], maxBytes: CHAT_LIMITS.gifBytes, typeMessage: 'Vui lòng chọn file ảnh GIF (gif)' },
  file: {
    types: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/csv'] as StoredType[],
    maxBytes: CHAT_LIMITS.fileBytes,
    typeMessage: 'Vui lòng chọn file pdf, doc, docx hoặc csv',
  },
} as const;
export type ChatUploadType = keyof typeof CHAT_UPLOAD_RULES;

/** The file's type by content for the composer's `type`: 415 (§8 text) when not one it accepts. */
export function checkChatUpload(type: ChatUploadType, buf: Buffer): StoredType {
  const rule = CHAT_UPLOAD_RULES[type];
  const mb = rule.maxBytes / 1048576;
  if (buf.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `Vui lòng chọn file nhỏ hơn ${mb} MB`, { fields: [{ path: 'file', code: 'too_big', message: `at most ${mb} MB` }] });
  const detected: StoredType | null =
    type === 'gif' ? (buf.subarray(0, 6).toString('latin1').startsWith('GIF8') ? 'image/gif' : null) : type === 'image' ? detectImageType(buf) : detectDocumentType(buf);
  if (!detected || !rule.types.includes(detected)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.typeMessage, { fields: [{ path: 'file', code: 'type', message: rule.typeMessage }] });
  return detected;
}

/**
 * Uploads a checked file for the tenant's OA: our copy in the upload store (the conversation renders it),
 * then Zalo's (image / gif: attachment id; file: token, valid 7 days). Another tenant's OA: 404.
 */
export async function uploadForChat(
  db: DbOrTx,
  zalo: ZaloClient,
  files: FileStore,
  scope: TenantScope,
  input: { zaloOaId: string; type: ChatUploadType; buf: Buffer; filename: string; contentType: StoredType },
) {
  const oa = await findTenantOa(db, scope, input.zaloOaId);
  if (!oa) throw notFound();
  const key = await files.put(input.buf, input.contentType);
  const upload = { data: new Uint8Array(input.buf), filename: input.filename, contentType: input.contentType };
  const answer = await (input.type === 'image'
    ? uploadImage(zalo, oa.id, upload).then((r) => ({ attachmentId: r.attachment_id, token: null }))
    : input.type === 'gif'
      ? uploadGif(zalo, oa.id, upload).then((r) => ({ attachmentId: r.attachment_id, token: null }))
      : uploadFile(zalo, oa.id, upload).then((r) => ({ attachmentId: null, token: r.token }))
  ).catch((err: unknown) => {
    throw zaloFailure(err);
  });
  const size = input.type === 'gif' ? gifSize(input.buf) : null;
  return { type: input.type, ...answer, name: input.filename, size: input.buf.length, url: files.url(key), width: size?.width ?? null, height: size?.height ?? null };
}

/** A GIF's logical screen size: bytes 6–9 of its header, little-endian (null when the header is short or zero). */
export function gifSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 10) return null;
  const width = buf.readUInt16LE(6);
  const height = buf.readUInt16LE(8);
  return width > 0 && height > 0 ? { width, height } : null;
}

const RANK: Record<ChatMessageStatus, number> = { SENDING: 0, FAILED: 0, SENT: 1, RECEIVED: 2, SEEN: 3 };

/** Zalo's explanation of a failed outbox row in both languages (the catalogue by code, else the stored "vi / en" text). */
export function failureOf(errorCode: number | null, errorMsg: string | null): { code: number | null; message: string; messageVi: string | null } {
  if (errorCode !== null) {
    const x = explainZaloError(errorCode, 'oa');
    return { code: errorCode, message: `${x.en.meaning} ${x.en.action}`.trim(), messageVi: `${x.vi.meaning} ${x.vi.action}`.trim() };
  }
  const text = errorMsg ?? 'Zalo call failed';
  const cut = text.indexOf(' / ');
  return cut > 0 ? { code: null, message: text.slice(cut + 3), messageVi: text.slice(0, cut) } : { code: null, message: text, messageVi: null };
}

/**
 * Handler of `message.status_changed` (events/handlers.ts 'chat-message-status'): the chat message sent as
 * that outbox row follows it — PUSHED_ZALO → SENT (with Zalo's msg id), RECEIVED → RECEIVED,
 * ERROR_CALL_ZALO → FAILED with Zalo's explanation; a PENDING retry stays SENDING. Never backwards
 * (SEEN stays SEEN); an event of an earlier outbox row (before a retry) names no chat message.
 */
export async function applyChatDeliveryStatus(tx: Tx, event: DomainEvent<'message.status_changed'>): Promise<void> {
  if (event.data.module !== 'OA') return;
  const row = await lockByHistoryId(tx, event.data.messageId);
  if (!row || row.direction !== 'OUT') return;
  const state = await findHistoryMessage(tx, event.data.messageId);
  if (!state) return;
  const current = (row.status ?? 'SENDING') as ChatMessageStatus;
  const set: Partial<ChatMessageRow> = {};
  let next: ChatMessageStatus | null = null;
  switch (event.data.status) {
    case 'PUSHED_ZALO':
      next = 'SENT';
      break;
    case 'RECEIVED':
      next = 'RECEIVED';
      break;
    case 'ERROR_CALL_ZALO':
      if (current === 'SENDING') {
        const f = failureOf(event.data.zaloErrorCode ?? state.errorCode, state.errorMsg);
        set.status = 'FAILED';
        set.errorCode = f.code;
        set.errorMessage = f.message;
        set.errorMessageVi = f.messageVi;
      }
      break;
    default:
      break;
  }
  if (next && current !== 'FAILED' && RANK[next] > RANK[current]) set.status = next;
  // Zalo's msg id (the worker keeps it in session_id) unless the echo or a receipt set it first.
  if (!row.zaloMsgId && state.sessionId && (event.data.status === 'PUSHED_ZALO' || event.data.status === 'RECEIVED')) {
    // Zalo's echo of this very send may have been applied before the worker committed the id: the ingest
    // then stored it as an authorless OUT row (ADR 0021). That row is this message: it goes, and its
    // receipts and reactions come here, so the conversation shows the message once.
    const echo = await lockEarlyEcho(tx, row.conversationId, row.zaloOaId, state.sessionId);
    if (echo) {
      await deleteMessageRow(tx, echo.id);
      const echoed = (echo.status ?? 'SENT') as ChatMessageStatus;
      const mine = (set.status ?? current) as ChatMessageStatus;
      if (mine !== 'FAILED' && RANK[echoed] > RANK[mine]) set.status = echoed;
      if (echo.reactions.length > 0) set.reactions = [...row.reactions, ...echo.reactions.filter((r) => !row.reactions.some((x) => x.by === r.by))];
    }
    if (echo || !(await zaloMsgIdTaken(tx, row.zaloOaId, state.sessionId))) set.zaloMsgId = state.sessionId;
  }
  if (Object.keys(set).length === 0) return;
  const updated = await updateMessage(tx, row.id, set);
  const conv = await conversationById(tx, row.conversationId);
  if (conv) await announce(tx, conv, updated);
}
