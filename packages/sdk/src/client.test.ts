// The client against a real local node:http server (no fetch mocking): retries, back-off, the
// idempotency key, and the typed errors.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  IdempotencyMismatchError,
  InsufficientBalanceError,
  NetworkError,
  NotFoundError,
  PermissionError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  ValidationError,
  ZaloConsole,
  ZaloConsoleError,
  type ZnsSendBody,
} from './index.js';

interface Seen {
  at: number;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | 'destroy' | 'hang';

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let script: Reply[] = [];

const accepted = (id = '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11'): Reply => ({ status: 202, body: { data: { id, trackingId: 'order-1', status: 'PENDING' } } });
const apiError = (status: number, code: string, extra: { headers?: Record<string, string>; details?: Record<string, unknown> } = {}): Reply => ({
  status,
  headers: extra.headers,
  body: { error: { code, message: `${code} message`, requestId: 'req-1', ...(extra.details ? { details: extra.details } : {}) } },
});

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ at: Date.now(), method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = script.shift() ?? accepted();
      if (reply === 'destroy') return void req.socket.destroy();
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  script = [];
});

const body: ZnsSendBody = { phone: '0987654321', templateId: 'tpl-1', templateData: { otp: '123456' }, trackingId: 'order-1' };
const client = (opts: { maxRetries?: number; timeoutMs?: number } = {}) => new ZaloConsole({ apiKey: 'zc_test_key', baseUrl: `${baseUrl}/`, ...opts });

async function caught(p: Promise<unknown>): Promise<ZaloConsoleError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ZaloConsoleError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('ZaloConsole sends', () => {
  it('posts the body to /api/v1/zns/send with x-api-key and an Idempotency-Key, and answers the result', async () => {
    script = [accepted()];
    const r = await client().zns.send(body);
    expect(r).toEqual({ id: '0f6d6c57-8a8a-4a4e-9f0e-3d1f5e0c2b11', trackingId: 'order-1', status: 'PENDING', replayed: false });
    expect(seen).toHaveLength(1);
    const [s] = seen;
    expect(s?.method).toBe('POST');
    expect(s?.url).toBe('/api/v1/zns/send');
    expect(s?.headers['x-api-key']).toBe('zc_test_key');
    expect(s?.headers['content-type']).toMatch(/application\/json/);
    expect(s?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(s?.body ?? '')).toEqual(body);
  });

  it('sends OA messages to /api/v1/oa/send, uses the given idempotency key and reads idempotent-replayed', async () => {
    script = [{ ...(accepted() as { status: number; body: unknown }), headers: { 'idempotent-replayed': 'true' } }];
    const r = await client().oa.send({ uid: '2512523625412515', trackingId: 'order-1', message: { kind: 'text', text: 'Xin chào' } }, { idempotencyKey: 'my-key-1' });
    expect(r.replayed).toBe(true);
    expect(seen[0]?.url).toBe('/api/v1/oa/send');
    expect(seen[0]?.headers['idempotency-key']).toBe('my-key-1');
  });

  it('calls a given fetch as fetch(url, init)', async () => {
    const calls: string[] = [];
    const zc = new ZaloConsole({ apiKey: 'k', baseUrl, fetch: (url, init) => (calls.push(`${init.method} ${url}`), fetch(url, init)) });
    await zc.zns.send(body);
    expect(calls).toEqual([`POST ${baseUrl}/api/v1/zns/send`]);
    expect(seen[0]?.headers['x-api-key']).toBe('k');
  });

  it('uses a new idempotency key per logical call', async () => {
    const zc = client();
    await zc.zns.send(body);
    await zc.zns.send(body);
    expect(seen[0]?.headers['idempotency-key']).not.toBe(seen[1]?.headers['idempotency-key']);
  });
});

describe('retries', () => {
  it('retries 503 and 502 and 504 with the same idempotency key, then succeeds', async () => {
    script = [apiError(503, 'INTERNAL'), { status: 502, body: '<html>bad gateway</html>' }, apiError(504, 'INTERNAL'), accepted()];
    const r = await client({ maxRetries: 3 }).zns.send(body);
    expect(r.status).toBe('PENDING');
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.headers['idempotency-key'])).size).toBe(1);
  });

  it('honours Retry-After in seconds on 429', async () => {
    script = [apiError(429, 'RATE_LIMITED', { headers: { 'retry-after': '1' } }), accepted()];
    await client().zns.send(body);
    expect(seen).toHaveLength(2);
    const gap = (seen[1]?.at ?? 0) - (seen[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2_500);
    expect(seen[1]?.headers['idempotency-key']).toBe(seen[0]?.headers['idempotency-key']);
  });

  it('honours Retry-After as an HTTP date', async () => {
    script = [apiError(503, 'INTERNAL', { headers: { 'retry-after': new Date(Date.now() + 2_000).toUTCString() } }), accepted()];
    await client().zns.send(body);
    const gap = (seen[1]?.at ?? 0) - (seen[0]?.at ?? 0);
    // HTTP dates have 1 s resolution: 1–2 s from now.
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThan(3_500);
  });

  it('a 429 without Retry-After waits RateLimit-Reset seconds', async () => {
    script = [apiError(429, 'RATE_LIMITED', { headers: { 'ratelimit-reset': '1' } }), accepted()];
    await client().zns.send(body);
    const gap = (seen[1]?.at ?? 0) - (seen[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2_500);
  });

  it('stops at maxRetries and throws the last error, with its rate-limit headers', async () => {
    const limited = () => apiError(429, 'RATE_LIMITED', { headers: { 'retry-after': '0', 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': '7' } });
    script = [limited(), limited(), limited(), limited()];
    const err = await caught(client({ maxRetries: 2 }).zns.send(body));
    expect(seen).toHaveLength(3);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 0, limit: 10, remaining: 0, reset: 7, requestId: 'req-1' });
  });

  it('maxRetries 0 makes one attempt', async () => {
    script = [apiError(503, 'INTERNAL')];
    const err = await caught(client({ maxRetries: 0 }).zns.send(body));
    expect(err).toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
  });

  it('does not wait for a Retry-After longer than a minute', async () => {
    script = [apiError(429, 'RATE_LIMITED', { headers: { 'retry-after': '3600' } })];
    const started = Date.now();
    const err = await caught(client().zns.send(body));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(err).toMatchObject({ status: 429, retryAfter: 3600 });
    expect(seen).toHaveLength(1);
  });

  it('does not retry a used-up team quota (429 TEAM_QUOTA_EXCEEDED without Retry-After)', async () => {
    script = [apiError(429, 'TEAM_QUOTA_EXCEEDED')];
    const err = await caught(client().zns.send(body));
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(1);
  });

  for (const [status, code] of [
    [400, 'VALIDATION_FAILED'],
    [401, 'API_KEY_INVALID'],
    [422, 'TEMPLATE_DATA_INVALID'],
    [402, 'INSUFFICIENT_BALANCE'],
    [500, 'INTERNAL'],
  ] as const) {
    it(`never retries ${status} ${code}`, async () => {
      script = [apiError(status, code), accepted()];
      await caught(client({ maxRetries: 3 }).zns.send(body));
      expect(seen).toHaveLength(1);
    });
  }

  it('retries a connection dropped before the answer, with the same key', async () => {
    script = ['destroy', accepted()];
    const r = await client().zns.send(body);
    expect(r.id).toBeTruthy();
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers['idempotency-key']).toBe(seen[0]?.headers['idempotency-key']);
  });

  it('a timeout is a NetworkError (TIMEOUT), retried up to maxRetries', async () => {
    script = ['hang', 'hang'];
    const err = await caught(client({ maxRetries: 1, timeoutMs: 200 }).zns.send(body));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'TIMEOUT', status: null });
    expect(seen).toHaveLength(2);
  });

  it('a refused connection is a NetworkError after its retries', async () => {
    const zc = new ZaloConsole({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', maxRetries: 1 });
    const err = await caught(zc.zns.send(body));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.code).toBe('NETWORK_ERROR');
  });

  it("the caller's abort stops the retries and is thrown as is", async () => {
    script = [apiError(503, 'INTERNAL', { headers: { 'retry-after': '5' } })];
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('stop')), 100);
    await expect(client().zns.send(body, { signal: ac.signal })).rejects.toThrow('stop');
    expect(seen).toHaveLength(1);
  });
});

describe('typed errors', () => {
  const cases = [
    [400, 'VALIDATION_FAILED', ValidationError],
    [422, 'PHONE_INVALID', ValidationError],
    [422, 'IDEMPOTENCY_MISMATCH', IdempotencyMismatchError],
    [401, 'API_KEY_INVALID', AuthenticationError],
    [402, 'INSUFFICIENT_BALANCE', InsufficientBalanceError],
    [403, 'MODULE_NOT_ENABLED', PermissionError],
    [404, 'NOT_FOUND', NotFoundError],
    [409, 'CONFLICT', ConflictError],
    [500, 'INTERNAL', ServerError],
    // An unknown code falls back to the HTTP status.
    [403, 'SOMETHING_NEW', PermissionError],
  ] as const;
  for (const [status, code, Cls] of cases) {
    it(`${status} ${code} → ${Cls.name}`, async () => {
      script = [apiError(status, code, { details: { fields: [{ path: 'phone', code: 'invalid', message: 'bad phone' }] } })];
      const err = await caught(client({ maxRetries: 0 }).zns.send(body));
      expect(err).toBeInstanceOf(Cls);
      expect(err).toBeInstanceOf(ZaloConsoleError);
      expect(err.name).toBe(Cls.name);
      expect(err).toMatchObject({ status, code, message: `${code} message`, requestId: 'req-1' });
      expect(err.fields).toEqual([{ path: 'phone', code: 'invalid', message: 'bad phone' }]);
    });
  }

  it('a non-JSON error body still gives a typed error by status', async () => {
    script = [{ status: 401, headers: { 'content-type': 'text/plain', 'x-request-id': 'hdr-req' }, body: 'nope' }];
    const err = await caught(client().zns.send(body));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ code: 'HTTP_401', requestId: 'hdr-req' });
    expect(err.message).toContain('nope');
  });

  it('refuses a missing API key or a bad base URL at construction', () => {
    expect(() => new ZaloConsole({ apiKey: '', baseUrl })).toThrow(TypeError);
    expect(() => new ZaloConsole({ apiKey: 'k', baseUrl: 'console.example.vn' })).toThrow(TypeError);
  });
});
