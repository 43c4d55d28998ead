/**
 * The end-user API (`/api/zma/app/*`, /tmp/zma-api.md §4; the server's zod contracts in
 * packages/shared/src/api/zma-*.ts). Types only come from there: zod itself stays out of the bundle.
 */
import type { SpinResult } from '@zc/shared/api/zma-draw';
import type { CustomerGift } from '@zc/shared/api/zma-loyalty';
import type { ZmaAppDraw, ZmaMe, ZmaSession } from '@zc/shared/api/zma-customer';

export type { CustomerGift, SpinResult };
export type SessionResult = ZmaSession;
export type Me = ZmaMe;
export type OpenDrawForCustomer = ZmaAppDraw;

/** An error answered by the API: its stable `code` and `details` (e.g. `details.reason` of a 409 spin). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where the end-user API lives. Empty (development, the server's own /mini-app/): the page's
 * origin. Inside Zalo the app is served from Zalo's hosts, so a build for Zalo sets
 * `VITE_ZC_API_BASE=https://<our server>` and the server lists Zalo's origin in ZMA_ALLOWED_ORIGINS.
 * Read at call time so a test can set it.
 */
export function apiUrl(path: string, base: string = import.meta.env.VITE_ZC_API_BASE ?? ''): string {
  return `${base.replace(/\/+$/, '')}/api/zma/app/${path}`;
}

let customerToken: string | null = null;
export const setCustomerToken = (token: string | null): void => {
  customerToken = token;
};

/** Signs in again (a fresh Zalo access token → a new customer token); set by the session. */
let renew: (() => Promise<void>) | null = null;
export const setRenew = (fn: (() => Promise<void>) | null): void => {
  renew = fn;
};

/**
 * One call of the end-user API. A customer token that expired (12 hours) or that the server no
 * longer accepts is renewed once by signing in again, and the call repeated.
 */
export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, renewed = false): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(customerToken ? { authorization: `Bearer ${customerToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', undefined, 'network');
  }
  const text = await res.text();
  const json = text ? (JSON.parse(text) as { data?: T; error?: { code: string; message: string; details?: Record<string, unknown> } }) : {};
  if (res.status === 401 && path !== 'session' && !renewed && renew && (json.error?.code === 'TOKEN_EXPIRED' || json.error?.code === 'UNAUTHORIZED')) {
    await renew();
    return call<T>(method, path, body, true);
  }
  if (!res.ok) {
    throw new ApiError(res.status, json.error?.code ?? 'OTHER', json.error?.details, json.error?.message ?? res.statusText);
  }
  return json.data as T;
}

export const api = {
  session: (body: { zaloAppId: string; accessToken: string; ref?: string }) => call<SessionResult>('POST', 'session', body),
  me: () => call<Me>('GET', 'me'),
  spin: (drawId: string) => call<SpinResult>('POST', `draws/${encodeURIComponent(drawId)}/spin`),
  gifts: () => call<CustomerGift[]>('GET', 'gifts'),
  phone: (token: string, accessToken: string) => call<{ phone: string }>('POST', 'phone', { token, accessToken }),
  follow: (followed: boolean) => call<unknown>('POST', 'follow', { followed }),
};
