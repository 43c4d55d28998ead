import { parseZaloWebhookEvent, type ZaloWebhookEvent } from './webhook-events';
import { ZALO_SIGNATURE_HEADER, verifyZaloWebhookSignature, type VerifyOptions } from './webhook-signature';

export type WebhookOutcome =
  | { ok: true; event: ZaloWebhookEvent }
  | { ok: false; status: 401; reason: string };

/**
 * Verifies and parses one delivery. Unsigned, wrongly signed and malformed bodies all answer 401
 * (nothing should be stored for them); the caller stores `event` and answers 200 within 2 s.
 */
export function handleZaloWebhook(p: {
  rawBody: string;
  /** `rawBody` already parsed by the caller (an object): the body is then parsed once per delivery. */
  body?: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  secretFor: VerifyOptions['secretFor'];
  maxAgeMs?: number;
  now?: number;
}): WebhookOutcome {
  const check = verifyZaloWebhookSignature({
    rawBody: p.rawBody,
    body: p.body,
    signatureHeader: p.headers[ZALO_SIGNATURE_HEADER] ?? p.headers['X-ZEvent-Signature'],
    secretFor: p.secretFor,
    maxAgeMs: p.maxAgeMs,
    now: p.now,
  });
  if (!check.ok) return { ok: false, status: 401, reason: check.reason };
  return { ok: true, event: parseZaloWebhookEvent(p.body ?? JSON.parse(p.rawBody)) };
}
