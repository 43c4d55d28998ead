import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    name: text('name').notNull(),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    check('notifications_status_ck', oneOf(t.status, NOTIFICATION_STATUSES)),
    check('notifications_action_ck', oneOf(t.action, NOTIFICATION_ACTIONS)),
  ],
);
