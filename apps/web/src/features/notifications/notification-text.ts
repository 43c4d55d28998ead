import type { TFunction } from 'i18next';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '@zc/shared/api/notifications';

const KINDS: ReadonlySet<string> = new Set(NOTIFICATION_KINDS);

export function isKnownKind(type: string): type is NotificationKind {
  return KINDS.has(type);
}

/** Kinds whose stored detail is language-bound text: the web shows its own sentence instead. */
const OWN_DETAIL: ReadonlySet<NotificationKind> = new Set(['WALLET_LOW_BALANCE', 'TICKET_CHANGED', 'SLA_WARNING', 'SLA_BREACHED']);

/**
 * The sentence of a notification in the user's language, built from its kind around the stored
 * subject (`name`); a kind this console does not know shows the stored text.
 */
export function notificationText(t: TFunction<'notifications'>, n: Pick<Notification, 'type' | 'name' | 'description'>): { title: string; detail: string | null } {
  if (!isKnownKind(n.type)) return { title: n.name, detail: n.description };
  const title = t(`kinds.${n.type}.title`, { name: n.name });
  const detail = OWN_DETAIL.has(n.type) ? t(`kinds.${n.type}.detail`) : n.description;
  return { title, detail };
}
