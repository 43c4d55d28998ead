import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@zc/shared/api/tickets';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** GET merchant/ticket/{id}: the ticket with due times, SLA state, the statuses it may move to and abilities. */
export async function getTicket(tenantId: string, id: string, signal?: AbortSignal): Promise<TicketDetail> {
  return (await apiGet<DataResponse<TicketDetail>>(`merchant/ticket/${encodeURIComponent(id)}`, undefined, { tenantId, signal })).data;
}

export function ticketQueryOptions(tenantId: string, id: string) {
  return queryOptions({ queryKey: [...ticketsKey, 'detail', tenantId, id], queryFn: ({ signal }) => getTicket(tenantId, id, signal), enabled: Boolean(tenantId && id) });
}

export function useTicket(tenantId: string, id: string) {
  return useQuery(ticketQueryOptions(tenantId, id));
}
