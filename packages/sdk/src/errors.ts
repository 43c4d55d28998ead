import { ERROR_CODES, type ErrorCode } from './generated/error-codes.js';

/** A field-level problem of a 400/422 answer (`details.fields`). */
export interface FieldIssue {
  path: string;
  code: string;
  message: string;
}

/** What the API answers on every error: `{ error: { code, message, details?, requestId } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown>; requestId?: string };
}

export interface ZaloConsoleErrorInit {
  status: number | null;
  code: string;
  message: string;
  requestId?: string | null;
  details?: Record<string, unknown> | null;
  retryAfter?: number | null;
  headers?: Headers | null;
  cause?: unknown;
}

/**
 * Every error the SDK throws for a call. `code` is one of the API's stable codes (see
 * `ERROR_CODES`) or `NETWORK_ERROR` / `TIMEOUT` / `HTTP_<status>` when no API error body came back.
 */
export class ZaloConsoleError extends Error {
  /** The HTTP status; null when no response arrived (NetworkError). */
  readonly status: number | null;
  readonly code: ErrorCode | (string & {});
  /** The server's request id (`error.requestId`, or the `x-request-id` header): quote it to support. */
  readonly requestId: string | null;
  /** `error.details`: for validation errors `details.fields` names each field. */
  readonly details: Record<string, unknown> | null;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | null;
  /** The response's headers, when there was a response. */
  readonly headers: Headers | null;

  constructor(init: ZaloConsoleErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.headers = init.headers ?? null;
  }

  /** `details.fields` of a validation error, else an empty list. */
  get fields(): FieldIssue[] {
    const f = this.details?.fields;
    return Array.isArray(f) ? (f as FieldIssue[]) : [];
  }
}

/** 400 / 422: the request broke a rule (schema, template data, phone…); `fields` names the fields. */
export class ValidationError extends ZaloConsoleError {}
/** 422 IDEMPOTENCY_MISMATCH: the trackingId or Idempotency-Key was already used with another body. */
export class IdempotencyMismatchError extends ValidationError {}
/** 401: the API key is missing, unknown or revoked. */
export class AuthenticationError extends ZaloConsoleError {}
/** 402: the prepaid wallet cannot pay for the message; nothing was written. */
export class InsufficientBalanceError extends ZaloConsoleError {}
/** 403: the key's tenant may not use this module (MODULE_NOT_ENABLED) or action. */
export class PermissionError extends ZaloConsoleError {}
/** 404. */
export class NotFoundError extends ZaloConsoleError {}
/** 409. */
export class ConflictError extends ZaloConsoleError {}

/** 429: over a rate limit. `limit` / `remaining` / `reset` come from the `RateLimit-*` headers when sent. */
export class RateLimitError extends ZaloConsoleError {
  readonly limit: number | null;
  readonly remaining: number | null;
  /** Seconds until the window resets (`RateLimit-Reset`). */
  readonly reset: number | null;
  constructor(init: ZaloConsoleErrorInit) {
    super(init);
    this.limit = intHeader(init.headers, 'ratelimit-limit');
    this.remaining = intHeader(init.headers, 'ratelimit-remaining');
    this.reset = intHeader(init.headers, 'ratelimit-reset');
  }
}
/** 429 TEAM_QUOTA_EXCEEDED: the key's team used up its daily quota; not retried (it resets the next day). */
export class QuotaExceededError extends RateLimitError {}
/** 5xx: the server failed; 502/503/504 were retried (maxRetries) before this is thrown. */
export class ServerError extends ZaloConsoleError {}
/** No response: connection refused or reset, DNS failure, or no answer within `timeoutMs` (`code` TIMEOUT). */
export class NetworkError extends ZaloConsoleError {}

function intHeader(headers: Headers | null | undefined, name: string): number | null {
  const v = headers?.get(name);
  if (v == null || !/^\s*\d+\s*$/.test(v)) return null;
  return Number(v);
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function isKnownCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}

type ErrorClass = new (init: ZaloConsoleErrorInit) => ZaloConsoleError;

/** The class of an API error: by its code when the SDK knows it (its documented status), else by the HTTP status. */
export function errorClassFor(status: number, code: string): ErrorClass {
  if (code === 'TEAM_QUOTA_EXCEEDED') return QuotaExceededError;
  if (code === 'IDEMPOTENCY_MISMATCH') return IdempotencyMismatchError;
  const family = isKnownCode(code) ? ERROR_CODES[code].status : status;
  switch (family) {
    case 400:
    case 422:
      return ValidationError;
    case 401:
      return AuthenticationError;
    case 402:
      return InsufficientBalanceError;
    case 403:
      return PermissionError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 429:
      return RateLimitError;
    default:
      return family >= 500 ? ServerError : ZaloConsoleError;
  }
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  const e = (body as { error?: unknown } | null)?.error as { code?: unknown; message?: unknown } | undefined;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.message === 'string';
}

/** The typed error of a non-2xx response whose body was already read (`body`: parsed JSON or text). */
export function errorFromResponse(response: Response, body: unknown): ZaloConsoleError {
  const retryMs = parseRetryAfter(response.headers.get('retry-after'));
  const headerRequestId = response.headers.get('x-request-id');
  if (isApiErrorBody(body)) {
    const { code, message, details, requestId } = body.error;
    const retryAfter = retryMs !== null ? retryMs / 1000 : typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null;
    const Cls = errorClassFor(response.status, code);
    return new Cls({ status: response.status, code, message, details: details ?? null, requestId: requestId ?? headerRequestId, retryAfter, headers: response.headers });
  }
  const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
  const Cls = errorClassFor(response.status, '');
  return new Cls({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${text ? `: ${text}` : ''}`,
    requestId: headerRequestId,
    retryAfter: retryMs !== null ? retryMs / 1000 : null,
    headers: response.headers,
  });
}
