import type { Permission } from '@zc/shared/permissions';
import { can, type Abilities, type Actor } from '../../platform/policy';

/** The file stand's page permissions (§2.1 tools › file stand): any of them lists the files. */
export const FILE_STAND_VIEW: readonly Permission[] = ['VIEW_TENANT_SERVICES', 'VIEW_ZALO_OA_CONTENT', 'VIEW_TEMPLATE'];
/** Deleting a file needs one of the permissions that upload files (OA content, template requests). */
export const FILE_STAND_DELETE: readonly Permission[] = ['DELETE_ZALO_OA_CONTENT', 'UPDATE_ZALO_OA_CONTENT', 'REQUEST_TEMPLATE'];

export function canDeleteFile(actor: Actor, inUse: boolean): boolean {
  return can(actor, ...FILE_STAND_DELETE) && !inUse;
}

export function fileAbilities(actor: Actor, inUse: boolean): Abilities<'delete'> {
  return { delete: canDeleteFile(actor, inUse) };
}
