/**
 * The kinds of in-app notification (the `type` of §3 Notification), each a fact a user must know.
 * Users choose per kind whether it reaches them in the console and/or by email.
 */
export const NOTIFICATION_KINDS = [
  'TASK_WAITING',
  'TASK_APPROVED',
  'TASK_REJECTED',
  'ITEM_PUBLISHED',
  'TICKET_ASSIGNED',
  'TICKET_CHANGED',
  'TICKET_MENTIONED',
  'SLA_WARNING',
  'SLA_BREACHED',
  'WALLET_LOW_BALANCE',
  'ZALO_OA_TOKEN_REFRESH_FAILED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Delivery when the user has made no choice for a kind. */
export const NOTIFICATION_KIND_DEFAULTS: Record<NotificationKind, { inApp: boolean; email: boolean }> = {
  TASK_WAITING: { inApp: true, email: true },
  TASK_APPROVED: { inApp: true, email: false },
  TASK_REJECTED: { inApp: true, email: true },
  ITEM_PUBLISHED: { inApp: true, email: false },
  TICKET_ASSIGNED: { inApp: true, email: true },
  TICKET_CHANGED: { inApp: true, email: false },
  TICKET_MENTIONED: { inApp: true, email: true },
  SLA_WARNING: { inApp: true, email: true },
  SLA_BREACHED: { inApp: true, email: true },
  WALLET_LOW_BALANCE: { inApp: true, email: true },
  ZALO_OA_TOKEN_REFRESH_FAILED: { inApp: true, email: true },
};

/** §3 Enumerations: notification reference type (plus the platform's own WALLET and ZALO_OA). */
export const NOTIFICATION_REFERENCE_TYPES = ['CONTENT', 'BROADCAST', 'TEMPLATE', 'CAMPAIGN', 'TICKET', 'TASK', 'WALLET', 'ZALO_OA'] as const;
