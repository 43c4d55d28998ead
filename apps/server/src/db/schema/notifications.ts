import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@zc/shared/api/notifications';
import { createdAt, oneOf } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';

/** §3 Notification status: new until the user has viewed it. */
export const NOTIFICATION_STATUSES = ['new', 'viewed'] as const;
/** §3 Enumerations: notification action. */
export const NOTIFICATION_ACTIONS = ['CREATED', 'APPROVED', 'REJECTED', 'PUBLISHED'] as const;

/**
 * In-app notifications (§3 Notification). `type` and `reference_type` stay open text: each module
 * that notifies names its own (WALLET_LOW_BALANCE, ZALO_OA_TOKEN_REFRESH_FAILED, …).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('new'),
    action: text('action', { enum: NOTIFICATION_ACTIONS }).notNull(),
    type: text('type').notNull(),
    referenceId: text('reference_id'),
    referenceType: text('reference_type'),
    /** §3 idTask: the review task a notification is about (routes the click to My tasks). */
    taskId: uuid('task_id'),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_merchant_idx').on(t.userId, t.merchantId, t.createdAt),
    index('notifications_user_merchant_new_idx').on(t.userId, t.merchantId).where(sql`status = 'new'`),
    index('notifications_user_tenant_idx').on(t.userId, t.tenantId, t.createdAt),
    index('notifications_user_new_idx').on(t.userId, t.tenantId).where(sql`status = 'new'`),
    check('notifications_status_ck', oneOf(t.status, NOTIFICATION_STATUSES)),
    check('notifications_action_ck', oneOf(t.action, NOTIFICATION_ACTIONS)),
  ],
);

/**
 * A user's notification figures per organisation and tenant (tenant null: the organisation's own):
 * `total` rows and `unread` (status new). The list's `total` and `totalNew` sum one row (a tenant) or
 * the user's few rows of the organisation instead of counting tens of thousands of index entries.
 * Kept exact by the notifications module, the only writer of notifications, in the same transaction
 * as each insert and view (rows locked in key order); deleting a user, organisation or tenant deletes
 * the rows with the notifications they counted.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    unique('notification_counts_key').on(t.userId, t.merchantId, t.tenantId).nullsNotDistinct(),
    check('notification_counts_ck', sql`${t.total} >= ${t.unread} and ${t.unread} >= 0`),
  ],
);

/**
 * A user's choice, per notification kind, of in-app and/or email delivery. No row: the kind's
 * default (in-app on, email as NOTIFICATION_KIND_DEFAULTS says).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('notification_preferences_kind_ck', oneOf(t.kind, NOTIFICATION_KINDS))],
);
