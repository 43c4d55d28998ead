/**
 * Where the mini app gets its Zalo identity (issue 14 #9; REFERENCE §10, §13.6).
 *
 * - Inside Zalo: zmp-sdk — `getAccessToken`, `getUserInfo`, `getPhoneNumber` (a single-use token,
 *   2 minutes, the server exchanges it), `followOA`. The SDK is loaded only there (a dynamic import),
 *   so an ordinary browser never runs its native bridge and the first load stays small.
 * - In an ordinary browser (development against `npm start`, the journeys): a dev identity played
 *   by the Zalo sandbox — the app id and access token come from the URL
 *   (`?zaloAppId=…&accessToken=…`, minted by the sandbox control API `POST /_control/mini-app/users`;
 *   without a token the mini app asks the sandbox for one itself, `&sandboxUser=` naming a seeded user),
 *   the phone token from `POST /_control/mini-app/phone-token`, and following the OA is
 *   `POST /_control/mini-app/follow` (what Zalo records when the user agrees in followOA's dialog).
 *
 * zmp-sdk keeps its own environment check internal (appEnv/getEnv: `/zalo/` in the user agent);
 * the same test is made here.
 */
import type * as ZmpSdkModule from 'zmp-sdk/apis';
import { browserReferralLink, ZMA_REF_PARAM } from '@zc/shared/zma-referral';
import { PlatformDenied } from './errors';

export interface Platform {
  readonly kind: 'zalo' | 'browser';
  /** The Zalo Mini App id the server knows the mini app by. */
  zaloAppId(): string | null;
  /** Zalo's user access token (sent to our server, which asks Zalo's graph who it is). */
  accessToken(): Promise<string>;
  /** A getPhoneNumber token (single use, 2 minutes). */
  phoneToken(accessToken: string): Promise<string>;
  /** Asks Zalo to follow the OA; resolves when the user agreed. */
  followOA(zaloOaId: string | null, accessToken: string): Promise<void>;
  /** A referrer id from the launch URL (affiliate links). */
  ref(): string | null;
  /**
   * Invites friends with the customer's referral link: Zalo's share sheet inside Zalo ('shared', or
   * 'cancelled' when the user closed it), the clipboard in a browser ('copied'; 'failed' when the
   * browser refused, and the page then shows the link to copy by hand).
   */
  invite(invitation: Invitation): Promise<InviteOutcome>;
}

export interface Invitation {
  customerId: string;
  title: string;
  description: string;
  /** Zalo's share sheet needs a picture: the mini app's logo, else the customer's avatar. */
  thumbnail: string | null;
}
export type InviteOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The browser link of an invitation (what `invite` copies, and what the page shows when copying failed). */
export const inviteLink = (customerId: string): string => browserReferralLink(window.location.href, customerId);

const params = new URLSearchParams(window.location.search);

export function isInsideZalo(): boolean {
  return /zalo/i.test(navigator.userAgent);
}

type ZmpSdk = typeof ZmpSdkModule;
let sdk: Promise<ZmpSdk> | null = null;
const loadSdk = (): Promise<ZmpSdk> => (sdk ??= import('zmp-sdk/apis'));

function denied(err: unknown): never {
  const code = (err as { code?: number } | null)?.code;
  if (code === -201 || code === -202) throw new PlatformDenied(String(code));
  throw err instanceof Error ? err : new Error(String(err));
}

const zaloPlatform: Platform = {
  kind: 'zalo',
  zaloAppId: () => (typeof window.APP_ID === 'string' && window.APP_ID ? window.APP_ID : params.get('zaloAppId')),
  async accessToken() {
    const zmp = await loadSdk();
    // Name and avatar need the user's consent (Decree 13/2023): getUserInfo asks once, and the graph
    // `/me` our server calls then answers them. A refusal still lets the customer play (Zalo id only).
    await zmp.getUserInfo({ autoRequestPermission: true }).catch(() => null);
    return zmp.getAccessToken().catch(denied);
  },
  async phoneToken() {
    const zmp = await loadSdk();
    const res = await zmp.getPhoneNumber().catch(denied);
    if (!res.token) throw new PlatformDenied('no token');
    return res.token;
  },
  async followOA(zaloOaId) {
    if (!zaloOaId) return;
    const zmp = await loadSdk();
    await zmp.followOA({ id: zaloOaId }).catch(denied);
  },
  ref: () => params.get(ZMA_REF_PARAM),
  async invite({ customerId, title, description, thumbnail }) {
    const zmp = await loadSdk();
    // A deep link to the app's start page: Zalo hands the query to the app, where `ref()` reads it.
    const res = await zmp
      .openShareSheet({ type: 'zmp_deep_link', data: { title, description, thumbnail: thumbnail ?? '', path: `/?${ZMA_REF_PARAM}=${encodeURIComponent(customerId)}` } })
      .catch(denied);
    // status 0: the user closed the sheet without sharing.
    return res.status === 0 ? 'cancelled' : 'shared';
  },
};

/** The sandbox's control API (same origin under `npm start`; `?sandbox=` points elsewhere). */
const sandboxControl = (): string => params.get('sandbox') ?? '/zalo-sandbox/_control';

async function sandbox<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${sandboxControl()}/mini-app/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status}`);
  return (await res.json()) as T;
}

const browserPlatform: Platform = {
  kind: 'browser',
  zaloAppId: () => params.get('zaloAppId'),
  async accessToken() {
    const token = params.get('accessToken');
    if (token) return token;
    // No token in the URL: the sandbox opens the mini app as a user (`?sandboxUser=<id>` of a seeded
    // one, else a new one), and the URL keeps the token so a reload is the same customer.
    const userId = params.get('sandboxUser');
    const minted = await sandbox<{ accessToken: string }>('users', { appId: params.get('zaloAppId') ?? undefined, ...(userId ? { userId } : {}) });
    params.set('accessToken', minted.accessToken);
    window.history.replaceState(null, '', `${window.location.pathname}?${params.toString()}`);
    return minted.accessToken;
  },
  async phoneToken(accessToken) {
    const { token } = await sandbox<{ token?: string }>('phone-token', { accessToken });
    if (!token) throw new Error('phone token missing');
    return token;
  },
  // No Zalo dialog in a browser: the user's click stands for the agreement.
  async followOA(_zaloOaId, accessToken) {
    await sandbox('follow', { accessToken, followed: true });
  },
  ref: () => params.get(ZMA_REF_PARAM),
  async invite({ customerId }) {
    try {
      await navigator.clipboard.writeText(inviteLink(customerId));
      return 'copied';
    } catch {
      return 'failed';
    }
  },
};

export const platform: Platform = isInsideZalo() ? zaloPlatform : browserPlatform;
