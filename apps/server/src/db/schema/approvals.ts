import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_KINDS, TASK_MODULES, TASK_STATUSES, type ApproverEntry } from '@zc/shared/api/approvals';
import { createdAt, oneOf, ts, updatedAt } from './columns';
import { users } from './auth';
import { merchants, tenants } from './organisation';
import { teams } from './teams';

/**
 * An approval workflow (§6 CREATE/VIEW/UPDATE/DELETE_APPROVAL_WORK_FLOW): the ordered approvers of
 * one reviewable kind, for the whole tenant (team_id null) or for one team. An empty list means
 * an item of that kind is approved on submission.
 */
export const approvalWorkflows = pgTable(
  'approval_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    approverIds: jsonb('approver_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('approval_workflows_tenant_kind_key').on(t.tenantId, t.kind).where(sql`team_id is null`),
    uniqueIndex('approval_workflows_team_kind_key').on(t.tenantId, t.teamId, t.kind).where(sql`team_id is not null`),
    check('approval_workflows_kind_ck', oneOf(t.kind, CONTENT_KINDS)),
  ],
);

/**
 * A review task (§3 Task): one submission of one item for review. It holds a copy of the workflow
 * as it was at submission (`workflow`, the §3 approver entries in order, each with its decision)
 * and a frozen snapshot of what is being approved with its hash. `version` guards concurrent
 * decisions: a decision updates the row only at the version it read.
 */
export const reviewTasks = pgTable(
  'review_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    module: text('module', { enum: TASK_MODULES }).notNull(),
    /** The reviewed item's id in its own module (template request, content, broadcast, campaign). */
    referenceId: uuid('reference_id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('PENDING'),
    workflow: jsonb('workflow').$type<ApproverEntry[]>().notNull().default(sql`'[]'::jsonb`),
    /** Index into `workflow` of the next approver while PENDING; null once decided. */
    currentStep: integer('current_step'),
    /** The user who must decide next (denormalised from workflow[current_step] for the lists). */
    nextApproverId: uuid('next_approver_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').notNull(),
    snapshotHash: text('snapshot_hash').notNull(),
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('review_tasks_tenant_idx').on(t.tenantId, t.createdAt),
    index('review_tasks_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('review_tasks_reference_idx').on(t.referenceId, t.status),
    index('review_tasks_next_approver_idx').on(t.nextApproverId, t.tenantId).where(sql`status = 'PENDING'`),
    // At most one live review per item: a new submission voids the pending one first.
    uniqueIndex('review_tasks_pending_reference_key').on(t.kind, t.referenceId).where(sql`status = 'PENDING'`),
    check('review_tasks_kind_ck', oneOf(t.kind, CONTENT_KINDS)),
    check('review_tasks_module_ck', oneOf(t.module, TASK_MODULES)),
    check('review_tasks_status_ck', oneOf(t.status, TASK_STATUSES)),
  ],
);

/**
 * Who a task concerns (its creator and its approvers), with that user's §3 view status: the
 * My tasks list and counter card read this table, so they stay index-only per user and tenant.
 * `status` and `created_at` copy the task's (the review engine is the only writer of both tables).
 */
export const reviewTaskParticipants = pgTable(
  'review_task_participants',
  {
    taskId: uuid('task_id').notNull().references(() => reviewTasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    module: text('module', { enum: TASK_MODULES }).notNull(),
    /** The task's kind and team, copied so the type and team filters stay on this table (null only before 0014's backfill). */
    kind: text('kind', { enum: CONTENT_KINDS }),
    teamId: uuid('team_id'),
    /** The task's name, copied (a task's name never changes) so the name search stays on this table (null only before 0017's backfill). */
    name: text('name'),
    /**
     * The name lower-cased by the database, for the name search: LIKE on it costs a third of ILIKE on
     * `name` per index entry (ILIKE folds case on every row), which is most of a search's time.
     */
    nameSearch: text('name_search').generatedAlwaysAs(sql`lower(name)`),
    status: text('status', { enum: TASK_STATUSES }).notNull(),
    createdAt: ts('created_at').notNull(),
    viewedAt: ts('viewed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('review_task_participants_user_idx').on(t.userId, t.tenantId, t.createdAt),
    index('review_task_participants_user_status_idx').on(t.userId, t.tenantId, t.status, t.createdAt),
    index('review_task_participants_unread_idx').on(t.userId, t.tenantId).where(sql`viewed_at is null and status <> 'VOIDED'`),
    // The counter card: counts by status and unread from the index alone.
    index('review_task_participants_card_idx').on(t.userId, t.tenantId, t.status, t.viewedAt),
    // The module tabs of My tasks, in created order, counted from the index (status included).
    index('review_task_participants_user_module_idx').on(t.userId, t.tenantId, t.module, t.createdAt, t.status),
    // The type and team filters of My tasks, in created order.
    index('review_task_participants_user_kind_idx').on(t.userId, t.tenantId, t.kind, t.createdAt),
    index('review_task_participants_user_team_idx').on(t.userId, t.tenantId, t.teamId, t.createdAt),
    check('review_task_participants_kind_ck', oneOf(t.kind, CONTENT_KINDS)),
    check('review_task_participants_module_ck', oneOf(t.module, TASK_MODULES)),
    check('review_task_participants_status_ck', oneOf(t.status, TASK_STATUSES)),
    // Migration 0019 (then 0024, name_search for name) also adds review_task_participants_user_page_idx
    // (user, tenant, created_at, task_id) INCLUDE (status, module, kind, team_id, name_search) in SQL
    // (drizzle cannot declare INCLUDE): the pages
    // of My tasks and the name search's count read the user's entries without visiting the table.
  ],
);

/**
 * How many of a user's participant rows there are per (tenant, kind, team, status): the `total` of
 * My tasks for any filter without a name is a sum over a few of these rows instead of a count over
 * thousands of index entries. Kept exact by the review engine, the only writer of participants, in
 * the same transaction as each participant insert and status change (rows locked in key order);
 * deleting a user or tenant deletes their rows with the participants.
 */
export const reviewTaskCounts = pgTable(
  'review_task_counts',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    module: text('module', { enum: TASK_MODULES }).notNull(),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    teamId: uuid('team_id'),
    status: text('status', { enum: TASK_STATUSES }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    unique('review_task_counts_key').on(t.userId, t.tenantId, t.kind, t.teamId, t.status).nullsNotDistinct(),
    check('review_task_counts_kind_ck', oneOf(t.kind, CONTENT_KINDS)),
    check('review_task_counts_module_ck', oneOf(t.module, TASK_MODULES)),
    check('review_task_counts_status_ck', oneOf(t.status, TASK_STATUSES)),
    check('review_task_counts_n_ck', sql`${t.n} >= 0`),
  ],
);
