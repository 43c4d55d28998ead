import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlaSettings, UpdateSlaBody } from '@zc/shared/api/tickets';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { slaKey } from './get-sla';

/** PATCH merchant/setting/tenant/sla. */
export async function updateSla({ tenantId, body }: { tenantId: string; body: UpdateSlaBody }): Promise<SlaSettings> {
  return (await apiRequest<DataResponse<SlaSettings>>('merchant/setting/tenant/sla', { method: 'PATCH', body, tenantId })).data;
}

export function useUpdateSla() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSla, onSuccess: (data, v) => queryClient.setQueryData([...slaKey, v.tenantId], data) });
}
