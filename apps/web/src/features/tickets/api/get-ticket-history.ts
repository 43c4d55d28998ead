import { useQuery } from '@tanstack/react-query';
import type { TicketHistoryEntry } from '@zc/shared/api/tickets';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

/** GET merchant/ticket/{id}/history: one row per changed field, oldest first. */
export async function getTicketHistory(tenantId: string, id: string, signal?: AbortSignal): Promise<TicketHistoryEntry[]> {
  return (await apiGet<DataResponse<TicketHistoryEntry[]>>(`merchant/ticket/${encodeURIComponent(id)}/history`, undefined, { tenantId, signal })).data;
}

export function useTicketHistory(tenantId: string, id: string) {
  return useQuery({ queryKey: [...ticketsKey, 'history', tenantId, id], queryFn: ({ signal }) => getTicketHistory(tenantId, id, signal), enabled: Boolean(tenantId && id) });
}
