import { createHash, randomUUID } from 'node:crypto';
import { normalizeVietnamPhone } from '@zc/shared/phone';
import { envelopeData, type ZaloClient } from './client';
import { ZaloRequestError } from './errors';
import type { ZaloBody } from './transport';

/** ZNS / ZBS template messages on `business.openapi.zalo.me` (REFERENCE §4). Field names are Zalo's. */

export const ZNS_TRACKING_ID_MAX = 48;

export type ZnsTemplateData = Record<string, string | number>;

export interface ZnsSendInput {
  /** Any common spelling; sent as `84…`. */
  phone: string;
  templateId: string;
  templateData: ZnsTemplateData;
  /**
   * Partner id echoed in the delivery webhook, ≤ 48 chars. Zalo requires one; when absent the
   * client makes one up (a random UUID) and returns it in `trackingId` of the result.
   */
  trackingId?: string;
  /** Development mode reaches app/OA admins only. */
  development?: boolean;
  /** "1" normal (default), "3" beyond quota (whitelisted OAs). */
  sendingMode?: '1' | '3';
  signal?: AbortSignal;
}

export interface ZnsQuotaInfo {
  dailyQuota: string | number;
  remainingQuota: string | number;
}

export interface ZnsSendResult {
  msg_id: string;
  sent_time: string;
  sending_mode?: string;
  /** Absent in development mode. */
  quota?: ZnsQuotaInfo;
}

/** The answer of a send plus the `tracking_id` the client sent (Zalo does not echo it in the answer). */
export type ZnsSent = ZnsSendResult & { trackingId: string };

function checkTrackingId(trackingId: string): void {
  if (trackingId.length === 0) throw new ZaloRequestError('tracking_id is empty; Zalo requires one');
  if (trackingId.length > ZNS_TRACKING_ID_MAX) {
    throw new ZaloRequestError(`tracking_id is ${trackingId.length} chars; Zalo accepts at most ${ZNS_TRACKING_ID_MAX}`);
  }
}

function sendBody(input: Omit<ZnsSendInput, 'phone' | 'signal'>): { body: Record<string, unknown>; trackingId: string } {
  // Zalo requires tracking_id (REFERENCE §13.1): a random UUID (36 chars) when the caller has none.
  const trackingId = input.trackingId ?? randomUUID();
  checkTrackingId(trackingId);
  const body: Record<string, unknown> = { template_id: input.templateId, template_data: input.templateData, tracking_id: trackingId };
  if (input.development) body.mode = 'development';
  if (input.sendingMode) body.sending_mode = input.sendingMode;
  return { body, trackingId };
}

/** Normalises a phone for ZNS or throws a request error (Zalo would answer -108). */
export function znsPhone(phone: string): string {
  const n = normalizeVietnamPhone(phone);
  if (!n) throw new ZaloRequestError(`"${phone}" is not a Vietnamese mobile number`);
  return n;
}

/** SHA-256 hex of the normalised `84…` number, the `hash_phone` of hash-phone sends. */
export function hashZnsPhone(phone: string): string {
  return createHash('sha256').update(znsPhone(phone)).digest('hex');
}

/** POST /message/template — sends one ZNS message by phone. Not retried on ambiguous failures. */
export async function sendZns(client: ZaloClient, oaKey: string, input: ZnsSendInput): Promise<ZnsSent> {
  const phone = znsPhone(input.phone);
  const { body, trackingId } = sendBody(input);
  const json = { phone, ...body };
  const data = envelopeData<ZnsSendResult>(await client.call(oaKey, { api: 'zns', host: 'business', method: 'POST', path: '/message/template', json, signal: input.signal }));
  return { ...data, trackingId };
}

/** POST /message/template/hashphone — the recipient is SHA-256(84…), never the clear number. */
export async function sendZnsByHashPhone(
  client: ZaloClient,
  oaKey: string,
  input: Omit<ZnsSendInput, 'phone'> & ({ phone: string } | { hashPhone: string }),
): Promise<ZnsSent> {
  const hash = 'hashPhone' in input ? input.hashPhone : hashZnsPhone(input.phone);
  const { body, trackingId } = sendBody(input);
  const json = { hash_phone: hash, ...body };
  const data = envelopeData<ZnsSendResult>(await client.call(oaKey, { api: 'zns', host: 'business', method: 'POST', path: '/message/template/hashphone', json, signal: input.signal }));
  return { ...data, trackingId };
}

export interface ZnsMessageStatus {
  delivery_time?: string;
  message: string;
  /** -1 not found, 0 not yet delivered, 1 delivered */
  status: number;
}

/** GET /message/status */
export async function getZnsMessageStatus(client: ZaloClient, oaKey: string, p: { messageId: string; phone?: string }): Promise<ZnsMessageStatus> {
  const query = { message_id: p.messageId, phone: p.phone === undefined ? undefined : znsPhone(p.phone) };
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'GET', path: '/message/status', query }));
}

export interface ZnsQuota extends ZnsQuotaInfo {
  dailyQuotaPromotion?: string | number | null;
  remainingQuotaPromotion?: string | number | null;
  monthlyPromotionQuota?: number | null;
  remainingMonthlyPromotionQuota?: number | null;
  estimatedNextMonthPromotionQuota?: number | null;
}

/** GET /message/quota */
export async function getZnsQuota(client: ZaloClient, oaKey: string): Promise<ZnsQuota> {
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'GET', path: '/message/quota' }));
}

/**
 * Template tags in both of Zalo's vocabularies (REFERENCE §4.3, §13.1): the documented
 * `/message/template-tag` sample uses OTP / IN_TRANSACTION / POST_TRANSACTION, older material and
 * many live templates TRANSACTION / CUSTOMER_CARE / PROMOTION. Both are accepted and shown as sent.
 */
export const ZNS_TEMPLATE_TAGS_DOCUMENTED = ['OTP', 'IN_TRANSACTION', 'POST_TRANSACTION'] as const;
export const ZNS_TEMPLATE_TAGS_OLDER = ['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION'] as const;
export type ZnsTemplateTag = (typeof ZNS_TEMPLATE_TAGS_DOCUMENTED)[number] | (typeof ZNS_TEMPLATE_TAGS_OLDER)[number];

/** GET /message/template-tag — the tags the OA may send (either vocabulary). */
export async function getZnsTemplateTags(client: ZaloClient, oaKey: string): Promise<ZnsTemplateTag[]> {
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'GET', path: '/message/template-tag' }));
}

export type ZnsTemplateStatus = 'ENABLE' | 'PENDING_REVIEW' | 'REJECT' | 'DISABLE' | 'DELETE';
/** `status` of `/template/all`: 1 ENABLE, 2 PENDING_REVIEW, 3 REJECT, 4 DISABLE, 5 DELETE. */
export type ZnsTemplateStatusFilter = 1 | 2 | 3 | 4 | 5;
export const ZNS_TEMPLATE_STATUS_CODES: Readonly<Record<ZnsTemplateStatus, ZnsTemplateStatusFilter>> = {
  ENABLE: 1, PENDING_REVIEW: 2, REJECT: 3, DISABLE: 4, DELETE: 5,
};

export interface ZnsTemplateSummary {
  templateId: number | string;
  templateName: string;
  createdTime: number;
  status: ZnsTemplateStatus;
  templateQuality: string;
}

/**
 * GET /template/all — `limit` ≤ 100; `status` filters by one state; `filterPreset` 1 keeps only
 * the templates made through this app, 0 (Zalo's default) every template of the OA.
 */
export async function listZnsTemplates(
  client: ZaloClient,
  oaKey: string,
  p: { offset?: number; limit?: number; status?: ZnsTemplateStatusFilter; filterPreset?: 0 | 1 } = {},
): Promise<{ templates: ZnsTemplateSummary[]; total: number }> {
  const body: ZaloBody = await client.call(oaKey, {
    api: 'zns',
    host: 'business',
    method: 'GET',
    path: '/template/all',
    query: { offset: p.offset ?? 0, limit: p.limit ?? 100, status: p.status, filterPreset: p.filterPreset },
  });
  const templates = envelopeData<ZnsTemplateSummary[]>(body);
  const meta = body.metadata as { total?: unknown } | undefined;
  return { templates, total: typeof meta?.total === 'number' ? meta.total : templates.length };
}

export interface ZnsTemplateParam {
  name: string;
  require: boolean;
  type: string;
  maxLength: number;
  minLength: number;
  acceptNull: boolean;
}

export interface ZnsTemplateInfo {
  templateId: string | number;
  templateName: string;
  status: ZnsTemplateStatus;
  listParams: ZnsTemplateParam[];
  listButtons: Array<{ type: number; title: string; content: string }>;
  timeout: number;
  previewUrl: string;
  templateQuality: string;
  templateTag: ZnsTemplateTag;
  /** Why Zalo rejected the template (REJECT only). */
  reason?: string;
  price: string;
  price_sdt?: string;
  price_uid?: string;
}

/** GET /template/info/v2 */
export async function getZnsTemplateInfo(client: ZaloClient, oaKey: string, templateId: string): Promise<ZnsTemplateInfo> {
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'GET', path: '/template/info/v2', query: { template_id: templateId } }));
}

/** GET /template/sample-data */
export async function getZnsTemplateSampleData(client: ZaloClient, oaKey: string, templateId: string): Promise<Record<string, string | number>> {
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'GET', path: '/template/sample-data', query: { template_id: templateId } }));
}

export type ZnsQualityLevel = 'HIGH' | 'MEDIUM' | 'LOW' | 'UNDEFINED';

/** GET /quality — OA sending quality (48 h and 7 days). */
export async function getZnsQuality(client: ZaloClient, oaKey: string): Promise<{ oaCurrentQuality: ZnsQualityLevel; oa7dayQuality: ZnsQualityLevel }> {
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'GET', path: '/quality' }));
}

export interface ZnsRating {
  note: string;
  rate: number;
  submitDate: string;
  msgId: string;
  feedbacks: string[];
  trackingId: string;
}

/** POST /rating/get (parameters in the query string, as Zalo documents). Read-only, so retried. */
export async function getZnsRatings(
  client: ZaloClient,
  oaKey: string,
  p: { templateId: string; fromTime: number; toTime: number; offset?: number; limit?: number },
): Promise<{ total: number; data: ZnsRating[] }> {
  const query = { template_id: p.templateId, from_time: p.fromTime, to_time: p.toTime, offset: p.offset ?? 0, limit: p.limit ?? 100 };
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'POST', path: '/rating/get', query, idempotent: true }));
}

/** `tag` of `/template/create`: 1 TRANSACTION, 2 CUSTOMER_CARE, 3 PROMOTION (REFERENCE §13.5). */
export const ZNS_CREATE_TAG_CODES = { TRANSACTION: 1, CUSTOMER_CARE: 2, PROMOTION: 3 } as const;

/** One layout component: a one-key object such as `{ TITLE: { value } }` or `{ PARAGRAPH: { value } }`. */
export type ZnsLayoutComponent = Record<string, unknown>;

export interface ZnsTemplateCreateInput {
  /** 10–60 characters. */
  templateName: string;
  /** 1 custom … 5 feedback. */
  templateType: 1 | 2 | 3 | 4 | 5;
  tag: 1 | 2 | 3;
  layout: { header?: { components: ZnsLayoutComponent[] }; body: { components: ZnsLayoutComponent[] }; footer?: { components: ZnsLayoutComponent[] } };
  params: Array<{ name: string; type: number; sampleValue: string }>;
  note?: string;
  /** The partner's id of the request (≤ 48 chars): the same tracking id is the same request. */
  trackingId: string;
  signal?: AbortSignal;
}

export interface ZnsTemplateCreated {
  template_id: string | number;
  template_name?: string;
  template_type?: number;
  status: ZnsTemplateStatus;
  tag?: number | string;
  price?: string | number;
  preview_url?: string;
}

/**
 * POST /template/create — submits a new template for Zalo's review (REFERENCE §13.5; 100 a day).
 * Not retried on ambiguous failures: `tracking_id` names the request for reconciliation.
 */
export async function createZnsTemplate(client: ZaloClient, oaKey: string, input: ZnsTemplateCreateInput): Promise<ZnsTemplateCreated> {
  checkTrackingId(input.trackingId);
  const json: Record<string, unknown> = {
    template_name: input.templateName,
    template_type: input.templateType,
    tag: input.tag,
    layout: input.layout,
    params: input.params.map((p) => ({ name: p.name, type: p.type, sample_value: p.sampleValue })),
    tracking_id: input.trackingId,
  };
  if (input.note) json.note = input.note;
  return envelopeData(await client.call(oaKey, { api: 'zns', host: 'business', method: 'POST', path: '/template/create', json, signal: input.signal }));
}
