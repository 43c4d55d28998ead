import { MESSAGE_MODULES, MESSAGE_STATUSES } from '@zc/shared/api/messaging';
import { WEBHOOK_HEADERS, WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_RETRY_WINDOW_SECONDS, WEBHOOK_TEST_EVENT } from '@zc/shared/api/webhooks';

/**
 * What our product sends to tenants' endpoints (modules/tenant-webhooks/worker.ts), as OpenAPI 3.1
 * top-level `webhooks`, and the examples of the public send API (issue 17 #1). The payload shapes
 * mirror the delivery worker: `{ id, event, createdAt, data }`, `data` as messaging's statusEvent writes it.
 */

const schedule = WEBHOOK_RETRY_SCHEDULE_SECONDS.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(', ');

const DELIVERY_TEXT =
  `Every delivery is a POST with a JSON body and the headers \`${WEBHOOK_HEADERS.signature}\`, \`${WEBHOOK_HEADERS.event}\` and \`${WEBHOOK_HEADERS.deliveryId}\`. ` +
  `Verify \`${WEBHOOK_HEADERS.signature}: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>\` with the endpoint's signing secret (answered once by createWebhook and rotateWebhookSecret) over the exact bytes received, and refuse a \`t\` older than a few minutes. ` +
  `Answer any 2xx within 10 s to acknowledge. Anything else (a redirect, an error, a timeout) is retried after ${schedule}, the last interval repeating until ${WEBHOOK_RETRY_WINDOW_SECONDS / 3600} h have passed; then the delivery is FAILED (replayable with replayWebhookDelivery). ` +
  'Deliveries of one message may arrive out of order: order them by `createdAt`. The same delivery id may arrive twice (at-least-once): deduplicate on `id`.';

const headers = [
  {
    name: WEBHOOK_HEADERS.signature,
    in: 'header',
    required: true,
    description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`',
    schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
    example: 't=1764120000,v1=5f0c6b0e9d4cb3a7a1f1e3f3c0b9a8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1',
  },
  { name: WEBHOOK_HEADERS.event, in: 'header', required: true, description: 'The event type, as in the body.', schema: { type: 'string' }, example: 'message.status' },
  { name: WEBHOOK_HEADERS.deliveryId, in: 'header', required: true, description: 'The delivery id, as `id` in the body.', schema: { type: 'string', format: 'uuid' } },
];

const responses = {
  '2XX': { description: 'Acknowledged: the delivery is SUCCEEDED.' },
  '4XX': { description: 'Refused: retried on the schedule above (a 4xx is not treated as final).' },
  '5XX': { description: 'Failed: retried on the schedule above.' },
};

export const WEBHOOK_COMPONENTS = {
  MessageStatusEvent: {
    type: 'object',
    description: 'A message sent through the public API (or a campaign or the playground) changed status.',
    required: ['id', 'event', 'createdAt', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'Delivery id (also in `x-zc-delivery-id`); the same on a retry.' },
      event: { type: 'string', const: 'message.status' },
      createdAt: { type: 'string', format: 'date-time', description: 'When the status changed (order events of one message by it).' },
      data: { $ref: '#/components/schemas/MessageStatusData' },
    },
  },
  MessageStatusData: {
    type: 'object',
    required: ['id', 'trackingId', 'module', 'status'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'The message id answered by sendZnsMessage / sendOaMessage.' },
      trackingId: { type: 'string', description: 'The trackingId sent with the message.' },
      module: { type: 'string', enum: [...MESSAGE_MODULES] },
      status: { type: 'string', enum: [...MESSAGE_STATUSES], description: 'PROCESSING (being sent), PUSHED_ZALO (Zalo accepted it), RECEIVED (delivered to the phone), PENDING (queued, or waiting to retry), ERROR / ERROR_CALL_ZALO (final failure).' },
      fallbackOf: { type: 'string', format: 'uuid', description: 'An OA message sent as the ZNS → OA fallback names the ZNS message it replaces.' },
      attempt: { type: 'integer', minimum: 0, description: 'PROCESSING: the attempt number.' },
      sessionId: { type: 'string', description: 'PUSHED_ZALO: Zalo\'s message id.' },
      deliveredAt: { type: 'string', format: 'date-time', description: 'RECEIVED: when the phone received it.' },
      retryAt: { type: 'string', format: 'date-time', description: 'PENDING after a failed attempt: the next attempt.' },
      errorCode: { type: 'integer', description: 'ERROR_CALL_ZALO: Zalo\'s error code (see the Zalo error decoder in the reference).' },
      errorMsg: { type: 'string', description: 'Failure text (Vietnamese / English).' },
      fallbackMessageId: { type: 'string', format: 'uuid', description: 'A failed ZNS message replaced by an OA fallback message: its id.' },
      fallbackNote: { type: 'string', description: 'Why the fallback was or was not sent.' },
    },
  },
  WebhookTestEvent: {
    type: 'object',
    description: 'Sent by testWebhook (one attempt, never retried).',
    required: ['id', 'event', 'createdAt', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      event: { type: 'string', const: WEBHOOK_TEST_EVENT },
      createdAt: { type: 'string', format: 'date-time' },
      data: { type: 'object', required: ['webhookId', 'message'], properties: { webhookId: { type: 'string', format: 'uuid' }, message: { type: 'string' } } },
    },
  },
} as const;

const statusExample = {
  id: '6b1f2f4e-1f0a-4c6e-9d55-0a3c1b2d4e5f',
  event: 'message.status',
  createdAt: '2026-11-26T02:41:27.000Z',
  data: { id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11', trackingId: 'order-88213', module: 'ZNS', status: 'RECEIVED', deliveredAt: '2026-11-26T02:41:26.000Z' },
};

export const WEBHOOKS = {
  'message.status': {
    post: {
      operationId: 'onMessageStatus',
      summary: 'A message changed status',
      description: `Sent to every active endpoint of the tenant subscribed to \`message.status\`. ${DELIVERY_TEXT}`,
      tags: ['Webhook events'],
      security: [],
      parameters: headers,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/MessageStatusEvent' },
            examples: {
              received: { summary: 'Delivered to the phone', value: statusExample },
              failed: {
                summary: 'Zalo refused it',
                value: { ...statusExample, id: '9a7c2e1d-5b3f-4a60-8e2d-1c0b9a8f7e6d', data: { id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11', trackingId: 'order-88213', module: 'ZNS', status: 'ERROR_CALL_ZALO', errorCode: -124, errorMsg: 'Lỗi kết nối Zalo / Zalo call failed: phone number is not a Zalo user' } },
              },
            },
          },
        },
      },
      responses,
    },
  },
  [WEBHOOK_TEST_EVENT]: {
    post: {
      operationId: 'onWebhookTest',
      summary: 'A test event from the console',
      description: `Sent by testWebhook to check an endpoint: one attempt, never retried. ${DELIVERY_TEXT}`,
      tags: ['Webhook events'],
      security: [],
      parameters: headers,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/WebhookTestEvent' },
            example: { id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f', event: WEBHOOK_TEST_EVENT, createdAt: '2026-11-26T02:41:27.000Z', data: { webhookId: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918', message: 'Test event from Zalo Console' } },
          },
        },
      },
      responses,
    },
  },
} as const;

const accepted = { data: { id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11', trackingId: 'order-88213', status: 'PENDING' } };
const requestId = '5d8e6a1c-2b3f-4c7d-8e9f-0a1b2c3d4e5f';

/** Request and response examples of the public send API, by operationId. */
export const SEND_EXAMPLES: Record<string, { request: Record<string, { summary: string; value: unknown }>; responses: Record<string, Record<string, { summary: string; value: unknown }>> }> = {
  sendZnsMessage: {
    request: {
      order: {
        summary: 'An order confirmation',
        value: { phone: '0987654321', templateId: '7895417a7d3f9461cd2e', templateData: { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'PE010299485' }, trackingId: 'order-88213' },
      },
      development: {
        summary: 'Development mode: delivered to the OA admins only, never charged',
        value: { phone: '84987654321', templateId: '7895417a7d3f9461cd2e', templateData: { customer_name: 'Test', order_code: 'TEST-1' }, trackingId: 'dev-1', mode: 'development' },
      },
    },
    responses: {
      '202': { accepted: { summary: 'Queued', value: accepted } },
      '401': { invalidKey: { summary: 'Unknown or revoked key', value: { error: { code: 'API_KEY_INVALID', message: 'The API key is missing, revoked or unknown', requestId } } } },
      '402': { balance: { summary: 'Prepaid wallet too low', value: { error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient wallet balance', requestId } } } },
      '422': {
        phone: { summary: 'Not a Vietnamese mobile number', value: { error: { code: 'PHONE_INVALID', message: 'The phone number is not a valid Vietnamese mobile number', details: { fields: [{ path: 'body.phone', code: 'invalid_phone', message: 'not a Vietnamese mobile number' }] }, requestId } } },
        templateData: { summary: 'Template data does not match the params', value: { error: { code: 'TEMPLATE_DATA_INVALID', message: 'The template data does not match the template params', details: { fields: [{ path: 'body.templateData.order_code', code: 'required', message: 'required by the template' }] }, requestId } } },
      },
      '429': { limited: { summary: 'Over the API-key or tenant limit', value: { error: { code: 'RATE_LIMITED', message: 'Too many requests, please slow down', details: { retryAfterSeconds: 1 }, requestId } } } },
    },
  },
  sendOaMessage: {
    request: {
      text: { summary: 'A text message', value: { uid: '2512523625412515', trackingId: 'ticket-42-reply-1', message: { kind: 'text', text: 'Xin chào! Đơn hàng của bạn đã được giao.' } } },
      request: {
        summary: 'A request for the follower\'s information',
        value: { uid: '2512523625412515', trackingId: 'ticket-42-info', message: { kind: 'request', title: 'Cập nhật thông tin', subtitle: 'Vui lòng chia sẻ số điện thoại để chúng tôi hỗ trợ nhanh hơn.', imageUrl: 'https://example.com/banner.png' } },
      },
    },
    responses: {
      '202': { accepted: { summary: 'Queued', value: { data: { ...accepted.data, trackingId: 'ticket-42-reply-1' } } } },
      '400': { validation: { summary: 'Text too long', value: { error: { code: 'VALIDATION_FAILED', message: 'Request validation failed', details: { fields: [{ path: 'body.message.text', code: 'too_big', message: 'at most 2000 characters' }] }, requestId } } } },
      '401': { invalidKey: { summary: 'Unknown or revoked key', value: { error: { code: 'API_KEY_INVALID', message: 'The API key is missing, revoked or unknown', requestId } } } },
      '429': { limited: { summary: 'Over the API-key or tenant limit', value: { error: { code: 'RATE_LIMITED', message: 'Too many requests, please slow down', details: { retryAfterSeconds: 1 }, requestId } } } },
    },
  },
};
