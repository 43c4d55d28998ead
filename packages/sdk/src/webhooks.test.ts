// The webhook verifier: a good signature gives the typed event; stale, altered or malformed deliveries
// throw WebhookSignatureError with their reason. The signature is computed independently here
// (node:crypto), exactly as the server's tenant-webhooks worker signs.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError, signWebhook, verifyWebhook, type WebhookSignatureFailure } from './index.js';

const secret = 'whsec_test_secret';
const now = Date.UTC(2026, 10, 26, 3, 0, 0);
const t = Math.floor(now / 1000);
const payload = JSON.stringify({ id: 'd1', event: 'message.status', createdAt: '2026-11-26T03:00:00.000Z', data: { id: 'm1', trackingId: 'order-1', module: 'ZNS', status: 'RECEIVED' } });
const sign = (body: string, ts = t, key = secret) => createHmac('sha256', key).update(`${ts}.${body}`).digest('hex');
const header = (body = payload, ts = t, key = secret) => `t=${ts},v1=${sign(body, ts, key)}`;

function reason(f: () => unknown): WebhookSignatureFailure {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookSignatureError);
    return (e as WebhookSignatureError).reason;
  }
  throw new Error('expected verifyWebhook to throw');
}

describe('verifyWebhook', () => {
  it('accepts a good signature and returns the typed event (string or Buffer payload, header array)', () => {
    const event = verifyWebhook({ payload, header: header(), secret, now });
    expect(event.event).toBe('message.status');
    if (event.event === 'message.status') expect(event.data.status).toBe('RECEIVED');
    expect(verifyWebhook({ payload: Buffer.from(payload), header: [header()], secret, now: new Date(now) }).id).toBe('d1');
  });

  it('accepts any of several v1 signatures and any of several secrets (rotation)', () => {
    const both = `t=${t},v1=${sign(payload, t, 'old-secret')},v1=${sign(payload)}`;
    expect(verifyWebhook({ payload, header: both, secret, now }).id).toBe('d1');
    expect(verifyWebhook({ payload, header: header(payload, t, 'new-secret'), secret: ['old-secret', 'new-secret'], now }).id).toBe('d1');
  });

  it('refuses an altered payload: signature_mismatch', () => {
    const altered = payload.replace('RECEIVED', 'ERROR');
    expect(reason(() => verifyWebhook({ payload: altered, header: header(), secret, now }))).toBe('signature_mismatch');
    expect(reason(() => verifyWebhook({ payload, header: header(), secret: 'another', now }))).toBe('signature_mismatch');
    // A timestamp changed without re-signing.
    expect(reason(() => verifyWebhook({ payload, header: `t=${t + 1},v1=${sign(payload)}`, secret, now }))).toBe('signature_mismatch');
  });

  it('refuses a stale or future timestamp beyond the tolerance: stale_timestamp', () => {
    expect(reason(() => verifyWebhook({ payload, header: header(payload, t - 301), secret, now }))).toBe('stale_timestamp');
    expect(reason(() => verifyWebhook({ payload, header: header(payload, t + 301), secret, now }))).toBe('stale_timestamp');
    expect(verifyWebhook({ payload, header: header(payload, t - 299), secret, now }).id).toBe('d1');
    expect(verifyWebhook({ payload, header: header(payload, t - 3000), secret, now, toleranceSeconds: 3600 }).id).toBe('d1');
  });

  it('refuses a malformed or missing header: malformed_header', () => {
    for (const h of [undefined, null, '', 'garbage', `t=${t}`, `v1=${sign(payload)}`, `t=abc,v1=${sign(payload)}`, `t=${t},v1=zz`, `t=${t},v0=${sign(payload)}`]) {
      expect(reason(() => verifyWebhook({ payload, header: h, secret, now })), String(h)).toBe('malformed_header');
    }
  });

  it('refuses a correctly signed body that is not an event: malformed_payload', () => {
    expect(reason(() => verifyWebhook({ payload: 'not json', header: header('not json'), secret, now }))).toBe('malformed_payload');
    expect(reason(() => verifyWebhook({ payload: '{"a":1}', header: header('{"a":1}'), secret, now }))).toBe('malformed_payload');
  });

  it('refuses a parsed object instead of the raw body', () => {
    expect(() => verifyWebhook({ payload: JSON.parse(payload) as string, header: header(), secret, now })).toThrow(TypeError);
  });

  it('signWebhook produces what the server sends', () => {
    expect(signWebhook({ payload, secret, timestamp: t })).toBe(header());
  });
});
