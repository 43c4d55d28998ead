import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** PATCH merchant/ticket/{id}/view: the caller opened the ticket (no longer unread for them). */
export async function markTicketViewed({ tenantId, id }: { tenantId: string; id: string }): Promise<void> {
  await apiRequest(`merchant/ticket/${encodeURIComponent(id)}/view`, { method: 'PATCH', tenantId });
}

export function useMarkTicketViewed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markTicketViewed, onSettled: () => queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'list'] }) });
}
