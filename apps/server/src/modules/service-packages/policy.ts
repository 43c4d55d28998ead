import { can, type Abilities, type Actor } from '../../platform/policy';

/** Packages are the organisation's: UPDATE_TENANT changes, assigns and deletes them (a package in use: 409). */
export function canManagePackages(actor: Actor): boolean {
  return can(actor, 'UPDATE_TENANT');
}

export function packageAbilities(actor: Actor, inUse: boolean): Abilities<'update' | 'delete'> {
  return { update: canManagePackages(actor), delete: canManagePackages(actor) && !inUse };
}
