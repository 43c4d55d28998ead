import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './generated/openapi.js';

/** Header of every webhook delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-zc-signature';
/** Header naming the event (`message.status`, `webhook.test`). */
export const WEBHOOK_EVENT_HEADER = 'x-zc-event';
/** Header carrying the delivery id (also the body's `id`): deduplicate on it, a delivery can arrive twice. */
export const WEBHOOK_DELIVERY_HEADER = 'x-zc-delivery-id';

type Schemas = components['schemas'];
/** `data` of a `message.status` event: a message sent through the API (or the console) changed status. */
export type MessageStatusData = Schemas['MessageStatusData'];
/** A message changed status (the document's `message.status` webhook). */
export type MessageStatusEvent = Schemas['MessageStatusEvent'];
/** Sent by the console's "send test event" button (the document's `webhook.test` webhook). */
export type WebhookTestEvent = Schemas['WebhookTestEvent'];
/** Every event a webhook endpoint receives. */
export type WebhookEvent = MessageStatusEvent | WebhookTestEvent;

export type WebhookSignatureFailure = 'malformed_header' | 'stale_timestamp' | 'signature_mismatch' | 'malformed_payload';

/** The delivery cannot be trusted: answer it 400 and do not act on it. `reason` says why. */
export class WebhookSignatureError extends Error {
  readonly reason: WebhookSignatureFailure;
  constructor(reason: WebhookSignatureFailure, message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
    this.reason = reason;
  }
}

export interface VerifyWebhookOptions {
  /** The raw request body, exactly as received (string or bytes): not a re-serialised object. */
  payload: string | Uint8Array;
  /** The `x-zc-signature` header (Node's `req.headers['x-zc-signature']` as is). */
  header: string | readonly string[] | null | undefined;
  /** The webhook's signing secret; several while rotating (any one may match). */
  secret: string | readonly string[];
  /** Largest accepted age (or clock skew into the future) of the signature's timestamp, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time (Date or ms since the epoch); default now. */
  now?: Date | number;
}

function hmac(secret: string, t: string, payload: string | Uint8Array): Buffer {
  const h = createHmac('sha256', secret);
  h.update(`${t}.`);
  h.update(payload);
  return h.digest();
}

function parseHeader(header: VerifyWebhookOptions['header']): { t: string; signatures: Buffer[] } {
  const value = typeof header === 'string' ? header : Array.isArray(header) ? header[0] : undefined;
  if (typeof value !== 'string' || !value.trim()) throw new WebhookSignatureError('malformed_header', `missing ${WEBHOOK_SIGNATURE_HEADER} header`);
  let t: string | null = null;
  const signatures: Buffer[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(val)) t = val;
    else if (key === 'v1' && /^[0-9a-fA-F]{64}$/.test(val)) signatures.push(Buffer.from(val, 'hex'));
  }
  if (t === null) throw new WebhookSignatureError('malformed_header', `${WEBHOOK_SIGNATURE_HEADER} has no t=<unix seconds>`);
  if (!signatures.length) throw new WebhookSignatureError('malformed_header', `${WEBHOOK_SIGNATURE_HEADER} has no v1=<64 hex> signature`);
  return { t, signatures };
}

function isEvent(v: unknown): v is WebhookEvent {
  const e = v as Partial<Record<keyof WebhookEvent, unknown>> | null;
  return typeof e === 'object' && e !== null && typeof e.id === 'string' && typeof e.event === 'string' && typeof e.createdAt === 'string' && typeof e.data === 'object' && e.data !== null;
}

/**
 * Verifies a webhook delivery and returns its parsed event; throws WebhookSignatureError otherwise
 * (never answers a boolean). The signature is compared in constant time; every `v1=` of the header
 * is tried against every secret given.
 */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const { payload, header, toleranceSeconds = 300 } = options;
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) {
    throw new TypeError('verifyWebhook: payload must be the raw body (string or Buffer), not a parsed object');
  }
  const secrets = (typeof options.secret === 'string' ? [options.secret] : [...options.secret]).filter((s) => typeof s === 'string' && s.length > 0);
  if (!secrets.length) throw new TypeError('verifyWebhook: secret is required');
  const { t, signatures } = parseHeader(header);
  let matched = false;
  for (const secret of secrets) {
    const expected = hmac(secret, t, payload);
    for (const sig of signatures) if (timingSafeEqual(expected, sig)) matched = true;
  }
  if (!matched) throw new WebhookSignatureError('signature_mismatch', 'the signature does not match the payload and secret');
  const nowMs = options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime();
  if (Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) {
    throw new WebhookSignatureError('stale_timestamp', `the signature's timestamp is more than ${toleranceSeconds} s away from now`);
  }
  let event: unknown;
  try {
    event = JSON.parse(typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8'));
  } catch {
    throw new WebhookSignatureError('malformed_payload', 'the payload is not JSON');
  }
  if (!isEvent(event)) throw new WebhookSignatureError('malformed_payload', 'the payload is not a webhook event');
  return event;
}

/** The `x-zc-signature` value for `payload` (tests of your own receiver). `timestamp` in unix seconds, default now. */
export function signWebhook(options: { payload: string | Uint8Array; secret: string; timestamp?: number }): string {
  const t = String(Math.floor(options.timestamp ?? Date.now() / 1000));
  return `t=${t},v1=${hmac(options.secret, t, options.payload).toString('hex')}`;
}
