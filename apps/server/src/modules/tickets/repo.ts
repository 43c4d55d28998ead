import { and, asc, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ORGANISATION_WIDE_ROLES } from '@zc/shared/permissions';
import type { SlaClock, TicketListQuery } from '@zc/shared/api/tickets';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { merchantMembers, tenants } from '../../db/schema/organisation';
import { teams } from '../../db/schema/teams';
import { slaSettings, ticketComments, ticketEvents, tickets, ticketViews } from '../../db/schema/tickets';
import { tenantMembers } from '../../db/schema/user-groups';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TicketRow = typeof tickets.$inferSelect;
export type CommentRow = typeof ticketComments.$inferSelect;
export type TicketEventRow = typeof ticketEvents.$inferSelect;
export type SlaSettingsRow = typeof slaSettings.$inferSelect;
export type UserRef = { id: string; displayName: string; email: string; avatar: string | null };
export type TeamRef = { id: string; name: string; avatar: string | null };

/** Tickets that concern the user: raised by them, assigned to them, or assigned to one of their teams. */
export function concernsUser(scope: TenantScope, userId: string): SQL {
  const cond = or(eq(tickets.createdBy, userId), assignedTo(scope, userId));
  if (!cond) throw new Error('unreachable');
  return cond;
}

/** Assigned to the user in person or to one of their teams in this tenant. */
function assignedTo(scope: TenantScope, userId: string): SQL {
  const myTeams = sql`select m.team_id from team_members m where m.user_id = ${userId} and m.tenant_id = ${scopedTenantId(scope)}`;
  const cond = or(eq(tickets.assigneeUserId, userId), sql`${tickets.assigneeTeamId} in (${myTeams})`);
  if (!cond) throw new Error('unreachable');
  return cond;
}

/** True (as SQL) when the user has opened the ticket since its last change. */
export function seenBy(userId: string): SQL {
  // Qualified by hand: drizzle drops table names in single-table selects, which would bind these to ticket_views.
  return sql`exists (select 1 from ticket_views v where v.ticket_id = "tickets"."id" and v.user_id = ${userId} and v.viewed_at >= "tickets"."updated_at")`;
}

/** The §3 counter card figures over the tickets that concern the user. */
export async function countTicketsFor(db: DbOrTx, scope: TenantScope, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`count(*) filter (where not ${seenBy(userId)})::int`,
      total: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${tickets.status} = 'OPEN')::int`,
      inprogress: sql<number>`count(*) filter (where ${tickets.status} = 'INPROGRESS')::int`,
      resolved: sql<number>`count(*) filter (where ${tickets.status} = 'RESOLVED')::int`,
      closed: sql<number>`count(*) filter (where ${tickets.status} = 'CLOSED')::int`,
    })
    .from(tickets)
    .where(inTenant(scope, tickets, concernsUser(scope, userId)));
  return row ?? { unread: 0, total: 0, open: 0, inprogress: 0, resolved: 0, closed: 0 };
}

/* ─── SLA settings ─── */

export async function findSlaSettings(db: DbOrTx, scope: TenantScope): Promise<SlaSettingsRow | null> {
  const [row] = await db.select().from(slaSettings).where(inTenant(scope, slaSettings));
  return row ?? null;
}

export async function upsertSlaSettings(tx: DbOrTx, scope: TenantScope, values: Omit<typeof slaSettings.$inferInsert, 'tenantId'>): Promise<SlaSettingsRow> {
  const [row] = await tx
    .insert(slaSettings)
    .values({ ...values, tenantId: scopedTenantId(scope) })
    .onConflictDoUpdate({ target: slaSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('sla settings upsert returned nothing');
  return row;
}

/* ─── Members and teams ─── */

/** The ids among `userIds` that reach the tenant: tenant members, or organisation OWNER/ADMIN. */
export async function tenantMemberIds(db: DbOrTx, scope: TenantScope, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const tenantId = scopedTenantId(scope);
  const rows = await db
    .select({ id: merchantMembers.userId })
    .from(merchantMembers)
    .innerJoin(tenants, eq(tenants.merchantId, merchantMembers.merchantId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, tenants.id), eq(tenantMembers.userId, merchantMembers.userId)))
    .where(and(eq(tenants.id, tenantId), inArray(merchantMembers.userId, [...userIds]), or(inArray(merchantMembers.role, [...ORGANISATION_WIDE_ROLES]), sql`${tenantMembers.userId} is not null`)));
  return new Set(rows.map((r) => r.id));
}

export async function findTeam(db: DbOrTx, scope: TenantScope, teamId: string): Promise<TeamRef | null> {
  const [row] = await db.select({ id: teams.id, name: teams.name, avatar: teams.avatar }).from(teams).where(inTenant(scope, teams, eq(teams.id, teamId)));
  return row ?? null;
}

/** People and teams a ticket of the tenant may be assigned to. */
export async function listAssignees(db: DbOrTx, scope: TenantScope): Promise<{ users: UserRef[]; teams: TeamRef[] }> {
  const tenantId = scopedTenantId(scope);
  const people = await db
    .selectDistinct({ id: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar })
    .from(merchantMembers)
    .innerJoin(tenants, eq(tenants.merchantId, merchantMembers.merchantId))
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, tenants.id), eq(tenantMembers.userId, merchantMembers.userId)))
    .where(and(eq(tenants.id, tenantId), or(inArray(merchantMembers.role, [...ORGANISATION_WIDE_ROLES]), sql`${tenantMembers.userId} is not null`)))
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(1000);
  const groups = await db.select({ id: teams.id, name: teams.name, avatar: teams.avatar }).from(teams).where(inTenant(scope, teams)).orderBy(asc(teams.name)).limit(1000);
  return { users: people, teams: groups };
}

export async function findUsers(db: DbOrTx, ids: readonly string[]): Promise<Map<string, UserRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, displayName: users.displayName, email: users.email, avatar: users.avatar }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findTeams(db: DbOrTx, scope: TenantScope, ids: readonly string[]): Promise<Map<string, TeamRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: teams.id, name: teams.name, avatar: teams.avatar }).from(teams).where(inTenant(scope, teams, inArray(teams.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

/* ─── Tickets ─── */

/** Serialises ticket numbering per tenant for the rest of the transaction. */
export async function nextTicketNumber(tx: DbOrTx, scope: TenantScope): Promise<number> {
  const tenantId = scopedTenantId(scope);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tickets:${tenantId}`}))`);
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${tickets.number}), 0)::int + 1` }).from(tickets).where(inTenant(scope, tickets));
  return row?.n ?? 1;
}

export async function insertTicket(tx: DbOrTx, scope: TenantScope, values: Omit<typeof tickets.$inferInsert, 'tenantId' | 'merchantId'>): Promise<TicketRow> {
  const tenantId = scopedTenantId(scope);
  const [tenant] = await tx.select({ merchantId: tenants.merchantId }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new Error('tenant of scope not found');
  const [row] = await tx
    .insert(tickets)
    .values({ ...values, tenantId, merchantId: tenant.merchantId, createdAt: sql`now()`, updatedAt: sql`now()` })
    .returning();
  if (!row) throw new Error('ticket insert returned nothing');
  return row;
}

export async function findTicket(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<TicketRow | null> {
  const q = db.select().from(tickets).where(inTenant(scope, tickets, eq(tickets.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export type TicketPatch = Partial<Omit<TicketRow, 'id' | 'tenantId' | 'merchantId' | 'number' | 'createdAt' | 'createdBy' | 'updatedAt'>>;

/** Applies the change and stamps updated_at (the transaction's now(), so the actor's own view equals it). */
export async function updateTicket(tx: DbOrTx, scope: TenantScope, id: string, patch: TicketPatch): Promise<TicketRow | null> {
  const [row] = await tx
    .update(tickets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(inTenant(scope, tickets, eq(tickets.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTicket(tx: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(tickets).where(inTenant(scope, tickets, eq(tickets.id, id)));
}

/** The user has seen the ticket as of this transaction. */
export async function markTicketViewed(tx: DbOrTx, ticketId: string, userId: string): Promise<void> {
  await tx
    .insert(ticketViews)
    .values({ ticketId, userId, viewedAt: sql`now()` })
    .onConflictDoUpdate({ target: [ticketViews.ticketId, ticketViews.userId], set: { viewedAt: sql`now()` } });
}

export async function insertTicketEvents(tx: DbOrTx, scope: TenantScope, rows: Array<Omit<typeof ticketEvents.$inferInsert, 'tenantId'>>): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(ticketEvents).values(rows.map((r) => ({ ...r, tenantId: scopedTenantId(scope) })));
}

/** Rows of one change share its time: show them in a fixed field order. */
const FIELD_ORDER = sql`case ${ticketEvents.field} when 'created' then 0 when 'title' then 1 when 'description' then 2 when 'status' then 3 when 'priority' then 4 when 'assignee' then 5 else 6 end`;

export async function listTicketEvents(db: DbOrTx, scope: TenantScope, ticketId: string): Promise<TicketEventRow[]> {
  return db.select().from(ticketEvents).where(inTenant(scope, ticketEvents, eq(ticketEvents.ticketId, ticketId))).orderBy(asc(ticketEvents.createdAt), FIELD_ORDER, asc(ticketEvents.id)).limit(1000);
}

const PRIORITY_RANK = sql`case ${tickets.priority} when 'LOW' then 0 when 'MEDIUM' then 1 when 'HIGH' then 2 else 3 end`;
/** The next due time of a clock still running (first response, then resolution). */
const NEXT_DUE = sql`least(case when ${tickets.firstResponseAt} is null then ${tickets.firstResponseDueAt} end, case when ${tickets.resolvedAt} is null then ${tickets.resolutionDueAt} end)`;
const COMMENT_COUNT = sql<number>`(select count(*)::int from ticket_comments c where c.ticket_id = "tickets"."id")`;

export type TicketListFilter = Omit<TicketListQuery, 'page' | 'size'> & { limit: number; offset: number };

/** A page of the tenant's tickets (filters of the list), each with the caller's unread state and its comment count. */
export async function listTickets(db: DbOrTx, scope: TenantScope, userId: string, q: TicketListFilter) {
  const search = q.search?.trim();
  const numberMatch = search ? /^#?(\d{1,9})$/.exec(search) : null;
  const conds: Array<SQL | undefined> = [
    q.status ? eq(tickets.status, q.status) : undefined,
    q.priority ? eq(tickets.priority, q.priority) : undefined,
    q.assignee === 'me' ? assignedTo(scope, userId) : undefined,
    q.assignee === 'unassigned' ? and(isNull(tickets.assigneeUserId), isNull(tickets.assigneeTeamId)) : undefined,
    q.assignee && q.assignee !== 'me' && q.assignee !== 'unassigned' ? or(eq(tickets.assigneeUserId, q.assignee), eq(tickets.assigneeTeamId, q.assignee)) : undefined,
    q.createdBy === 'me' ? eq(tickets.createdBy, userId) : undefined,
    search
      ? or(
          numberMatch ? eq(tickets.number, Number(numberMatch[1])) : undefined,
          ilike(tickets.title, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        )
      : undefined,
  ];
  const where = inTenant(scope, tickets, ...conds);
  const dir = q.orderBy.direction === 'asc' ? asc : desc;
  const order: SQL[] =
    q.orderBy.field === 'priority'
      ? [dir(PRIORITY_RANK), desc(tickets.createdAt)]
      : q.orderBy.field === 'dueAt'
        ? [sql`${NEXT_DUE} is null`, dir(NEXT_DUE), desc(tickets.createdAt)]
        : [dir(q.orderBy.field === 'updatedAt' ? tickets.updatedAt : tickets.createdAt)];
  const rows = await db
    .select({ ticket: tickets, seen: seenBy(userId).mapWith(Boolean), commentCount: COMMENT_COUNT })
    .from(tickets)
    .where(where)
    .orderBy(...order, desc(tickets.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** One ticket with the caller's unread state and its comment count. */
export async function findTicketView(db: DbOrTx, scope: TenantScope, userId: string, id: string) {
  const [row] = await db
    .select({ ticket: tickets, seen: seenBy(userId).mapWith(Boolean), commentCount: COMMENT_COUNT })
    .from(tickets)
    .where(inTenant(scope, tickets, eq(tickets.id, id)));
  return row ?? null;
}

/* ─── Comments ─── */

export async function insertComment(tx: DbOrTx, scope: TenantScope, values: Omit<typeof ticketComments.$inferInsert, 'tenantId'>): Promise<CommentRow> {
  const [row] = await tx.insert(ticketComments).values({ ...values, tenantId: scopedTenantId(scope) }).returning();
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

export async function findComment(db: DbOrTx, scope: TenantScope, id: string, opts: { lock?: boolean } = {}): Promise<CommentRow | null> {
  const q = db.select().from(ticketComments).where(inTenant(scope, ticketComments, eq(ticketComments.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateComment(tx: DbOrTx, scope: TenantScope, id: string, patch: { body: string; mentions: string[] }): Promise<CommentRow | null> {
  const [row] = await tx.update(ticketComments).set({ ...patch, updatedAt: sql`now()` }).where(inTenant(scope, ticketComments, eq(ticketComments.id, id))).returning();
  return row ?? null;
}

export async function deleteComment(tx: DbOrTx, scope: TenantScope, id: string): Promise<void> {
  await tx.delete(ticketComments).where(inTenant(scope, ticketComments, eq(ticketComments.id, id)));
}

export async function listComments(db: DbOrTx, scope: TenantScope, ticketId: string, page: { limit: number; offset: number }) {
  const where = inTenant(scope, ticketComments, eq(ticketComments.ticketId, ticketId));
  const rows = await db.select().from(ticketComments).where(where).orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(ticketComments).where(where);
  return { rows, total: count?.n ?? 0 };
}

/* ─── SLA watcher (every tenant: a worker's sweep) ─── */

const RUNNING = ['OPEN', 'INPROGRESS'] as const;
/** The warning lead is at most SLA_WARN_MAX_MINUTES, so only clocks due within it can be warned. */
const MAX_LEAD = sql`interval '1440 minutes'`;

function clockColumns(clock: SlaClock) {
  return clock === 'FIRST_RESPONSE'
    ? { due: tickets.firstResponseDueAt, done: tickets.firstResponseAt, warned: tickets.firstResponseWarnedAt, breached: tickets.firstResponseBreachedAt, warnedKey: 'firstResponseWarnedAt', breachedKey: 'firstResponseBreachedAt' } as const
    : { due: tickets.resolutionDueAt, done: tickets.resolvedAt, warned: tickets.resolutionWarnedAt, breached: tickets.resolutionBreachedAt, warnedKey: 'resolutionWarnedAt', breachedKey: 'resolutionBreachedAt' } as const;
}

/**
 * Stamps the warning of up to `limit` running clocks whose warning time (due − the tenant's
 * warn-before minutes) has passed and that were not warned yet, and answers them. The stamp is a
 * conditional UPDATE over rows locked SKIP LOCKED, so two workers never stamp the same clock.
 */
export async function claimSlaWarnings(tx: DbOrTx, clock: SlaClock, limit: number): Promise<TicketRow[]> {
  const c = clockColumns(clock);
  const due = tx
    .select({ id: tickets.id })
    .from(tickets)
    .leftJoin(slaSettings, eq(slaSettings.tenantId, tickets.tenantId))
    .where(
      and(
        isNull(c.done),
        isNull(c.breached),
        inArray(tickets.status, [...RUNNING]),
        lte(c.due, sql`now() + ${MAX_LEAD}`),
        isNull(c.warned),
        lte(sql`${c.due} - make_interval(mins => coalesce(${slaSettings.warnBeforeMinutes}, 30))`, sql`now()`),
      ),
    )
    .orderBy(asc(c.due))
    .limit(limit)
    .for('update', { of: tickets, skipLocked: true });
  return tx
    .update(tickets)
    .set({ [c.warnedKey]: sql`now()` })
    .where(and(inArray(tickets.id, due), isNull(c.warned)))
    .returning();
}

/** Stamps the breach of up to `limit` running clocks past their due time and not stamped yet (and their warning, if it never went). */
export async function claimSlaBreaches(tx: DbOrTx, clock: SlaClock, limit: number): Promise<TicketRow[]> {
  const c = clockColumns(clock);
  const due = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(isNull(c.done), isNull(c.breached), inArray(tickets.status, [...RUNNING]), lte(c.due, sql`now()`)))
    .orderBy(asc(c.due))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(tickets)
    .set({ [c.breachedKey]: sql`now()`, [c.warnedKey]: sql`coalesce(${c.warned}, now())` })
    .where(and(inArray(tickets.id, due), isNull(c.breached)))
    .returning();
}
