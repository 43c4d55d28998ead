import type { ZaloApi } from './error-catalog';
import { HEADER_UNSAFE_MESSAGE, isHeaderSafe } from '@zc/shared/api/common';
import { ZaloApiError, ZaloError, ZaloHttpError, ZaloNetworkError, ZaloRequestError, ZaloResponseParseError, ZaloTimeoutError } from './errors';
import type { ZaloHosts } from './hosts';

export interface RetryOptions {
  /** Total attempts including the first (default 3). */
  attempts?: number;
  /** First back-off step for 5xx / network errors (default 200 ms, doubled each time, with jitter). */
  baseDelayMs?: number;
  /** First back-off step after `-32` (rate limit, default 1,000 ms). */
  rateLimitDelayMs?: number;
  maxDelayMs?: number;
}

export interface TransportOptions {
  hosts: ZaloHosts;
  /** Per-attempt timeout (default 10 s). */
  timeoutMs?: number;
  retry?: RetryOptions;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface Transport {
  hosts: ZaloHosts;
  timeoutMs: number;
  retry: Required<RetryOptions>;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

export type QueryValue = string | number | boolean | undefined;

export interface ZaloRequest {
  api: ZaloApi;
  host: keyof ZaloHosts;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Safe to repeat after an ambiguous failure; defaults to true for GET. */
  idempotent?: boolean;
  /** False for the OAuth token endpoint, whose success body has no `{error, message, data}`. */
  envelope?: boolean;
  signal?: AbortSignal;
  /** Awaited before every attempt, retries included (the client's rate limiter waits here). */
  beforeAttempt?: () => Promise<void>;
  /** Sees the headers of every answer, errors included (`X-RateLimit-*` on the OA API). */
  onResponse?: (headers: Headers) => void;
}

/** A parsed JSON object body (the envelope, or the OAuth body). */
export type ZaloBody = Record<string, unknown>;

const BEFORE_SEND_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Builds the transport shared by every call of a client. */
export function createTransport(opts: TransportOptions): Transport {
  return {
    hosts: opts.hosts,
    timeoutMs: opts.timeoutMs ?? 10_000,
    retry: { attempts: 3, baseDelayMs: 200, rateLimitDelayMs: 1_000, maxDelayMs: 10_000, ...opts.retry },
    fetch: opts.fetch ?? globalThis.fetch,
    sleep: opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
  };
}

function buildUrl(t: Transport, req: ZaloRequest): string {
  let url = t.hosts[req.host] + req.path;
  if (req.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query)) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
  }
  return url;
}

function buildInit(req: ZaloRequest): RequestInit {
  const headers: Record<string, string> = { ...req.headers };
  let body: RequestInit['body'];
  if (req.multipart) body = req.multipart;
  else if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  }
  return { method: req.method, headers, body };
}

function errorCode(e: unknown): string | undefined {
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** Reads Zalo's `error` field, which is a number, or a numeric string on some hosts. */
function readCode(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}

/** Turns a response text into a body or a typed error; never throws anything untyped. */
export function parseZaloBody(api: ZaloApi, text: string, envelope: boolean): ZaloBody {
  const snippet = text.slice(0, 300);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ZaloResponseParseError(text ? 'body is not JSON' : 'empty body', snippet);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ZaloResponseParseError('body is not a JSON object', snippet);
  const body = parsed as ZaloBody;
  const code = readCode(body.error);
  if (code === undefined) {
    if (envelope || body.error !== undefined) throw new ZaloResponseParseError('missing or non-numeric "error" field', snippet);
    return body;
  }
  if (code !== 0) {
    const msg = [body.message, body.error_name, body.error_description].find((m) => typeof m === 'string' && m) as string | undefined;
    throw new ZaloApiError(api, code, msg ?? '', body.data);
  }
  return body;
}

async function attemptOnce(t: Transport, req: ZaloRequest, url: string): Promise<ZaloBody> {
  const timeout = AbortSignal.timeout(t.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await t.fetch(url, { ...buildInit(req), signal });
  } catch (e) {
    if (timeout.aborted) throw new ZaloTimeoutError(`Zalo call ${req.path} timed out after ${t.timeoutMs} ms`);
    if (req.signal?.aborted) throw new ZaloTimeoutError(`Zalo call ${req.path} aborted by the caller`);
    const code = errorCode(e);
    throw new ZaloNetworkError(`Zalo call ${req.path} failed: ${code ?? (e instanceof Error ? e.message : String(e))}`, code !== undefined && BEFORE_SEND_CODES.has(code), e);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if (timeout.aborted) throw new ZaloTimeoutError(`Zalo call ${req.path} timed out reading the body`);
    throw new ZaloNetworkError(`Zalo call ${req.path}: connection lost while reading the body`, false, e);
  }
  req.onResponse?.(res.headers);
  if (!res.ok) throw new ZaloHttpError(res.status, text.slice(0, 300));
  return parseZaloBody(req.api, text, req.envelope !== false);
}

/** Whether repeating is safe: rejected-before-processing always, ambiguous failures only when idempotent. */
function isSafeToRetry(e: unknown, idempotent: boolean, callerAborted: boolean): boolean {
  if (callerAborted) return false;
  if (e instanceof ZaloApiError) return e.code === -32 || (idempotent && e.classification === 'retryable');
  if (e instanceof ZaloHttpError) return e.status === 429 || e.status === 503 || (idempotent && e.status >= 500);
  if (e instanceof ZaloNetworkError) return e.beforeSend || idempotent;
  if (e instanceof ZaloTimeoutError) return idempotent;
  return false;
}

/**
 * Header values (access_token, secret_key, token) come from pasted or stored credentials: one that
 * HTTP cannot carry (CR/LF, NUL, emoji, non-ASCII) is refused before sending with a typed error —
 * fetch would throw a raw TypeError, and a line break must never reach the wire. The value itself
 * is a secret and stays out of the message.
 */
function assertHeadersSafe(req: ZaloRequest): void {
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (!isHeaderSafe(value)) throw new ZaloRequestError(`header ${name} ${HEADER_UNSAFE_MESSAGE}`, name);
  }
}

/** Sends one Zalo request with timeouts and safe retries; returns the parsed body or throws a ZaloError. */
export async function sendZaloRequest(t: Transport, req: ZaloRequest): Promise<ZaloBody> {
  assertHeadersSafe(req);
  const url = buildUrl(t, req);
  const idempotent = req.idempotent ?? req.method === 'GET';
  for (let attempt = 1; ; attempt++) {
    try {
      await req.beforeAttempt?.();
      return await attemptOnce(t, req, url);
    } catch (e) {
      if (!(e instanceof ZaloError)) throw e;
      if (attempt >= t.retry.attempts || !isSafeToRetry(e, idempotent, req.signal?.aborted === true)) throw e;
      const base = e instanceof ZaloApiError && e.code === -32 ? t.retry.rateLimitDelayMs : t.retry.baseDelayMs;
      const cap = Math.min(t.retry.maxDelayMs, base * 2 ** (attempt - 1));
      // Half fixed, half jitter: spreads retries of many workers without ever waiting zero.
      await t.sleep(cap / 2 + Math.random() * (cap / 2));
    }
  }
}
