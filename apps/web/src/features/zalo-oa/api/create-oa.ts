import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createOaBody } from '@zc/shared/api/zalo-oa';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import type { ZaloOaDetail } from './get-oa';
import { listOasQueryOptions } from '../../../lib/oa-list';

export type CreateOaInput = z.input<typeof createOaBody>;

/** POST merchant/zalo-oa: connects an OA with its seven credentials (checked against Zalo first). */
export async function createOa(body: CreateOaInput): Promise<ZaloOaDetail> {
  return (await apiRequest<DataResponse<ZaloOaDetail>>('merchant/zalo-oa', { method: 'POST', body })).data;
}

export function useCreateOa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listOasQueryOptions().queryKey }),
  });
}
