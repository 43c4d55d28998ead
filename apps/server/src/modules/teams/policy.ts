import type { Abilities, Actor } from '../../platform/policy';
import { can } from '../../platform/policy';

/**
 * Who may do what with a team (§6): CREATE_UPDATE_DELETE_TEAM grants all three, CREATE_TEAM /
 * UPDATE_TEAM / DELETE_TEAM one each; UPDATE_TEAM_MEMBER adds, removes and re-roles members. The
 * default team is never deleted.
 */
export function canCreateTeam(actor: Actor): boolean {
  return can(actor, 'CREATE_TEAM', 'CREATE_UPDATE_DELETE_TEAM');
}

export function canUpdateTeam(actor: Actor): boolean {
  return can(actor, 'UPDATE_TEAM', 'CREATE_UPDATE_DELETE_TEAM');
}

export function canDeleteTeam(actor: Actor, team: { isDefault: boolean }): boolean {
  return !team.isDefault && can(actor, 'DELETE_TEAM', 'CREATE_UPDATE_DELETE_TEAM');
}

export function canManageTeamMembers(actor: Actor): boolean {
  return can(actor, 'UPDATE_TEAM_MEMBER');
}

/** Uploading an avatar is part of creating or editing a team. */
export function canUploadTeamAvatar(actor: Actor): boolean {
  return canCreateTeam(actor) || canUpdateTeam(actor);
}

export type TeamAbilities = Abilities<'update' | 'delete' | 'manageMembers'>;

export function teamAbilities(actor: Actor, team: { isDefault: boolean }): TeamAbilities {
  return { update: canUpdateTeam(actor), delete: canDeleteTeam(actor, team), manageMembers: canManageTeamMembers(actor) };
}
