import { z } from 'zod';
import { isoDate } from './common';

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
  'CHAT_ASSIGNED',
  'CHAT_MESSAGE',
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
  CHAT_ASSIGNED: { inApp: true, email: false },
  CHAT_MESSAGE: { inApp: true, email: false },
};

/** §3 Enumerations: notification reference type (plus the platform's own WALLET, ZALO_OA and CHAT_CONVERSATION). */
export const NOTIFICATION_REFERENCE_TYPES = ['CONTENT', 'BROADCAST', 'TEMPLATE', 'CAMPAIGN', 'TICKET', 'TASK', 'WALLET', 'ZALO_OA', 'CHAT_CONVERSATION'] as const;

/** §3 Notification status: new until the user has viewed it. */
export const NOTIFICATION_STATUS_VALUES = ['new', 'viewed'] as const;
/** §3 Enumerations: notification action. */
export const NOTIFICATION_ACTION_VALUES = ['CREATED', 'APPROVED', 'REJECTED', 'PUBLISHED'] as const;
/** §5 Notification page size. */
export const NOTIFICATION_PAGE_SIZE = 20;

const userRef = z.object({ id: z.string(), displayName: z.string(), email: z.string(), avatar: z.string().nullable() });

/**
 * One notification (§3 Notification). `type` is the kind (NOTIFICATION_KINDS, or an older open text);
 * `name` holds the subject (task, ticket, OA or wallet owner name) and `description` the detail as the
 * server stored it: the web renders the sentence from `type` + `name` in the user's language and falls
 * back to the stored text for a kind it does not know.
 */
export const notification = z.object({
  id: z.string(),
  status: z.enum(NOTIFICATION_STATUS_VALUES),
  action: z.enum(NOTIFICATION_ACTION_VALUES),
  type: z.string(),
  referenceId: z.string().nullable(),
  referenceType: z.string().nullable(),
  idTask: z.string().nullable(),
  tenantId: z.string().nullable(),
  tenant: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  createdByUser: userRef.nullable(),
  description: z.string().nullable(),
  name: z.string(),
  createdAt: isoDate,
  /** The creator's avatar, else the tenant's. */
  avatar: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** GET merchant/notification/getList/by-merchant | by-tenant: page, size (≤ 100, default 20), optional status. */
export const notificationQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  status: z.enum(NOTIFICATION_STATUS_VALUES).optional(),
});
export type NotificationQuery = z.input<typeof notificationQuery>;

/** A page of notifications; `totalNew` counts the caller's unread ones in the same scope. */
export const notificationList = z.object({
  data: z.array(notification),
  meta: z.object({ total: z.number().int(), totalNew: z.number().int(), page: z.number().int(), size: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationList>;

/** PATCH merchant/notification/{id}. */
export const updateNotificationBody = z.strictObject({ status: z.literal('viewed') });

/** POST merchant/notification/mark-all-viewed: all of the organisation, or only the current tenant (x-tenant-id). */
export const markAllViewedBody = z.strictObject({ tenantOnly: z.boolean().default(false) });
export const markAllViewedResult = z.object({ updated: z.number().int() });

export const notificationPreference = z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreference>;

/** PUT merchant/notification/preferences: the kinds named change, the others keep their choice. */
export const updateNotificationPreferencesBody = z.strictObject({
  preferences: z
    .array(z.strictObject({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.boolean() }))
    .min(1)
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, { message: 'each kind once' }),
});
