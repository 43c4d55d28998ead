import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTicketBody, TicketDetail } from '@zc/shared/api/tickets';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** POST merchant/ticket. */
export async function createTicket({ tenantId, body }: { tenantId: string; body: z.input<typeof createTicketBody> }): Promise<TicketDetail> {
  return (await apiRequest<DataResponse<TicketDetail>>('merchant/ticket', { method: 'POST', body, tenantId })).data;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTicket, onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }) });
}
