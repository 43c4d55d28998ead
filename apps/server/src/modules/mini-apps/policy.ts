import { ZMA_PERMISSIONS, type Permission } from '@zc/shared/permissions';
import type { Actor } from '../../platform/policy';
import { can } from '../../platform/policy';

/**
 * Who may do what with the mini apps of a tenant (§6). The registry (create, edit, delete, API keys)
 * needs UPDATE_ZMA_SETTING at tenant level; inside one mini app the permissions are the §6 union
 * with the user's role there, as the access hook resolved them for the request.
 */

const ZMA_SET: ReadonlySet<string> = new Set(ZMA_PERMISSIONS);

/** Any mini-app permission granted at tenant level (user group or organisation role): every mini app opens. */
export function seesEveryMiniApp(tenantPermissions: ReadonlySet<Permission>): boolean {
  for (const p of tenantPermissions) if (ZMA_SET.has(p)) return true;
  return false;
}

export function canManageMiniApps(tenantPermissions: ReadonlySet<Permission>): boolean {
  return tenantPermissions.has('UPDATE_ZMA_SETTING');
}

export function canRevokeKey(actor: Actor, key: { revokedAt: Date | null }): boolean {
  return key.revokedAt === null && can(actor, 'UPDATE_ZMA_SETTING');
}

export function canUpdateRole(actor: Actor): boolean {
  return can(actor, 'UPDATE_ZMA_ROLE');
}

export function canDeleteRole(actor: Actor): boolean {
  return can(actor, 'DELETE_ZMA_ROLE');
}
