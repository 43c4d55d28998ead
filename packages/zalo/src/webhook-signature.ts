import { createHash, timingSafeEqual } from 'node:crypto';

/** Header carrying `mac=<hex>`. */
export const ZALO_SIGNATURE_HEADER = 'x-zevent-signature';

/**
 * Zalo's webhook MAC (official Java SDK `MacUtils.buildMac`): plain SHA-256 (not HMAC) of
 * appId + rawBody + timestamp + OA secret key, lowercase hex. `timestamp` is the body's own field.
 */
export function computeZaloWebhookMac(p: { appId: string; rawBody: string; timestamp: string; secret: string }): string {
  return createHash('sha256').update(p.appId + p.rawBody + p.timestamp + p.secret).digest('hex');
}

/** The header value the sandbox sends and `verifyZaloWebhookSignature` expects: `mac=<hex>`. */
export function signZaloWebhook(p: { appId: string; rawBody: string; timestamp: string; secret: string }): string {
  return `mac=${computeZaloWebhookMac(p)}`;
}

export type SignatureCheck =
  | { ok: true; appId: string; timestamp: string }
  | { ok: false; reason: 'missing-signature' | 'malformed-body' | 'missing-app-id' | 'missing-timestamp' | 'unknown-app' | 'bad-signature' | 'stale' };

export interface VerifyOptions {
  rawBody: string;
  /** `rawBody` already parsed by the caller (JSON.parse of exactly those bytes): not parsed again. */
  body?: Record<string, unknown>;
  signatureHeader: string | string[] | undefined;
  /**
   * The signing secret for the event's app/OA, or undefined if we do not know them. Called with
   * the body's `app_id` and `oa_id` (ZNS events carry the OA as `sender.id`).
   */
  secretFor: (appId: string, oaId: string | undefined) => string | undefined;
  /** Reject events whose timestamp is older than this (ms); off by default because Zalo retries up to 1 h later. */
  maxAgeMs?: number;
  now?: number;
}

function readString(v: unknown): string | undefined {
  if (typeof v === 'string' && v) return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Verifies `X-ZEvent-Signature` over the raw body in constant time. Never throws. */
export function verifyZaloWebhookSignature(opts: VerifyOptions): SignatureCheck {
  const header = Array.isArray(opts.signatureHeader) ? opts.signatureHeader[0] : opts.signatureHeader;
  if (!header) return { ok: false, reason: 'missing-signature' };
  let body: unknown = opts.body;
  if (body === undefined) {
    try {
      body = JSON.parse(opts.rawBody);
    } catch {
      return { ok: false, reason: 'malformed-body' };
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, reason: 'malformed-body' };
  const b = body as Record<string, unknown>;
  const appId = readString(b.app_id);
  if (!appId) return { ok: false, reason: 'missing-app-id' };
  const timestamp = readString(b.timestamp);
  if (!timestamp) return { ok: false, reason: 'missing-timestamp' };
  const sender = b.sender as { id?: unknown } | undefined;
  const oaId = readString(b.oa_id) ?? readString(b.oaId) ?? readString(sender?.id);
  const secret = opts.secretFor(appId, oaId);
  if (!secret) return { ok: false, reason: 'unknown-app' };
  const expected = Buffer.from(computeZaloWebhookMac({ appId, rawBody: opts.rawBody, timestamp, secret }), 'utf8');
  const given = Buffer.from(header.trim().replace(/^mac=/i, '').toLowerCase(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  if (opts.maxAgeMs !== undefined && (opts.now ?? Date.now()) - Number(timestamp) > opts.maxAgeMs) return { ok: false, reason: 'stale' };
  return { ok: true, appId, timestamp };
}
