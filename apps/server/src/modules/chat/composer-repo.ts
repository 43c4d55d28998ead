import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { tenants } from '../../db/schema/organisation';
import { wallets } from '../../db/schema/wallets';
import { zaloOas } from '../../db/schema/zalo-oa';
import { inTenant, type TenantScope } from '../../platform/tenant-scope';
import type { ChatMessageRow, ChatPerson, ConversationRow } from './presenter';

/** SQL of the composer (sending, status, retry, reactions): reads and writes of chat rows only. */

/** The conversation row by id (a handler acting on a row it already read). */
export async function conversationById(db: DbOrTx, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row ?? null;
}

/** Message `messageId` of the tenant's conversation `conversationId`, or null. */
export async function findMessage(db: DbOrTx, scope: TenantScope, conversationId: string, messageId: string): Promise<ChatMessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(inTenant(scope, chatMessages, eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, messageId)));
  return row ?? null;
}

/** Locks the message row for a status change (retry, reaction, a delivery status). */
export async function lockMessage(tx: DbOrTx, id: string): Promise<ChatMessageRow | null> {
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, id)).for('update');
  return row ?? null;
}

/** The message the composer sent with `clientMessageId` in the conversation, or null. */
export async function findByClientId(db: DbOrTx, conversationId: string, clientMessageId: string): Promise<ChatMessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientMessageId, clientMessageId)));
  return row ?? null;
}

/** The message Zalo knows as `zaloMsgId` in the conversation (what a quote-reply quotes), or null. */
export async function findByZaloMsgId(db: DbOrTx, conversationId: string, zaloMsgId: string): Promise<ChatMessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.zaloMsgId, zaloMsgId)));
  return row ?? null;
}

/**
 * Inserts an OUT message unless the conversation already holds `clientMessageId` (then null: the caller
 * answers the existing row). Concurrent identical sends wait on the unique index; one inserts.
 */
export async function insertOutMessage(tx: DbOrTx, values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow | null> {
  const [row] = await tx.insert(chatMessages).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateMessage(tx: DbOrTx, id: string, set: Partial<typeof chatMessages.$inferInsert>): Promise<ChatMessageRow> {
  const [row] = await tx.update(chatMessages).set(set).where(eq(chatMessages.id, id)).returning();
  if (!row) throw new Error(`chat message ${id} vanished`);
  return row;
}

/** The conversation's last message and the OA's last reply (the "unreplied" filter), kept with the message. */
export async function noteOutMessage(tx: DbOrTx, conversationId: string, m: { at: Date; kind: string; preview: string }): Promise<ConversationRow | null> {
  const [row] = await tx
    .update(chatConversations)
    .set({
      lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, ${m.at.toISOString()}::timestamptz)`,
      lastMessageKind: sql`case when ${chatConversations.lastMessageAt} is null or ${chatConversations.lastMessageAt} <= ${m.at.toISOString()}::timestamptz then ${m.kind} else ${chatConversations.lastMessageKind} end`,
      lastMessageDirection: sql`case when ${chatConversations.lastMessageAt} is null or ${chatConversations.lastMessageAt} <= ${m.at.toISOString()}::timestamptz then 'OUT' else ${chatConversations.lastMessageDirection} end`,
      lastMessagePreview: sql`case when ${chatConversations.lastMessageAt} is null or ${chatConversations.lastMessageAt} <= ${m.at.toISOString()}::timestamptz then ${m.preview} else ${chatConversations.lastMessagePreview} end`,
      lastOaMessageAt: sql`greatest(${chatConversations.lastOaMessageAt}, ${m.at.toISOString()}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(eq(chatConversations.id, conversationId))
    .returning();
  return row ?? null;
}

/** An agent as a message's author. */
export async function findPerson(db: DbOrTx, userId: string | null): Promise<ChatPerson | null> {
  if (!userId) return null;
  const [row] = await db.select({ id: users.id, displayName: users.displayName, avatar: users.avatar }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** What pricing a send needs: the tenant's OA module flag and its wallet discount. */
export async function findSendTerms(db: DbOrTx, tenantId: string): Promise<{ oaService: boolean; discountPercent: number } | null> {
  const [row] = await db
    .select({ oaService: tenants.oaService, discountPercent: wallets.discountPercent })
    .from(tenants)
    .leftJoin(wallets, eq(wallets.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  return row ? { oaService: row.oaService, discountPercent: row.discountPercent ?? 0 } : null;
}

/** The chat message sent as outbox row `historyId`, locked for its status change; null when it is no chat message. */
export async function lockByHistoryId(tx: DbOrTx, historyId: string): Promise<ChatMessageRow | null> {
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.messageHistoryId, historyId)).for('update');
  return row ?? null;
}

/** True when another message of the OA already carries Zalo's msg id (the echo stored it before the status arrived). */
/**
 * The row that holds (OA, Zalo msg id) when it is the echo of one of our sends that the ingest stored
 * before the delivery worker had recorded Zalo's id (ADR 0021): an OUT row of the same conversation with
 * no author and no outbox row. Locked; null when the id is free or held by anything else.
 */
export async function lockEarlyEcho(tx: Tx, conversationId: string, zaloOaId: string, zaloMsgId: string): Promise<ChatMessageRow | null> {
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.zaloOaId, zaloOaId), eq(chatMessages.zaloMsgId, zaloMsgId), eq(chatMessages.conversationId, conversationId), eq(chatMessages.direction, 'OUT'), isNull(chatMessages.authorUserId), isNull(chatMessages.messageHistoryId)))
    .for('update');
  return row ?? null;
}

export async function deleteMessageRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(chatMessages).where(eq(chatMessages.id, id));
}

export async function zaloMsgIdTaken(db: DbOrTx, zaloOaId: string, zaloMsgId: string): Promise<boolean> {
  const [row] = await db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.zaloOaId, zaloOaId), eq(chatMessages.zaloMsgId, zaloMsgId))).limit(1);
  return row !== undefined;
}

/** The tenant's OA `id` (uploads name it), or null. */
export async function findTenantOa(db: DbOrTx, scope: TenantScope, id: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: zaloOas.id }).from(zaloOas).where(inTenant(scope, zaloOas, eq(zaloOas.id, id)));
  return row ?? null;
}
