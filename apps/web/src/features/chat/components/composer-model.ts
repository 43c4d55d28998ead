/**
 * The composer's rules, pure so they can be unit-tested: the customer-service window (REFERENCE
 * §3.4), canned replies typed after "/", and the upload rules checked in the browser before any
 * request (§8 / REFERENCE §3.5: jpg/png ≤ 1 MB, gif ≤ 5 MB, pdf/doc/docx/csv ≤ 5 MB).
 */
import { CHAT_LIMITS, type CannedReply, type Conversation } from '@zc/shared/api/chat';

/** REFERENCE §3.4: what Zalo charges per consultation message outside the 48 h free window (VND). */
export const PAID_REPLY_VND = 55;

export type WindowState =
  /** The follower never wrote: Zalo accepts no consultation message. */
  | { state: 'none' }
  | { state: 'free'; remainingMs: number; until: string; closesAt: string }
  | { state: 'paid'; remainingMs: number; until: string }
  | { state: 'closed'; closedAt: string };

/** Where the conversation stands in Zalo's customer-service window at `now`. */
export function windowState(window: Conversation['window'], now: number): WindowState {
  if (!window) return { state: 'none' };
  const free = Date.parse(window.freeUntil);
  const closes = Date.parse(window.closesAt);
  if (now < free) return { state: 'free', remainingMs: free - now, until: window.freeUntil, closesAt: window.closesAt };
  if (now < closes) return { state: 'paid', remainingMs: closes - now, until: window.closesAt };
  return { state: 'closed', closedAt: window.closesAt };
}

/** A remaining time to the minute: whole days, hours and minutes (a started minute counts). */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number; totalHours: number } {
  const totalMinutes = Math.max(0, Math.ceil(ms / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  return { days, hours, minutes, totalHours: Math.floor(totalMinutes / 60) };
}

/** The "/shortcut" being typed just before the caret (null: none). */
export function cannedQuery(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)\/([\p{L}\p{N}_-]*)$/u.exec(before);
  if (!m) return null;
  const query = m[2] ?? '';
  return { query, start: caret - query.length - 1 };
}

/** Replies whose shortcut starts with the query first, then those containing it (case-insensitive). */
export function matchCanned(list: readonly CannedReply[], query: string): CannedReply[] {
  const q = query.toLowerCase();
  const starts = list.filter((c) => c.shortcut.toLowerCase().startsWith(q));
  const contains = list.filter((c) => !c.shortcut.toLowerCase().startsWith(q) && c.shortcut.toLowerCase().includes(q));
  return [...starts, ...contains].slice(0, 20);
}

/** Puts the reply's text in place of the "/shortcut" before the caret; the new caret follows it. */
export function insertCanned(text: string, caret: number, reply: Pick<CannedReply, 'text'>): { text: string; caret: number } {
  const q = cannedQuery(text, caret);
  const start = q ? q.start : caret;
  const next = `${text.slice(0, start)}${reply.text}${text.slice(caret)}`.slice(0, CHAT_LIMITS.text);
  return { text: next, caret: Math.min(start + reply.text.length, next.length) };
}

export type UploadType = 'image' | 'gif' | 'file';
export type UploadProblem = 'type' | 'empty' | 'imageSize' | 'gifSize' | 'fileSize';

const EXT: Record<UploadType, readonly string[]> = { image: ['jpg', 'jpeg', 'png'], gif: ['gif'], file: ['pdf', 'doc', 'docx', 'csv'] };
/** What the file input accepts. */
export const UPLOAD_ACCEPT = {
  image: '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif',
  file: '.pdf,.doc,.docx,.csv',
} as const;

/** The upload type of a file by its extension (null: not one Zalo takes). */
export function uploadTypeOf(file: { name: string }): UploadType | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  for (const type of ['image', 'gif', 'file'] as const) if (EXT[type].includes(ext)) return type;
  return null;
}

/** Why the browser refuses a file before uploading it (null: it may go). */
export function uploadProblem(file: { name: string; size: number }): UploadProblem | null {
  const type = uploadTypeOf(file);
  if (!type) return 'type';
  if (file.size <= 0) return 'empty';
  if (type === 'image' && file.size > CHAT_LIMITS.imageBytes) return 'imageSize';
  if (type === 'gif' && file.size > CHAT_LIMITS.gifBytes) return 'gifSize';
  if (type === 'file' && file.size > CHAT_LIMITS.fileBytes) return 'fileSize';
  return null;
}

/** Common emoji for the picker (plain Unicode; Zalo shows them as text). */
export const EMOJI = [
  '😀', '😁', '😂', '🤣', '😊', '😍', '😘', '😉', '😎', '🤗', '🤔', '😅',
  '😢', '😭', '😡', '😱', '😴', '🙄', '😇', '🥰', '🙏', '👍', '👎', '👌',
  '👏', '💪', '🤝', '👋', '❤️', '💔', '🔥', '🎉', '🎁', '⭐', '✅', '❌',
  '⚠️', '📦', '🚚', '💰', '📞', '📍', '⏰', '🌸', '☕', '🍀', '💯', '🙌',
] as const;

/** Inserts `piece` at the caret (or over the selection) within the text limit. */
export function insertAt(text: string, start: number, end: number, piece: string): { text: string; caret: number } {
  const next = `${text.slice(0, start)}${piece}${text.slice(end)}`;
  if (next.length > CHAT_LIMITS.text) return { text, caret: end };
  return { text: next, caret: start + piece.length };
}
