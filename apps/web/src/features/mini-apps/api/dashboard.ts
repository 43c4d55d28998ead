import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ZmaDashboard, ZmaDashboardPeriod } from '@zc/shared/api/zma-customer';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export interface DashboardQuery {
  from: string;
  to: string;
  period: ZmaDashboardPeriod;
}

export const zmaDashboardKey = (appId: string) => ['zma-dashboard', appId] as const;

/** GET zma/merchant/dashboard (VIEW_ZMA_DASHBOARD) of the app of x-zma-id. */
export function useZmaDashboard(appId: string, query: DashboardQuery) {
  return useQuery({
    queryKey: [...zmaDashboardKey(appId), query],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<ZmaDashboard>>('zma/merchant/dashboard', { ...query }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
