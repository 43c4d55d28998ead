import { z } from 'zod';
import { abilities, pageQuery } from './common';
import { TASK_STATUSES } from './approvals';

export const ZNS_TEMPLATE_STATUSES = ['ENABLE', 'PENDING_REVIEW', 'REJECT', 'DISABLE', 'DELETE'] as const;
/** Current and older Zalo tag vocabularies (REFERENCE §4.3). */
export const ZNS_TEMPLATE_TAGS = ['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION', 'OTP', 'IN_TRANSACTION', 'POST_TRANSACTION'] as const;
/** §3 template kinds. */
export const ZNS_TEMPLATE_KINDS = [
  { value: 1, name: 'CUSTOM' },
  { value: 2, name: 'VERIFIED' },
  { value: 3, name: 'PAYMENT' },
  { value: 4, name: 'VOUCHER' },
  { value: 5, name: 'FEEDBACK' },
] as const;
/** §3 button types with their payload shapes. */
export const TEMPLATE_BUTTON_TYPES = [
  { type: 'oa.open.url', payload: 'url' },
  { type: 'oa.query.show', payload: 'callback data' },
  { type: 'oa.query.hide', payload: 'callback data' },
  { type: 'oa.open.sms', payload: 'content + phone code' },
  { type: 'oa.open.phone', payload: 'phone code' },
] as const;

export const templateParam = z.object({
  name: z.string(),
  require: z.boolean(),
  type: z.string(),
  maxLength: z.number().int(),
  minLength: z.number().int(),
  acceptNull: z.boolean(),
});

export const znsTemplate = z.object({
  id: z.uuid(),
  zaloOAId: z.uuid(),
  znsTemplateId: z.string(),
  name: z.string(),
  status: z.string(),
  tag: z.string().nullable(),
  quality: z.string().nullable(),
  /** Zalo's price per message, VND. */
  price: z.number().int(),
  /** What this tenant pays after its discount, VND. */
  priceAfterDiscount: z.number().int(),
  params: z.array(templateParam),
  buttons: z.array(z.object({ type: z.number(), title: z.string(), content: z.string() })),
  previewUrl: z.string().nullable(),
  syncedAt: z.string(),
  /** view: open the detail and preview (VIEW_TEMPLATE or LIST_TEMPLATE_LIBRARY). */
  abilities: abilities(['view']),
});
export type ZnsTemplate = z.infer<typeof znsTemplate>;

export const templateListQuery = pageQuery.extend({
  /** Filters on the template tag (the ZNS "type" shown in the library). */
  templateZNSType: z.enum(ZNS_TEMPLATE_TAGS).optional(),
  status: z.enum(ZNS_TEMPLATE_STATUSES).optional(),
  zaloOAId: z.uuid().optional(),
  name: z.string().trim().max(200).optional(),
});

export const syncResult = z.object({ synced: z.number().int(), oas: z.number().int(), errors: z.array(z.object({ zaloOAId: z.uuid(), message: z.string() })) });

export const templateRequestBody = z.strictObject({
  zaloOAId: z.uuid(),
  name: z.string().trim().min(1).max(60),
  templateType: z.number().int().min(1).max(5),
  tag: z.enum(['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION']),
  content: z.string().trim().min(1).max(2000),
  params: z
    .array(z.strictObject({ name: z.string().trim().regex(/^[a-z_][a-z0-9_]{0,29}$/, 'lower_snake_case, ≤ 30'), type: z.number().int().min(1).max(15), sample: z.string().max(200) }))
    .max(20)
    .default([]),
  note: z.string().trim().max(400).optional(),
});

export const templateRequest = z.object({
  id: z.uuid(),
  zaloOAId: z.uuid(),
  name: z.string(),
  status: z.enum(['PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED']),
  znsTemplateId: z.string().nullable(),
  error: z.string().nullable(),
  payload: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The request's latest internal review (My tasks) and its status; null before any. */
  taskId: z.uuid().nullable(),
  taskStatus: z.enum(TASK_STATUSES).nullable(),
  /**
   * viewTemplate: the request was approved and the caller may open the resulting template;
   * edit: the request still waits for its internal review and the caller may change it (REQUEST_TEMPLATE).
   */
  abilities: abilities(['viewTemplate', 'edit']),
});
export type TemplateRequest = z.infer<typeof templateRequest>;
