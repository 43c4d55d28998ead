import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Merchant } from '@zc/shared/api/organisation';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { MERCHANTS_QUERY_KEY } from './keys';

export type OrganisationImage = 'logo' | 'avatar';

/** PATCH merchant/merchant/update (UPDATE_MERCHANT): the organisation's name. */
export function useRenameOrganisation(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await apiRequest<DataResponse<Merchant>>('merchant/merchant/update', { method: 'PATCH', body: { name: name.trim() }, merchantId, tenantId: null })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY }),
  });
}

/** PATCH merchant/merchant/updateLogo or updateAvatar (UPDATE_MERCHANT), multipart field `file`. */
export function useUploadOrganisationImage(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: OrganisationImage; file: File }) => {
      const form = new FormData();
      form.set('file', file);
      const path = kind === 'logo' ? 'merchant/merchant/updateLogo' : 'merchant/merchant/updateAvatar';
      return (await apiRequest<DataResponse<Merchant>>(path, { method: 'PATCH', body: form, merchantId, tenantId: null })).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY }),
  });
}
