import type { Webhook } from '@zc/shared/api/webhooks';
import { apiGet, type ListResponse } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/use-paged-list';
import { WEBHOOKS_KEY } from './types';

/** GET merchant/webhook (page, size); endpoints carry their abilities. */
export async function getWebhooks(tenantId: string, query: { page: number; size: number }, signal?: AbortSignal): Promise<ListResponse<Webhook>> {
  return apiGet<ListResponse<Webhook>>('merchant/webhook', { ...query }, { tenantId, signal });
}

export function useWebhooks(tenantId: string) {
  return usePagedList({ key: [...WEBHOOKS_KEY, 'list', tenantId], filters: {}, fetch: (query, signal) => getWebhooks(tenantId, query, signal), enabled: Boolean(tenantId) });
}
