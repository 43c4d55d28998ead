import { z } from 'zod';

/** Bounds of a tenant's own public API limits (issue 17 #4); the database checks the same. */
export const API_RATE_BOUNDS = {
  perSecond: { min: 1, max: 100_000 },
  burstSeconds: { min: 1, max: 60 },
} as const;

const perSecond = z.number().int().min(API_RATE_BOUNDS.perSecond.min).max(API_RATE_BOUNDS.perSecond.max);
const burst = z.number().int().min(API_RATE_BOUNDS.burstSeconds.min).max(API_RATE_BOUNDS.burstSeconds.max);

/** One set of limits: sustained requests per second per API key and per tenant, and the burst in seconds' worth. */
export const apiRateLimitValues = z.object({
  keyPerSecond: perSecond.describe('Requests per second one API key may send (all server processes together)'),
  tenantPerSecond: perSecond.describe('Requests per second all API keys of the tenant may send together'),
  burstSeconds: burst.describe("A quiet key or tenant may send this many seconds' worth of requests at once"),
});
export type ApiRateLimitValues = z.infer<typeof apiRateLimitValues>;

/** A tenant's limits as the organisation sees them: the server defaults, its own values (null = default) and the effective ones. */
export const tenantApiRateLimits = z.object({
  tenantId: z.uuid(),
  defaults: apiRateLimitValues,
  override: z.object({
    keyPerSecond: perSecond.nullable(),
    tenantPerSecond: perSecond.nullable(),
    burstSeconds: burst.nullable(),
  }),
  effective: apiRateLimitValues,
  updatedAt: z.string().nullable().describe('When the organisation last changed them (ISO 8601); null: never'),
  abilities: z.object({ update: z.boolean() }),
});
export type TenantApiRateLimits = z.infer<typeof tenantApiRateLimits>;

/** PUT body: every field present; null returns that limit to the server default. */
export const tenantApiRateLimitsBody = z.strictObject({
  keyPerSecond: perSecond.nullable(),
  tenantPerSecond: perSecond.nullable(),
  burstSeconds: burst.nullable(),
});
export type TenantApiRateLimitsBody = z.infer<typeof tenantApiRateLimitsBody>;

/** Response headers of every public API answer (IETF draft-ietf-httpapi-ratelimit-headers-07 field names). */
export const RATE_LIMIT_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
  policy: 'ratelimit-policy',
  retryAfter: 'retry-after',
} as const;
