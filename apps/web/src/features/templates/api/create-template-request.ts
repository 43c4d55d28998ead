import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templateRequestBody } from '@zc/shared/api/templates';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { templateRequestsKey, type TemplateRequest } from './get-template-requests';

export type TemplateRequestInput = z.input<typeof templateRequestBody>;

/** POST merchant/template/new: stores a request for a new ZNS template. */
export async function createTemplateRequest(body: TemplateRequestInput): Promise<TemplateRequest> {
  return (await apiRequest<DataResponse<TemplateRequest>>('merchant/template/new', { method: 'POST', body })).data;
}

export function useCreateTemplateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplateRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateRequestsKey }),
  });
}
