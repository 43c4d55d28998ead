import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { ticketsKey } from './get-tickets';

const TICKET_EVENTS = ['ticket.created', 'ticket.updated', 'ticket.commented', 'ticket.sla_warning', 'ticket.sla_breached'] as const;

/** Refetches the shown ticket queries when a ticket of this tenant changes (or events may have been missed). */
export function useLiveTickets(tenantId: string): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(TICKET_EVENTS, (event) => {
    if (tenantId && event.tenantId === tenantId) void queryClient.invalidateQueries({ queryKey: ticketsKey });
  });
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: ticketsKey }));
}
