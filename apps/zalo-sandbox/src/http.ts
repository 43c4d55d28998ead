import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { explainZaloError } from '@zc/zalo/error-catalog';
import type { Sandbox } from './sandbox';
import type { SandboxApp, SandboxOa } from './state';
import { acceptGeneration, parseToken } from './tokens';

/** Which host family a route belongs to: decides the error vocabulary (-216 vs -124, …). */
export type RouteApi = 'oa' | 'zns';

/** Thrown by handlers to answer Zalo's `{error, message}` envelope with HTTP 200. */
export class ZaloFail extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** Throws Zalo's error `code` with Zalo's own message (or a more specific one). */
export function fail(api: RouteApi, code: number, message?: string): never {
  throw new ZaloFail(code, message ?? explainZaloError(code, api).zaloMessage);
}

export interface RouteCtx {
  sb: Sandbox;
  req: FastifyRequest;
  reply: FastifyReply;
  oa: SandboxOa;
  app: SandboxApp;
  now: number;
  /** Extra top-level envelope members (e.g. `metadata` of template/all). */
  extra: Record<string, unknown>;
}

/** Resolves the OA of the `access_token` header, or fails the way Zalo does on that host. */
export function authenticate(sb: Sandbox, req: FastifyRequest, api: RouteApi, now: number): { oa: SandboxOa; app: SandboxApp } {
  const header = req.headers.access_token;
  const parsed = parseToken(typeof header === 'string' ? header : undefined);
  const oa = parsed && parsed.kind === 'a' ? sb.state.oas.get(parsed.oaId) : undefined;
  const app = oa ? sb.state.apps.get(oa.appId) : undefined;
  if (!parsed || !oa || !app || !acceptGeneration(oa, parsed.gen, now)) fail(api, api === 'zns' ? -124 : -216);
  if (parsed.gen !== oa.tokenGen) fail(api, api === 'zns' ? -124 : -216);
  if (oa.accessExpiresAt <= now) fail(api, api === 'zns' ? -124 : -220, api === 'zns' ? 'Access token invalid' : undefined);
  return { oa, app };
}

/**
 * Zalo's per-app OA API limit (4,000/min by default): counts the call, announces the budget in
 * `X-RateLimit-Limit` / `X-RateLimit-Remain` (REFERENCE §1, on every OA API answer, `-32` included)
 * and fails with `-32` beyond it.
 */
function checkRateLimit(sb: Sandbox, reply: FastifyReply, appId: string, now: number): void {
  const minute = Math.floor(now / 60_000);
  let w = sb.state.rateWindows.get(appId);
  if (!w || w.minute !== minute) {
    w = { minute, count: 0 };
    sb.state.rateWindows.set(appId, w);
  }
  w.count += 1;
  const limit = sb.settings.oaRateLimitPerMinute;
  reply.header('X-RateLimit-Limit', String(limit));
  reply.header('X-RateLimit-Remain', String(Math.max(0, limit - w.count)));
  if (w.count > limit) fail('oa', -32);
}

/** The JSON body as an object; `-121`/`-122` on ZNS, `-201` on OA when it is empty or not JSON. */
export function jsonBody(req: FastifyRequest, api: RouteApi): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null || b === '') fail(api, api === 'zns' ? -121 : -201, api === 'zns' ? undefined : 'body is invalid!');
  if (typeof b !== 'object' || Array.isArray(b)) fail(api, api === 'zns' ? -122 : -201, api === 'zns' ? undefined : 'body is invalid!');
  return b as Record<string, unknown>;
}

/** OA GETs carry one `data` query parameter holding JSON (REFERENCE §1). */
export function dataParam(req: FastifyRequest): Record<string, unknown> {
  const raw = (req.query as Record<string, string | undefined>).data;
  if (raw === undefined) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through to Zalo's parameter error
  }
  return fail('oa', -201, 'data is invalid!');
}

/** Plain query parameters (ZNS and article GETs). */
export function query(req: FastifyRequest): Record<string, string | undefined> {
  return req.query as Record<string, string | undefined>;
}

export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** An integer parameter with a default; `-201 <name> is invalid!` when present but not a number. */
export function asInt(v: unknown, name: string, fallback: number, api: RouteApi = 'oa'): number {
  if (v === undefined || v === '') return fallback;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n)) fail(api, api === 'zns' ? -132 : -201, `${name} is invalid!`);
  return n;
}

type Handler = (ctx: RouteCtx) => unknown;

/** Registers an authenticated Zalo route answering the `{error, message, data}` envelope. */
export function zaloRoute(app: FastifyInstance, sb: Sandbox, api: RouteApi, method: 'GET' | 'POST', url: string, handler: Handler): void {
  app.route({
    method,
    url,
    handler: async (req, reply) => {
      const now = sb.clock.now();
      try {
        const { oa, app: zapp } = authenticate(sb, req, api, now);
        if (api === 'oa') checkRateLimit(sb, reply, zapp.appId, now);
        const ctx: RouteCtx = { sb, req, reply, oa, app: zapp, now, extra: {} };
        const data = await handler(ctx);
        return { error: 0, message: 'Success', ...(data === undefined ? {} : { data }), ...ctx.extra };
      } catch (e) {
        if (e instanceof ZaloFail) return { error: e.code, message: e.message };
        throw e;
      }
    },
  });
}
