import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templateDraftBody, templateRatings, templateRequestBody, TemplateRequest } from '@zc/shared/api/templates';
import { apiGet, apiRequest, apiUpload, type DataResponse } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { templateRequestsKey } from './get-template-requests';

export type TemplateBody = z.input<typeof templateRequestBody>;
export type DraftBody = z.input<typeof templateDraftBody>;
export type TemplateRatings = z.infer<typeof templateRatings>;

export const templateRequestKey = ['templates', 'request'] as const;

/** GET merchant/template/new/{id}: one console template (draft or request) with its layout. */
export function useTemplateRequest(id: string | null) {
  return useQuery({
    queryKey: [...templateRequestKey, id],
    queryFn: ({ signal }) => apiGet<DataResponse<TemplateRequest>>(`merchant/template/new/${id}`, undefined, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: templateRequestsKey });
    void queryClient.invalidateQueries({ queryKey: templateRequestKey });
  };
}

/** POST merchant/template/update-draft: a new draft, or the draft `id` replaced. */
export function useSaveDraft() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: DraftBody) => (await apiRequest<DataResponse<TemplateRequest>>('merchant/template/update-draft', { method: 'POST', body })).data,
    onSuccess: invalidate,
  });
}

/**
 * Submits for review: POST merchant/template (a new one, or a draft with `draftId`), or PUT
 * merchant/template/{id} for a request still in review or a template Zalo rejected.
 */
export function useSubmitTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TemplateBody }) =>
      id
        ? (await apiRequest<DataResponse<TemplateRequest>>(`merchant/template/${id}`, { method: 'PUT', body })).data
        : (await apiRequest<DataResponse<TemplateRequest>>('merchant/template', { method: 'POST', body })).data,
    onSuccess: invalidate,
  });
}

/** POST merchant/template/{id}/copy: a new draft from a console or library template. */
export function useCopyTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<DataResponse<TemplateRequest>>(`merchant/template/${id}/copy`, { method: 'POST' })).data,
    onSuccess: invalidate,
  });
}

/** DELETE merchant/template/{id}: deletes a draft. */
export function useDeleteDraft() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => apiRequest<DataResponse<{ id: string }>>(`merchant/template/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST form merchant/template/upload-image (zaloOAId, file): Zalo's media id and the console's copy for the preview. */
export async function uploadTemplateImage(zaloOAId: string, file: File): Promise<{ mediaId: string; url: string }> {
  const form = new FormData();
  form.append('zaloOAId', zaloOAId);
  form.append('file', file);
  return (await apiUpload<DataResponse<{ mediaId: string; url: string }>>('merchant/template/upload-image', form, () => undefined)).data;
}

/** POST merchant/template/copy-image: an image a saved template uses, sent to Zalo again for another OA. */
export async function copyTemplateImage(zaloOAId: string, mediaId: string): Promise<{ mediaId: string; url: string }> {
  return (await apiRequest<DataResponse<{ mediaId: string; url: string }>>('merchant/template/copy-image', { method: 'POST', body: { zaloOAId, mediaId } })).data;
}

/** GET merchant/template/rating: Zalo's customer ratings of the last 30 days and the template's quality. */
export function useTemplateRatings(id: string | null) {
  return useQuery({
    queryKey: ['templates', 'rating', id],
    queryFn: ({ signal }) => apiGet<DataResponse<TemplateRatings>>('merchant/template/rating', { id }, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Keeps the console templates live: zns_template.changed (drafts, review, Zalo's status) refetches once per burst. */
export function useLiveTemplates(tenantId: string): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: templateRequestsKey });
      void queryClient.invalidateQueries({ queryKey: templateRequestKey });
    }, 300);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeEvent(['zns_template.changed', 'task.decided'], (event) => {
    if (event.tenantId === null || event.tenantId === tenantId) refetch();
  });
  useRealtimeResync(refetch);
}
