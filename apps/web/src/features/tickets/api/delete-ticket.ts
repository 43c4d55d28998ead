import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** DELETE merchant/ticket/{id} (the page confirms first). */
export async function deleteTicket({ tenantId, id }: { tenantId: string; id: string }): Promise<void> {
  await apiRequest(`merchant/ticket/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTicket, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'list'] }) });
}
