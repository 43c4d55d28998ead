import type { DbOrTx } from '../../db/client';
import type { TenantScope } from '../../platform/tenant-scope';
import { countTicketsFor } from './repo';

/** The ticket figures of the §3 task counter card. */
export interface TicketCounts {
  statusViewTicket: number;
  totalTicket: number;
  totalOpen: number;
  totalInprogress: number;
  totalResolved: number;
  totalClose: number;
}

/**
 * The §3 counter card's ticket figures for `userId`: tickets that concern them (raised by them,
 * assigned to them or to one of their teams); `statusViewTicket` counts those changed since the
 * user last opened them (or never opened).
 */
export async function ticketCounts(db: DbOrTx, scope: TenantScope, userId: string): Promise<TicketCounts> {
  const c = await countTicketsFor(db, scope, userId);
  return { statusViewTicket: c.unread, totalTicket: c.total, totalOpen: c.open, totalInprogress: c.inprogress, totalResolved: c.resolved, totalClose: c.closed };
}
