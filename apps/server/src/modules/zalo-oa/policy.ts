import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Who may do what with a connected OA (§6 OA permissions): renaming needs UPDATE_ZALO_OA or
 * UPDATE_ZALO_OA_INFO, replacing credentials UPDATE_ZALO_OA_CREDENTIAL; reconnecting is replacing the
 * credentials of an OA whose token refresh failed; credentials are shown masked with
 * VIEW_ZALO_OA_CREDENTIAL.
 */
export function canRenameOa(actor: Actor): boolean {
  return can(actor, 'UPDATE_ZALO_OA', 'UPDATE_ZALO_OA_INFO');
}

export function canUpdateOaCredentials(actor: Actor): boolean {
  return can(actor, 'UPDATE_ZALO_OA_CREDENTIAL');
}

export function canSeeOaCredentials(actor: Actor): boolean {
  return can(actor, 'VIEW_ZALO_OA_CREDENTIAL');
}

export type OaAbilities = Abilities<'update' | 'rename' | 'updateCredentials' | 'reconnect'>;

export function oaAbilities(actor: Actor, oa: { tokenStatus: string }): OaAbilities {
  const rename = canRenameOa(actor);
  const updateCredentials = canUpdateOaCredentials(actor);
  return { update: rename || updateCredentials, rename, updateCredentials, reconnect: updateCredentials && oa.tokenStatus === 'REFRESH_FAILED' };
}
