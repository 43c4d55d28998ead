import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@zc/shared/api/webhooks';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './types';

/** GET merchant/webhook (page, size). */
export async function getWebhooks(tenantId: string, page: number, size: number): Promise<ListResponse<Webhook>> {
  return apiGet<ListResponse<Webhook>>('merchant/webhook', { page, size }, { tenantId });
}

export function getWebhooksQueryOptions(tenantId?: string, page = 1, size = 10) {
  return queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'list', tenantId ?? '', page, size],
    queryFn: () => getWebhooks(tenantId ?? '', page, size),
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
  });
}

export function useWebhooks(tenantId: string, page: number, size: number) {
  return useQuery(getWebhooksQueryOptions(tenantId, page, size));
}
