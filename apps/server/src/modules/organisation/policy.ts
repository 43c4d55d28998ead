import { MERCHANT_ROLE_PERMISSIONS, type MerchantRole } from '@zc/shared/permissions';
import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * The caller as one organisation sees them, for lists that span organisations (the caller's own
 * organisations): the role there and its permissions, like the access hook resolves for x-merchant-id.
 */
export function organisationActor(userId: string, role: MerchantRole): Actor {
  return { userId, merchantRole: role, permissions: new Set(MERCHANT_ROLE_PERMISSIONS[role]) };
}

/** Rename a tenant or change its avatar. */
export function canUpdateTenant(actor: Actor): boolean {
  return can(actor, 'UPDATE_TENANT');
}

/** Switch a tenant's services (OA, ZNS, mini app, multi-team). */
export function canManageTenantServices(actor: Actor): boolean {
  return can(actor, 'UPDATE_TENANT');
}

export type TenantAbilities = Abilities<'update' | 'manageServices'>;

export function tenantAbilities(actor: Actor): TenantAbilities {
  return { update: canUpdateTenant(actor), manageServices: canManageTenantServices(actor) };
}
