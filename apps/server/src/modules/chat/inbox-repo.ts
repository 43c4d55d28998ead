import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ChatAssignmentFilter, ChatFilter } from '@zc/shared/api/chat';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { oaBroadcasts } from '../../db/schema/broadcasts';
import { chatCannedReplies, chatConversations, chatMessages, chatPresence } from '../../db/schema/chat';
import { oaFollowers } from '../../db/schema/followers';
import { messageHistory } from '../../db/schema/messaging';
import { teamMembers, teams } from '../../db/schema/teams';
import { zaloOas } from '../../db/schema/zalo-oa';
import { rowsOf } from '../../platform/sql';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';
import type { CannedReplyRow, ChatMessageRow, ChatPerson, ConversationRow } from './presenter';

function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Phones starting with `digits`, as a range the (tenant_id, phone) index can serve under any collation
 * (LIKE 'p%' uses a btree only under the C collation; a database in C.UTF-8 or a language's collation
 * scanned the whole table: 160 ms at 1 M conversations), with LIKE kept as the exact test.
 */
function phonePrefix(digits: string, column: SQL | AnyColumn): SQL {
  // The next prefix of the same length ('84912' → '84913'); none above all nines.
  const upper = /^9+$/.test(digits) ? null : (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  const range = upper === null ? sql`${column} >= ${digits}` : sql`${column} >= ${digits} and ${column} < ${upper}`;
  return sql`(${range} and ${column} like ${likePrefix(digits)})`;
}

/** A position in the inbox list: the last row's activity time and id. */
export interface ConversationCursor {
  at: Date;
  id: string;
}

export interface ConversationListFilter {
  zaloOaId?: string | undefined;
  filter: ChatFilter;
  assignment: ChatAssignmentFilter;
  teamId?: string | undefined;
  status: 'OPEN' | 'CLOSED' | 'ALL';
  /** Name prefix (lower-cased), phone digits and message words, with what planSearch found. */
  search?: { terms: { name: string; phone: string | null; words: string }; plan: SearchPlan } | undefined;
  cursor?: ConversationCursor | undefined;
  limit: number;
  /** The caller (assignment=mine) and their teams (assignment=team without a team id). */
  userId: string;
  myTeamIds: readonly string[];
}

/**
 * A way of matching with more hits than its cap is tested row by row while walking the list in order
 * (dense, so the walk stops soon); a narrower one answers its conversation ids, which are fetched and
 * ordered. A walk reads about limit × conversations / hits rows; the ids cost one table row each (the
 * name index holds an expression, so its probe cannot be index-only): a common name (1 in 16) is found
 * in ~500 walked rows, while a phone prefix of a network (1 in 200) would be walked through ~6,000.
 */
export const SEARCH_CAP = { name: 2_000, phone: 10_000, words: 2_000 } as const;

export interface SearchPlan {
  /** Conversations matched by the narrow ways (each found through its index). */
  ids: string[];
  /** The ways with more hits than their cap: tested on each row of the ordered walk. */
  broad: { name: boolean; phone: boolean; words: boolean };
}

/**
 * Each way of matching through its own index (name prefix: lname_idx; phone prefix: phone_idx; message
 * words: the GIN text index), stopping after its cap + 1 hits: a narrow way answers its ids, a broad one
 * is left to the ordered walk. Words are first looked up in the text index's statistics (`commonWords`):
 * a GIN probe cannot stop early — it builds the bitmap of every message holding a common word (≈ 0.5 s
 * for 1.5 M of them) before its first row — so words the statistics show as common go to the walk unprobed.
 */
export async function planSearch(db: DbOrTx, scope: TenantScope, s: { name: string; phone: string | null; words: string }): Promise<SearchPlan> {
  const tenantId = scopedTenantId(scope);
  const probe = async (q: SQL): Promise<string[]> => ((await db.execute(q)) as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  const name = await probe(sql`select x.id::text as id from chat_conversations x where x.tenant_id = ${tenantId}::uuid and lower(x.display_name) collate "C" like ${likePrefix(s.name)} collate "C" limit ${SEARCH_CAP.name + 1}`);
  const phone = s.phone ? await probe(sql`select x.id::text as id from chat_conversations x where x.tenant_id = ${tenantId}::uuid and ${phonePrefix(s.phone, sql.raw('x.phone'))} limit ${SEARCH_CAP.phone + 1}`) : [];
  const wordsMatch = sql`to_tsvector('simple', coalesce(m.text, '')) @@ plainto_tsquery('simple', ${s.words}) and m.tenant_id = ${tenantId}::uuid`;
  const common = s.words ? await commonWords(db, s.words) : false;
  const words = s.words && !common ? await probe(sql`select m.conversation_id::text as id from chat_messages m where ${wordsMatch} limit ${SEARCH_CAP.words + 1}`) : [];
  const broad = { name: name.length > SEARCH_CAP.name, phone: phone.length > SEARCH_CAP.phone, words: common || words.length > SEARCH_CAP.words };
  const ids = new Set<string>();
  if (!broad.name) name.forEach((id) => ids.add(id));
  if (!broad.phone) phone.forEach((id) => ids.add(id));
  if (!broad.words) words.forEach((id) => ids.add(id));
  return { ids: [...ids], broad };
}

/**
 * True when every word of `words` is among the most common words of the messages (the text index's
 * statistics, kept by ANALYZE) and even the rarest of them is in more than four caps' worth of messages:
 * then all of them together are dense, and the ordered walk finds a page at once. A word the statistics do
 * not name is rarer than every word they do, so it is probed; so is everything where no statistics exist
 * yet (a new database).
 */
async function commonWords(db: DbOrTx, words: string): Promise<boolean> {
  const [row] = rowsOf<{ common: boolean }>(
    await db.execute(sql`
      select coalesce(count(f.freq) = cardinality(q.lexemes) and cardinality(q.lexemes) > 0
        and min(f.freq) * (select greatest(c.reltuples, 0) from pg_class c where c.oid = 'chat_messages'::regclass) > ${SEARCH_CAP.words * 4}, false) as common
      from (select tsvector_to_array(to_tsvector('simple', ${words})) as lexemes) q
      left join lateral (
        select e.freq from pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, freq)
        where s.schemaname = current_schema() and s.tablename = 'chat_messages_text_idx' and e.lexeme = any(q.lexemes)
      ) f on true
      group by q.lexemes`),
  );
  return row?.common ?? false;
}

/**
 * One page of the inbox, by last activity (last_message_at desc, id asc). The keyset condition starts
 * the index range at the cursor's time (`last_message_at <= at`) and skips the ties already shown, so a
 * deep page costs what the first one does. Conversations without a message yet are not in the inbox.
 */
export async function listConversationRows(db: DbOrTx, scope: TenantScope, f: ConversationListFilter): Promise<ConversationRow[]> {
  const c = chatConversations;
  const conds: Array<SQL | undefined> = [isNotNull(c.lastMessageAt)];
  if (f.zaloOaId) conds.push(eq(c.zaloOaId, f.zaloOaId));
  if (f.status !== 'ALL') conds.push(eq(c.status, f.status));
  switch (f.filter) {
    case 'main':
      conds.push(eq(c.spam, false));
      break;
    case 'unread':
      conds.push(eq(c.spam, false), gt(c.unreadCount, 0));
      break;
    case 'unreplied':
      conds.push(eq(c.spam, false), eq(c.lastMessageDirection, 'IN'));
      break;
    case 'spam':
      conds.push(eq(c.spam, true));
      break;
    case 'group':
      conds.push(eq(c.spam, false), eq(c.isGroup, true));
      break;
  }
  switch (f.assignment) {
    case 'mine':
      conds.push(eq(c.assigneeUserId, f.userId));
      break;
    case 'assigned':
      conds.push(or(isNotNull(c.assigneeUserId), isNotNull(c.teamId)));
      break;
    case 'unassigned':
      conds.push(isNull(c.assigneeUserId), isNull(c.teamId));
      break;
    case 'team':
      if (f.teamId) conds.push(eq(c.teamId, f.teamId));
      else if (f.myTeamIds.length > 0) conds.push(inArray(c.teamId, [...f.myTeamIds]));
      else conds.push(sql`false`);
      break;
    case 'all':
      break;
  }
  if (f.search) {
    const { plan, terms } = f.search;
    const any: SQL[] = [];
    // One array parameter (up to the caps' sum of ids), not one placeholder per id.
    if (plan.ids.length) any.push(sql`${c.id} = any(${`{${plan.ids.join(',')}}`}::uuid[])`);
    if (plan.broad.name) any.push(sql`lower(${c.displayName}) collate "C" like ${likePrefix(terms.name)} collate "C"`);
    if (plan.broad.phone && terms.phone) any.push(phonePrefix(terms.phone, c.phone));
    if (plan.broad.words) any.push(sql`exists (select 1 from chat_messages m where m.conversation_id = ${c.id} and to_tsvector('simple', coalesce(m.text, '')) @@ plainto_tsquery('simple', ${terms.words}))`);
    conds.push(any.length ? or(...any) : sql`false`);
  }
  if (f.cursor) {
    conds.push(sql`${c.lastMessageAt} <= ${f.cursor.at.toISOString()}::timestamptz`);
    conds.push(or(lt(c.lastMessageAt, f.cursor.at), gt(c.id, f.cursor.id)));
  }
  return db
    .select()
    .from(c)
    .where(inTenant(scope, c, ...conds))
    .orderBy(sql`${c.lastMessageAt} desc nulls last`, asc(c.id))
    .limit(f.limit);
}

export async function findConversationRow(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<ConversationRow | null> {
  const q = db.select().from(chatConversations).where(inTenant(scope, chatConversations, eq(chatConversations.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateConversationRow(db: DbOrTx, scope: TenantScope, id: string, patch: Partial<Pick<ConversationRow, 'assigneeUserId' | 'teamId' | 'spam' | 'status' | 'unreadCount'>>): Promise<ConversationRow | null> {
  const [row] = await db
    .update(chatConversations)
    .set({ ...patch, updatedAt: new Date() })
    .where(inTenant(scope, chatConversations, eq(chatConversations.id, id)))
    .returning();
  return row ?? null;
}

/** The OAs, people and teams a page of conversations names. */
export async function conversationRefs(db: DbOrTx, scope: TenantScope, rows: readonly ConversationRow[]) {
  const oaIds = [...new Set(rows.map((r) => r.zaloOaId))];
  const userIds = [...new Set(rows.flatMap((r) => (r.assigneeUserId ? [r.assigneeUserId] : [])))];
  const teamIds = [...new Set(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])))];
  const [oas, people, groups] = await Promise.all([
    oaIds.length ? db.select({ id: zaloOas.id, name: zaloOas.name, avatar: zaloOas.avatar }).from(zaloOas).where(inTenant(scope, zaloOas, inArray(zaloOas.id, oaIds))) : [],
    findPeople(db, userIds),
    teamIds.length ? db.select({ id: teams.id, name: teams.name }).from(teams).where(inTenant(scope, teams, inArray(teams.id, teamIds))) : [],
  ]);
  return { oas: new Map(oas.map((o) => [o.id, o])), users: people, teams: new Map(groups.map((t) => [t.id, t])) };
}

export async function findPeople(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ChatPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, displayName: users.displayName, avatar: users.avatar }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findTenantOaId(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<string | null> {
  const [oa] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, zaloOaId)));
  return oa?.id ?? null;
}

export async function findTenantTeam(db: DbOrTx, scope: TenantScope, teamId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inTenant(scope, teams, eq(teams.id, teamId)));
  return row ?? null;
}

export async function myTeamIds(db: DbOrTx, scope: TenantScope, userId: string): Promise<string[]> {
  const rows = await db.select({ id: teamMembers.teamId }).from(teamMembers).where(inTenant(scope, teamMembers, eq(teamMembers.userId, userId)));
  return rows.map((r) => r.id);
}

/* ─── Messages ─── */

/** A position in a conversation's history: the oldest message shown (sent_at, id). */
export interface MessageCursor {
  at: Date;
  id: string;
}

/** The newest `limit` messages before the cursor, newest first (chat_messages_conversation_idx). */
export async function listMessageRows(db: DbOrTx, scope: TenantScope, conversationId: string, before: MessageCursor | undefined, limit: number): Promise<ChatMessageRow[]> {
  const m = chatMessages;
  const conds: Array<SQL | undefined> = [eq(m.conversationId, conversationId)];
  if (before) conds.push(sql`(${m.sentAt}, ${m.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`);
  const rows = await db.select().from(m).where(inTenant(scope, m, ...conds)).orderBy(desc(m.sentAt), desc(m.id)).limit(limit);
  // A follower's quote-reply names the quoted message by its Zalo id only (the composer's own replies keep
  // the text): the text is read from that message here, once per page, by the (OA, Zalo msg id) key.
  const missing = rows.filter((r) => r.quoteZaloMsgId && r.quoteText === null);
  if (missing.length === 0) return rows;
  const quoted = await db
    .select({ zaloOaId: m.zaloOaId, zaloMsgId: m.zaloMsgId, text: m.text })
    .from(m)
    .where(inTenant(scope, m, eq(m.zaloOaId, missing[0]!.zaloOaId), inArray(m.zaloMsgId, [...new Set(missing.map((r) => r.quoteZaloMsgId!))])));
  const textOf = new Map(quoted.map((q) => [q.zaloMsgId, q.text]));
  return rows.map((r) => (r.quoteZaloMsgId && r.quoteText === null ? { ...r, quoteText: textOf.get(r.quoteZaloMsgId) ?? null } : r));
}

export async function findMessageRow(db: DbOrTx, scope: TenantScope, conversationId: string, messageId: string): Promise<ChatMessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(inTenant(scope, chatMessages, eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, messageId)));
  return row ?? null;
}

export async function insertNoteRow(db: DbOrTx, scope: TenantScope, v: { conversationId: string; zaloOaId: string; text: string; authorUserId: string }): Promise<ChatMessageRow> {
  const now = new Date();
  const [row] = await db
    .insert(chatMessages)
    .values({ tenantId: scopedTenantId(scope), conversationId: v.conversationId, zaloOaId: v.zaloOaId, direction: 'NOTE', kind: 'note', text: v.text, authorUserId: v.authorUserId, sentAt: now, createdAt: now })
    .returning();
  if (!row) throw new Error('note not inserted');
  return row;
}

export async function deleteMessageRow(db: DbOrTx, scope: TenantScope, messageId: string): Promise<void> {
  await db.delete(chatMessages).where(inTenant(scope, chatMessages, eq(chatMessages.id, messageId)));
}

/* ─── Presence ─── */

/**
 * Marks the user present in the conversation until `expiresAt`; answers the state they had before
 * (null: none, or a lapsed mark), so the caller announces only a change.
 */
export async function upsertPresence(db: DbOrTx, scope: TenantScope, conversationId: string, userId: string, state: string, expiresAt: Date): Promise<string | null> {
  const rows = (await db.execute(sql`
    with prev as (
      select state, expires_at from chat_presence where conversation_id = ${conversationId}::uuid and user_id = ${userId}::uuid for update
    ), up as (
      insert into chat_presence (conversation_id, user_id, tenant_id, state, expires_at)
      values (${conversationId}::uuid, ${userId}::uuid, ${scopedTenantId(scope)}::uuid, ${state}, ${expiresAt.toISOString()}::timestamptz)
      on conflict (conversation_id, user_id) do update set state = excluded.state, expires_at = excluded.expires_at
      returning 1
    )
    select (select case when expires_at > now() then state end from prev) as previous, (select count(*) from up) as n`)) as unknown as { rows: Array<{ previous: string | null }> };
  return rows.rows[0]?.previous ?? null;
}

/** Removes the user's mark; answers whether a live one was there. */
export async function deletePresence(db: DbOrTx, scope: TenantScope, conversationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(chatPresence)
    .where(inTenant(scope, chatPresence, eq(chatPresence.conversationId, conversationId), eq(chatPresence.userId, userId)))
    .returning({ expiresAt: chatPresence.expiresAt });
  return rows.some((r) => r.expiresAt.getTime() > Date.now());
}

/** Live marks of the conversation except the user's own. */
export async function livePresence(db: DbOrTx, scope: TenantScope, conversationId: string, exceptUserId: string | null) {
  return db
    .select({ userId: chatPresence.userId, state: chatPresence.state, expiresAt: chatPresence.expiresAt, displayName: users.displayName, avatar: users.avatar })
    .from(chatPresence)
    .innerJoin(users, eq(users.id, chatPresence.userId))
    .where(inTenant(scope, chatPresence, eq(chatPresence.conversationId, conversationId), sql`${chatPresence.expiresAt} > now()`, exceptUserId ? ne(chatPresence.userId, exceptUserId) : undefined))
    .orderBy(asc(users.displayName));
}

/* ─── Follower timeline ─── */

export interface TimelineRow {
  at: Date;
  source: 'ZNS' | 'OA' | 'BROADCAST';
  id: string;
  title: string;
  status: string;
}

/**
 * What the follower received besides the chat, newest first: OA messages by their Zalo user id, ZNS
 * messages by their phone (when known), and the OA's broadcasts sent since the follower was first
 * synced (or, without a synced follower, since the conversation began).
 */
export async function timelineRows(db: DbOrTx, scope: TenantScope, conv: ConversationRow, limit: number): Promise<TimelineRow[]> {
  const h = messageHistory;
  const oaRows = await db
    .select({ at: h.createdAt, id: h.id, type: h.type, status: h.status })
    .from(h)
    // What the OA sent besides this chat (API, playground, fallback): the conversation's own replies are its messages already.
    .where(
      inTenant(
        scope,
        h,
        eq(h.uid, conv.userId),
        eq(h.zaloOaId, conv.zaloOaId),
        eq(h.module, 'OA'),
        sql`not exists (select 1 from ${chatMessages} cm where cm.conversation_id = ${conv.id}::uuid and cm.message_history_id = ${h.id})`,
      ),
    )
    .orderBy(desc(h.createdAt))
    .limit(limit);
  let phone = conv.phone;
  let since = conv.createdAt;
  if (conv.followerId) {
    const [f] = await db.select({ phone: oaFollowers.phone, createdAt: oaFollowers.createdAt }).from(oaFollowers).where(inTenant(scope, oaFollowers, eq(oaFollowers.id, conv.followerId)));
    if (f) {
      phone = phone ?? f.phone;
      since = f.createdAt < since ? f.createdAt : since;
    }
  }
  const znsRows = phone
    ? await db
        .select({ at: h.createdAt, id: h.id, title: h.templateName, templateId: h.znsTemplateId, status: h.status })
        .from(h)
        .where(inTenant(scope, h, eq(h.phone, phone), eq(h.module, 'ZNS')))
        .orderBy(desc(h.createdAt))
        .limit(limit)
    : [];
  const b = oaBroadcasts;
  const casts = await db
    .select({ at: b.sentAt, id: b.id, name: b.name, status: b.status, sendState: b.sendState })
    .from(b)
    .where(inTenant(scope, b, eq(b.zaloOaId, conv.zaloOaId), isNotNull(b.sentAt), sql`${b.sentAt} >= ${since.toISOString()}::timestamptz`))
    .orderBy(desc(b.sentAt))
    .limit(limit);
  const all: TimelineRow[] = [
    ...oaRows.map((r) => ({ at: r.at, source: 'OA' as const, id: r.id, title: r.type, status: r.status })),
    ...znsRows.map((r) => ({ at: r.at, source: 'ZNS' as const, id: r.id, title: r.title ?? r.templateId ?? '', status: r.status })),
    // A sent broadcast: its hand-over state (SENT), not its review state (APPROVED).
    ...casts.flatMap((r) => (r.at ? [{ at: r.at, source: 'BROADCAST' as const, id: r.id, title: r.name, status: r.sendState ?? r.status }] : [])),
  ];
  return all.sort((x, y) => y.at.getTime() - x.at.getTime()).slice(0, limit);
}

/* ─── Canned replies ─── */

export async function listCannedRows(db: DbOrTx, scope: TenantScope): Promise<CannedReplyRow[]> {
  return db.select().from(chatCannedReplies).where(inTenant(scope, chatCannedReplies)).orderBy(sql`lower(${chatCannedReplies.shortcut})`).limit(1000);
}

export async function findCannedRow(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<CannedReplyRow | null> {
  const q = db.select().from(chatCannedReplies).where(inTenant(scope, chatCannedReplies, eq(chatCannedReplies.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The canned reply of the tenant with this shortcut (case-insensitive), other than `exceptId`. */
export async function findCannedByShortcut(db: DbOrTx, scope: TenantScope, shortcut: string, exceptId?: string): Promise<CannedReplyRow | null> {
  const [row] = await db
    .select()
    .from(chatCannedReplies)
    .where(inTenant(scope, chatCannedReplies, sql`lower(${chatCannedReplies.shortcut}) = lower(${shortcut})`, exceptId ? ne(chatCannedReplies.id, exceptId) : undefined));
  return row ?? null;
}

export async function insertCannedRow(db: DbOrTx, scope: TenantScope, v: { shortcut: string; text: string; createdBy: string }): Promise<CannedReplyRow> {
  const [row] = await db.insert(chatCannedReplies).values({ tenantId: scopedTenantId(scope), ...v }).returning();
  if (!row) throw new Error('canned reply not inserted');
  return row;
}

export async function updateCannedRow(db: DbOrTx, scope: TenantScope, id: string, v: { shortcut: string; text: string }): Promise<CannedReplyRow | null> {
  const [row] = await db.update(chatCannedReplies).set({ ...v, updatedAt: new Date() }).where(inTenant(scope, chatCannedReplies, eq(chatCannedReplies.id, id))).returning();
  return row ?? null;
}

export async function deleteCannedRow(db: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await db.delete(chatCannedReplies).where(inTenant(scope, chatCannedReplies, eq(chatCannedReplies.id, id)));
}

/** The users of a conversation with a live presence mark (notifications: "not looking"). */
export async function presentUserIds(db: DbOrTx, conversationId: string): Promise<Set<string>> {
  const rows = await db.select({ userId: chatPresence.userId }).from(chatPresence).where(and(eq(chatPresence.conversationId, conversationId), sql`${chatPresence.expiresAt} > now()`));
  return new Set(rows.map((r) => r.userId));
}
