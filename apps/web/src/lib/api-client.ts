import type { ApiErrorBody, FieldIssue } from '@zc/shared/errors';
import type { CONTEXT_HEADERS } from '@zc/shared/api/common';
import { clearSession, readSession, writeSession } from './session';

// Kept as a literal copy: importing the runtime constant would pull zod into the entry chunk.
// The type annotation makes tsc fail if the shared names ever change.
const HEADERS: typeof CONTEXT_HEADERS = {
  tenant: 'x-tenant-id',
  user: 'x-user-id',
  oa: 'x-oa-id',
  merchant: 'x-merchant-id',
  miniApp: 'x-zma-id',
};

export interface ListResponse<T> {
  data: T[];
  meta: { total: number; page?: number; size?: number; totalIsEstimate?: boolean };
}
export interface DataResponse<T> {
  data: T;
}

/** A non-ok answer; `body` is the server's JSON error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ApiErrorBody | null;
  readonly fields: FieldIssue[];

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.error.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.error.code ?? (status >= 500 ? 'INTERNAL' : 'UNKNOWN');
    this.body = body;
    this.fields = body?.error.details?.fields ?? [];
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** GET parameters (empty values are left out). */
  query?: Record<string, QueryValue>;
  /** JSON body, or FormData passed through as multipart. */
  body?: unknown;
  /** Overrides of the current selection for this call. */
  tenantId?: string | null;
  merchantId?: string | null;
  /** The OA sent as x-oa-id (null: none, i.e. 'All'); by default the persisted current OA. */
  oaId?: string | null;
  /** When false, a 401 rejects without refreshing or signing out (login and friends). */
  handleAuthErrors?: boolean;
  signal?: AbortSignal;
}

export interface NavigationHandlers {
  signedOut: () => void;
}

let navigation: NavigationHandlers = {
  signedOut: () => window.location.assign('/login'),
};

/** The router registers how to reach the login page on a 401 without a full reload. */
export function setNavigationHandlers(handlers: NavigationHandlers): void {
  navigation = handlers;
}

/** Builds the query string of a GET call, leaving out empty values. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function buildHeaders(options: RequestOptions, isForm: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const token = readSession('accessToken');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const context: Array<[string, string | null | undefined]> = [
    [HEADERS.merchant, options.merchantId !== undefined ? options.merchantId : readSession('merchantId')],
    [HEADERS.tenant, options.tenantId !== undefined ? options.tenantId : readSession('tenantId')],
    [HEADERS.user, readSession('userId')],
    [HEADERS.oa, options.oaId !== undefined ? options.oaId : readSession('oaId')],
    [HEADERS.miniApp, readSession('zmaId')],
  ];
  for (const [name, value] of context) if (value) headers.set(name, value);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string';
}

let refreshing: Promise<boolean> | null = null;

/** Exchanges the stored refresh token once; concurrent 401s share the same attempt (also the realtime stream's, lib/realtime). */
export function refreshOnce(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = readSession('refreshToken');
  if (!refreshToken) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!response.ok) return false;
      const body = await readBody(response);
      const tokens = readTokens(body);
      if (!tokens) return false;
      writeSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function readTokens(body: unknown): { accessToken: string; refreshToken: string } | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const data: unknown = body.data;
  if (typeof data !== 'object' || data === null) return null;
  if (!('accessToken' in data) || !('refreshToken' in data)) return null;
  const { accessToken, refreshToken } = data;
  return typeof accessToken === 'string' && typeof refreshToken === 'string' ? { accessToken, refreshToken } : null;
}

/**
 * Calls `/api/<path>`: bearer token and §7 headers from the current selection, JSON or FormData
 * bodies, query strings for GET. A 401 refreshes once and retries, else signs out. Every other
 * error, 403 included, rejects with ApiError and stays on the page: the router refuses pages the
 * caller may not open before their calls run (RouteGate), so a 403 here concerns one part of a
 * page, which shows it inline (components/permission-alert) or as a toast for an action.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const url = `/api/${path.replace(/^\//, '')}${method === 'GET' ? toQueryString(options.query) : ''}`;
  const handleAuth = options.handleAuthErrors !== false;

  const send = () =>
    fetch(url, {
      method,
      headers: buildHeaders(options, isForm),
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? // instanceof FormData was checked above (isForm)
              (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });

  let response = await send();
  if (response.status === 401 && handleAuth) {
    if (await refreshOnce()) response = await send();
    if (response.status === 401) {
      clearSession();
      navigation.signedOut();
    }
  }
  const body = await readBody(response);
  if (response.ok) {
    // The server's answers follow the shared Zod schemas; callers name the wrapper type.
    return body as T;
  }
  throw new ApiError(response.status, isErrorBody(body) ? body : null);
}

export function apiGet<T>(path: string, query?: Record<string, QueryValue>, options: Omit<RequestOptions, 'query' | 'method'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET', query });
}

/**
 * A multipart upload with progress (fetch cannot report upload progress, XHR can): the same headers
 * as apiRequest, one token refresh on a 401, and ApiError on a non-ok answer. `onProgress` gets 0–100.
 */
export function apiUpload<T>(path: string, form: FormData, onProgress: (percent: number) => void, options: Omit<RequestOptions, 'method' | 'body' | 'query'> = {}): Promise<T> {
  const url = `/api/${path.replace(/^\//, '')}`;
  const send = () =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      buildHeaders({ ...options, body: form }, true).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(new ApiError(0, null));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  return (async () => {
    let answer = await send();
    if (answer.status === 401 && options.handleAuthErrors !== false) {
      if (await refreshOnce()) answer = await send();
      if (answer.status === 401) {
        clearSession();
        navigation.signedOut();
      }
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw new ApiError(answer.status, isErrorBody(answer.body) ? answer.body : null);
  })();
}
