import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/organisation';
import { teamMembers } from '../../db/schema/teams';
import { tickets } from '../../db/schema/tickets';
import type { NotificationKind } from '@zc/shared/api/notifications';

export type NotificationValues = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt'>;

/** Inserts one notification; answers its id. */
export async function insertNotification(tx: Tx, values: NotificationValues): Promise<string> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('notification insert failed');
  return row.id;
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

/** A page of the owner's notifications, newest first, with their tenant and creator; the total and the unread count of the scope. */
export async function listNotifications(db: DbOrTx, o: NotificationOwner, q: { status?: 'new' | 'viewed'; limit: number; offset: number }) {
  const where = ownedBy(o, q.status ? eq(notifications.status, q.status) : undefined);
  const [rows, [total], [unread]] = await Promise.all([
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
    db.select({ n: count() }).from(notifications).where(where),
    db.select({ n: count() }).from(notifications).where(ownedBy(o, eq(notifications.status, 'new'))),
  ]);
  return { rows, total: total?.n ?? 0, totalNew: unread?.n ?? 0 };
}
export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

/** Marks one of the user's notifications viewed; answers its row before (null: not theirs or absent). */
export async function markOneViewed(tx: Tx, userId: string, merchantId: string, id: string) {
  const [before] = await tx.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.merchantId, merchantId))).for('update');
  if (!before) return null;
  if (before.status !== 'viewed') await tx.update(notifications).set({ status: 'viewed' }).where(eq(notifications.id, id));
  return before;
}

/** Marks every new notification of the owner's scope viewed; answers how many changed. */
export async function markAllViewed(tx: Tx, o: NotificationOwner): Promise<number> {
  const rows = await tx.update(notifications).set({ status: 'viewed' }).where(ownedBy(o, eq(notifications.status, 'new'))).returning({ id: notifications.id });
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
