import type { MerchantRole } from '@zc/shared/permissions';
import { can, type Abilities, type Actor } from '../../platform/policy';

/** Why an action on an invitation is refused: the stable code the route answers, and a message. */
export interface Denial {
  code: 'FORBIDDEN';
  message?: string;
}

/** Why the actor may not invite someone as `role` (or resend such an invitation), or null. */
export function inviteDenial(actor: Actor, role: MerchantRole): Denial | null {
  if (!can(actor, 'CREATE_USER')) return { code: 'FORBIDDEN' };
  if (role === 'OWNER' && actor.merchantRole !== 'OWNER') return { code: 'FORBIDDEN', message: 'Only an owner can invite another owner' };
  return null;
}

/** Why the actor may not revoke the invitation, or null; an owner invitation is an owner's to withdraw. */
export function revokeDenial(actor: Actor, invitation: { role: MerchantRole }): Denial | null {
  if (!can(actor, 'CREATE_USER', 'DELETE_USER')) return { code: 'FORBIDDEN' };
  if (invitation.role === 'OWNER' && actor.merchantRole !== 'OWNER') return { code: 'FORBIDDEN', message: 'Only an owner can revoke an owner invitation' };
  return null;
}

export type InvitationAbilities = Abilities<'resend' | 'revoke'>;

/** What the actor may do with a pending invitation of the organisation. */
export function invitationAbilities(actor: Actor, invitation: { role: MerchantRole }): InvitationAbilities {
  return { resend: inviteDenial(actor, invitation.role) === null, revoke: revokeDenial(actor, invitation) === null };
}
