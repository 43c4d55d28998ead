import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';

export interface OrganisationInvitationsQuery {
  merchantId: string;
  page: number;
  size: number;
  orderBy?: string;
  email?: string;
}

/** GET merchant/invitation/by-merchant: the organisation's pending invitations (expired ones flagged). */
export async function getOrganisationInvitations({ merchantId, ...query }: OrganisationInvitationsQuery): Promise<ListResponse<Invitation>> {
  return apiGet<ListResponse<Invitation>>('merchant/invitation/by-merchant', { ...query }, { merchantId, tenantId: null });
}

export function getOrganisationInvitationsQueryOptions(query?: OrganisationInvitationsQuery) {
  return queryOptions({
    queryKey: query ? ['invitations', 'by-merchant', query] : ['invitations', 'by-merchant'],
    queryFn: () => (query ? getOrganisationInvitations(query) : Promise.resolve({ data: [], meta: { total: 0 } })),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  });
}

export function useOrganisationInvitations(query: OrganisationInvitationsQuery, enabled = true) {
  return useQuery({ ...getOrganisationInvitationsQueryOptions(query), enabled });
}
