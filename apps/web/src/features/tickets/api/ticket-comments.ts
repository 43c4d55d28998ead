import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketComment } from '@zc/shared/api/tickets';
import { apiGet, apiRequest, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** GET merchant/ticket-comment/list?ticketId: the ticket's comments, oldest first. */
export async function getTicketComments(tenantId: string, ticketId: string, signal?: AbortSignal): Promise<ListResponse<TicketComment>> {
  return apiGet<ListResponse<TicketComment>>('merchant/ticket-comment/list', { ticketId, page: 1, size: 200 }, { tenantId, signal });
}

export function useTicketComments(tenantId: string, ticketId: string) {
  return useQuery({ queryKey: [...ticketsKey, 'comments', tenantId, ticketId], queryFn: ({ signal }) => getTicketComments(tenantId, ticketId, signal), enabled: Boolean(tenantId && ticketId) });
}

/** POST merchant/ticket-comment (multipart: ticketId, body, mentions comma-joined, up to five image `files`). */
export async function createTicketComment({ tenantId, ticketId, body, mentions, files }: { tenantId: string; ticketId: string; body: string; mentions: string[]; files: File[] }): Promise<TicketComment> {
  const form = new FormData();
  form.append('ticketId', ticketId);
  form.append('body', body);
  if (mentions.length) form.append('mentions', mentions.join(','));
  for (const f of files) form.append('files', f, f.name);
  return (await apiRequest<DataResponse<TicketComment>>('merchant/ticket-comment', { method: 'POST', body: form, tenantId })).data;
}

/** PATCH merchant/ticket-comment/{id}: the author edits the text. */
export async function updateTicketComment({ tenantId, id, body }: { tenantId: string; id: string; body: string }): Promise<TicketComment> {
  return (await apiRequest<DataResponse<TicketComment>>(`merchant/ticket-comment/${encodeURIComponent(id)}`, { method: 'PATCH', body: { body }, tenantId })).data;
}

/** DELETE merchant/ticket-comment/{id}: the author deletes it. */
export async function deleteTicketComment({ tenantId, id }: { tenantId: string; id: string }): Promise<void> {
  await apiRequest(`merchant/ticket-comment/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
}

function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketsKey });
}

export function useCreateTicketComment() {
  const invalidate = useInvalidateTickets();
  return useMutation({ mutationFn: createTicketComment, onSuccess: invalidate });
}

export function useUpdateTicketComment() {
  const invalidate = useInvalidateTickets();
  return useMutation({ mutationFn: updateTicketComment, onSuccess: invalidate });
}

export function useDeleteTicketComment() {
  const invalidate = useInvalidateTickets();
  return useMutation({ mutationFn: deleteTicketComment, onSuccess: invalidate });
}
