/**
 * @zc/sdk — typed client of the Zalo Console public API and webhook signature verifier.
 * See README.md.
 */
export { SDK_VERSION } from './version.js';
export { ZaloConsole, type ZaloConsoleOptions, type SendOptions, type SendResult, type ZnsSendBody, type OaSendBody, type MessageStatus } from './client.js';
export {
  ZaloConsoleError,
  ValidationError,
  IdempotencyMismatchError,
  AuthenticationError,
  InsufficientBalanceError,
  PermissionError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  QuotaExceededError,
  ServerError,
  NetworkError,
  type ApiErrorBody,
  type FieldIssue,
} from './errors.js';
export {
  verifyWebhook,
  signWebhook,
  WebhookSignatureError,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_DELIVERY_HEADER,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type MessageStatusEvent,
  type MessageStatusData,
  type WebhookTestEvent,
  type WebhookSignatureFailure,
} from './webhooks.js';
export { ERROR_CODES, type ErrorCode } from './generated/error-codes.js';
export type { paths, webhooks, components } from './generated/openapi.js';
