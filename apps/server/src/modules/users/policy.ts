import { MERCHANT_ROLES, type MerchantRole } from '@zc/shared/permissions';
import type { ErrorCode } from '@zc/shared/errors';
import { can, type Abilities, type Actor } from '../../platform/policy';

/** A membership as the rules see it: whose it is and the role held. */
export interface MemberTarget {
  userId: string;
  role: MerchantRole;
}

/** Why an action on a membership is refused: the stable code the route answers, and a message. */
export interface Denial {
  code: Extract<ErrorCode, 'FORBIDDEN' | 'LAST_OWNER'>;
  message?: string;
}

/**
 * Why the actor may not change the membership (`change.role` set: its role; otherwise its tenants),
 * or null when they may. An owner's role, and making someone an owner, are an owner's decision;
 * the organisation keeps at least one owner. `owners` is the organisation's owner count.
 */
export function memberUpdateDenial(actor: Actor, target: MemberTarget, owners: number, change: { role?: MerchantRole }): Denial | null {
  if (!can(actor, 'UPDATE_USER')) return { code: 'FORBIDDEN' };
  if (change.role === undefined) return null;
  const touchesOwner = target.role === 'OWNER' || change.role === 'OWNER';
  if (touchesOwner && actor.merchantRole !== 'OWNER') return { code: 'FORBIDDEN', message: 'Only an owner can change an owner role' };
  if (target.role === 'OWNER' && change.role !== 'OWNER' && owners <= 1) return { code: 'LAST_OWNER' };
  return null;
}

/**
 * Why the actor may not remove the member, or null. Nobody removes themselves (they leave), an
 * owner is removed only by an owner, and the last owner stays.
 */
export function memberRemovalDenial(actor: Actor, target: MemberTarget, owners: number): Denial | null {
  if (!can(actor, 'DELETE_USER')) return { code: 'FORBIDDEN' };
  if (target.userId === actor.userId) return { code: 'FORBIDDEN', message: 'Leave the organisation instead of removing yourself' };
  if (target.role === 'OWNER') {
    if (actor.merchantRole !== 'OWNER') return { code: 'FORBIDDEN', message: 'Only an owner can remove an owner' };
    if (owners <= 1) return { code: 'LAST_OWNER' };
  }
  return null;
}

/** Why the member may not leave the organisation, or null: its last owner stays. */
export function leaveDenial(self: MemberTarget, owners: number): Denial | null {
  return self.role === 'OWNER' && owners <= 1 ? { code: 'LAST_OWNER' } : null;
}

export type MemberAbilities = Abilities<'update' | 'changeRole' | 'remove'>;

/** What the actor may do with one membership; `changeRole` when some other role may be given. */
export function memberAbilities(actor: Actor, target: MemberTarget, owners: number): MemberAbilities {
  return {
    update: memberUpdateDenial(actor, target, owners, {}) === null,
    changeRole: MERCHANT_ROLES.some((role) => role !== target.role && memberUpdateDenial(actor, target, owners, { role }) === null),
    remove: memberRemovalDenial(actor, target, owners) === null,
  };
}
