import { createHash, randomBytes } from 'node:crypto';
import { ZaloApiError, ZaloResponseParseError } from './errors';
import type { ZaloHosts } from './hosts';
import { sendZaloRequest, type Transport } from './transport';

export interface AppCredentials {
  appId: string;
  /** The app secret key, sent as the `secret_key` header to the token endpoint. */
  secretKey: string;
}

/** A stored OA token pair. Times are epoch ms. */
export interface OaTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  /** Zalo's OA refresh tokens live 3 months; absent when unknown. */
  refreshTokenExpiresAt?: number;
}

export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
}

const REFRESH_TOKEN_LIFETIME_MS = 90 * 24 * 3600_000;

/** PKCE as Zalo's SDK does it: 43-char base64url verifier, challenge = base64url(sha256(verifier)). */
export function createPkcePair(): PkcePair {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: pkceChallenge(codeVerifier) };
}

/** The S256 challenge of a verifier (no `code_challenge_method` parameter is sent: Zalo assumes S256). */
export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/** The OA admin consent URL (`/v4/oa/permission`); the callback receives `code`, `oa_id`, `state`. */
export function buildOaAuthorizationUrl(hosts: ZaloHosts, p: { appId: string; redirectUri: string; codeChallenge: string; state: string }): string {
  const qs = new URLSearchParams({ app_id: p.appId, redirect_uri: p.redirectUri, code_challenge: p.codeChallenge, state: p.state });
  return `${hosts.oauth}/oa/permission?${qs.toString()}`;
}

function toTokens(body: Record<string, unknown>, now: number): OaTokens {
  const { access_token: at, refresh_token: rt, expires_in: exp, refresh_token_expires_in: rexp } = body;
  const seconds = Number(exp);
  if (typeof at !== 'string' || typeof rt !== 'string' || !Number.isFinite(seconds)) {
    throw new ZaloResponseParseError('token response lacks access_token/refresh_token/expires_in', JSON.stringify(body).slice(0, 300));
  }
  const refreshSeconds = Number(rexp);
  return {
    accessToken: at,
    refreshToken: rt,
    accessTokenExpiresAt: now + seconds * 1000,
    refreshTokenExpiresAt: now + (Number.isFinite(refreshSeconds) && rexp !== undefined ? refreshSeconds * 1000 : REFRESH_TOKEN_LIFETIME_MS),
  };
}

async function tokenCall(t: Transport, app: AppCredentials, form: Record<string, string>, now: number): Promise<OaTokens> {
  try {
    // Not idempotent: a refresh token is consumed by the first request that reaches Zalo.
    const body = await sendZaloRequest(t, {
      api: 'oauth',
      host: 'oauth',
      method: 'POST',
      path: '/oa/access_token',
      form: { ...form, app_id: app.appId },
      headers: { secret_key: app.secretKey },
      envelope: false,
      idempotent: false,
    });
    return toTokens(body, now);
  } catch (e) {
    // Zalo has been seen answering an already-consumed refresh token with an empty 200 body.
    if (e instanceof ZaloResponseParseError && e.bodySnippet === '' && form.grant_type === 'refresh_token') {
      throw new ZaloApiError('oauth', -14014, 'Empty response to a refresh (token already used?)');
    }
    throw e;
  }
}

/** Exchanges the callback `code` (+ the PKCE verifier) for the OA's first token pair. */
export function exchangeAuthorizationCode(t: Transport, app: AppCredentials, p: { code: string; codeVerifier: string }, now = Date.now()): Promise<OaTokens> {
  return tokenCall(t, app, { code: p.code, grant_type: 'authorization_code', code_verifier: p.codeVerifier }, now);
}

/** Trades a refresh token for a new pair. The old refresh token is dead afterwards: persist the result. */
export function refreshOaTokens(t: Transport, app: AppCredentials, refreshToken: string, now = Date.now()): Promise<OaTokens> {
  return tokenCall(t, app, { refresh_token: refreshToken, grant_type: 'refresh_token' }, now);
}
