import type { Permission, MerchantRole } from '@zc/shared/permissions';
import type { AuditAction } from '@zc/shared/api/audit';
import type { TENANT_SERVICES } from '@zc/shared/api/organisation';

export type TenantModule = (typeof TENANT_SERVICES)[number];

/**
 * What a route declares about who may call it (checked by one hook, walked by a test):
 * - `public`: anyone;
 * - `authenticated`: any signed-in user, no organisation context;
 * - `merchant`: a member of the organisation named by x-merchant-id (or the tenant's organisation);
 * - `tenant`: a user with access to the tenant named by x-tenant-id;
 * - `zma`: `tenant`, plus x-zma-id naming a mini app of that tenant (the mini-app service on); the
 *   permissions are the §6 union with the user's role in that mini app.
 * `permission` (any of) must then be in the effective permissions; `module` must be enabled.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'merchant'; permission?: Permission | readonly Permission[] }
  | { kind: 'tenant'; permission?: Permission | readonly Permission[]; module?: TenantModule }
  | { kind: 'zma'; permission?: Permission | readonly Permission[] };

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
}

export interface RequestCtx {
  requestId: string;
  ip: string;
  user: SessionUser | null;
  sessionId: string | null;
  merchantId: string | null;
  merchantRole: MerchantRole | null;
  tenantId: string | null;
  /** The mini app of a `zma` route (x-zma-id, checked to belong to the tenant). */
  zmaAppId: string | null;
  permissions: ReadonlySet<Permission>;
  auditWritten: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The audit action a mutating route records, or false with the reason it records none. */
    audit?: AuditAction | { none: string };
  }
  interface FastifyRequest {
    ctx: RequestCtx;
  }
}

export const publicAccess = { kind: 'public' } as const satisfies RouteAccess;
export const authenticated = { kind: 'authenticated' } as const satisfies RouteAccess;
export function merchantAccess(permission?: Permission | readonly Permission[]): RouteAccess {
  return { kind: 'merchant', permission };
}
/** A `/api/zma/merchant/*` route acting on the mini app named by x-zma-id. */
export function zmaAccess(permission?: Permission | readonly Permission[]): RouteAccess {
  return { kind: 'zma', permission };
}
export function tenantAccess(permission?: Permission | readonly Permission[], module?: TenantModule): RouteAccess {
  return { kind: 'tenant', permission, module };
}

/** The signed-in user of a route that declared non-public access. */
export function requireUser(ctx: RequestCtx): SessionUser {
  if (!ctx.user) throw new Error('route declared access but no user was resolved');
  return ctx.user;
}
export function requireTenant(ctx: RequestCtx): string {
  if (!ctx.tenantId) throw new Error('tenant route without tenant id');
  return ctx.tenantId;
}
export function requireZmaApp(ctx: RequestCtx): string {
  if (!ctx.zmaAppId) throw new Error('zma route without mini app id');
  return ctx.zmaAppId;
}
export function requireMerchant(ctx: RequestCtx): string {
  if (!ctx.merchantId) throw new Error('merchant route without merchant id');
  return ctx.merchantId;
}
