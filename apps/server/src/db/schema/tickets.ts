import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority } from '@zc/shared/api/tickets';
import { createdAt, oneOf, ts, updatedAt } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';
import { teams } from './teams';

/**
 * Tickets (§3 Enumerations ticket status and priority; §7 merchant/ticket). The SLA due times are
 * computed when the ticket is created or its priority changes (business hours of the tenant's SLA
 * settings); the warned/breached stamps make each SLA notification go out once.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    /** Per-tenant sequence shown as #number. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('OPEN'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('MEDIUM'),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeTeamId: uuid('assignee_team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    firstResponseAt: ts('first_response_at'),
    resolvedAt: ts('resolved_at'),
    closedAt: ts('closed_at'),
    firstResponseDueAt: ts('first_response_due_at'),
    resolutionDueAt: ts('resolution_due_at'),
    firstResponseWarnedAt: ts('first_response_warned_at'),
    firstResponseBreachedAt: ts('first_response_breached_at'),
    resolutionWarnedAt: ts('resolution_warned_at'),
    resolutionBreachedAt: ts('resolution_breached_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_tenant_idx').on(t.tenantId, t.createdAt),
    index('tickets_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('tickets_assignee_idx').on(t.assigneeUserId, t.tenantId),
    uniqueIndex('tickets_tenant_number_key').on(t.tenantId, t.number),
    // The SLA watcher scans only open clocks.
    index('tickets_first_response_due_idx').on(t.firstResponseDueAt).where(sql`first_response_at is null and first_response_breached_at is null and status in ('OPEN', 'INPROGRESS')`),
    index('tickets_resolution_due_idx').on(t.resolutionDueAt).where(sql`resolved_at is null and resolution_breached_at is null and status in ('OPEN', 'INPROGRESS')`),
    check('tickets_status_ck', oneOf(t.status, TICKET_STATUSES)),
    check('tickets_priority_ck', oneOf(t.priority, TICKET_PRIORITIES)),
  ],
);

/** Comments on a ticket (§7 merchant/ticket-comment), with attachments and @mentions. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<Array<{ name: string; url: string; size: number; type: string }>>().notNull().default(sql`'[]'::jsonb`),
    mentions: jsonb('mentions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** The history of a ticket: one row per changed field (status, priority, assignee, title, …). */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** A user's view of a ticket (§3 statusViewTicket): unread while viewed_at is older than the ticket's last change. */
export const ticketViews = pgTable(
  'ticket_views',
  {
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

export type SlaTargets = Record<TicketPriority, { firstResponseMinutes: number; resolutionMinutes: number }>;
export type BusinessHours = { days: number[]; start: string; end: string };

/** SLA settings of a tenant (§7 merchant/setting/tenant/sla; settings SLA tab). */
export const slaSettings = pgTable('sla_settings', {
  tenantId: uuid('tenant_id').primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull().default('Asia/Ho_Chi_Minh'),
  businessHours: jsonb('business_hours').$type<BusinessHours>().notNull().default(sql`'{"days":[1,2,3,4,5],"start":"08:00","end":"17:30"}'::jsonb`),
  targets: jsonb('targets').$type<SlaTargets>().notNull(),
  /** Minutes before a due time at which the warning goes out. */
  warnBeforeMinutes: integer('warn_before_minutes').notNull().default(30),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
