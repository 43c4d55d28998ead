import { ZaloApiError, ZaloResponseParseError, ZaloTokenMissingError } from './errors';
import { exchangeAuthorizationCode, refreshOaTokens, type AppCredentials, type OaTokens } from './oauth';
import { createRateLimiter, readRateLimitHeaders, type RateLimiter } from './rate-limit';
import type { TokenStore } from './token-store';
import { createTransport, sendZaloRequest, type Transport, type TransportOptions, type ZaloBody, type ZaloRequest } from './transport';

export interface ZaloClientOptions extends TransportOptions {
  tokenStore: TokenStore;
  /** App credentials, fixed or per OA (tenants may bring their own Zalo app). */
  app: AppCredentials | ((oaKey: string) => AppCredentials | Promise<AppCredentials>);
  /**
   * Per-OA token bucket on the OA Open API host (default 4,000/min); `false` disables it. It follows
   * Zalo's `X-RateLimit-Limit` / `X-RateLimit-Remain` answers: at 0 remaining it waits for the next
   * window instead of sending into `-32`.
   */
  rateLimit?: { oaPerMinute?: number; burst?: number } | false;
  /** A limiter of the caller's instead of the in-memory bucket (e.g. one shared by every process); `rateLimit: false` still disables limiting. */
  limiter?: RateLimiter;
  /** Refresh this long before the access token expires (default 5 min). */
  refreshSkewMs?: number;
  now?: () => number;
}

/** A call as endpoint functions describe it; the client adds the `access_token` header. */
export type ZaloCall = Omit<ZaloRequest, 'headers'> & { headers?: Record<string, string> };

export interface ZaloClient {
  transport: Transport;
  tokenStore: TokenStore;
  appFor(oaKey: string): Promise<AppCredentials>;
  /** A valid access token for the OA, refreshing first when it is about to expire. */
  getAccessToken(oaKey: string): Promise<string>;
  /**
   * Rotates the OA's pair once, even when many callers ask at the same time: callers in this process
   * share one flight, other processes wait on the store lock and then see the pair already rotated.
   * `staleAccessToken` is the token the caller saw fail; if the stored one differs, it is returned as is.
   */
  refreshTokens(oaKey: string, staleAccessToken?: string): Promise<OaTokens>;
  /** Stores the first pair after the OAuth callback. */
  connectOa(oaKey: string, p: { code: string; codeVerifier: string }): Promise<OaTokens>;
  /** Sends an authenticated call; on a token error (-216/-220/-124) refreshes once and retries once. */
  call(oaKey: string, req: ZaloCall): Promise<ZaloBody>;
}

/** Builds a client: transport, token handling and rate limiting, shared by every endpoint function. */
export function createZaloClient(opts: ZaloClientOptions): ZaloClient {
  const transport = createTransport(opts);
  const store = opts.tokenStore;
  const now = opts.now ?? Date.now;
  const skew = opts.refreshSkewMs ?? 5 * 60_000;
  const limiter: RateLimiter | undefined =
    opts.rateLimit === false
      ? undefined
      : opts.limiter ?? createRateLimiter({ perMinute: opts.rateLimit?.oaPerMinute ?? 4_000, burst: opts.rateLimit?.burst, now, sleep: transport.sleep });
  const inflight = new Map<string, Promise<OaTokens>>();

  const appFor = async (oaKey: string) => (typeof opts.app === 'function' ? opts.app(oaKey) : opts.app);

  function refreshTokens(oaKey: string, staleAccessToken?: string): Promise<OaTokens> {
    const existing = inflight.get(oaKey);
    if (existing) return existing;
    // App credentials are read before taking the lock: a store whose lock is a database
    // transaction (PGlite has one connection) must not be re-entered from inside the update.
    const flight = appFor(oaKey)
      .then((app) => store.withLock(oaKey, async (current) => {
        if (!current) throw new ZaloTokenMissingError(oaKey);
        // Someone rotated while we waited for the lock: their pair is the live one; reusing our
        // (consumed) refresh token would be rejected and could lock the OA out.
        if (staleAccessToken !== undefined && current.accessToken !== staleAccessToken) return undefined;
        if (staleAccessToken === undefined && current.accessTokenExpiresAt - skew > now()) return undefined;
        return refreshOaTokens(transport, app, current.refreshToken, now());
      }))
      .then((t) => {
        if (!t) throw new ZaloTokenMissingError(oaKey);
        return t;
      })
      .finally(() => inflight.delete(oaKey));
    inflight.set(oaKey, flight);
    return flight;
  }

  async function getAccessToken(oaKey: string): Promise<string> {
    const current = await store.get(oaKey);
    if (!current) throw new ZaloTokenMissingError(oaKey);
    if (current.accessTokenExpiresAt - skew > now()) return current.accessToken;
    return (await refreshTokens(oaKey, current.accessToken)).accessToken;
  }

  const withToken = (oaKey: string, req: ZaloCall, token: string): ZaloRequest => {
    const out: ZaloRequest = { ...req, headers: { ...req.headers, access_token: token } };
    // Only the OA Open API counts against Zalo's per-app limit (ZNS is outside it, REFERENCE §1).
    if (limiter && req.host === 'openapi') {
      out.beforeAttempt = () => limiter.take(oaKey);
      out.onResponse = (headers) => limiter.observe(oaKey, readRateLimitHeaders(headers));
    }
    return out;
  };

  return {
    transport,
    tokenStore: store,
    appFor,
    getAccessToken,
    refreshTokens,
    async connectOa(oaKey, p) {
      const tokens = await exchangeAuthorizationCode(transport, await appFor(oaKey), p, now());
      const saved = await store.withLock(oaKey, async () => tokens);
      if (!saved) throw new ZaloResponseParseError('token store returned nothing after saving', '');
      return saved;
    },
    async call(oaKey, req) {
      const token = await getAccessToken(oaKey);
      try {
        return await sendZaloRequest(transport, withToken(oaKey, req, token));
      } catch (e) {
        if (!(e instanceof ZaloApiError) || e.classification !== 'token-refresh') throw e;
        const fresh = await refreshTokens(oaKey, token);
        return sendZaloRequest(transport, withToken(oaKey, req, fresh.accessToken));
      }
    },
  };
}

/** The `data` member of an envelope, checked to be present (arrays and objects both allowed). */
export function envelopeData<T>(body: ZaloBody): T {
  if (body.data === undefined || body.data === null) throw new ZaloResponseParseError('envelope has no data', JSON.stringify(body).slice(0, 300));
  // The shape is Zalo's documented one; fields are read defensively by callers that need to.
  return body.data as T;
}
