import { and, eq, exists, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teamMembers } from '../../db/schema/teams';
import { tickets, ticketViews } from '../../db/schema/tickets';
import { inTenant, scopedTenantId, type TenantScope } from '../../platform/tenant-scope';

export type TicketRow = typeof tickets.$inferSelect;

/** Tickets that concern the user: raised by them, assigned to them, or assigned to one of their teams. */
export function concernsUser(scope: TenantScope, userId: string): SQL {
  const myTeams = sql`select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId} and ${teamMembers.tenantId} = ${scopedTenantId(scope)}`;
  const cond = or(eq(tickets.createdBy, userId), eq(tickets.assigneeUserId, userId), inArray(tickets.assigneeTeamId, myTeams));
  if (!cond) throw new Error('unreachable');
  return cond;
}

/** True (as SQL) when the user has opened the ticket since its last change. */
export function seenBy(userId: string): SQL {
  return exists(sql`select 1 from ${ticketViews} where ${and(eq(ticketViews.ticketId, tickets.id), eq(ticketViews.userId, userId), gte(ticketViews.viewedAt, tickets.updatedAt))}`);
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
