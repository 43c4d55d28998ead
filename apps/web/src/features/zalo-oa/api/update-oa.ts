import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateOaBody } from '@zc/shared/api/zalo-oa';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { getOaQueryOptions, type ZaloOaDetail } from './get-oa';
import { listOasQueryOptions } from '../../../lib/oa-list';

export type UpdateOaInput = z.input<typeof updateOaBody> & { id: string };

/** PUT merchant/zalo-oa/{id}: name and/or credentials (a new access token is checked against Zalo). */
export async function updateOa({ id, ...body }: UpdateOaInput): Promise<ZaloOaDetail> {
  return (await apiRequest<DataResponse<ZaloOaDetail>>(`merchant/zalo-oa/${encodeURIComponent(id)}`, { method: 'PUT', body })).data;
}

export function useUpdateOa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOa,
    onSuccess: (oa) => {
      queryClient.setQueryData(getOaQueryOptions(oa.id).queryKey, oa);
      return queryClient.invalidateQueries({ queryKey: listOasQueryOptions().queryKey });
    },
  });
}
