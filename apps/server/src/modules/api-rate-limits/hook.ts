import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import { API_KEY_HEADER } from '@zc/shared/api/messaging';
import { RATE_LIMIT_HEADERS } from '@zc/shared/api/api-rate-limits';
import type { Config } from '../../config';
import type { RawSql } from '../../db/client';
import { AppError } from '../../platform/errors';
import { sha256 } from '../../platform/crypto';
import { PublicApiRateLimiter, type RateDecision } from './limiter';

/** The public API: `/api/v1/*` routes whose access is the API key (declared `publicAccess`). */
export function isPublicApiRoute(route: Pick<RouteOptions, 'url' | 'config'>): boolean {
  const access = (route.config as { access?: { kind?: string } } | undefined)?.access;
  return route.url.startsWith('/api/v1/') && access?.kind === 'public';
}

function setHeaders(reply: FastifyReply, d: RateDecision): void {
  const h = d.tighter;
  void reply.header(RATE_LIMIT_HEADERS.limit, String(h.capacity));
  void reply.header(RATE_LIMIT_HEADERS.remaining, String(h.remaining));
  void reply.header(RATE_LIMIT_HEADERS.reset, String(h.resetSeconds));
  // Both quotas, the tighter's first (draft-ietf-httpapi-ratelimit-headers-07 §2.3 policy items).
  const item = (f: RateDecision['key'], name: string) => `${f.capacity};w=${f.windowSeconds};comment="${name}"`;
  const [first, second] = h === d.key ? [item(d.key, 'api-key'), item(d.tenant, 'tenant')] : [item(d.tenant, 'tenant'), item(d.key, 'api-key')];
  void reply.header(RATE_LIMIT_HEADERS.policy, `${first}, ${second}`);
}

/**
 * Adds the per-key and per-tenant limit (issue 17 #4) to every public API route as a preParsing
 * hook: it runs after the route's onRequest has authenticated the key and before the body is read,
 * so a refused request costs one shared decision and no parsing. Every answer of a known key carries
 * the RateLimit-* headers; over either limit → 429 RATE_LIMITED with Retry-After. A key the decision
 * does not find (revoked within the onRequest cache's minute) passes through to the route's own
 * check, which answers 401.
 */
export function registerPublicApiRateLimits(app: FastifyInstance, deps: { raw: RawSql; config: Pick<Config, 'publicApiRate'> }): PublicApiRateLimiter {
  const limiter = new PublicApiRateLimiter(deps.raw, deps.config.publicApiRate);
  const hook: preParsingAsyncHookHandler = async (req: FastifyRequest, reply: FastifyReply, payload) => {
    const v = req.headers[API_KEY_HEADER];
    const secret = (Array.isArray(v) ? v[0] : v)?.trim();
    if (!secret || secret.length > 200) throw new AppError('API_KEY_INVALID');
    const decision = await limiter.check(sha256(secret));
    if (!decision) return payload;
    setHeaders(reply, decision);
    if (!decision.allowed) throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: decision.retryAfterSeconds });
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!isPublicApiRoute(route)) return;
    const existing = route.preParsing;
    route.preParsing = existing === undefined ? [hook] : Array.isArray(existing) ? [hook, ...existing] : [hook, existing];
  });
  return limiter;
}
