import { createHash } from 'node:crypto';
import { createPrng, pick } from './prng';
import type { Sandbox } from './sandbox';
import { nextHexId, type ChatReceiptSettings, type ChatSchedule, type OaMessageRecord, type SandboxOa, type SandboxUser } from './state';

/**
 * Simulated followers in the OA chat (issue 15 #7, REFERENCE §3.7, §5.3, §13.4): they write every
 * user event kind on command or on a schedule, receive and read what the OA sends them
 * (`user_received_message`, then `user_seen_message`), react, and answer a request for their info.
 * Everything is recorded in the conversation history the conversation API answers from, and
 * delivered as a signed webhook on the sandbox clock.
 */

/** The user message kinds of REFERENCE §13.4 / §5.4 (`user_send_<kind>`). */
export const USER_MESSAGE_KINDS = ['text', 'image', 'gif', 'link', 'audio', 'video', 'sticker', 'location', 'file', 'business_card'] as const;
export type UserMessageKind = (typeof USER_MESSAGE_KINDS)[number];
export const isUserMessageKind = (v: unknown): v is UserMessageKind => typeof v === 'string' && (USER_MESSAGE_KINDS as readonly string[]).includes(v);

/** The conversation API's `type` of each kind (REFERENCE §3.7: "photo", "GIF", "voice", …). */
const CONVERSATION_TYPE: Record<UserMessageKind, string> = {
  text: 'text', image: 'photo', gif: 'GIF', link: 'link', audio: 'voice', video: 'video', sticker: 'sticker', location: 'location', file: 'file', business_card: 'link',
};

export const DEFAULT_RECEIPTS: ChatReceiptSettings = { enabled: true, receivedDelayMs: 300, seenDelayMs: 1_500 };
/** Where the followers' media live: the sandbox's own `/media` (routes/chat-media.ts) when it knows its address, else a CDN-like name. */
export const mediaHost = (sb: Sandbox): string => (sb.options.mediaBaseUrl ? `${sb.options.mediaBaseUrl.replace(/\/+$/, '')}/media` : 'https://sandbox-media.zdn.vn');
const HISTORY_LIMIT = 5_000;

/** Keeps the conversation log bounded per OA (the sandbox is not a message archive); oldest first. */
export function pushMessage(sb: Sandbox, m: OaMessageRecord): void {
  const list = sb.state.oaMessages.get(m.oaId) ?? [];
  // Usually appended; a message dated in the past (the demo's history) is put in its place.
  let i = list.length;
  while (i > 0 && (list[i - 1]?.time ?? 0) > m.time) i -= 1;
  list.splice(i, 0, m);
  if (list.length > HISTORY_LIMIT) list.splice(0, list.length - HISTORY_LIMIT);
  sb.state.oaMessages.set(m.oaId, list);
}

/** What a follower sends; the parts a kind does not use are ignored, missing ones get plausible values. */
export interface UserMessageInput {
  oaId: string;
  userId: string;
  kind?: UserMessageKind;
  text?: string;
  url?: string;
  thumbnail?: string;
  /** link: its title and description. */
  title?: string;
  description?: string;
  /** file: Zalo's file fields (REFERENCE §13.4: size, name, checksum (MD5), type, url). */
  file?: { name?: string; size?: number | string; checksum?: string; type?: string; url?: string };
  stickerId?: string;
  location?: { latitude: number | string; longitude: number | string };
  /** business_card: the shared contact. */
  card?: { name?: string; phone?: string };
  /** The message id (the demo uses fixed ones, so a restart does not duplicate it); default a fresh one. */
  msgId?: string;
  /** When it was written (sandbox clock ms); default now. */
  at?: number;
  /** false: only recorded in the history (the demo's past messages), no webhook. */
  webhook?: boolean;
}

/** Zalo's `message.attachments[0]` and the conversation API's extra fields of one user message. */
function attachmentOf(host: string, kind: UserMessageKind, p: UserMessageInput, msgId: string): { attachment?: { type: string; payload: Record<string, unknown> }; url?: string; extra?: Record<string, unknown>; text?: string } {
  const url = p.url ?? `${host}/${kind}/${msgId}`;
  const thumbnail = p.thumbnail ?? `${host}/thumb/${msgId}.jpg`;
  switch (kind) {
    case 'text':
      return {};
    case 'image':
    case 'gif':
      return { attachment: { type: kind, payload: { thumbnail, url } }, url, extra: { thumb: thumbnail } };
    case 'video':
      return { attachment: { type: 'video', payload: { thumbnail, url, description: p.description ?? '' } }, url, extra: { thumb: thumbnail } };
    case 'audio': {
      // Voice messages are AMR files (REFERENCE §13.4).
      const amr = p.url ?? `${host}/voice/${msgId}.amr`;
      return { attachment: { type: 'audio', payload: { url: amr } }, url: amr };
    }
    case 'link': {
      const link = p.url ?? 'https://senviet.vn/san-pham/kem-duong-am';
      const title = p.title ?? 'Kem dưỡng ẩm Sen Việt';
      const description = p.description ?? 'Dưỡng ẩm 24 giờ cho da khô';
      return {
        attachment: { type: 'link', payload: { description, thumbnail, url: link } },
        url: link,
        extra: { thumb: thumbnail, links: [{ url: link, title, description, thumb: thumbnail }] },
      };
    }
    case 'sticker': {
      const id = p.stickerId ?? 'b2a4c5d17e8f';
      const stickerUrl = p.url ?? `${host}/sticker/${id}.png`;
      return { attachment: { type: 'sticker', payload: { id, url: stickerUrl } }, url: stickerUrl };
    }
    case 'location': {
      const latitude = String(p.location?.latitude ?? '10.7769');
      const longitude = String(p.location?.longitude ?? '106.7009');
      return { attachment: { type: 'location', payload: { coordinates: { latitude, longitude } } }, extra: { location: { latitude, longitude } } };
    }
    case 'file': {
      const name = p.file?.name ?? 'don-hang.pdf';
      const fileUrl = p.file?.url ?? p.url ?? `${host}/file/${msgId}/${encodeURIComponent(name)}`;
      const payload = {
        url: fileUrl,
        size: String(p.file?.size ?? 24_576),
        name,
        checksum: p.file?.checksum ?? createHash('md5').update(name + msgId).digest('hex'),
        type: p.file?.type ?? (/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? 'pdf'),
      };
      return { attachment: { type: 'file', payload }, url: fileUrl, text: name };
    }
    case 'business_card': {
      // A shared contact arrives as a link attachment whose description carries the card (UNCERTAIN: no official sample).
      const name = p.card?.name ?? 'Nguyễn Văn Bình';
      const phone = p.card?.phone ?? '84912000111';
      const qr = `${host}/qr/${phone}.png`;
      const payload = { title: name, description: JSON.stringify({ phone, qrCodeUrl: qr }), thumbnail: qr, url: `https://zalo.me/${phone.replace(/^84/, '0')}` };
      return { attachment: { type: 'link', payload }, url: payload.url, text: name, extra: { thumb: qr, links: [{ url: payload.url, title: name, description: payload.description, thumb: qr }] } };
    }
  }
}

/**
 * A follower writes to the OA: recorded in the history (so the conversation API answers it), the
 * consultation window opens (`lastInteraction`), and `user_send_<kind>` is delivered, signed.
 */
export function simulateUserMessage(sb: Sandbox, p: UserMessageInput): { msgId: string; eventName: string; time: number } | null {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return null;
  const kind: UserMessageKind = p.kind ?? 'text';
  const time = p.at ?? sb.clock.now();
  const msgId = p.msgId ?? nextHexId(sb.state);
  const a = attachmentOf(mediaHost(sb), kind, p, msgId);
  const text = p.text ?? a.text;
  user.lastInteraction = Math.max(user.lastInteraction, time);
  pushMessage(sb, { msgId, oaId: oa.oaId, userId: user.userId, src: 1, type: CONVERSATION_TYPE[kind], text: text ?? '', time, url: a.url, extra: a.extra });
  const eventName = `user_send_${kind}`;
  if (p.webhook !== false) {
    const message: Record<string, unknown> = { msg_id: msgId };
    if (p.text !== undefined) message.text = p.text;
    if (a.attachment) message.attachments = [a.attachment];
    sb.webhooks.emit(oa.appId, { event_name: eventName, user_id_by_app: user.userIdByApp, sender: { id: user.userId }, recipient: { id: oa.oaId }, message }, { at: time });
  }
  return { msgId, eventName, time };
}

/** The receipt behaviour of one OA (its own, else the sandbox-wide one, else the defaults). */
export function receiptsOf(sb: Sandbox, oaId: string): ChatReceiptSettings {
  return sb.state.chat.receipts.get(oaId) ?? sb.state.chat.receipts.get('*') ?? DEFAULT_RECEIPTS;
}

/** Changes the receipt behaviour of one OA, or of every OA without its own (`oaId` absent). */
export function setReceipts(sb: Sandbox, oaId: string | undefined, patch: Partial<ChatReceiptSettings>): ChatReceiptSettings {
  const key = oaId ?? '*';
  const next = { ...receiptsOf(sb, key === '*' ? '' : key), ...patch };
  next.receivedDelayMs = Math.max(0, next.receivedDelayMs);
  next.seenDelayMs = Math.max(next.receivedDelayMs, next.seenDelayMs);
  sb.state.chat.receipts.set(key, next);
  return next;
}

const userKey = (oaId: string, userId: string) => `${oaId}:${userId}`;

/**
 * After an OA message reached a follower's phone: `user_received_message {msg_id}` after the
 * received delay, then one `user_seen_message {msg_ids}` naming every message not yet seen (OA form,
 * REFERENCE §5.3). A request for the user's info waits for `user_submit_info`.
 */
export function scheduleReceipts(sb: Sandbox, m: OaMessageRecord): void {
  const oa = sb.state.oas.get(m.oaId);
  if (!oa) return;
  const key = userKey(m.oaId, m.userId);
  if (m.type === 'request_user_info') sb.state.chat.infoRequests.add(key);
  const r = receiptsOf(sb, m.oaId);
  if (!r.enabled) return;
  const now = sb.clock.now();
  // A reset replaces `state.chat`: tasks scheduled before it then do nothing.
  const chat = sb.state.chat;
  const unseen = chat.unseen.get(key) ?? [];
  unseen.push(m.msgId);
  chat.unseen.set(key, unseen);
  sb.webhooks.emit(oa.appId, { event_name: 'user_received_message', sender: { id: oa.oaId }, recipient: { id: m.userId }, message: { msg_id: m.msgId } }, { at: now + r.receivedDelayMs });
  sb.clock.schedule(now + r.seenDelayMs, () => {
    if (sb.state.chat !== chat) return;
    const ids = chat.unseen.get(key);
    if (!ids || ids.length === 0) return;
    chat.unseen.delete(key);
    sb.webhooks.emit(oa.appId, { event_name: 'user_seen_message', sender: { id: oa.oaId }, recipient: { id: m.userId }, message: { msg_ids: ids } });
  });
}

function findMessage(sb: Sandbox, oaId: string, userId: string, msgId: string): OaMessageRecord | undefined {
  return (sb.state.oaMessages.get(oaId) ?? []).find((m) => m.msgId === msgId && m.userId === userId);
}

/** A follower reacts to a message of their conversation: `user_reacted_message {msg_id, react_icon}`. */
export function simulateReaction(sb: Sandbox, p: { oaId: string; userId: string; msgId: string; icon: string }): { ok: true } | 'unknown-user' | 'unknown-message' {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return 'unknown-user';
  if (!findMessage(sb, p.oaId, p.userId, p.msgId)) return 'unknown-message';
  user.lastInteraction = Math.max(user.lastInteraction, sb.clock.now());
  sb.webhooks.emit(oa.appId, {
    event_name: 'user_reacted_message', user_id_by_app: user.userIdByApp, sender: { id: user.userId }, recipient: { id: oa.oaId }, message: { msg_id: p.msgId, react_icon: p.icon },
  });
  return { ok: true };
}

/** The OA reacted through `POST /v2.0/oa/message` `sender_action`: echoed as `oa_reacted_message`. */
export function emitOaReaction(sb: Sandbox, oa: SandboxOa, user: SandboxUser, p: { msgId: string; icon: string }): void {
  sb.webhooks.emit(oa.appId, { event_name: 'oa_reacted_message', sender: { id: oa.oaId }, recipient: { id: user.userId }, message: { msg_id: p.msgId, react_icon: p.icon } });
}

/** True when the message exists in the OA's conversation with this follower. */
export function hasMessage(sb: Sandbox, oaId: string, userId: string, msgId: string): boolean {
  return findMessage(sb, oaId, userId, msgId) !== undefined;
}

/**
 * A follower answers the OA's request_user_info: their shared info is stored and `user_submit_info`
 * delivered (`info {name, phone, user_dob, gender, full_address{…}}`, REFERENCE §5.3).
 */
export function simulateSubmitInfo(sb: Sandbox, p: { oaId: string; userId: string; info: Record<string, unknown> }): { info: Record<string, unknown> } | 'unknown-user' | 'not-requested' {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return 'unknown-user';
  const key = userKey(p.oaId, p.userId);
  if (!sb.state.chat.infoRequests.has(key)) return 'not-requested';
  sb.state.chat.infoRequests.delete(key);
  const s = (k: string, fallback: string) => (typeof p.info[k] === 'string' ? (p.info[k] as string) : fallback);
  const shared = user.sharedInfo;
  const addr = typeof p.info.full_address === 'object' && p.info.full_address !== null ? (p.info.full_address as Record<string, unknown>) : {};
  const info = {
    name: s('name', shared?.name ?? user.displayName),
    phone: s('phone', shared?.phone || '84912345678'),
    user_dob: s('user_dob', shared?.user_dob || '01/01/1990'),
    gender: s('gender', user.gender === 2 ? 'Nữ' : 'Nam'),
    full_address: {
      user_city: typeof addr.user_city === 'string' ? addr.user_city : shared?.city || 'Hồ Chí Minh',
      user_ward: typeof addr.user_ward === 'string' ? addr.user_ward : shared?.district || 'Quận 1',
      user_address: typeof addr.user_address === 'string' ? addr.user_address : shared?.address || '12 Lê Lợi',
    },
  };
  user.sharedInfo = {
    ...(shared ?? { city: '', district: '', address: '' }),
    name: info.name, phone: info.phone, user_dob: info.user_dob, city: info.full_address.user_city, district: info.full_address.user_ward, address: info.full_address.user_address,
  };
  user.lastInteraction = Math.max(user.lastInteraction, sb.clock.now());
  sb.webhooks.emit(oa.appId, { event_name: 'user_submit_info', user_id_by_app: user.userIdByApp, sender: { id: user.userId }, recipient: { id: oa.oaId }, info });
  return { info };
}

/**
 * A follower's interaction (REFERENCE §13.4): `user_click_chatnow` — once per user and OA (a second click
 * sends nothing) — lets the OA write first, so it counts as the user's interaction for the reply window;
 * `user_call_oa` — the follower called the OA — does too. Both are signed webhooks like a message.
 */
export function simulateInteraction(
  sb: Sandbox,
  p: { oaId: string; userId: string; event: 'user_click_chatnow' | 'user_call_oa' },
): { event: string; emitted: boolean } | 'unknown-user' {
  const oa = sb.state.oas.get(p.oaId);
  const user = sb.state.users.get(p.oaId)?.get(p.userId);
  if (!oa || !user) return 'unknown-user';
  const key = userKey(p.oaId, p.userId);
  if (p.event === 'user_click_chatnow') {
    if (sb.state.chat.chatNow.has(key)) return { event: p.event, emitted: false };
    sb.state.chat.chatNow.add(key);
  }
  user.lastInteraction = Math.max(user.lastInteraction, sb.clock.now());
  sb.webhooks.emit(oa.appId, { event_name: p.event, oa_id: oa.oaId, user_id_by_app: user.userIdByApp, sender: { id: user.userId }, recipient: { id: oa.oaId } });
  return { event: p.event, emitted: true };
}

/**
 * A member writes in a Zalo group the OA is in (GMF): `user_send_group_text` with `oa_id`, `group_id`,
 * `group {id, name}`, the member as `sender {id, display_name}` and `message {msg_id, text}` — the shape the
 * product reads (REFERENCE §5 names the group events without samples: UNCERTAIN). No group API is simulated.
 */
export function simulateGroupMessage(
  sb: Sandbox,
  p: { oaId: string; groupId: string; groupName?: string; memberId: string; memberName?: string; text: string },
): { msgId: string } | 'unknown-oa' {
  const oa = sb.state.oas.get(p.oaId);
  if (!oa) return 'unknown-oa';
  const msgId = nextHexId(sb.state);
  sb.webhooks.emit(oa.appId, {
    event_name: 'user_send_group_text', oa_id: oa.oaId, group_id: p.groupId, group: { id: p.groupId, ...(p.groupName ? { name: p.groupName } : {}) },
    sender: { id: p.memberId, ...(p.memberName ? { display_name: p.memberName } : {}) }, recipient: { id: p.groupId }, message: { msg_id: msgId, text: p.text },
  });
  return { msgId };
}

const CHATTER: Record<UserMessageKind, string[]> = {
  text: [
    'Shop ơi cho mình hỏi còn hàng không ạ?', 'Mình muốn đổi size được không shop?', 'Đơn của mình bao giờ giao vậy ạ?', 'Cảm ơn shop nhiều nhé!',
    'Phí ship về Hà Nội bao nhiêu ạ?', 'Có mã giảm giá nào không shop?', 'Mình chuyển khoản rồi nhé', 'Sản phẩm này dùng cho da dầu được không ạ?',
  ],
  image: ['Hàng mình nhận bị móp hộp', 'Mẫu này còn không shop?'],
  gif: [''],
  link: [''],
  audio: [''],
  video: ['Video mở hộp đây shop'],
  sticker: [''],
  location: [''],
  file: [''],
  business_card: [''],
};

/** One chatter message of a schedule: the follower and the kind drawn with the schedule's PRNG. */
function chatterOnce(sb: Sandbox, s: ChatSchedule, rand: () => number, at: number): void {
  const userId = pick(rand, s.userIds);
  const kind = pick(rand, s.kinds as UserMessageKind[]);
  const text = pick(rand, CHATTER[kind]);
  const r = simulateUserMessage(sb, { oaId: s.oaId, userId, kind, text: text || undefined, at });
  if (r) s.msgIds.push(r.msgId);
}

/**
 * Followers chatter: `count` messages, one every `everyMs` on the sandbox clock (advancing the clock
 * runs them), followers and kinds drawn from a PRNG seeded with `seed` (same seed, same sequence).
 */
export function startSchedule(
  sb: Sandbox,
  p: { oaId: string; userIds?: string[]; everyMs: number; count: number; kinds?: UserMessageKind[]; seed?: number },
): ChatSchedule | 'unknown-oa' | 'no-followers' {
  const users = sb.state.users.get(p.oaId);
  if (!sb.state.oas.has(p.oaId) || !users) return 'unknown-oa';
  const seed = p.seed ?? 1;
  const rand = createPrng(seed);
  let userIds = (p.userIds ?? []).filter((id) => users.has(id));
  if (!p.userIds || p.userIds.length === 0) {
    // Five followers drawn once: a few people talk, as in a real inbox.
    const followers = [...users.values()].filter((u) => u.isFollower).map((u) => u.userId);
    userIds = [];
    while (followers.length > 0 && userIds.length < 5) userIds.push(followers.splice(Math.floor(rand() * followers.length), 1)[0] ?? '');
  }
  if (userIds.length === 0) return 'no-followers';
  const s: ChatSchedule = {
    id: nextHexId(sb.state, 'chat'), oaId: p.oaId, userIds, kinds: p.kinds && p.kinds.length > 0 ? p.kinds : ['text'], everyMs: Math.max(10, p.everyMs),
    count: Math.max(1, Math.min(100_000, p.count)), sent: 0, seed, msgIds: [], active: true,
  };
  const chat = sb.state.chat;
  chat.schedules.set(s.id, s);
  const next = (at: number) =>
    sb.clock.schedule(at, () => {
      if (!s.active || sb.state.chat !== chat) return;
      chatterOnce(sb, s, rand, at);
      s.sent += 1;
      if (s.sent >= s.count) s.active = false;
      else next(at + s.everyMs);
    });
  next(sb.clock.now() + s.everyMs);
  return s;
}

/** Stops one schedule, or every schedule of an OA, or all; answers how many were running. */
export function stopSchedules(sb: Sandbox, p: { id?: string; oaId?: string }): number {
  let n = 0;
  for (const s of sb.state.chat.schedules.values()) {
    if ((p.id && s.id !== p.id) || (p.oaId && s.oaId !== p.oaId)) continue;
    if (s.active) n += 1;
    s.active = false;
  }
  return n;
}

export const scheduleView = (s: ChatSchedule) => ({ id: s.id, oaId: s.oaId, userIds: s.userIds, kinds: s.kinds, everyMs: s.everyMs, count: s.count, sent: s.sent, active: s.active, msgIds: s.msgIds });

const HOUR = 3_600_000;
/** A fixed 20-hex message id, so the demo's messages stay the same on every start. */
const demoId = (oaId: string, userId: string, n: number) => createHash('sha1').update(`demo-chat:${oaId}:${userId}:${n}`).digest('hex').slice(0, 20);

/** The demo inbox: who wrote, when (hours ago), what; `oa` lines are an admin's replies from Zalo's own chat. */
const DEMO_CONVERSATIONS: Array<Array<{ from: 'user' | 'oa'; hoursAgo: number; kind?: UserMessageKind; text?: string }>> = [
  [
    { from: 'user', hoursAgo: 50, text: 'Chào shop, kem dưỡng ẩm còn hàng không ạ?' },
    { from: 'oa', hoursAgo: 49, text: 'Dạ còn ạ, chị cần loại 50 ml hay 100 ml ạ?' },
    { from: 'user', hoursAgo: 48.5, text: 'Loại 100 ml nhé, giao về Quận 3' },
    { from: 'user', hoursAgo: 0, kind: 'image', text: 'Shop xem giúp mình mẫu này với' },
  ],
  [
    { from: 'user', hoursAgo: 30, kind: 'sticker' },
    { from: 'user', hoursAgo: 0, text: 'Đơn DH2611210002 của mình bao giờ giao vậy shop?' },
  ],
  [
    { from: 'user', hoursAgo: 72, kind: 'link' },
    { from: 'oa', hoursAgo: 70, text: 'Dạ sản phẩm này đang giảm 20% đến cuối tuần ạ' },
    { from: 'user', hoursAgo: 0, kind: 'location' },
  ],
  [
    { from: 'user', hoursAgo: 20, text: 'Mình gửi hoá đơn cần xuất VAT' },
    { from: 'user', hoursAgo: 0, kind: 'file' },
  ],
  [{ from: 'user', hoursAgo: 0, text: 'Cảm ơn shop, hàng đẹp lắm ạ!' }],
];

/**
 * The demo's inbox on `npm start`: a few followers of the main OA wrote over the last days (their
 * earlier messages are in Zalo's history, as the conversation API answers them), and each writes once
 * more shortly after start: those arrive as real signed webhooks (Zalo retries while the product is
 * still starting). Fixed message ids: a restart delivers the same messages, stored once.
 */
export function scheduleDemoChat(sb: Sandbox, oaId: string, startInMs = 4_000): void {
  const users = sb.state.users.get(oaId);
  if (!users) return;
  // Followers other than the admin (user 0), with shared info: names and phones show in the inbox.
  const people = [...users.values()].filter((u, i) => i > 0 && u.isFollower && u.sharedInfo).slice(0, DEMO_CONVERSATIONS.length);
  const now = sb.clock.now();
  people.forEach((user, c) => {
    (DEMO_CONVERSATIONS[c] ?? []).forEach((line, n) => {
      const msgId = demoId(oaId, user.userId, n);
      if (line.hoursAgo > 0) {
        const at = now - line.hoursAgo * HOUR;
        if (line.from === 'user') simulateUserMessage(sb, { oaId, userId: user.userId, kind: line.kind, text: line.text, msgId, at, webhook: false });
        else pushMessage(sb, { msgId, oaId, userId: user.userId, src: 0, type: 'text', text: line.text ?? '', time: at });
        return;
      }
      // Now: one after the other, a second apart.
      sb.clock.schedule(now + startInMs + c * 1_000, () => void simulateUserMessage(sb, { oaId, userId: user.userId, kind: line.kind, text: line.text, msgId }));
    });
  });
}
