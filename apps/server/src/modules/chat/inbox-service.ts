import { CHAT_LIMITS } from '@zc/shared/api/chat';
import type { CannedReply, ChatAssignee, ChatMessage, Conversation, ConversationListQuery } from '@zc/shared/api/chat';
import { ORGANISATION_WIDE_ROLES, type Permission } from '@zc/shared/permissions';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { ZaloClient } from '@zc/zalo/client';
import { findTenantAccess, tenantPermissions } from '../../platform/access';
import { withoutParallelWorkers } from '../../platform/sql';
import { AppError, fieldError, notFound, uniqueConflict } from '../../platform/errors';
import { emitEvent } from '../../platform/events';
import type { Actor } from '../../platform/policy';
import { scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import { listPermissionHolders } from '../user-groups/service';
import { ensureHistoryImported } from './history-import';
import {
  conversationRefs,
  deleteCannedRow,
  deleteMessageRow,
  deletePresence,
  findCannedByShortcut,
  findCannedRow,
  findConversationRow,
  findMessageRow,
  findPeople,
  findTenantOaId,
  findTenantTeam,
  insertCannedRow,
  insertNoteRow,
  listCannedRows,
  listConversationRows,
  listMessageRows,
  livePresence,
  myTeamIds,
  planSearch,
  timelineRows,
  updateCannedRow,
  updateConversationRow,
  upsertPresence,
  type ConversationCursor,
  type MessageCursor,
} from './inbox-repo';
import { presentCannedReply, presentChatMessage, presentConversation, type ConversationRow } from './presenter';

/* ─── Cursors: opaque base64url of "iso|uuid" ─── */

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(raw: string, path: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const at = iso ? new Date(iso) : new Date(NaN);
  if (!id || !UUID.test(id) || Number.isNaN(at.getTime())) throw fieldError(path, 'not a cursor this list answered', 'invalid_cursor');
  return { at, id };
}

/* ─── Conversations ─── */

async function presentRows(db: DbOrTx, scope: TenantScope, rows: readonly ConversationRow[]): Promise<Conversation[]> {
  const refs = await conversationRefs(db, scope, rows);
  return rows.map((r) =>
    presentConversation(r, {
      oa: refs.oas.get(r.zaloOaId) ?? { id: r.zaloOaId, name: '', avatar: null },
      assignee: r.assigneeUserId ? (refs.users.get(r.assigneeUserId) ?? null) : null,
      team: r.teamId ? (refs.teams.get(r.teamId) ?? null) : null,
    }),
  );
}

/** Splits the search box: a name prefix always, a phone when it is digits (0… becomes 84…), the words for message text. */
export function searchTerms(q: string): { name: string; phone: string | null; words: string } {
  const term = q.trim();
  const digits = term.replace(/[\s.+()-]/g, '');
  const phone = /^\d{3,15}$/.test(digits) ? (digits.startsWith('0') ? `84${digits.slice(1)}` : digits) : null;
  return { name: term.toLowerCase(), phone, words: term };
}

/**
 * The inbox: one OA or every OA of the tenant, §3 filter and assignment, search, by last activity.
 * Every member with VIEW_ZALO_OA_CHAT sees every conversation of the tenant (the code base has no
 * team-limited access: teams filter lists, as broadcasts' and tickets' do), assignment=team narrows it.
 */
export async function listConversations(db: DbOrTx, actor: Actor, scope: TenantScope, q: ConversationListQuery): Promise<{ data: Conversation[]; nextCursor: string | null }> {
  if (q.zaloOAId && !(await findTenantOaId(db, scope, q.zaloOAId))) throw notFound();
  if (q.assignment === 'team' && q.teamId && !(await findTenantTeam(db, scope, q.teamId))) throw fieldError('querystring.teamId', 'not a team of this tenant', 'not_found');
  const cursor: ConversationCursor | undefined = q.cursor ? decodeCursor(q.cursor, 'querystring.cursor') : undefined;
  const teams = q.assignment === 'team' && !q.teamId ? await myTeamIds(db, scope, actor.userId) : [];
  const terms = q.q ? searchTerms(q.q) : undefined;
  const list = async (d: DbOrTx) =>
    listConversationRows(d, scope, {
      zaloOaId: q.zaloOAId,
      filter: q.filter,
      assignment: q.assignment,
      teamId: q.teamId,
      status: q.status,
      search: terms ? { terms, plan: await planSearch(d, scope, terms) } : undefined,
      cursor,
      limit: q.size + 1,
      userId: actor.userId,
      myTeamIds: teams,
    });
  // A search probes and walks the big tables with LIMITs: a parallel plan's start-up would cost more than the read.
  const rows = terms ? await withoutParallelWorkers(db, list) : await list(db);
  const page = rows.slice(0, q.size);
  const last = page[page.length - 1];
  const nextCursor = rows.length > q.size && last?.lastMessageAt ? encodeCursor(last.lastMessageAt, last.id) : null;
  return { data: await presentRows(db, scope, page), nextCursor };
}

export async function requireConversation(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<ConversationRow> {
  const row = await findConversationRow(db, scope, id, opts);
  if (!row) throw notFound();
  return row;
}

export async function getConversation(db: DbOrTx, scope: TenantScope, id: string): Promise<Conversation> {
  const [c] = await presentRows(db, scope, [await requireConversation(db, scope, id)]);
  if (!c) throw notFound();
  return c;
}

async function announceChange(tx: Tx, scope: TenantScope, row: ConversationRow, fields: string[], actorId: string | null): Promise<void> {
  await emitEvent(tx, {
    type: 'chat.conversation_changed',
    tenantId: scopedTenantId(scope),
    data: { conversationId: row.id, zaloOaId: row.zaloOaId, fields, assigneeUserId: row.assigneeUserId, teamId: row.teamId, actorId },
  });
}

/** Audit/event view of a conversation: who it is with and its team-work state (never message text). */
export function conversationAuditView(r: ConversationRow) {
  return { zaloOaId: r.zaloOaId, userId: r.userId, displayName: r.displayName, assigneeUserId: r.assigneeUserId, teamId: r.teamId, spam: r.spam, status: r.status };
}

/* ─── Messages ─── */

/**
 * A page of the conversation, oldest first; `before` reads the page before it. The first page of a
 * conversation never imported brings Zalo's history in first (helper of modules/chat history-import);
 * `importing` stays true while that import has not succeeded (the next open retries).
 */
export async function listMessages(deps: { db: Db; zalo: ZaloClient }, scope: TenantScope, id: string, q: { before?: string | undefined; size: number }): Promise<{ data: ChatMessage[]; nextCursor: string | null; importing: boolean }> {
  const conv = await requireConversation(deps.db, scope, id);
  const before: MessageCursor | undefined = q.before ? decodeCursor(q.before, 'querystring.before') : undefined;
  let importing = false;
  if (!before && !conv.historyImportedAt) importing = !(await ensureHistoryImported(deps, scope, id)).imported;
  const rows = await listMessageRows(deps.db, scope, id, before, q.size + 1);
  const page = rows.slice(0, q.size);
  const oldest = page[page.length - 1];
  const nextCursor = rows.length > q.size && oldest ? encodeCursor(oldest.sentAt, oldest.id) : null;
  const people = await findPeople(deps.db, page.flatMap((m) => (m.authorUserId ? [m.authorUserId] : [])));
  const data = page.reverse().map((m) => presentChatMessage(m, m.authorUserId ? (people.get(m.authorUserId) ?? null) : null));
  return { data, nextCursor, importing };
}

/** The caller read the conversation: unread 0, announced (fields ['unread']) when it was not already. */
export async function readConversation(tx: Tx, actor: Actor, scope: TenantScope, id: string): Promise<ConversationRow> {
  const row = await requireConversation(tx, scope, id, { lock: true });
  if (row.unreadCount === 0) return row;
  const after = await updateConversationRow(tx, scope, id, { unreadCount: 0 });
  if (!after) throw notFound();
  await announceChange(tx, scope, after, ['unread'], actor.userId);
  return after;
}

const CHAT_VIEW: Permission = 'VIEW_ZALO_OA_CHAT';

/** 422 unless the person is a member of the tenant who may view the chat, and the team is one of the tenant's. */
async function checkAssignee(db: DbOrTx, scope: TenantScope, body: { assigneeUserId: string | null; teamId: string | null }): Promise<void> {
  if (body.assigneeUserId) {
    const grant = await findTenantAccess(db, body.assigneeUserId, scopedTenantId(scope));
    if (!grant || !tenantPermissions(grant).includes(CHAT_VIEW)) {
      throw new AppError('CHAT_ASSIGNEE_INVALID', undefined, { fields: [{ path: 'body.assigneeUserId', code: 'not_member', message: 'not a member of this tenant with VIEW_ZALO_OA_CHAT' }] });
    }
  }
  if (body.teamId && !(await findTenantTeam(db, scope, body.teamId))) {
    throw new AppError('CHAT_ASSIGNEE_INVALID', undefined, { fields: [{ path: 'body.teamId', code: 'not_found', message: 'not a team of this tenant' }] });
  }
}

/** Assigns the conversation to a person and/or a team (null clears each); announced with fields ['assignee']. */
export async function assignConversation(tx: Tx, actor: Actor, scope: TenantScope, id: string, body: { assigneeUserId: string | null; teamId: string | null }) {
  const before = await requireConversation(tx, scope, id, { lock: true });
  await checkAssignee(tx, scope, body);
  if (before.assigneeUserId === body.assigneeUserId && before.teamId === body.teamId) return { before, after: before };
  const after = await updateConversationRow(tx, scope, id, { assigneeUserId: body.assigneeUserId, teamId: body.teamId });
  if (!after) throw notFound();
  await announceChange(tx, scope, after, ['assignee'], actor.userId);
  return { before, after };
}

export async function markSpam(tx: Tx, actor: Actor, scope: TenantScope, id: string, spam: boolean) {
  const before = await requireConversation(tx, scope, id, { lock: true });
  if (before.spam === spam) return { before, after: before };
  const after = await updateConversationRow(tx, scope, id, { spam });
  if (!after) throw notFound();
  await announceChange(tx, scope, after, ['spam'], actor.userId);
  return { before, after };
}

export async function setStatus(tx: Tx, actor: Actor, scope: TenantScope, id: string, status: 'OPEN' | 'CLOSED') {
  const before = await requireConversation(tx, scope, id, { lock: true });
  if (before.status === status) return { before, after: before };
  const after = await updateConversationRow(tx, scope, id, { status });
  if (!after) throw notFound();
  await announceChange(tx, scope, after, ['status'], actor.userId);
  return { before, after };
}

/* ─── Notes ─── */

/** An internal note (direction NOTE, never sent to Zalo): stored and announced as a chat.message; the last message stays the conversation's. */
export async function addNote(tx: Tx, actor: Actor, scope: TenantScope, id: string, text: string): Promise<ChatMessage> {
  const conv = await requireConversation(tx, scope, id);
  const row = await insertNoteRow(tx, scope, { conversationId: id, zaloOaId: conv.zaloOaId, text, authorUserId: actor.userId });
  await emitEvent(tx, {
    type: 'chat.message',
    tenantId: scopedTenantId(scope),
    data: { conversationId: id, zaloOaId: conv.zaloOaId, messageId: row.id, direction: 'NOTE', status: null, assigneeUserId: conv.assigneeUserId },
  });
  const people = await findPeople(tx, [actor.userId]);
  return presentChatMessage(row, people.get(actor.userId) ?? null);
}

/** Whether the actor may delete the note: its author, or an organisation OWNER/ADMIN (both need ACTION_ZALO_OA_CHAT, which the route asks). */
export function canDeleteNote(actor: Actor, note: { authorUserId: string | null }): boolean {
  return note.authorUserId === actor.userId || (actor.merchantRole !== null && ORGANISATION_WIDE_ROLES.includes(actor.merchantRole));
}

export async function deleteNote(tx: Tx, actor: Actor, scope: TenantScope, id: string, messageId: string) {
  const conv = await requireConversation(tx, scope, id);
  const note = await findMessageRow(tx, scope, id, messageId);
  if (!note || note.direction !== 'NOTE') throw notFound();
  if (!canDeleteNote(actor, note)) throw new AppError('CHAT_NOTE_NOT_YOURS');
  await deleteMessageRow(tx, scope, messageId);
  await announceChange(tx, scope, conv, ['notes'], actor.userId);
  return { before: { conversationId: id, authorUserId: note.authorUserId, text: note.text, sentAt: note.sentAt.toISOString() } };
}

/* ─── Presence ─── */

/**
 * The caller is viewing / typing in / left the conversation: a mark lasting CHAT_LIMITS.presenceTtlSeconds
 * unless renewed. chat.presence is announced only when the state changes (a renewal is silent). Answers
 * the other agents present now.
 */
export async function updatePresence(tx: Tx, actor: Actor, scope: TenantScope, id: string, state: 'VIEWING' | 'TYPING' | 'LEFT') {
  await requireConversation(tx, scope, id);
  let changed: boolean;
  if (state === 'LEFT') {
    changed = await deletePresence(tx, scope, id, actor.userId);
  } else {
    const previous = await upsertPresence(tx, scope, id, actor.userId, state, new Date(Date.now() + CHAT_LIMITS.presenceTtlSeconds * 1000));
    changed = previous !== state;
  }
  if (changed) await emitEvent(tx, { type: 'chat.presence', tenantId: scopedTenantId(scope), data: { conversationId: id, userId: actor.userId, state } });
  const others = await livePresence(tx, scope, id, actor.userId);
  return others.map((o) => ({ user: { id: o.userId, displayName: o.displayName, avatar: o.avatar }, state: o.state as 'VIEWING' | 'TYPING', until: o.expiresAt.toISOString() }));
}


/* ─── Follower timeline ─── */

export const TIMELINE_MAX = 50;

export async function followerTimeline(db: DbOrTx, scope: TenantScope, id: string) {
  const conv = await requireConversation(db, scope, id);
  const rows = await timelineRows(db, scope, conv, TIMELINE_MAX);
  return rows.map((r) => ({ at: r.at.toISOString(), source: r.source, id: r.id, title: r.title, status: r.status }));
}

/* ─── Canned replies ─── */

const SHORTCUT_TAKEN = () => new AppError('CHAT_CANNED_SHORTCUT_TAKEN', undefined, { fields: [{ path: 'body.shortcut', code: 'taken', message: 'another canned reply uses this shortcut' }] });

export async function listCannedReplies(db: DbOrTx, scope: TenantScope): Promise<CannedReply[]> {
  return (await listCannedRows(db, scope)).map(presentCannedReply);
}

/** A unique violation of chat_canned_replies_shortcut (two creators at once) answers the same 409. */
async function guardShortcut<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueConflict(err)) throw SHORTCUT_TAKEN();
    throw err;
  }
}

export async function createCannedReply(tx: Tx, actor: Actor, scope: TenantScope, body: { shortcut: string; text: string }) {
  if (await findCannedByShortcut(tx, scope, body.shortcut)) throw SHORTCUT_TAKEN();
  return guardShortcut(() => insertCannedRow(tx, scope, { ...body, createdBy: actor.userId }));
}

export async function updateCannedReply(tx: Tx, scope: TenantScope, id: string, body: { shortcut: string; text: string }) {
  const before = await findCannedRow(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  if (await findCannedByShortcut(tx, scope, body.shortcut, id)) throw SHORTCUT_TAKEN();
  const after = await guardShortcut(() => updateCannedRow(tx, scope, id, body));
  if (!after) throw notFound();
  return { before, after };
}

export async function deleteCannedReply(tx: Tx, scope: TenantScope, id: string) {
  const before = await findCannedRow(tx, scope, id, { lock: true });
  if (!before) throw notFound();
  await deleteCannedRow(tx, scope, id);
  return { before };
}

/* ─── Assignees ─── */

/**
 * The people a conversation can be assigned to (the assign route's own rule: a member of the tenant
 * who may view the chat), by name — read through the user groups' permission holders (§6 union of
 * tenant group and organisation role), so an agent without VIEW_USER_GROUPS can still pick a colleague.
 */
export async function listAssignees(db: DbOrTx, scope: TenantScope, merchantId: string): Promise<ChatAssignee[]> {
  const holders = await listPermissionHolders(db, scope, merchantId);
  const ids = new Set(holders.permissions.find((p) => p.permission === CHAT_VIEW)?.holders.map((h) => h.userId) ?? []);
  return holders.users
    .filter((u) => ids.has(u.id))
    .map((u) => ({ id: u.id, displayName: u.displayName || u.email, avatar: u.avatar }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'vi'));
}
