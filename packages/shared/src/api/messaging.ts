import { z } from 'zod';
import { LIMITS } from '../limits';

/** §3 Enumerations: message request status. */
export const MESSAGE_STATUSES = ['PENDING', 'PROCESSING', 'PUSHED_QUEUE', 'ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'PUSHED_ZALO', 'RECEIVED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** §4 default status filter: the error set plus RECEIVED (ZNS); the official-account module adds PROCESSING. */
export const ERROR_STATUSES = ['ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO'] as const satisfies readonly MessageStatus[];
export const DEFAULT_ZNS_STATUS_FILTER: readonly MessageStatus[] = [...ERROR_STATUSES, 'RECEIVED'];
export const DEFAULT_OA_STATUS_FILTER: readonly MessageStatus[] = [...ERROR_STATUSES, 'RECEIVED', 'PROCESSING'];
/** §3 message types. */
export const MESSAGE_TYPES = ['CS', 'PROMOTION', 'TRANSACTION', 'GMF'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const SEND_MODES = ['production', 'development'] as const;
/** `message_history.module`: ZNS by phone, OA by UID. */
export const MESSAGE_MODULES = ['ZNS', 'OA'] as const;
export type MessageModule = (typeof MESSAGE_MODULES)[number];

/** §5 / §9 limits of OA messages (Playground rules apply to the API as well). */
export const OA_LIMITS = {
  text: 2000,
  requestTitle: 100,
  requestSubtitle: 500,
  header: 100,
  body: 250,
  description: 250,
  tableRows: 5,
  tableKey: 25,
  tableValue: 100,
  buttons: 4,
  buttonTitle: 100,
  buttonPhone: 11,
  sms: 160,
  otherPayload: 1000,
  trackingId: 48,
} as const;

export const TRANSACTION_SUBTYPES = [
  'billing', 'order', 'reward', 'contract', 'booking', 'membership', 'event', 'transaction', 'internal', 'partnership', 'education', 'rating', 'account',
] as const;
export const TABLE_COLOURS = ['grey', 'green', 'blue', 'yellow', 'red'] as const;
/** §3 button types of transaction and promotion messages, in the forms' order. */
export const OA_BUTTON_TYPES = ['oa.open.url', 'oa.query.show', 'oa.query.hide', 'oa.open.sms', 'oa.open.phone'] as const;

const trackingId = z.string().trim().min(1).max(OA_LIMITS.trackingId).describe('Your id for this message (≤ 48 chars); sends are idempotent on (API key, trackingId)');
const url = z.url({ protocol: /^https?$/ });

const button = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('oa.open.url'), title: z.string().trim().min(1).max(OA_LIMITS.buttonTitle), payload: z.strictObject({ url }) }),
  z.strictObject({ type: z.enum(['oa.query.show', 'oa.query.hide']), title: z.string().trim().min(1).max(OA_LIMITS.buttonTitle), payload: z.string().min(1).max(OA_LIMITS.otherPayload) }),
  z.strictObject({
    type: z.literal('oa.open.phone'),
    title: z.string().trim().min(1).max(OA_LIMITS.buttonTitle),
    payload: z.strictObject({ phone_code: z.string().regex(/^\d{1,11}$/, { message: 'phone: digits only, at most 11' }) }),
  }),
  z.strictObject({
    type: z.literal('oa.open.sms'),
    title: z.string().trim().min(1).max(OA_LIMITS.buttonTitle),
    payload: z.strictObject({ phone_code: z.string().regex(/^\d{1,11}$/, { message: 'phone: digits only, at most 11' }), content: z.string().min(1).max(OA_LIMITS.sms) }),
  }),
]);

const tableRow = (keyMax: number) =>
  z.strictObject({ key: z.string().trim().min(1).max(keyMax), value: z.string().trim().min(1).max(OA_LIMITS.tableValue), style: z.enum(TABLE_COLOURS).optional() });

const richElements = (keyMax: number) =>
  z.strictObject({
    bannerUrl: url.optional(),
    header: z.string().trim().min(1).max(OA_LIMITS.header),
    text: z.string().trim().min(1).max(OA_LIMITS.body),
    description: z.string().trim().max(OA_LIMITS.description).optional(),
    table: z.array(tableRow(keyMax)).max(OA_LIMITS.tableRows).default([]),
  });

/** The §3 template types an OA message by UID can take, with the §5 limits. */
export const oaMessage = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), text: z.string().trim().min(1).max(OA_LIMITS.text) }),
  z.strictObject({ kind: z.literal('image'), url: url.optional(), attachmentId: z.string().min(1).max(200).optional(), caption: z.string().max(OA_LIMITS.text).optional() }),
  // A GIF: Zalo requires its width and height (REFERENCE §3.4); the chat upload reads them from the file.
  z.strictObject({
    kind: z.literal('gif'),
    url: url.optional(),
    attachmentId: z.string().min(1).max(200).optional(),
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
  }),
  z.strictObject({ kind: z.literal('file'), token: z.string().min(1).max(1000) }),
  z.strictObject({ kind: z.literal('sticker'), attachmentId: z.string().min(1).max(200) }),
  z.strictObject({ kind: z.literal('quote'), text: z.string().trim().min(1).max(OA_LIMITS.text), quoteMessageId: z.string().min(1).max(100) }),
  z.strictObject({
    kind: z.literal('request'),
    title: z.string().trim().min(1).max(OA_LIMITS.requestTitle),
    subtitle: z.string().trim().min(1).max(OA_LIMITS.requestSubtitle),
    imageUrl: url,
  }),
  z.strictObject({
    kind: z.literal('transaction'),
    templateType: z.enum(TRANSACTION_SUBTYPES),
    language: z.enum(['VI', 'EN']).default('VI'),
    elements: richElements(OA_LIMITS.tableValue),
    buttons: z.array(button).max(OA_LIMITS.buttons).default([]),
  }),
  z.strictObject({
    kind: z.literal('promotion'),
    elements: richElements(OA_LIMITS.tableKey),
    buttons: z.array(button).max(OA_LIMITS.buttons).default([]),
  }),
]);
export type OaMessage = z.infer<typeof oaMessage>;
export const OA_MESSAGE_KINDS = ['text', 'image', 'file', 'sticker', 'quote', 'request', 'transaction', 'promotion'] as const;

export const znsSendBody = z
  .strictObject({
    phone: z.string().trim().min(1).max(20).describe('Vietnamese mobile number in any common spelling; normalised to 84…'),
    templateId: z.string().trim().min(1).max(64).describe('Zalo ZNS template id (as synced into the tenant library)'),
    templateData: z.record(z.string().max(64), z.union([z.string(), z.number(), z.null()])).describe('Values of the template params'),
    trackingId,
    mode: z.enum(SEND_MODES).default('production').describe('development: delivered to OA/app admins only, never charged'),
  })
  .meta({
    example: { phone: '0987654321', templateId: '7895417a7d3f9461cd2e', templateData: { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'PE010299485' }, trackingId: 'order-88213' },
  });
export type ZnsSendBody = z.infer<typeof znsSendBody>;

export const oaSendBody = z
  .strictObject({
    uid: z.string().trim().regex(/^\d{1,32}$/, { message: 'uid: the Zalo user id (digits)' }),
    trackingId,
    message: oaMessage,
  })
  .meta({ example: { uid: '2512523625412515', trackingId: 'ticket-42-reply-1', message: { kind: 'text', text: 'Xin chào! Đơn hàng của bạn đã được giao.' } } });
export type OaSendBody = z.infer<typeof oaSendBody>;

export const sendAccepted = z
  .object({ data: z.object({ id: z.uuid(), trackingId: z.string(), status: z.enum(MESSAGE_STATUSES) }) })
  .meta({ example: { data: { id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11', trackingId: 'order-88213', status: 'PENDING' } } });

/** The header naming a client-chosen idempotency key (in addition to trackingId). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const API_KEY_HEADER = 'x-api-key';

const statusList = z
  .union([z.array(z.enum(MESSAGE_STATUSES)), z.string()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
    const bad = parts.filter((p) => !(MESSAGE_STATUSES as readonly string[]).includes(p));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `unknown status ${bad.join(', ')}` });
      return z.NEVER;
    }
    return parts as MessageStatus[];
  })
  .describe('One or more statuses, repeated or comma-separated');

const filterText = (max: number) => z.string().trim().min(1).max(max).optional();

const historyBase = z.strictObject({
  page: z.coerce.number().int().min(1).default(1).describe('Page number for display; pages past 1,000 rows need `cursor`'),
  size: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
  cursor: z.string().max(200).optional().describe('meta.nextCursor or meta.prevCursor of the previous answer'),
  orderBy: z.enum(['createdAt=desc', 'createdAt=asc']).default('createdAt=desc'),
  trackingId: filterText(OA_LIMITS.trackingId),
  sessionId: filterText(100),
  uid: filterText(32),
  status: statusList,
  type: z.enum(MESSAGE_TYPES).optional(),
});

/** `GET merchant/uid` (and its export) — the official-account module history. */
export const uidHistoryQuery = historyBase;
export type UidHistoryQuery = z.infer<typeof uidHistoryQuery>;

/** `GET merchant/zns/history` — the notification-message module history. */
export const znsHistoryQuery = historyBase.extend({
  templateId: filterText(64),
  phone: filterText(20).describe('Any spelling; normalised to 84… before matching'),
  templateName: filterText(200).describe('Exact template name (case-sensitive)'),
  isCharged: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type ZnsHistoryQuery = z.infer<typeof znsHistoryQuery>;

/** §3 Sending history record. */
export const historyRecord = z.object({
  id: z.uuid(),
  trackingId: z.string().nullable(),
  sessionId: z.string().nullable(),
  znsApiKeyId: z.uuid().nullable(),
  uid: z.string().nullable(),
  znsTemplateId: z.string().nullable(),
  templateName: z.string().nullable(),
  phone: z.string().nullable(),
  templateData: z.unknown().nullable(),
  messageData: z.unknown().nullable(),
  mode: z.enum(SEND_MODES),
  type: z.enum(MESSAGE_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  errorMsg: z.string().nullable(),
  /** A ledger CHARGE (or postpaid usage) exists for the message and it was not refunded. */
  isCharged: z.boolean(),
  /** Sent with the tenant's own OA credentials (always true today). */
  isDirectZalo: z.boolean(),
  price: z.number().int(),
  /** The list price before discounts (issue 13 #8); null on rows written before it was kept. `price` is the charged one. */
  listPrice: z.number().int().nullable().optional(),
  createdAt: z.string(),
  /** ZNS row: the OA message sent in its place (ADR 0004 fallback), with that message's current status. */
  fallbackMessageId: z.uuid().nullable(),
  fallbackStatus: z.enum(MESSAGE_STATUSES).nullable(),
  /** ZNS row: what the fallback did (QUEUED, NO_FOLLOWER, INSUFFICIENT_BALANCE, …); null when no trigger matched. */
  fallbackNote: z.string().nullable(),
  /** OA row: the ZNS message this fallback replaces. */
  fallbackOf: z.uuid().nullable(),
});
export type HistoryRecord = z.infer<typeof historyRecord>;

export const historyListResponse = z.object({
  data: z.array(historyRecord),
  meta: z.object({
    total: z.number().int(),
    /** True when total is an estimate (more than 10,000 matches); the UI shows it as one. */
    totalIsEstimate: z.boolean(),
    page: z.number().int(),
    size: z.number().int(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  }),
});
export type HistoryListResponse = z.infer<typeof historyListResponse>;
