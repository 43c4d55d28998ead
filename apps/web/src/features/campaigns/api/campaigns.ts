import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignCreateBody, CampaignFormOptions, CampaignMapping, CampaignStatus, CampaignTemplate, CampaignUpload } from '@zc/shared/api/campaigns';
import { apiGet, apiRequest, apiUpload, type DataResponse, type ListResponse } from '../../../lib/api-client';
import { apiDownload, saveBlob } from '../../../lib/download';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';

/** What campaign mutations and live events invalidate. */
export const campaignsKey = ['zns-campaigns'] as const;

export interface CampaignFilters {
  status?: CampaignStatus | undefined;
  teamIds?: string | undefined;
  name?: string | undefined;
}

/** GET merchant/campaign (page, size, status, teamIds, name). */
export function useCampaigns(tenantId: string, filters: CampaignFilters) {
  return usePagedList({
    key: [...campaignsKey, 'list', tenantId],
    filters,
    fetch: (q, signal) => apiGet<ListResponse<Campaign>>('merchant/campaign', { ...q }, { tenantId, signal }),
    enabled: Boolean(tenantId),
  });
}

/** Refetches the shown campaign queries on campaign.changed / campaign.progress of this tenant, and after missed events. */
export function useLiveCampaigns(tenantId: string): void {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'list'] });
  useRealtimeEvent(['campaign.changed', 'campaign.progress', 'task.decided'], (event) => {
    if (tenantId && event.tenantId === tenantId) invalidate();
  });
  useRealtimeResync(invalidate);
}

/** GET merchant/campaign/form-options: API keys, public mode, limits. */
export function useCampaignFormOptions(tenantId: string, enabled = true) {
  return useQuery({
    queryKey: [...campaignsKey, 'form-options', tenantId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<CampaignFormOptions>>('merchant/campaign/form-options', undefined, { tenantId, signal })).data,
    enabled: Boolean(tenantId) && enabled,
  });
}

/** GET merchant/campaign/templates?apiKeyId: the ENABLE templates of the key's OA. */
export function useCampaignTemplates(tenantId: string, apiKeyId: string | null) {
  return useQuery({
    queryKey: [...campaignsKey, 'templates', tenantId, apiKeyId],
    queryFn: async ({ signal }) => (await apiGet<DataResponse<CampaignTemplate[]>>('merchant/campaign/templates', { apiKeyId }, { tenantId, signal })).data,
    enabled: Boolean(tenantId && apiKeyId),
  });
}

/** POST form merchant/campaign/upload with upload progress (XHR). */
export function uploadRecipients(tenantId: string, input: { apiKeyId: string; znsTemplateId: string; file: File; mapping?: CampaignMapping | null }, onProgress: (percent: number) => void): Promise<CampaignUpload> {
  const form = new FormData();
  form.append('apiKeyId', input.apiKeyId);
  form.append('znsTemplateId', input.znsTemplateId);
  if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
  form.append('file', input.file);
  return apiUpload<DataResponse<CampaignUpload>>('merchant/campaign/upload', form, onProgress, { tenantId }).then((r) => r.data);
}

/** PUT merchant/campaign/upload/{id}/mapping: reads the stored file with this mapping. */
export function useMapUpload(tenantId: string) {
  return useMutation({
    mutationFn: async ({ id, mapping }: { id: string; mapping: CampaignMapping }) => (await apiRequest<DataResponse<CampaignUpload>>(`merchant/campaign/upload/${encodeURIComponent(id)}/mapping`, { method: 'PUT', body: mapping, tenantId })).data,
  });
}

/** GET merchant/campaign/upload/{id}/rejects?lang: the report of rejected rows, saved as a file. */
export async function downloadRejects(tenantId: string, id: string, lang: 'vi' | 'en'): Promise<void> {
  const { blob, fileName } = await apiDownload(`merchant/campaign/upload/${encodeURIComponent(id)}/rejects`, { lang }, { tenantId, oaId: null }, 'rejected-rows.csv');
  saveBlob(blob, fileName);
}

/** POST merchant/campaign: creates and submits the campaign. */
export function useCreateCampaign(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CampaignCreateBody) => (await apiRequest<DataResponse<Campaign>>('merchant/campaign', { method: 'POST', body, tenantId })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}
