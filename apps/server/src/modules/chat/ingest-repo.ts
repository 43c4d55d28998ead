import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * SQL of the chat ingest (ADR 0021): every function is ONE statement over a whole run of webhook
 * events (jsonb_to_recordset), so a run of 500 events costs a handful of statements, not 500.
 */

type Rows<T> = { rows: T[] };
const run = async <T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows; // both drivers answer { rows }

export interface ConversationKey {
  tenantId: string;
  zaloOaId: string;
  userId: string;
  /** The event's own display name / avatar / phone, used only when no synced follower exists. */
  name?: string | null;
  avatar?: string | null;
  phone?: string | null;
  /** A Zalo group's conversation (the key's userId is `group:<group id>`). */
  isGroup?: boolean;
}

/**
 * Creates the conversations of these (OA, user) pairs that do not exist yet — name, avatar, phone and
 * follower from oa_followers when a synced follower exists, else the event's own fields — and answers
 * those created. Existing conversations are not touched here (touchConversations updates them once).
 */
export async function createConversations(db: DbOrTx, keys: readonly ConversationKey[]): Promise<Array<{ id: string; zaloOaId: string; userId: string }>> {
  if (keys.length === 0) return [];
  const values = JSON.stringify(keys.map((k) => ({ t: k.tenantId, oa: k.zaloOaId, u: k.userId, n: k.name ?? null, a: k.avatar ?? null, p: k.phone ?? null, g: k.isGroup ?? false })));
  type Row = { id: string; zalo_oa_id: string; user_id: string };
  const rows = await run<Row>(db, sql`
    insert into chat_conversations (tenant_id, zalo_oa_id, user_id, follower_id, display_name, avatar, phone, is_group)
    select v.t, v.oa, v.u, f.id, coalesce(f.display_name, nullif(v.n, ''), v.u), coalesce(f.avatar, v.a), coalesce(f.phone, v.p), v.g
    from jsonb_to_recordset(${values}::jsonb) as v(t uuid, oa uuid, u text, n text, a text, p text, g boolean)
    left join oa_followers f on f.zalo_oa_id = v.oa and f.user_id = v.u and f.tenant_id = v.t
    where not exists (select 1 from chat_conversations c where c.zalo_oa_id = v.oa and c.user_id = v.u)
    on conflict (zalo_oa_id, user_id) do nothing
    returning id, zalo_oa_id, user_id`);
  return rows.map((r) => ({ id: r.id, zaloOaId: r.zalo_oa_id, userId: r.user_id }));
}

/** A message row touched by the ingest, with its conversation's assignee (for chat.message). */
export interface TouchedMessage {
  id: string;
  tenantId: string;
  zaloOaId: string;
  conversationId: string;
  direction: 'IN' | 'OUT' | 'NOTE';
  status: string | null;
  assigneeUserId: string | null;
}
type TouchedRow = { id: string; tenant_id: string; zalo_oa_id: string; conversation_id: string; direction: 'IN' | 'OUT' | 'NOTE'; status: string | null; assignee_user_id: string | null };
const touched = (r: TouchedRow): TouchedMessage => ({
  id: r.id, tenantId: r.tenant_id, zaloOaId: r.zalo_oa_id, conversationId: r.conversation_id, direction: r.direction, status: r.status, assigneeUserId: r.assignee_user_id,
});

/**
 * The echo of our own send: where message_history has `session_id` = the echo's msg id for that OA (the
 * delivery worker stores Zalo's msg id there) and the composer's chat message points at that row
 * without a Zalo id yet, that message takes the id (SENDING → SENT). Nothing when a chat message
 * already carries the id. Echo keys must be distinct.
 */
export async function linkEchoes(db: DbOrTx, echoes: ReadonlyArray<{ zaloOaId: string; msgId: string }>): Promise<Array<TouchedMessage & { zaloMsgId: string }>> {
  if (echoes.length === 0) return [];
  const values = JSON.stringify(echoes.map((e) => ({ oa: e.zaloOaId, m: e.msgId })));
  const rows = await run<TouchedRow & { zalo_msg_id: string }>(db, sql`
    update chat_messages cm set
      zalo_msg_id = v.m,
      status = case when cm.status = 'SENDING' then 'SENT' else cm.status end
    from jsonb_to_recordset(${values}::jsonb) as v(oa uuid, m text)
    join message_history mh on mh.session_id = v.m and mh.zalo_oa_id = v.oa
    join chat_conversations c on true
    where cm.message_history_id = mh.id and cm.zalo_oa_id = v.oa and cm.zalo_msg_id is null and c.id = cm.conversation_id
      and not exists (select 1 from chat_messages x where x.zalo_oa_id = v.oa and x.zalo_msg_id = v.m)
    returning cm.id, cm.tenant_id, cm.zalo_oa_id, cm.conversation_id, cm.direction, cm.status, c.assignee_user_id, cm.zalo_msg_id`);
  return rows.map((r) => ({ ...touched(r), zaloMsgId: r.zalo_msg_id }));
}

export interface NewMessage {
  tenantId: string;
  /** The conversation, or (ingest) the follower's Zalo user id: the OA's conversation with them, which exists by then. */
  conversationId?: string;
  userId?: string;
  zaloOaId: string;
  zaloMsgId: string;
  direction: 'IN' | 'OUT';
  kind: string;
  text: string | null;
  payload: Record<string, unknown> | null;
  quoteZaloMsgId?: string | null;
  status: string | null;
  sentAt: Date;
}

export interface InsertedMessage {
  id: string;
  tenantId: string;
  zaloOaId: string;
  conversationId: string;
  zaloMsgId: string;
  direction: 'IN' | 'OUT';
  kind: string;
  text: string | null;
  status: string | null;
  sentAt: Date;
}

/** Stores the messages not stored yet (one row per (OA, Zalo msg id): retries, echoes and imports meet here) and answers only those inserted. */
export async function insertMessages(db: DbOrTx, msgs: readonly NewMessage[]): Promise<InsertedMessage[]> {
  if (msgs.length === 0) return [];
  const values = JSON.stringify(msgs.map((m, ord) => ({
    o: ord, t: m.tenantId, c: m.conversationId ?? null, u: m.userId ?? null, oa: m.zaloOaId, m: m.zaloMsgId, d: m.direction, k: m.kind, x: m.text, p: m.payload, q: m.quoteZaloMsgId ?? null, s: m.status, at: m.sentAt.toISOString(),
  })));
  type Row = { id: string; tenant_id: string; zalo_oa_id: string; conversation_id: string; zalo_msg_id: string; direction: 'IN' | 'OUT'; kind: string; text: string | null; status: string | null; sent_at: string | Date };
  const rows = await run<Row>(db, sql`
    insert into chat_messages (tenant_id, conversation_id, zalo_oa_id, zalo_msg_id, direction, kind, text, payload, quote_zalo_msg_id, status, sent_at)
    select v.t, coalesce(v.c, (select c.id from chat_conversations c where c.zalo_oa_id = v.oa and c.user_id = v.u)), v.oa, v.m, v.d, v.k, v.x, v.p, v.q, v.s, v.at
    from jsonb_to_recordset(${values}::jsonb) as v(o int, t uuid, c uuid, u text, oa uuid, m text, d text, k text, x text, p jsonb, q text, s text, at timestamptz)
    order by v.o
    on conflict (zalo_oa_id, zalo_msg_id) where zalo_msg_id is not null do nothing
    returning id, tenant_id, zalo_oa_id, conversation_id, zalo_msg_id, direction, kind, text, status, sent_at`);
  return rows.map((r) => ({
    id: r.id, tenantId: r.tenant_id, zaloOaId: r.zalo_oa_id, conversationId: r.conversation_id, zaloMsgId: r.zalo_msg_id,
    direction: r.direction, kind: r.kind, text: r.text, status: r.status, sentAt: new Date(r.sent_at),
  }));
}

export interface ConversationTouch {
  conversationId: string;
  /** New follower messages (unread_count grows by this). */
  unread: number;
  /** The newest new message: becomes the last message unless a newer one is there. */
  lastAt: Date;
  lastKind: string;
  lastDirection: string;
  lastPreview: string;
  lastUserAt: Date | null;
  lastOaAt: Date | null;
  /** A new follower message reopens a CLOSED conversation (the ingest: unread > 0). */
  reopen: boolean;
  /** The history import sets history_imported_at. */
  historyImported?: boolean;
}

/** Keeps the conversations' last-message columns, timestamps and unread counters after new messages (one statement); answers the conversations. */
export async function touchConversations(
  db: DbOrTx,
  touches: readonly ConversationTouch[],
): Promise<Array<{ id: string; tenantId: string; zaloOaId: string; assigneeUserId: string | null; teamId: string | null; reopened: boolean }>> {
  if (touches.length === 0) return [];
  const values = JSON.stringify(touches.map((t) => ({
    c: t.conversationId, n: t.unread, at: t.lastAt.toISOString(), k: t.lastKind, d: t.lastDirection, pv: t.lastPreview,
    ua: t.lastUserAt?.toISOString() ?? null, oa: t.lastOaAt?.toISOString() ?? null, r: t.reopen, h: t.historyImported ?? false,
  })));
  const newer = sql`(cc.last_message_at is null or v.at >= cc.last_message_at)`;
  type Row = { id: string; tenant_id: string; zalo_oa_id: string; assignee_user_id: string | null; team_id: string | null; reopened: boolean };
  // `old` is read with the statement's snapshot: the status before this update (was it CLOSED?).
  const rows = await run<Row>(db, sql`
    update chat_conversations cc set
      unread_count = cc.unread_count + v.n,
      last_message_at = greatest(cc.last_message_at, v.at),
      last_message_kind = case when ${newer} then v.k else cc.last_message_kind end,
      last_message_direction = case when ${newer} then v.d else cc.last_message_direction end,
      last_message_preview = case when ${newer} then v.pv else cc.last_message_preview end,
      last_user_message_at = greatest(cc.last_user_message_at, v.ua),
      last_oa_message_at = greatest(cc.last_oa_message_at, v.oa),
      status = case when v.r then 'OPEN' else cc.status end,
      history_imported_at = case when v.h then coalesce(cc.history_imported_at, now()) else cc.history_imported_at end,
      updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(c uuid, n int, at timestamptz, k text, d text, pv text, ua timestamptz, oa timestamptz, r boolean, h boolean)
    join chat_conversations old on old.id = v.c
    where cc.id = v.c
    returning cc.id, cc.tenant_id, cc.zalo_oa_id, cc.assignee_user_id, cc.team_id, (v.r and old.status = 'CLOSED') as reopened`);
  return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, zaloOaId: r.zalo_oa_id, assigneeUserId: r.assignee_user_id, teamId: r.team_id, reopened: r.reopened }));
}

/** Rank of an OUT status: a receipt only moves a message forward (FAILED is left alone). */
export const STATUS_RANK: Readonly<Record<string, number>> = { SENDING: 0, SENT: 1, RECEIVED: 2, SEEN: 3 };

/** Moves OUT messages to RECEIVED / SEEN when that is forward of where they are; answers those changed. Keys distinct per (OA, msg id). */
export async function applyReceipts(db: DbOrTx, receipts: ReadonlyArray<{ zaloOaId: string; msgId: string; status: 'RECEIVED' | 'SEEN' }>): Promise<TouchedMessage[]> {
  if (receipts.length === 0) return [];
  const values = JSON.stringify(receipts.map((r) => ({ oa: r.zaloOaId, m: r.msgId, s: r.status, r: STATUS_RANK[r.status] })));
  const rows = await run<TouchedRow>(db, sql`
    update chat_messages cm set status = v.s
    from jsonb_to_recordset(${values}::jsonb) as v(oa uuid, m text, s text, r int)
    join chat_conversations c on true
    where cm.zalo_oa_id = v.oa and cm.zalo_msg_id = v.m and cm.direction = 'OUT' and c.id = cm.conversation_id
      and (case cm.status when 'SENDING' then 0 when 'SENT' then 1 when 'RECEIVED' then 2 when 'SEEN' then 3 else 99 end) < v.r
    returning cm.id, cm.tenant_id, cm.zalo_oa_id, cm.conversation_id, cm.direction, cm.status, c.assignee_user_id`);
  return rows.map(touched);
}

export type Reaction = { icon: string; by: 'USER' | 'OA' };

/** The current reactions of messages by (OA, msg id), locked (the run changes them next). */
export async function lockReactions(db: DbOrTx, keys: ReadonlyArray<{ zaloOaId: string; msgId: string }>): Promise<Array<{ id: string; zaloOaId: string; msgId: string; reactions: Reaction[] }>> {
  if (keys.length === 0) return [];
  const values = JSON.stringify(keys.map((k) => ({ oa: k.zaloOaId, m: k.msgId })));
  type Row = { id: string; zalo_oa_id: string; zalo_msg_id: string; reactions: Reaction[] };
  const rows = await run<Row>(db, sql`
    select cm.id, cm.zalo_oa_id, cm.zalo_msg_id, cm.reactions
    from chat_messages cm join jsonb_to_recordset(${values}::jsonb) as v(oa uuid, m text) on cm.zalo_oa_id = v.oa and cm.zalo_msg_id = v.m
    order by cm.id
    for update of cm`);
  return rows.map((r) => ({ id: r.id, zaloOaId: r.zalo_oa_id, msgId: r.zalo_msg_id, reactions: Array.isArray(r.reactions) ? r.reactions : [] }));
}

/** Writes new reaction lists (one statement); answers the messages changed. */
export async function setReactions(db: DbOrTx, rows: ReadonlyArray<{ id: string; reactions: Reaction[] }>): Promise<TouchedMessage[]> {
  if (rows.length === 0) return [];
  const values = JSON.stringify(rows.map((r) => ({ id: r.id, r: r.reactions })));
  const out = await run<TouchedRow>(db, sql`
    update chat_messages cm set reactions = v.r
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, r jsonb)
    join chat_conversations c on true
    where cm.id = v.id and c.id = cm.conversation_id
    returning cm.id, cm.tenant_id, cm.zalo_oa_id, cm.conversation_id, cm.direction, cm.status, c.assignee_user_id`);
  return out.map(touched);
}
