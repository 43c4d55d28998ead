import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { chatConversations, chatPresence } from '../../db/schema/chat';
import { notificationCounts, notificationPreferences, notifications } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/organisation';
import { teamMembers } from '../../db/schema/teams';
import { tickets } from '../../db/schema/tickets';
import type { NotificationKind } from '@zc/shared/api/notifications';

export type NotificationValues = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt'>;

/** Inserts one notification and counts it in the user's figures (same transaction); answers its id. */
export async function insertNotification(tx: Tx, values: NotificationValues): Promise<string> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id, status: notifications.status });
  if (!row) throw new Error('notification insert failed');
  await bumpCounts(tx, values.userId, values.merchantId, [{ tenantId: values.tenantId ?? null, total: 1, unread: row.status === 'new' ? 1 : 0 }]);
  return row.id;
}

/**
 * Applies changes to the user's notification figures in the caller's transaction, in tenant order
 * (the organisation's own first), so concurrent writers for the same user lock the rows in the same
 * order. A new notification is upserted; a view updates the row it was counted in (an upsert would
 * check `unread >= 0` on the proposed row).
 */
async function bumpCounts(tx: Tx, userId: string, merchantId: string, deltas: ReadonlyArray<{ tenantId: string | null; total: number; unread: number }>): Promise<void> {
  const byTenant = new Map<string | null, { total: number; unread: number }>();
  for (const d of deltas) {
    const cur = byTenant.get(d.tenantId) ?? { total: 0, unread: 0 };
    byTenant.set(d.tenantId, { total: cur.total + d.total, unread: cur.unread + d.unread });
  }
  const rows = [...byTenant.entries()]
    .filter(([, d]) => d.total !== 0 || d.unread !== 0)
    .sort(([a], [b]) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1))
    .map(([tenantId, d]) => ({ userId, merchantId, tenantId, total: d.total, unread: d.unread }));
  const c = notificationCounts;
  for (const r of rows) {
    if (r.total > 0) {
      await tx
        .insert(c)
        .values(r)
        .onConflictDoUpdate({ target: [c.userId, c.merchantId, c.tenantId], set: { total: sql`${c.total} + excluded.total`, unread: sql`${c.unread} + excluded.unread` } });
      continue;
    }
    const done = await tx
      .update(c)
      .set({ total: sql`${c.total} + ${r.total}`, unread: sql`${c.unread} + ${r.unread}` })
      .where(and(eq(c.userId, userId), eq(c.merchantId, merchantId), r.tenantId === null ? isNull(c.tenantId) : eq(c.tenantId, r.tenantId)))
      .returning({ unread: c.unread });
    if (done.length !== 1) throw new Error('notification count row missing for a counted notification');
  }
}

/** The user's stored choice for one kind (none: the kind's default applies). */
export async function findPreference(db: DbOrTx, userId: string, kind: NotificationKind) {
  const [row] = await db.select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email }).from(notificationPreferences).where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row ?? null;
}

export function findPreferences(db: DbOrTx, userId: string) {
  return db.select({ kind: notificationPreferences.kind, inApp: notificationPreferences.inApp, email: notificationPreferences.email }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(tx: Tx, userId: string, rows: ReadonlyArray<{ kind: NotificationKind; inApp: boolean; email: boolean }>): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` } });
}

export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Whose notifications, in which organisation, optionally one tenant only. */
export interface NotificationOwner {
  userId: string;
  merchantId: string;
  /** undefined: every tenant of the organisation (and the organisation's own); a string: that tenant only. */
  tenantId?: string;
}

/**
 * The owner's rows. A tenant belongs to one organisation (the access hook checked both agree), so a
 * tenant list filters on user + tenant alone: its page and both counts stay inside the
 * (user, tenant, …) indexes without visiting the table.
 */
function ownedBy(o: NotificationOwner, ...more: Array<SQL | undefined>): SQL | undefined {
  const scope = o.tenantId === undefined ? eq(notifications.merchantId, o.merchantId) : eq(notifications.tenantId, o.tenantId);
  return and(eq(notifications.userId, o.userId), scope, ...more);
}

const creator = alias(users, 'notification_creator');

/**
 * A page of the owner's notifications, newest first, with their tenant and creator; the total and
 * the unread count of the scope, summed from the user's counter rows (notification_counts: one row
 * for a tenant, the user's few rows of the organisation) instead of counted over the index.
 */
export async function listNotifications(db: DbOrTx, o: NotificationOwner, q: { status?: 'new' | 'viewed'; limit: number; offset: number }) {
  const where = ownedBy(o, q.status ? eq(notifications.status, q.status) : undefined);
  const c = notificationCounts;
  const [rows, [figures]] = await Promise.all([
    db
      .select({
        n: notifications,
        tenant: { id: tenants.id, name: tenants.name, avatar: tenants.avatar },
        creator: { id: creator.id, displayName: creator.displayName, email: creator.email, avatar: creator.avatar },
      })
      .from(notifications)
      .leftJoin(tenants, eq(tenants.id, notifications.tenantId))
      .leftJoin(creator, eq(creator.id, notifications.createdBy))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: sql<number>`coalesce(sum(${c.total}), 0)::int`, unread: sql<number>`coalesce(sum(${c.unread}), 0)::int` })
      .from(c)
      .where(and(eq(c.userId, o.userId), eq(c.merchantId, o.merchantId), o.tenantId === undefined ? undefined : eq(c.tenantId, o.tenantId))),
  ]);
  const all = figures?.total ?? 0;
  const totalNew = figures?.unread ?? 0;
  const total = q.status === 'new' ? totalNew : q.status === 'viewed' ? all - totalNew : all;
  return { rows, total, totalNew };
}
export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

/** Marks one of the user's notifications viewed, and its figures (same transaction); answers its row before (null: not theirs or absent). */
export async function markOneViewed(tx: Tx, userId: string, merchantId: string, id: string) {
  const [before] = await tx.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.merchantId, merchantId))).for('update');
  if (!before) return null;
  if (before.status !== 'viewed') {
    await tx.update(notifications).set({ status: 'viewed' }).where(eq(notifications.id, id));
    await bumpCounts(tx, userId, before.merchantId, [{ tenantId: before.tenantId, total: 0, unread: -1 }]);
  }
  return before;
}

/** Marks every new notification of the owner's scope viewed, and its figures; answers how many changed. */
export async function markAllViewed(tx: Tx, o: NotificationOwner): Promise<number> {
  const rows = await tx.update(notifications).set({ status: 'viewed' }).where(ownedBy(o, eq(notifications.status, 'new'))).returning({ tenantId: notifications.tenantId });
  await bumpCounts(tx, o.userId, o.merchantId, rows.map((r) => ({ tenantId: r.tenantId, total: 0, unread: -1 })));
  return rows.length;
}

/** Members of a team, optionally only its leaders. */
export async function teamUserIds(db: DbOrTx, teamId: string, leadersOnly = false): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), leadersOnly ? eq(teamMembers.role, 'LEADER') : undefined));
  return rows.map((r) => r.id);
}

/** The users who still exist among `ids`. */
export async function existingUserIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function tenantName(db: DbOrTx, tenantId: string | null): Promise<string | null> {
  if (!tenantId) return null;
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? null;
}

/** Who raised the ticket (read-only: the tickets module owns the table). */
export async function ticketCreatorId(db: DbOrTx, ticketId: string): Promise<string | null> {
  const [row] = await db.select({ createdBy: tickets.createdBy }).from(tickets).where(eq(tickets.id, ticketId));
  return row?.createdBy ?? null;
}

/** A chat conversation's follower name and current assignee (read-only: the chat module owns the table). */
export async function chatConversationRef(db: DbOrTx, conversationId: string): Promise<{ displayName: string; assigneeUserId: string | null } | null> {
  const [row] = await db.select({ displayName: chatConversations.displayName, assigneeUserId: chatConversations.assigneeUserId }).from(chatConversations).where(eq(chatConversations.id, conversationId));
  return row ?? null;
}

/** Whether the user has a live presence mark on the conversation (viewing or typing in it now). */
export async function isLookingAtConversation(db: DbOrTx, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatPresence.userId })
    .from(chatPresence)
    .where(and(eq(chatPresence.conversationId, conversationId), eq(chatPresence.userId, userId), sql`${chatPresence.expiresAt} > now()`));
  return !!row;
}

/** Whether the user already has an unread notification of this kind about this subject (one per conversation until viewed). */
export async function hasNewNotification(db: DbOrTx, userId: string, kind: NotificationKind, referenceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.status, 'new'), eq(notifications.type, kind), eq(notifications.referenceId, referenceId)))
    .limit(1);
  return !!row;
}
