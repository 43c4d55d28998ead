/**
 * The end-user API (`/api/zma/app/*`, /tmp/zma-api.md §4; the server's zod contracts in
 * packages/shared/src/api/zma-*.ts). Types only come from there: zod itself stays out of the bundle.
 */
import type { DrawLook, SpinResult } from '@zc/shared/api/zma-draw';
import type { GiftCodeStatus, ZmaItemType } from '@zc/shared/api/zma';

export type { SpinResult, DrawLook };

export interface CustomerGift {
  codeId: string;
  code: string;
  status: GiftCodeStatus | string;
  type: ZmaItemType;
  name: string;
  imageUrl: string | null;
  discountKind: string | null;
  discountValue: number | null;
  minOrderValue: number | null;
  conditions: string | null;
  expiresAt: string | null;
  assignedAt: string | null;
  usedAt: string | null;
  branchName: string | null;
}

export interface AppCustomer {
  id: string;
  name: string;
  avatar: string | null;
  phone: string | null;
  isFollower: boolean;
}

export interface MiniAppInfo {
  id: string;
  name: string;
  logo: string | null;
  settings?: { primaryColor?: string; welcomeText?: string; requirePhoneToPlay?: boolean; followOaPrompt?: boolean } | null;
}

export interface SessionResult {
  token: string;
  customer: AppCustomer;
  miniApp: MiniAppInfo;
}

export interface OpenDrawForCustomer {
  id: string;
  name: string;
  description?: string | null;
  look: DrawLook;
  prizes: { id: string; label: string; color: string | null; position: number }[];
  turnsLeft: number;
  opensAt: string | null;
  closesAt: string | null;
}

export interface Me extends AppCustomer {
  draws: OpenDrawForCustomer[];
}

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

let customerToken: string | null = null;
export const setCustomerToken = (token: string | null): void => {
  customerToken = token;
};

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/zma/app/${path}`, {
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
