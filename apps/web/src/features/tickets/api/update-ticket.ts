import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TicketDetail, updateTicketBody } from '@zc/shared/api/tickets';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** PATCH merchant/ticket/{id}: status (as the transitions allow), priority, assignee, title, description. */
export async function updateTicket({ tenantId, id, body }: { tenantId: string; id: string; body: z.input<typeof updateTicketBody> }): Promise<TicketDetail> {
  return (await apiRequest<DataResponse<TicketDetail>>(`merchant/ticket/${encodeURIComponent(id)}`, { method: 'PATCH', body, tenantId })).data;
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTicket, onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsKey }) });
}
