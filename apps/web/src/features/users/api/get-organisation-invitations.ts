import type { z } from 'zod';
import type { Invitation, invitationsQuery } from '@zc/shared/api/organisation';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';

export type InvitationsFilters = Pick<z.input<typeof invitationsQuery>, 'orderBy' | 'email'>;

/** What mutations invalidate: every page of the pending invitations. */
export const organisationInvitationsKey = ['invitations', 'by-merchant'] as const;

/** GET merchant/invitation/by-merchant: the organisation's pending invitations (expired ones flagged), with their abilities. */
export async function getOrganisationInvitations(merchantId: string, query: InvitationsFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<Invitation>> {
  return apiGet<ListResponse<Invitation>>('merchant/invitation/by-merchant', { ...query }, { merchantId, tenantId: null, signal });
}

export function useOrganisationInvitations(merchantId: string, filters: InvitationsFilters) {
  return usePagedList({
    key: [...organisationInvitationsKey, merchantId],
    filters,
    fetch: (query, signal) => getOrganisationInvitations(merchantId, query, signal),
    enabled: Boolean(merchantId),
  });
}
