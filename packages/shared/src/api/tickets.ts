/** §3 Enumerations: ticket status and priority. */
export const TICKET_STATUSES = ['OPEN', 'INPROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * The allowed status moves (§3 ticket status; reopen brings a RESOLVED or CLOSED ticket back to
 * OPEN). Any other jump answers 409.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  OPEN: ['INPROGRESS', 'RESOLVED', 'CLOSED'],
  INPROGRESS: ['OPEN', 'RESOLVED', 'CLOSED'],
  RESOLVED: ['CLOSED', 'OPEN', 'INPROGRESS'],
  CLOSED: ['OPEN'],
};

/** The SLA clocks of a ticket. */
export const SLA_CLOCKS = ['FIRST_RESPONSE', 'RESOLUTION'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];
