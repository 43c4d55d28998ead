import { useQuery } from '@tanstack/react-query';
import { apiGet, type DataResponse } from '../../../lib/api-client';
import { oaContentQuotaKey, type OaContentQuota } from './types';

/** GET merchant/oa-content/quotas?zaloOAIds=a,b: used/total/remain of each OA (used = articles + videos). */
export async function getQuotas(tenantId: string, zaloOAIds: readonly string[], signal?: AbortSignal): Promise<OaContentQuota[]> {
  return (await apiGet<DataResponse<OaContentQuota[]>>('merchant/oa-content/quotas', { zaloOAIds: zaloOAIds.join(',') }, { tenantId, signal })).data;
}

/** Asked only while the popover is open (`enabled`). */
export function useQuotas(tenantId: string, zaloOAIds: readonly string[], enabled: boolean) {
  return useQuery({ queryKey: [...oaContentQuotaKey, tenantId, zaloOAIds.join(',')], queryFn: ({ signal }) => getQuotas(tenantId, zaloOAIds, signal), enabled: enabled && Boolean(tenantId) });
}
