import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTEXT_HEADERS } from '@zc/shared/api/common';
import {
  MERCHANT_ROLE_PERMISSIONS,
  ORGANISATION_WIDE_ROLES,
  unionPermissions,
  type MerchantRole,
  type Permission,
} from '@zc/shared/permissions';
import { MODULE_NOT_ENABLED_TEXT } from '@zc/shared/errors';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { merchantMembers, tenants } from '../db/schema/organisation';
import { tenantMembers, userGroups } from '../db/schema/user-groups';
import { zmaApps, zmaRoleMembers, zmaRoles } from '../db/schema/zma';
import { AppError } from './errors';
import type { RouteAccess, TenantModule } from './context';
import type { TokenSigner } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's role in an organisation, or null when not a member. */
export async function findMerchantRole(db: DbOrTx, userId: string, merchantId: string): Promise<MerchantRole | null> {
  const [row] = await db
    .select({ role: merchantMembers.role })
    .from(merchantMembers)
    .where(and(eq(merchantMembers.userId, userId), eq(merchantMembers.merchantId, merchantId)));
  return (row?.role as MerchantRole | undefined) ?? null;
}

export interface TenantAccessGrant {
  tenant: typeof tenants.$inferSelect;
  merchantRole: MerchantRole;
  groupPermissions: string[];
}

/**
 * Whether the user may open the tenant: a member of its organisation with an organisation-wide role,
 * or a tenant member. Null means "no access", which callers answer as 404 for ids and 403 for headers.
 */
export async function findTenantAccess(db: DbOrTx, userId: string, tenantId: string): Promise<TenantAccessGrant | null> {
  if (!UUID.test(tenantId)) return null;
  const [row] = await db
    .select({ tenant: tenants, role: merchantMembers.role, memberUserId: tenantMembers.userId, groupPermissions: userGroups.permissions })
    .from(tenants)
    .innerJoin(merchantMembers, and(eq(merchantMembers.merchantId, tenants.merchantId), eq(merchantMembers.userId, userId)))
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, tenants.id), eq(tenantMembers.userId, userId)))
    .leftJoin(userGroups, eq(userGroups.id, tenantMembers.userGroupId))
    .where(eq(tenants.id, tenantId));
  if (!row) return null;
  const role = row.role as MerchantRole;
  if (!ORGANISATION_WIDE_ROLES.includes(role) && !row.memberUserId) return null;
  return { tenant: row.tenant, merchantRole: role, groupPermissions: row.groupPermissions ?? [] };
}

/** Effective permissions in a tenant: merchant role ∪ user group ∪ mini-app role (§6). */
export function tenantPermissions(grant: TenantAccessGrant, miniAppPermissions: readonly string[] = []): Permission[] {
  return unionPermissions(MERCHANT_ROLE_PERMISSIONS[grant.merchantRole], grant.groupPermissions, miniAppPermissions);
}

/**
 * The mini app a `zma` route acts on, when it belongs to the tenant, with the permissions of the
 * user's role in it (none without a role). Null: unknown id or another tenant's app.
 */
export async function findZmaAccess(db: DbOrTx, userId: string, tenantId: string, zmaAppId: string): Promise<{ permissions: string[] } | null> {
  if (!UUID.test(zmaAppId)) return null;
  const [row] = await db
    .select({ id: zmaApps.id, permissions: zmaRoles.permissions })
    .from(zmaApps)
    .leftJoin(zmaRoleMembers, and(eq(zmaRoleMembers.zmaAppId, zmaApps.id), eq(zmaRoleMembers.userId, userId)))
    .leftJoin(zmaRoles, eq(zmaRoles.id, zmaRoleMembers.roleId))
    .where(and(eq(zmaApps.id, zmaAppId), eq(zmaApps.tenantId, tenantId)));
  return row ? { permissions: row.permissions ?? [] } : null;
}

const MODULE_LABEL: Record<TenantModule, string> = {
  oaService: 'Zalo OA',
  znsService: 'ZNS',
  isMiniAppEnabled: 'Mini App',
  isMultiTeam: 'Team',
};

function headerValue(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : null;
}

function holdsAny(granted: ReadonlySet<Permission>, required: Permission | readonly Permission[] | undefined): boolean {
  if (!required) return true;
  const list: readonly Permission[] = typeof required === 'string' ? [required] : required;
  return list.some((p) => granted.has(p));
}

/**
 * One hook decides every request: authenticate the bearer token against a live session, then
 * resolve the organisation/tenant from the §7 headers only after a membership check.
 */
export function registerAccessHook(app: FastifyInstance, deps: { db: DbOrTx; signer: TokenSigner }): void {
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      requestId: request.id,
      ip: request.ip,
      user: null,
      sessionId: null,
      merchantId: null,
      merchantRole: null,
      tenantId: null,
      zmaAppId: null,
      permissions: new Set(),
      auditWritten: false,
    };
    const access: RouteAccess | undefined = request.routeOptions.config.access;
    if (!access) {
      // Routes without a declaration are refused at registration for /api; the rest are static files.
      return;
    }
    if (access.kind === 'public') return;

    const auth = headerValue(request, 'authorization');
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    if (!token) throw new AppError('UNAUTHORIZED');
    const claims = await deps.signer.verify(token);
    const [row] = await deps.db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)));
    if (!row) throw new AppError('UNAUTHORIZED');
    // The §7 user header is informational; one naming somebody else is a forgery.
    const userHeader = headerValue(request, CONTEXT_HEADERS.user);
    if (userHeader && userHeader !== row.id) throw new AppError('FORBIDDEN', 'x-user-id does not match the signed-in user');
    request.ctx.user = row;
    request.ctx.sessionId = claims.sid;
    if (access.kind === 'authenticated') return;

    const tenantHeader = headerValue(request, CONTEXT_HEADERS.tenant);
    const merchantHeader = headerValue(request, CONTEXT_HEADERS.merchant);

    if (access.kind === 'tenant' || access.kind === 'zma') {
      if (!tenantHeader) throw new AppError('TENANT_REQUIRED');
      const grant = await findTenantAccess(deps.db, row.id, tenantHeader);
      if (!grant) throw new AppError('TENANT_ACCESS_DENIED');
      if (merchantHeader && merchantHeader !== grant.tenant.merchantId) throw new AppError('MERCHANT_ACCESS_DENIED');
      request.ctx.tenantId = grant.tenant.id;
      request.ctx.merchantId = grant.tenant.merchantId;
      request.ctx.merchantRole = grant.merchantRole;
      let miniAppPermissions: string[] = [];
      if (access.kind === 'zma') {
        const zmaHeader = headerValue(request, CONTEXT_HEADERS.miniApp);
        if (!zmaHeader) throw new AppError('ZMA_APP_REQUIRED');
        const zma = await findZmaAccess(deps.db, row.id, grant.tenant.id, zmaHeader);
        if (!zma) throw new AppError('ZMA_APP_ACCESS_DENIED');
        request.ctx.zmaAppId = zmaHeader;
        miniAppPermissions = zma.permissions;
      }
      request.ctx.permissions = new Set(tenantPermissions(grant, miniAppPermissions));
      if (!holdsAny(request.ctx.permissions, access.permission)) throw new AppError('FORBIDDEN');
      const module = access.kind === 'zma' ? 'isMiniAppEnabled' : access.module;
      if (module && !grant.tenant[module]) {
        throw new AppError('MODULE_NOT_ENABLED', `${MODULE_LABEL[module]} ${MODULE_NOT_ENABLED_TEXT}`);
      }
      return;
    }

    // merchant scope: x-merchant-id, or the organisation of x-tenant-id; both must agree
    let merchantId = merchantHeader;
    if (tenantHeader) {
      const grant = await findTenantAccess(deps.db, row.id, tenantHeader);
      if (!grant) throw new AppError('TENANT_ACCESS_DENIED');
      if (merchantId && merchantId !== grant.tenant.merchantId) throw new AppError('MERCHANT_ACCESS_DENIED');
      merchantId = grant.tenant.merchantId;
      request.ctx.tenantId = grant.tenant.id;
    }
    if (!merchantId) throw new AppError('MERCHANT_REQUIRED');
    const role = UUID.test(merchantId) ? await findMerchantRole(deps.db, row.id, merchantId) : null;
    if (!role) throw new AppError('MERCHANT_ACCESS_DENIED');
    request.ctx.merchantId = merchantId;
    request.ctx.merchantRole = role;
    request.ctx.permissions = new Set(MERCHANT_ROLE_PERMISSIONS[role]);
    if (!holdsAny(request.ctx.permissions, access.permission)) throw new AppError('FORBIDDEN');
  });
}
