import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MERCHANT_ROLES } from '@zc/shared/permissions';
import { INVITATION_STATUSES } from '@zc/shared/api/organisation';
import { createdAt, oneOf } from './columns';
import { users } from './auth';
import { merchants } from './organisation';

/**
 * An organisation's invitation of an email address (issue 8): nothing about the account or its
 * memberships changes until the holder of that email accepts. The token is mailed and stored hashed.
 */
export const merchantInvitations = pgTable(
  'merchant_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MERCHANT_ROLES }).notNull(),
    tenantIds: jsonb('tenant_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('PENDING'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchant_invitations_hash_key').on(t.tokenHash),
    uniqueIndex('merchant_invitations_pending_key').on(t.merchantId, t.email).where(sql`status = 'PENDING'`),
    index('merchant_invitations_email_idx').on(t.email),
    check('merchant_invitations_status_ck', oneOf(t.status, INVITATION_STATUSES)),
    check('merchant_invitations_role_ck', oneOf(t.role, MERCHANT_ROLES)),
  ],
);
