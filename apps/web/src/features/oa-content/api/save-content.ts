import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { oaContentKey, type CreateOaContentBody, type OaContent } from './types';

export type SaveContentBody = Omit<CreateOaContentBody, 'comment'> & { comment?: 'show' | 'hide'; version?: number };

/** POST merchant/oa-content/create, or PATCH merchant/oa-content/update/{id} with the version read: a draft (submit false) or sent for review (submit true). */
export async function saveContent({ tenantId, id, body }: { tenantId: string; id: string | null; body: SaveContentBody }): Promise<OaContent> {
  const path = id ? `merchant/oa-content/update/${encodeURIComponent(id)}` : 'merchant/oa-content/create';
  return (await apiRequest<DataResponse<OaContent>>(path, { method: id ? 'PATCH' : 'POST', body, tenantId })).data;
}

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveContent, onSuccess: () => queryClient.invalidateQueries({ queryKey: oaContentKey }) });
}
