import { useQuery } from '@tanstack/react-query';
import type { TicketAssignees } from '@zc/shared/api/tickets';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/ticket/assignees: tenant members and teams (assign and @mention choices). */
export async function getTicketAssignees(tenantId: string, signal?: AbortSignal): Promise<TicketAssignees> {
  return (await apiGet<DataResponse<TicketAssignees>>('merchant/ticket/assignees', undefined, { tenantId, signal })).data;
}

export function useTicketAssignees(tenantId: string, enabled = true) {
  return useQuery({ queryKey: ['ticket-assignees', tenantId], queryFn: ({ signal }) => getTicketAssignees(tenantId, signal), enabled: Boolean(tenantId) && enabled, staleTime: 60_000 });
}
