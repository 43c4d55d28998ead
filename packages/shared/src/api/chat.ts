import { z } from 'zod';
import { isoDate, safeText } from './common';
import { OA_LIMITS, oaMessage } from './messaging';

/**
 * The OA chat inbox (issue 15, §2.1 /tenant/zalo-oa/chat, §3 message kinds and chat filters, ADR 0021):
 * conversations between an OA and one follower, their messages (imported from Zalo's conversation API
 * when first opened, then kept from webhooks), internal notes, canned replies, assignment and presence.
 */

/** §3 Chat filters (the inbox tabs). main: every open, non-spam conversation; group: Zalo group chats (GMF). */
export const CHAT_FILTERS = ['main', 'unread', 'unreplied', 'spam', 'group'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];
/** §3 Conversation assignment, plus "mine" and "team" (assigned to one team) for the inbox's assignment filter. */
export const CHAT_ASSIGNMENT_FILTERS = ['all', 'mine', 'assigned', 'unassigned', 'team'] as const;
export type ChatAssignmentFilter = (typeof CHAT_ASSIGNMENT_FILTERS)[number];
export const CONVERSATION_STATUSES = ['OPEN', 'CLOSED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** IN: the follower wrote; OUT: the OA (an agent here, or an admin in Zalo's own tools); NOTE: internal, never sent. */
export const CHAT_DIRECTIONS = ['IN', 'OUT', 'NOTE'] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];

/**
 * What a stored message is, for rendering (§3 message kinds, REFERENCE §5.3 attachment types):
 * text (a quote is a text with `quote` set), image, gif, file, sticker, link, location, audio, video,
 * business_card, request (request user info), user_info (the follower's answer, webhook user_submit_info),
 * transaction, promotion, template (a ZNS template sent by UID), note (internal), interaction (the
 * follower clicked "Chat now" or called the OA: `payload.event`, REFERENCE §13.4), unknown (kept raw).
 */
export const CHAT_MESSAGE_KINDS = [
  'text', 'image', 'gif', 'file', 'sticker', 'link', 'location', 'audio', 'video', 'business_card',
  'request', 'user_info', 'transaction', 'promotion', 'template', 'note', 'interaction', 'unknown',
] as const;
/** The follower's interactions the inbox keeps as a line in the conversation (they open the reply window). */
export const CHAT_INTERACTIONS = ['user_click_chatnow', 'user_call_oa'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];

/**
 * An OUT message's state: SENDING (written to the outbox, not yet accepted by Zalo), SENT (Zalo
 * answered with a message id), RECEIVED / SEEN (Zalo's user_received_message / user_seen_message),
 * FAILED (Zalo refused or the send gave up: `error` says why; it can be retried). IN and NOTE: null.
 */
export const CHAT_MESSAGE_STATUSES = ['SENDING', 'SENT', 'RECEIVED', 'SEEN', 'FAILED'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/**
 * The eight reaction codes of the composer (§3 "Emoji codes: eight"): REFERENCE §3.4's list read as
 * tokens (`/-strong /-heart :> --b :-(( :-h :o /-remove`; `/-remove` takes a reaction back). ADR 0021.
 */
export const CHAT_REACTIONS = ['/-heart', '/-strong', ':>', ':o', ':-((', ':-h', '--b', '/-remove'] as const;
export type ChatReaction = (typeof CHAT_REACTIONS)[number];

/** §3 Upload file type groups by extension (the icon a file message shows). */
export const FILE_TYPE_GROUPS = ['image', 'word', 'excel', 'zip', 'pdf', 'audio', 'video', 'text', 'powerpoint', 'code'] as const;
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];
const FILE_GROUP_EXTENSIONS: Record<FileTypeGroup, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg', 'heic'],
  word: ['doc', 'docx', 'odt', 'rtf'],
  excel: ['xls', 'xlsx', 'ods', 'csv'],
  zip: ['zip', 'rar', '7z', 'tar', 'gz'],
  pdf: ['pdf'],
  audio: ['mp3', 'wav', 'amr', 'm4a', 'aac', 'ogg'],
  video: ['mp4', 'avi', 'mov', 'mkv', 'webm'],
  text: ['txt', 'md', 'log'],
  powerpoint: ['ppt', 'pptx', 'odp'],
  code: ['js', 'ts', 'json', 'html', 'css', 'xml', 'py', 'java', 'sql', 'sh'],
};
/** The §3 type group of a file name (null: none of the groups; the UI shows a plain file icon). */
export function fileTypeGroup(name: string): FileTypeGroup | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!ext) return null;
  for (const g of FILE_TYPE_GROUPS) if (FILE_GROUP_EXTENSIONS[g].includes(ext)) return g;
  return null;
}

/** Zalo's customer-service window (REFERENCE §3.4): free within 48 h of the follower's last message, closed after 7 days. */
export const CHAT_WINDOW = { freeHours: 48, closeDays: 7 } as const;
/** §9 and REFERENCE §3.5: the composer's limits. */
export const CHAT_LIMITS = {
  text: OA_LIMITS.text,
  note: 2000,
  imageBytes: 1024 * 1024,
  gifBytes: 5 * 1024 * 1024,
  fileBytes: 5 * 1024 * 1024,
  /** Messages per page when opening a conversation and scrolling up. */
  page: 50,
  cannedShortcut: 30,
  cannedText: 2000,
  /** A presence mark lapses when not renewed for this long (the browser renews every 20 s). */
  presenceTtlSeconds: 45,
} as const;

const person = z.object({ id: z.uuid(), displayName: z.string(), avatar: z.string().nullable() });

export const conversation = z.object({
  id: z.uuid(),
  zaloOAId: z.uuid(),
  zaloOA: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }),
  /** Zalo's user id of the follower (or the group id for a group chat). */
  userId: z.string(),
  /** The synced follower, when there is one (modules/followers). */
  followerId: z.uuid().nullable(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  lastMessage: z.object({ kind: z.enum(CHAT_MESSAGE_KINDS), direction: z.enum(CHAT_DIRECTIONS), preview: z.string(), at: isoDate }).nullable(),
  lastMessageAt: isoDate.nullable(),
  unreadCount: z.number().int(),
  /** The follower's last message (the customer-service window runs from it). */
  lastUserMessageAt: isoDate.nullable(),
  /** True when the OA wrote after the follower's last message (the "unreplied" filter is its negation). */
  replied: z.boolean(),
  spam: z.boolean(),
  isGroup: z.boolean(),
  status: z.enum(CONVERSATION_STATUSES),
  assignee: person.nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Free replies until (48 h after lastUserMessageAt) and no reply possible after (7 days); null: the follower never wrote. */
  window: z.object({ freeUntil: isoDate, closesAt: isoDate }).nullable(),
  createdAt: isoDate,
});
export type Conversation = z.infer<typeof conversation>;

export const chatMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  zaloMsgId: z.string().nullable(),
  direction: z.enum(CHAT_DIRECTIONS),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  text: z.string().nullable(),
  /**
   * The kind's details, Zalo's field names kept where they come from Zalo: attachments[] of a follower's
   * message ({type, payload}), the sent OA message (OaMessage) for OUT, `info` of a user_info answer.
   */
  payload: z.record(z.string(), z.unknown()).nullable(),
  /** The quoted message (a quote-reply). */
  quote: z.object({ zaloMsgId: z.string(), text: z.string().nullable() }).nullable(),
  status: z.enum(CHAT_MESSAGE_STATUSES).nullable(),
  /** Why an OUT message FAILED: Zalo's code and its explanation in both languages. */
  error: z.object({ code: z.number().int().nullable(), message: z.string(), messageVi: z.string().nullable() }).nullable(),
  reactions: z.array(z.object({ icon: z.string(), by: z.enum(['USER', 'OA']) })),
  /** The agent who wrote an OUT message or a NOTE here (null: the follower, or an admin in Zalo's tools). */
  author: person.nullable(),
  /** When it happened (Zalo's time for IN and imported messages). */
  sentAt: isoDate,
  createdAt: isoDate,
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversationListQuery = z.strictObject({
  /** One OA, or every OA of the tenant ('All') when absent. */
  zaloOAId: z.uuid().optional(),
  filter: z.enum(CHAT_FILTERS).default('main'),
  assignment: z.enum(CHAT_ASSIGNMENT_FILTERS).default('all'),
  /** With assignment=team. */
  teamId: z.uuid().optional(),
  status: z.enum([...CONVERSATION_STATUSES, 'ALL']).default('OPEN'),
  /** Name (prefix, case-insensitive), phone (digits) or message text (words). */
  q: safeText(z.string().trim().max(100)).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  size: z.coerce.number().int().min(1).max(100).default(30),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;
export const conversationPage = z.object({ data: z.array(conversation), meta: z.object({ nextCursor: z.string().nullable() }) });

export const messageListQuery = z.strictObject({
  /** The `nextCursor` of the previous page: older messages. */
  before: z.string().max(200).optional(),
  size: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.page),
});
/** Oldest first within a page; nextCursor reads the page before it. */
export const messagePage = z.object({ data: z.array(chatMessage), meta: z.object({ nextCursor: z.string().nullable(), importing: z.boolean() }) });

export const conversationIdParam = z.strictObject({ id: z.uuid() });
export const conversationMessageParam = z.strictObject({ id: z.uuid(), messageId: z.uuid() });

/** Send from the composer: an OA message (the playground's kinds and limits) and the browser's id for it (a repeat is answered with the same message). */
export const chatSendBody = z.strictObject({
  clientMessageId: z.string().trim().min(1).max(64),
  message: oaMessage,
});
export const chatReactBody = z.strictObject({ icon: z.enum(CHAT_REACTIONS) });
export const chatAssignBody = z.strictObject({ assigneeUserId: z.uuid().nullable(), teamId: z.uuid().nullable() });
export const chatSpamBody = z.strictObject({ spam: z.boolean() });
export const chatStatusBody = z.strictObject({ status: z.enum(CONVERSATION_STATUSES) });
export const chatNoteBody = z.strictObject({ text: safeText(z.string().trim().min(1).max(CHAT_LIMITS.note)) });
export const CHAT_PRESENCE_STATES = ['VIEWING', 'TYPING', 'LEFT'] as const;
export const chatPresenceBody = z.strictObject({ state: z.enum(CHAT_PRESENCE_STATES) });
export const chatPresence = z.object({ user: person, state: z.enum(CHAT_PRESENCE_STATES), until: isoDate });

/** POST merchant/chat/upload (multipart `file`, fields zaloOAId and type): stored by Zalo, valid 7 days. */
export const CHAT_UPLOAD_TYPES = ['image', 'gif', 'file'] as const;
export const chatUploadResult = z.object({
  type: z.enum(CHAT_UPLOAD_TYPES),
  /** image / gif: Zalo's attachment id; file: Zalo's file token. */
  attachmentId: z.string().nullable(),
  token: z.string().nullable(),
  name: z.string(),
  size: z.number().int(),
  /** Our copy, for the conversation's own rendering. */
  url: z.string(),
  /** gif: its width and height in pixels (from the file's header), which Zalo requires to send it; else null. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** §3 Sticker collection: id, stickers[{id, url, zaloStickerId}] (§7 GET merchant/chat/sticker, page 1, size 9999, createdAt desc). */
export const stickerCollection = z.object({
  id: z.string(),
  name: z.string(),
  stickers: z.array(z.object({ id: z.string(), url: z.string(), zaloStickerId: z.string() })),
  createdAt: isoDate,
});
export const stickerQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(9999).default(9999),
});

export const cannedReply = z.object({ id: z.uuid(), shortcut: z.string(), text: z.string(), createdAt: isoDate, updatedAt: isoDate });
export type CannedReply = z.infer<typeof cannedReply>;
export const cannedReplyBody = z.strictObject({
  /** Typed after "/" in the composer: letters, digits, - and _. */
  shortcut: z.string().trim().min(1).max(CHAT_LIMITS.cannedShortcut).regex(/^[\p{L}\p{N}_-]+$/u, { message: 'letters, digits, - and _ only' }),
  text: safeText(z.string().trim().min(1).max(CHAT_LIMITS.cannedText)),
});

/** Who a conversation can be assigned to: the tenant's members who hold ACTION_ZALO_OA_CHAT (tenant group or organisation role). */
export const chatAssignee = person;
export type ChatAssignee = z.infer<typeof chatAssignee>;

/** The follower panel's timeline: what this follower received from the tenant besides the chat (one per recipient). */
export const followerTimelineItem = z.object({
  at: isoDate,
  source: z.enum(['ZNS', 'OA', 'BROADCAST']),
  /** message_history id or broadcast id. */
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
});
