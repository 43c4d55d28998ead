import type { ApiKey } from '@zc/shared/api/api-keys';
import { can, type Abilities, type Actor } from '../../platform/policy';

/** A key as the rules see it: its status decides which way the toggle goes. */
export interface KeyTarget {
  status: string;
}

/**
 * Who may do what with an API key (§6 VIEW/CREATE/UPDATE/DELETE_API_KEYS). Activating or deactivating
 * sets the other status than the key has (the toggle): setting the status it already has is refused.
 * Rotating needs UPDATE_API_KEYS in either status (an inactive key whose secret leaked is rotated
 * before it is switched on again); deleting needs DELETE_API_KEYS.
 */
export function canSetKeyStatus(actor: Actor, key: KeyTarget, status: ApiKey['status']): boolean {
  return can(actor, 'UPDATE_API_KEYS') && key.status !== status;
}

export function canRotateKey(actor: Actor): boolean {
  return can(actor, 'UPDATE_API_KEYS');
}

export function canDeleteKey(actor: Actor): boolean {
  return can(actor, 'DELETE_API_KEYS');
}

/** Whether the actor may apply `{type}` of POST merchant/api-key/{id}/{type} to the key. */
export function canApplyKeyAction(actor: Actor, key: KeyTarget, type: 'ACTIVE' | 'INACTIVE' | 'ROTATE'): boolean {
  return type === 'ROTATE' ? canRotateKey(actor) : canSetKeyStatus(actor, key, type);
}

export type ApiKeyAbilities = Abilities<'toggle' | 'rotate' | 'delete'>;

export function apiKeyAbilities(actor: Actor, key: KeyTarget): ApiKeyAbilities {
  return {
    toggle: canSetKeyStatus(actor, key, key.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE'),
    rotate: canRotateKey(actor),
    delete: canDeleteKey(actor),
  };
}
