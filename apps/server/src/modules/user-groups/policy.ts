import type { Abilities, Actor } from '../../platform/policy';
import { can } from '../../platform/policy';

/** Create a user group. */
export function canCreateGroup(actor: Actor): boolean {
  return can(actor, 'UPDATE_USER_GROUPS');
}

/** Rename a user group or replace its permissions. */
export function canUpdateGroup(actor: Actor): boolean {
  return can(actor, 'UPDATE_USER_GROUPS');
}

/** Add members to a group or take them out. */
export function canManageGroupMembers(actor: Actor): boolean {
  return can(actor, 'UPDATE_USER_GROUPS');
}

/** Delete a user group: never the default one (new members and members of deleted groups land there). */
export function canDeleteGroup(actor: Actor, group: { isDefault: boolean }): boolean {
  return !group.isDefault && can(actor, 'UPDATE_USER_GROUPS');
}

export type UserGroupAbilities = Abilities<'update' | 'manageMembers' | 'delete'>;

export function userGroupAbilities(actor: Actor, group: { isDefault: boolean }): UserGroupAbilities {
  return { update: canUpdateGroup(actor), manageMembers: canManageGroupMembers(actor), delete: canDeleteGroup(actor, group) };
}

export type TenantMemberAbilities = Abilities<'removeFromGroup'>;

/** What the actor may do with a tenant member: take them out of their group (when they have one). */
export function tenantMemberAbilities(actor: Actor, member: { userGroup: { id: string } | null }): TenantMemberAbilities {
  return { removeFromGroup: member.userGroup !== null && canManageGroupMembers(actor) };
}
