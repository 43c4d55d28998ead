import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's Zalo Mini App identity (REFERENCE §10, §13.6): mini-app users, their access tokens
 * (what zmp-sdk `getAccessToken()` gives the mini app), single-use phone tokens (`getPhoneNumber()`,
 * 2 minutes) and the apps whose secret `appsecret_proof` / `secret_key` are checked against.
 *
 * Access tokens are self-describing and signed (`zmat.<appId|0>.<userId>.<expiresAtSeconds>.<sig>`),
 * so a product that outlives a sandbox restart still signs in the seeded users; phone tokens are
 * random and remembered (single use is state).
 */

export const MINI_APP_TOKEN_SIGNING_KEY = 'zalo-sandbox-mini-app-token-key-v1';
/** Social / Mini App access tokens live an hour (REFERENCE §2.2: "Social: access 1 h"). */
export const MINI_APP_ACCESS_TOKEN_LIFETIME_S = 3_600;
/** A getPhoneNumber token is valid 2 minutes and once (REFERENCE §10). */
export const MINI_APP_PHONE_TOKEN_LIFETIME_MS = 120_000;

/** The demo mini app the product's demo seed registers (its Zalo app id and secret match). */
export const SANDBOX_MINI_APP_ID = '2736401598123345001';
export const SANDBOX_MINI_APP_SECRET = 'SbxMiniAppSecret-Lq8Vt3Zp6Wn1Rc4K';
export const SANDBOX_MINI_APP_NAME = 'An Nhiên Loyalty';

export type MiniAppGender = 'male' | 'female' | 'none';

export interface MiniAppUser {
  /** Zalo's user id for the app (`/me` id; digits, kept as a string). */
  id: string;
  /** The same person's id as the OA sees them (`getUserInfo().idByOA`). */
  idByOA: string;
  name: string;
  avatar: string;
  /** 84… */
  phone: string;
  gender: MiniAppGender;
  followedOA: boolean;
  isSensitive: boolean;
}

export interface MiniAppRegistration {
  appId: string;
  secret: string;
  name: string;
}

export interface PhoneTokenRecord {
  userId: string;
  appId: string | null;
  expiresAt: number;
  used: boolean;
}

export interface MiniAppState {
  /** appId → registration: proofs and secret keys are checked only for registered apps. */
  apps: Map<string, MiniAppRegistration>;
  /** userId → user */
  users: Map<string, MiniAppUser>;
  /** phone token → record */
  phoneTokens: Map<string, PhoneTokenRecord>;
  counter: number;
}

/** The seeded demo users (fixed ids: a restarted sandbox still knows who signed in). */
export const SANDBOX_MINI_APP_USERS: readonly MiniAppUser[] = [
  { id: '5730012001000000001', idByOA: '8831002001000000001', name: 'Nguyễn Thu Hà', avatar: 'https://s120-ava-talk.zadn.vn/sandbox/zma1.jpg', phone: '84912000101', gender: 'female', followedOA: true, isSensitive: false },
  { id: '5730012001000000002', idByOA: '8831002001000000002', name: 'Trần Minh Quân', avatar: 'https://s120-ava-talk.zadn.vn/sandbox/zma2.jpg', phone: '84912000102', gender: 'male', followedOA: false, isSensitive: false },
  { id: '5730012001000000003', idByOA: '8831002001000000003', name: 'Lê Ngọc Anh', avatar: 'https://s120-ava-talk.zadn.vn/sandbox/zma3.jpg', phone: '84912000103', gender: 'female', followedOA: false, isSensitive: false },
  { id: '5730012001000000004', idByOA: '8831002001000000004', name: 'Phạm Đức Huy', avatar: 'https://s120-ava-talk.zadn.vn/sandbox/zma4.jpg', phone: '84912000104', gender: 'male', followedOA: true, isSensitive: false },
  { id: '5730012001000000005', idByOA: '8831002001000000005', name: 'Võ Thảo My', avatar: 'https://s120-ava-talk.zadn.vn/sandbox/zma5.jpg', phone: '84912000105', gender: 'female', followedOA: false, isSensitive: false },
];

/** A fresh state holding the seeded demo app and users (also what `/_control/reset` returns to). */
export function createMiniAppState(): MiniAppState {
  return {
    apps: new Map([[SANDBOX_MINI_APP_ID, { appId: SANDBOX_MINI_APP_ID, secret: SANDBOX_MINI_APP_SECRET, name: SANDBOX_MINI_APP_NAME }]]),
    users: new Map(SANDBOX_MINI_APP_USERS.map((u) => [u.id, { ...u }])),
    phoneTokens: new Map(),
    counter: 0,
  };
}

function sign(payload: string): string {
  return createHmac('sha256', MINI_APP_TOKEN_SIGNING_KEY).update(payload).digest('base64url').slice(0, 27);
}

/** An access token of `userId` for `appId` (null: not bound to an app) expiring at `expiresAtMs`. */
export function issueMiniAppAccessToken(userId: string, appId: string | null, expiresAtMs: number): string {
  const payload = `${appId ?? '0'}.${userId}.${Math.floor(expiresAtMs / 1000)}`;
  return `zmat.${payload}.${sign(payload)}`;
}

export interface ParsedMiniAppToken {
  userId: string;
  appId: string | null;
  expiresAtMs: number;
}

/** The claims of a token this sandbox issued, or null (unknown, tampered). Expiry is the caller's check. */
export function parseMiniAppAccessToken(token: string | undefined): ParsedMiniAppToken | null {
  if (!token) return null;
  const m = /^zmat\.(\d+)\.(\d+)\.(\d+)\.([\w-]+)$/.exec(token);
  if (!m) return null;
  const [, app, userId, exp, sig] = m as unknown as [string, string, string, string, string];
  const want = Buffer.from(sign(`${app}.${userId}.${exp}`));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { userId, appId: app === '0' ? null : app, expiresAtMs: Number(exp) * 1000 };
}

/** Lowercase hex HMAC-SHA256(access token, app secret): what `appsecret_proof` must be. */
export function expectedProof(accessToken: string, secret: string): string {
  return createHmac('sha256', secret).update(accessToken).digest('hex');
}

/** A new user id (19 digits, like Zalo's). */
export function nextMiniAppUserId(state: MiniAppState, now: number): string {
  state.counter += 1;
  return `57399${String(now).slice(-8)}${String(state.counter).padStart(6, '0')}`;
}

/** A new single-use phone token of the user, valid 2 minutes from `now`. */
export function issuePhoneToken(state: MiniAppState, userId: string, appId: string | null, now: number): string {
  // Forget spent and expired tokens now and then: the map stays small under load.
  if (state.phoneTokens.size > 10_000) for (const [k, v] of state.phoneTokens) if (v.used || v.expiresAt <= now) state.phoneTokens.delete(k);
  const token = randomBytes(24).toString('base64url');
  state.phoneTokens.set(token, { userId, appId, expiresAt: now + MINI_APP_PHONE_TOKEN_LIFETIME_MS, used: false });
  return token;
}
