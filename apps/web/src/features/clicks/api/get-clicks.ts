import { useQuery } from '@tanstack/react-query';
import type { Click } from '@zc/shared/api/clicks';
import { apiGet } from '../../../lib/api-client';

export interface ClickList {
  data: Click[];
  meta: { total: number; page: number; size: number };
  summary: { clicks: number; uniqueRecipients: number };
}

export const CLICKS_KEY = ['clicks'] as const;

/** GET merchant/zns/history/{id}/clicks: the clicks of one ZNS message (read when its detail opens). */
export function useMessageClicks(tenantId: string, messageId: string) {
  return useQuery({
    queryKey: [...CLICKS_KEY, 'message', tenantId, messageId],
    queryFn: ({ signal }) => apiGet<ClickList>(`merchant/zns/history/${encodeURIComponent(messageId)}/clicks`, { page: 1, size: 20 }, { tenantId, signal }),
    enabled: Boolean(tenantId && messageId),
  });
}

/** GET merchant/campaign/{id}/clicks (page, size). */
export function useCampaignClicks(tenantId: string, campaignId: string, page: { page: number; size: number }) {
  return useQuery({
    queryKey: [...CLICKS_KEY, 'campaign', tenantId, campaignId, page.page, page.size],
    queryFn: ({ signal }) => apiGet<ClickList>(`merchant/campaign/${encodeURIComponent(campaignId)}/clicks`, { ...page }, { tenantId, signal }),
    enabled: Boolean(tenantId && campaignId),
  });
}
