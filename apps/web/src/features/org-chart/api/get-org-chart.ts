import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgChart } from '@zc/shared/api/user-groups';
import { apiGet, type DataResponse } from '../../../lib/api-client';

/** GET merchant/merchant/get-org-chart/{id}: organisation → tenants → teams → members. */
export async function getOrgChart(merchantId: string): Promise<OrgChart> {
  return (await apiGet<DataResponse<OrgChart>>(`merchant/merchant/get-org-chart/${merchantId}`, undefined, { merchantId })).data;
}

export function useOrgChart(merchantId: string | null, enabled = true) {
  return useQuery(
    queryOptions({ queryKey: ['org-chart', merchantId], queryFn: () => getOrgChart(merchantId ?? ''), enabled: enabled && Boolean(merchantId) }),
  );
}
