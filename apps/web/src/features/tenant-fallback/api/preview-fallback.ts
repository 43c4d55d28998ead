import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FallbackPreview } from '@zc/shared/api/fallback';
import { apiRequest, type DataResponse } from '../../../lib/api-client';
import { FALLBACK_KEY, type PreviewInput } from './types';


/** POST merchant/fallback/preview: renders the (unsaved) template with sample values, as the worker will. */
export async function previewFallback(tenantId: string, body: PreviewInput, signal?: AbortSignal): Promise<FallbackPreview> {
  return (await apiRequest<DataResponse<FallbackPreview>>('merchant/fallback/preview', { method: 'POST', body, tenantId, signal })).data;
}

/** A pure render, so it is read like a query: one per distinct input, the last answer kept while typing. */
export function getFallbackPreviewQueryOptions(tenantId: string, body: PreviewInput | null) {
  return queryOptions({
    queryKey: [...FALLBACK_KEY, 'preview', tenantId, body],
    queryFn: ({ signal }) => previewFallback(tenantId, body ?? { messageKind: 'text', header: '', content: '', templateData: {} }, signal),
    enabled: Boolean(tenantId && body),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useFallbackPreview(tenantId: string, body: PreviewInput | null) {
  return useQuery(getFallbackPreviewQueryOptions(tenantId, body));
}
