import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampaignDetail, campaignCancelResult, campaignTemplatePreview } from '@zc/shared/api/campaign-dispatch';
import type { HistoryListResponse, MessageStatus } from '@zc/shared/api/messaging';
import { apiGet, apiRequest, type DataResponse } from '../../../lib/api-client';
import { apiDownload, saveBlob } from '../../../lib/download';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { campaignsKey } from './campaigns';

type CancelResult = z.infer<typeof campaignCancelResult>;
type TemplatePreview = z.infer<typeof campaignTemplatePreview>;

const detailKey = (tenantId: string, id: string) => [...campaignsKey, 'detail', tenantId, id] as const;
const historyKey = (tenantId: string, id: string) => [...campaignsKey, 'history', tenantId, id] as const;

/** GET merchant/campaign/{id}: §3 fields, dispatch state, counts, money, expected finish. */
export function useCampaignDetail(tenantId: string, id: string) {
  return useQuery({
    queryKey: detailKey(tenantId, id),
    queryFn: async ({ signal }) => (await apiGet<DataResponse<CampaignDetail>>(`merchant/campaign/${id}`, undefined, { tenantId, signal })).data,
    enabled: Boolean(tenantId && id),
  });
}

/** GET merchant/campaign/template/{id}: the template preview (the library's previewUrl). */
export function useCampaignTemplatePreview(tenantId: string, id: string) {
  return useQuery({
    queryKey: [...campaignsKey, 'template', tenantId, id],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<TemplatePreview>>(`merchant/campaign/template/${id}`, undefined, { tenantId, signal })).data,
    enabled: Boolean(tenantId && id),
  });
}

export interface CampaignHistoryFilters {
  page: number;
  size: number;
  status?: MessageStatus[];
  phone?: string;
}

const historyQuery = (id: string, f: CampaignHistoryFilters) => ({ campaignId: id, page: f.page, size: f.size, status: f.status?.length ? f.status.join(',') : undefined, phone: f.phone || undefined });

/** GET merchant/campaign/history: the campaign's messages (the ZNS sending history narrowed to it). */
export function useCampaignHistory(tenantId: string, id: string, filters: CampaignHistoryFilters) {
  return useQuery({
    queryKey: [...historyKey(tenantId, id), filters],
    queryFn: ({ signal }) => apiGet<HistoryListResponse>('merchant/campaign/history', historyQuery(id, filters), { tenantId, signal, oaId: null }),
    enabled: Boolean(tenantId && id),
    placeholderData: (prev) => prev,
  });
}

/** GET merchant/campaign/history/export: the same filters as a CSV download. */
export async function exportCampaignHistory(tenantId: string, id: string, filters: CampaignHistoryFilters): Promise<void> {
  const { blob, fileName } = await apiDownload('merchant/campaign/history/export', historyQuery(id, filters), { tenantId, oaId: null }, `campaign-${id.slice(0, 8)}-history.csv`);
  saveBlob(blob, fileName);
}

/**
 * Live detail from the realtime stream (no polling): campaign.progress writes the counts into the cached
 * detail at once; campaign.changed refetches the detail (state, money) and the history page.
 */
export function useLiveCampaignDetail(tenantId: string, id: string): void {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: detailKey(tenantId, id) });
    void queryClient.invalidateQueries({ queryKey: historyKey(tenantId, id) });
  };
  useRealtimeEvent('campaign.progress', (event) => {
    if (event.tenantId !== tenantId || event.data.campaignId !== id) return;
    const { sent, received, failed, pending, cancelled } = event.data;
    queryClient.setQueryData<CampaignDetail>(detailKey(tenantId, id), (old) => (old ? { ...old, counts: { sent, received, failed, pending, cancelled } } : old));
    void queryClient.invalidateQueries({ queryKey: historyKey(tenantId, id) });
  });
  useRealtimeEvent('campaign.changed', (event) => {
    if (event.tenantId === tenantId && event.data.campaignId === id) refetch();
  });
  useRealtimeResync(refetch);
}

type Action = 'cancel' | 'pause' | 'resume';
const ACTION_PATH: Record<Action, (id: string) => string> = {
  cancel: (id) => `merchant/campaign/cancel/${id}`,
  pause: (id) => `merchant/campaign/${id}/pause`,
  resume: (id) => `merchant/campaign/${id}/resume`,
};

/** PUT cancel / pause / resume; the answer replaces the cached detail. Cancel answers the released amount. */
export function useCampaignAction(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action): Promise<{ detail: CampaignDetail; released: number | null }> => {
      if (action === 'cancel') {
        const r = await apiRequest<DataResponse<CancelResult>>(ACTION_PATH.cancel(id), { method: 'PUT', tenantId });
        return { detail: r.data.campaign, released: r.data.released };
      }
      const r = await apiRequest<DataResponse<CampaignDetail>>(ACTION_PATH[action](id), { method: 'PUT', tenantId });
      return { detail: r.data, released: null };
    },
    onSuccess: ({ detail }) => {
      queryClient.setQueryData(detailKey(tenantId, id), detail);
      void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'list'] });
    },
  });
}
