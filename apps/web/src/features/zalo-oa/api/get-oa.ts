import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZaloOaDetail } from '@zc/shared/api/zalo-oa';
import { apiGet, type DataResponse } from '../../../lib/api-client';

export type { ZaloOaDetail } from '@zc/shared/api/zalo-oa';

/** GET merchant/zalo-oa/{id}: details with masked credentials (last 4 characters) and the webhook URL. */
export async function getOa(id: string): Promise<ZaloOaDetail> {
  return (await apiGet<DataResponse<ZaloOaDetail>>(`merchant/zalo-oa/${encodeURIComponent(id)}`)).data;
}

export function getOaQueryOptions(id?: string | null) {
  return queryOptions({
    queryKey: id ? ['zalo-oa', 'detail', id] : ['zalo-oa', 'detail'],
    queryFn: () => getOa(id ?? ''),
    enabled: Boolean(id),
  });
}

export function useOa(id: string | null | undefined) {
  return useQuery(getOaQueryOptions(id));
}
