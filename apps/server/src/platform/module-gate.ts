import type { RouteAccess, TenantModule } from './context';

/**
 * §8 'module not enabled' made structural: every tenant route under one of these path prefixes acts
 * on a tenant service and must say which (`tenantAccess(permission, module)`), so the access hook
 * answers 403 MODULE_NOT_ENABLED while the service is off. Registration refuses a route that forgets
 * (see `moduleDeclarationProblem`); settings.test.ts calls every one of them with the services off.
 * `zma` routes always require the mini-app service, so they pass by construction.
 *
 * Deliberately not listed: `merchant/zalo-oa`, `merchant/oa-manager`, `merchant/oa-quota` (the
 * official accounts serve both the OA and the ZNS service; the oaSetting page shows with either),
 * `merchant/zns-discount` (the discount settings tab), `merchant/api-key` and `merchant/tenant-files`
 * (tenant-level, shared by every service).
 */
export const MODULE_GATED_PREFIXES: readonly string[] = [
  '/api/merchant/oa-content/',
  '/api/merchant/oa-user/',
  '/api/merchant/oa-analytics',
  '/api/merchant/chat/',
  '/api/merchant/uid',
  '/api/uid/',
  '/api/merchant/campaign',
  '/api/merchant/template/',
  '/api/merchant/zns/',
  '/api/merchant/team-manager/',
  '/api/merchant/tenant-settings/tags',
  '/api/upload',
  '/api/zma/merchant/',
];

/** Route paths under a gated prefix that are open whatever the services, each with the reason. */
export const MODULE_GATE_EXEMPT: Readonly<Record<string, string>> = {
  '/api/merchant/team-manager/user-teams': '§3 My team: the caller’s teams (the default team when the tenant has one), read by every team filter whether or not the Team module is on',
};

function gatedPrefix(url: string): string | undefined {
  return MODULE_GATED_PREFIXES.find((p) => url.startsWith(p));
}

/** The module a tenant route declares (`zma` routes: the mini-app service), or undefined. */
export function declaredModule(access: RouteAccess | undefined): TenantModule | undefined {
  if (!access) return undefined;
  if (access.kind === 'zma') return 'isMiniAppEnabled';
  return access.kind === 'tenant' ? access.module : undefined;
}

/** Whether a route must declare its module: a tenant route under a gated prefix, not exempt. */
export function mustDeclareModule(url: string, access: RouteAccess | undefined): boolean {
  if (!access || (access.kind !== 'tenant' && access.kind !== 'zma')) return false;
  return gatedPrefix(url) !== undefined && !(url in MODULE_GATE_EXEMPT);
}

/** Why a route's declaration is refused (a gated tenant route without a module), or null. */
export function moduleDeclarationProblem(url: string, access: RouteAccess | undefined): string | null {
  if (!mustDeclareModule(url, access) || declaredModule(access)) return null;
  return `lies under ${gatedPrefix(url)} but declares no module: use tenantAccess(permission, 'oaService' | 'znsService' | 'isMiniAppEnabled' | 'isMultiTeam') or add it to MODULE_GATE_EXEMPT with the reason (platform/module-gate.ts)`;
}
