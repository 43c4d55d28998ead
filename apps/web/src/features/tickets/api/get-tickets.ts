import type { z } from 'zod';
import type { TicketItem, ticketListQuery } from '@zc/shared/api/tickets';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

/** The list's filters (page and size come from the paged-list hook). */
export type TicketFilters = Pick<z.input<typeof ticketListQuery>, 'status' | 'priority' | 'assignee' | 'createdBy' | 'search' | 'orderBy'>;

/** What ticket mutations and live events invalidate: every ticket query (lists, details, comments, history). */
export const ticketsKey = ['tickets'] as const;

/** GET merchant/ticket/list: rows carry unread state, due times, SLA state and abilities. */
export async function getTickets(tenantId: string, query: TicketFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<TicketItem>> {
  return apiGet<ListResponse<TicketItem>>('merchant/ticket/list', query, { tenantId, signal });
}

export function useTickets(tenantId: string, filters: TicketFilters) {
  return usePagedList({ key: [...ticketsKey, 'list', tenantId], filters, fetch: (query, signal) => getTickets(tenantId, query, signal), enabled: Boolean(tenantId) });
}
