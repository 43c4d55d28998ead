import createClient, { type Client } from 'openapi-fetch';
import { NetworkError, QuotaExceededError, ZaloConsoleError, errorFromResponse, parseRetryAfter } from './errors.js';
import type { paths } from './generated/openapi.js';
import { SDK_VERSION } from './version.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type SendPath = '/api/v1/zns/send' | '/api/v1/oa/send';
type Accepted<P extends SendPath> = Json<paths[P]['post']['responses'][202]>['data'];

/** Body of `POST /api/v1/zns/send`: a ZNS template message by phone. */
export type ZnsSendBody = Json<paths['/api/v1/zns/send']['post']['requestBody']>;
/** Body of `POST /api/v1/oa/send`: an Official Account message by Zalo user id. */
export type OaSendBody = Json<paths['/api/v1/oa/send']['post']['requestBody']>;
/** A message's status (history status enumeration). */
export type MessageStatus = Accepted<'/api/v1/zns/send'>['status'];

/** What a send answers (202): the message was accepted and queued. */
export interface SendResult {
  /** The message id (uuid); the webhooks' `data.id`. */
  id: string;
  trackingId: string;
  status: MessageStatus;
  /** True when the server answered from an earlier identical request (same Idempotency-Key or trackingId). */
  replayed: boolean;
}

export interface SendOptions {
  /**
   * Sent as `Idempotency-Key`. Default: a random UUID per call, reused by that call's retries. Pass your
   * own (≤ 100 chars) to make a call safe to repeat across process restarts.
   */
  idempotencyKey?: string;
  /** Aborts the call (and its retries); the abort reason is thrown as is. */
  signal?: AbortSignal;
}

export interface ZaloConsoleOptions {
  /** The tenant's API key (Settings → API keys); sent as `x-api-key`. */
  apiKey: string;
  /** The console's public URL, e.g. `https://console.example.vn` (the paths start with `/api/v1`). */
  baseUrl: string;
  /** A fetch implementation, called as `fetch(url, init)` (default: the global fetch at call time). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Retries of a call on a network error, 429, 502, 503 or 504 (default 2; 0 disables). */
  maxRetries?: number;
  /** Per attempt: no response within this many ms counts as a network error (default 30,000). */
  timeoutMs?: number;
}

/** Back-off: 0.5 s, 1 s, 2 s … capped at 8 s, with jitter; a `Retry-After` up to 60 s is honoured instead. */
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A server asking to wait longer than this is not waited for: the error is thrown with its `retryAfter`. */
const MAX_RETRY_AFTER_MS = 60_000;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

function backoffMs(retry: number): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
  return cap / 2 + Math.random() * (cap / 2);
}

/** How long to wait before retrying after `err`, or null when it must not be retried. */
function retryDelayMs(err: ZaloConsoleError, retry: number): number | null {
  if (err instanceof NetworkError) return backoffMs(retry);
  if (err.status === null || !RETRY_STATUSES.has(err.status)) return null;
  const asked = parseRetryAfter(err.headers?.get('retry-after')) ?? (err.status === 429 ? parseRetryAfter(err.headers?.get('ratelimit-reset')) : null);
  // A used-up daily team quota resets tomorrow: retrying now cannot succeed.
  if (err instanceof QuotaExceededError && asked === null) return null;
  if (asked === null) return backoffMs(retry);
  if (asked > MAX_RETRY_AFTER_MS) return null;
  return asked + Math.random() * Math.min(1_000, asked * 0.1);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function randomKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * What openapi-fetch builds for each call, kept as the plain (url, init) pair: a WHATWG Request costs
 * ~0.3 ms per call in Node (undici), more than the rest of the SDK together, and fetch takes the pair as is.
 * openapi-fetch reads only `method` of it (its documented `Request` option).
 */
class PlainRequest {
  readonly method: string;
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    this.method = init.method ?? 'GET';
  }
}

type Attempt<P extends SendPath> = (init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<{ data?: { data: Accepted<P> }; error?: unknown; response: Response }>;

/**
 * Client of the Zalo Console public API.
 *
 * ```ts
 * const zc = new ZaloConsole({ apiKey: process.env.ZC_API_KEY!, baseUrl: 'https://console.example.vn' });
 * const sent = await zc.zns.send({ phone: '0987654321', templateId: '…', templateData: { otp: '123456' }, trackingId: 'otp-1' });
 * ```
 */
export class ZaloConsole {
  readonly zns: { send: (body: ZnsSendBody, options?: SendOptions) => Promise<SendResult> };
  readonly oa: { send: (body: OaSendBody, options?: SendOptions) => Promise<SendResult> };
  private readonly http: Client<paths>;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;

  constructor(options: ZaloConsoleOptions) {
    if (!options || typeof options.apiKey !== 'string' || !options.apiKey.trim()) throw new TypeError('ZaloConsole: apiKey is required');
    if (typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) throw new TypeError('ZaloConsole: baseUrl must be an http(s) URL');
    this.maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 2));
    this.timeoutMs = Math.max(1, options.timeoutMs ?? 30_000);
    const userFetch = options.fetch;
    this.http = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: { 'x-api-key': options.apiKey.trim(), 'user-agent': `zalo-console-sdk-node/${SDK_VERSION}` },
      Request: PlainRequest as unknown as typeof Request,
      fetch: (req: Request) => {
        const { url, init } = req as unknown as PlainRequest;
        return userFetch ? userFetch(url, init) : globalThis.fetch(url, init);
      },
    });
    this.zns = {
      send: (body, opts) => this.send<'/api/v1/zns/send'>((init) => this.http.POST('/api/v1/zns/send', { body, ...init }), opts),
    };
    this.oa = {
      send: (body, opts) => this.send<'/api/v1/oa/send'>((init) => this.http.POST('/api/v1/oa/send', { body, ...init }), opts),
    };
  }

  /** One logical call: the same Idempotency-Key on every attempt; retried only where safe. */
  private async send<P extends SendPath>(attempt: Attempt<P>, opts: SendOptions = {}): Promise<SendResult> {
    const headers = { 'idempotency-key': opts.idempotencyKey ?? randomKey() };
    for (let retry = 0; ; retry += 1) {
      let err: ZaloConsoleError;
      try {
        const { data, error, response } = await this.attemptOnce(attempt, headers, opts.signal);
        if (response.ok && data) {
          const d = data.data;
          return { id: d.id, trackingId: d.trackingId, status: d.status, replayed: response.headers.get('idempotent-replayed') === 'true' };
        }
        err = errorFromResponse(response, error);
      } catch (e) {
        if (!(e instanceof ZaloConsoleError)) throw e;
        err = e;
      }
      const delay = retry < this.maxRetries ? retryDelayMs(err, retry + 1) : null;
      if (delay === null) throw err;
      await sleep(delay, opts.signal);
    }
  }

  private async attemptOnce<P extends SendPath>(attempt: Attempt<P>, headers: Record<string, string>, signal: AbortSignal | undefined) {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      return await attempt({ headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (e) {
      // The caller's abort is theirs to handle; a timeout or a failed connection is a NetworkError.
      if (signal?.aborted) throw signal.reason;
      const timedOut = timeout.aborted;
      throw new NetworkError({
        status: null,
        code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        message: timedOut ? `No response within ${this.timeoutMs} ms` : `Network error: ${e instanceof Error ? e.message : String(e)}`,
        cause: e,
      });
    }
  }
}
