import { useEffect } from 'react';
import type { z } from 'zod';
import type { deliveriesQuery, WebhookDelivery } from '@zc/shared/api/webhooks';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { WEBHOOKS_KEY } from './types';

export type DeliveriesFilters = Pick<z.input<typeof deliveriesQuery>, 'status'>;

/** GET merchant/webhook/{id}/deliveries (page, size, status): the delivery log; rows carry their abilities. */
export async function getDeliveries(id: string, query: DeliveriesFilters & { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<WebhookDelivery>> {
  return apiGet<ListResponse<WebhookDelivery>>(`merchant/webhook/${encodeURIComponent(id)}/deliveries`, { ...query }, { signal });
}

/** Refreshes every 5 s while shown: retries move deliveries along on their own (no event carries them yet). */
export function useDeliveries(id: string | null, filters: DeliveriesFilters) {
  const list = usePagedList({ key: [...WEBHOOKS_KEY, 'deliveries', id ?? ''], filters, fetch: (query, signal) => getDeliveries(id ?? '', query, signal), enabled: Boolean(id) });
  const { refetch } = list.query;
  useEffect(() => {
    if (!id) return undefined;
    const timer = setInterval(() => void refetch(), 5000);
    return () => clearInterval(timer);
  }, [id, refetch]);
  return list;
}
