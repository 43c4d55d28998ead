import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceivedInvitation } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';

/** GET merchant/invitation/mine: pending, unexpired invitations sent to the signed-in address. */
export async function getMyInvitations(): Promise<ReceivedInvitation[]> {
  return (await apiGet<ListResponse<ReceivedInvitation>>('merchant/invitation/mine', undefined, { merchantId: null, tenantId: null })).data;
}

export function getMyInvitationsQueryOptions() {
  return queryOptions({ queryKey: ['invitations', 'mine'], queryFn: getMyInvitations, staleTime: 30_000 });
}

export function useMyInvitations(enabled = true) {
  return useQuery({ ...getMyInvitationsQueryOptions(), enabled });
}
