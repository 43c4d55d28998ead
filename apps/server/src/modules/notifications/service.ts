import type { DbOrTx, Tx } from '../../db/client';
import { NOTIFICATION_KIND_DEFAULTS, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreference } from '@zc/shared/api/notifications';
import { emitEvent } from '../../platform/events';
import { queueMail } from '../../platform/mail';
import { notFound } from '../../platform/errors';
import {
  findPreference,
  findPreferences,
  findUserEmail,
  insertNotification,
  listNotifications,
  markAllViewed,
  markOneViewed,
  upsertPreferences,
  type NotificationOwner,
} from './repo';

export interface NotifyInput {
  kind: NotificationKind;
  userId: string;
  merchantId: string;
  tenantId: string | null;
  action?: 'CREATED' | 'APPROVED' | 'REJECTED' | 'PUBLISHED';
  referenceId?: string | null;
  referenceType?: string | null;
  taskId?: string | null;
  /** The subject (task, ticket, OA, wallet owner): the web renders the sentence of the kind around it. */
  name: string;
  /** Language-neutral detail (an amount, Zalo's reason, a comment excerpt), shown under the sentence. */
  description?: string | null;
  createdBy?: string | null;
  /** The mail sent when the user wants this kind by email (bilingual: the user's language is not known here). */
  mail?: { subject: string; text: string };
}

/** What the user chose for a kind, or the kind's default. */
export async function preferenceOf(db: DbOrTx, userId: string, kind: NotificationKind): Promise<{ inApp: boolean; email: boolean }> {
  return (await findPreference(db, userId, kind)) ?? NOTIFICATION_KIND_DEFAULTS[kind];
}

/**
 * The one writer of notifications (ARCHITECTURE rule 8): other modules' facts reach it through
 * event handlers (events/handlers.ts). Honours the user's choice for the kind: in-app writes the row
 * and announces `notification.created` (the user's open consoles update their bell at once); email
 * queues the mail when the caller gave one. Answers the notification id, or null when none was written.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<string | null> {
  const pref = await preferenceOf(tx, input.userId, input.kind);
  let id: string | null = null;
  if (pref.inApp) {
    id = await insertNotification(tx, {
      merchantId: input.merchantId,
      tenantId: input.tenantId,
      userId: input.userId,
      action: input.action ?? 'CREATED',
      type: input.kind,
      referenceId: input.referenceId ?? null,
      referenceType: input.referenceType ?? null,
      taskId: input.taskId ?? null,
      name: input.name.slice(0, 300),
      description: input.description ?? null,
      createdBy: input.createdBy ?? null,
    });
    await emitEvent(tx, { type: 'notification.created', merchantId: input.merchantId, tenantId: input.tenantId, data: { notificationId: id, userId: input.userId } });
  }
  if (pref.email && input.mail) {
    const to = await findUserEmail(tx, input.userId);
    if (to) await queueMail(tx, { to, subject: input.mail.subject, text: input.mail.text });
  }
  return id;
}

export function listForUser(db: DbOrTx, owner: NotificationOwner, q: { page: number; size: number; status?: 'new' | 'viewed' }) {
  return listNotifications(db, owner, { status: q.status, limit: q.size, offset: (q.page - 1) * q.size });
}

/** Marks one of the caller's notifications viewed (404 for anyone else's); announces it when it was new. */
export async function markViewed(tx: Tx, userId: string, merchantId: string, id: string) {
  const before = await markOneViewed(tx, userId, merchantId, id);
  if (!before) throw notFound();
  if (before.status === 'new') await emitEvent(tx, { type: 'notification.viewed', merchantId, tenantId: before.tenantId, data: { notificationId: id, userId } });
  return before;
}

/** Marks the caller's new notifications of the organisation (or one tenant) viewed; announces it when any changed. */
export async function markAllAsViewed(tx: Tx, owner: NotificationOwner): Promise<number> {
  const updated = await markAllViewed(tx, owner);
  if (updated > 0) await emitEvent(tx, { type: 'notification.viewed', merchantId: owner.merchantId, tenantId: owner.tenantId ?? null, data: { notificationId: null, userId: owner.userId } });
  return updated;
}

/** Every kind with the user's choice or its default, in NOTIFICATION_KINDS order. */
export async function preferencesOf(db: DbOrTx, userId: string): Promise<NotificationPreference[]> {
  const stored = new Map((await findPreferences(db, userId)).map((p) => [p.kind, p]));
  return NOTIFICATION_KINDS.map((kind) => {
    const p = stored.get(kind) ?? NOTIFICATION_KIND_DEFAULTS[kind];
    return { kind, inApp: p.inApp, email: p.email };
  });
}

export async function setPreferences(tx: Tx, userId: string, rows: ReadonlyArray<NotificationPreference>) {
  const before = await preferencesOf(tx, userId);
  await upsertPreferences(tx, userId, rows);
  return { before, after: await preferencesOf(tx, userId) };
}
