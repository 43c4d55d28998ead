import type { FastifyInstance } from 'fastify';

const PREFIX = '/api/zma/app/';
const METHODS = 'GET, POST, OPTIONS';
// What the mini app sends (apps/mini-app/src/api.ts): a JSON body and the customer's bearer token.
const HEADERS = 'authorization, content-type';
const MAX_AGE_SECONDS = '600';

/**
 * CORS for the end-user API only (`/api/zma/app/*`): inside Zalo the mini app is served from Zalo's
 * hosts, so its calls to our server are cross-origin. Only the configured origins are answered, and
 * without credentials — the customer token travels as a bearer header, never a cookie, so no other
 * route (the console's cookie-refreshed session included) is reachable from those origins.
 */
export function registerZmaCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(PREFIX)) return;
    const origin = request.headers.origin;
    // Caches in between must not hand one origin's answer to another.
    void reply.header('vary', 'Origin');
    if (typeof origin !== 'string' || !allowed.has(origin)) return;
    void reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      // Preflight: answered here, before routing (no OPTIONS routes exist) and before any access check.
      return reply
        .code(204)
        .header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', HEADERS)
        .header('access-control-max-age', MAX_AGE_SECONDS)
        .send();
    }
    // Lets the mini app read the request id of a failed call for support.
    void reply.header('access-control-expose-headers', 'x-request-id');
  });
}
