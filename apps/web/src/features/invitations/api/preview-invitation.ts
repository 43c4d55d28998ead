import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { PUBLIC_CALL } from './public-call';

/** POST merchant/invitation/token/preview: what the mailed link invites to (the token stays out of the URL). */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return (await apiRequest<DataResponse<InvitationPreview>>('merchant/invitation/token/preview', { method: 'POST', body: { token }, ...PUBLIC_CALL })).data;
}

export function getInvitationPreviewQueryOptions(token: string) {
  return queryOptions({ queryKey: ['invitations', 'preview', token], queryFn: () => previewInvitation(token), retry: false, staleTime: Infinity });
}

export function useInvitationPreview(token: string) {
  return useQuery(getInvitationPreviewQueryOptions(token));
}
