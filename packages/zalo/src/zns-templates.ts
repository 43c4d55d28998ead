import { envelopeData, type ZaloClient } from './client';
import type { ZnsTemplateCreated, ZnsTemplateCreateInput } from './zns';

/** ZNS template management beyond create (REFERENCE §13.5): edit a rejected template, upload its images. */

export interface ZnsTemplateEditInput extends Omit<ZnsTemplateCreateInput, 'trackingId'> {
  templateId: string;
  trackingId?: string;
}

/**
 * POST /template/edit — resubmits a template Zalo rejected (REJECT only; `-1091` otherwise; 100 a day).
 * The template goes back to PENDING_REVIEW under the same id. Not retried on ambiguous failures.
 */
export async function editZnsTemplate(client: ZaloClient, oaKey: string, input: ZnsTemplateEditInput): Promise<ZnsTemplateCreated> {
  const json: Record<string, unknown> = {
    template_id: input.templateId,
    template_name: input.templateName,
    template_type: input.templateType,
    tag: input.tag,
    layout: input.layout,
    params: input.params.map((p) => ({ name: p.name, type: p.type, sample_value: p.sampleValue })),
  };
  if (input.note) json.note = input.note;
  if (input.trackingId) json.tracking_id = input.trackingId;
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'POST', path: '/template/edit', json, signal: input.signal }));
}

/** Image types and size `/upload/image` accepts (JPG/PNG ≤ 500 KB). */
export const ZNS_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const ZNS_IMAGE_MAX_BYTES = 500 * 1024;

/**
 * POST /upload/image (multipart `file`) → `media_id` for a template's LOGO or IMAGE component.
 * An ambiguous failure may have stored the image; repeating only costs an unused media id.
 */
export async function uploadZnsImage(client: ZaloClient, oaKey: string, f: { data: Uint8Array; filename: string; contentType: string }): Promise<{ media_id: string }> {
  const form = new FormData();
  form.append('file', new Blob([f.data], { type: f.contentType }), f.filename);
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'POST', path: '/upload/image', multipart: form, idempotent: true }));
}
