import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@zc/shared/api/webhooks';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './types';

/** GET merchant/webhook/{id}/deliveries (page, size, status): the delivery log. */
export async function getDeliveries(id: string, page: number, size: number, status?: string): Promise<ListResponse<WebhookDelivery>> {
  return apiGet<ListResponse<WebhookDelivery>>(`merchant/webhook/${encodeURIComponent(id)}/deliveries`, { page, size, status });
}

export function getDeliveriesQueryOptions(id?: string | null, page = 1, size = 10, status?: string) {
  return queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', id ?? '', page, size, status ?? ''],
    queryFn: () => getDeliveries(id ?? '', page, size, status),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every 5 s while shown: retries move deliveries along on their own. */
export function useDeliveries(id: string | null, page: number, size: number, status?: string) {
  return useQuery({ ...getDeliveriesQueryOptions(id, page, size, status), refetchInterval: 5000 });
}
