import { can, type Abilities, type Actor } from '../../platform/policy';

/**
 * Tenant price discounts (§6): the organisation's CREATE/UPDATE/DELETE_TENANT_DISCOUNT create, edit
 * and delete them; VIEW_TENANT_DISCOUNT lists a tenant's, VIEW_MERCHANT_DISCOUNT every tenant's.
 */
export type DiscountAbilities = Abilities<'update' | 'delete'>;

export function discountAbilities(actor: Actor): DiscountAbilities {
  return { update: can(actor, 'UPDATE_TENANT_DISCOUNT'), delete: can(actor, 'DELETE_TENANT_DISCOUNT') };
}
